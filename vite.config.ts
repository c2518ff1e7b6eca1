import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderPages } from './scripts/prerender-pages.ts';
import { LOCALES, SOURCE_LOCALE } from './src/domain/i18n/locales.ts';

// What only the operator console loads (docs/operators.md): its routes, feature, contract and domain
// modules, its catalogs and its chart library.
const OPS_MODULE =
  /src[\\/](app[\\/](features|routes)[\\/]ops[\\/]|(contract|domain)[\\/]ops)|node_modules[\\/]uplot[\\/]|locales[\\/][^/\\]+[\\/]ops\.po/;

// The first screen is the entry page, signed out (`npm run size` measures it). Its chunks hold only what
// it uses: the libraries every screen needs (vendor) and the shared code of ours it uses (app-core).
// What only the later screens share goes in one more chunk (shared), loaded with the first of them.
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|@lingui|idb-keyval|workbox-window)[\\/]/;
const VENDOR_LATER = new RegExp(
  // Observed queries and the device's copy of the cache.
  String.raw`@tanstack[\\/](query-persist-client-core|react-query-persist-client|` +
    String.raw`query-core[\\/].*[\\/](hydration|queryObserver|infiniteQueryObserver)\.js|` +
    String.raw`react-query[\\/].*[\\/](IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|useInfiniteQuery)\.js|` +
    String.raw`react-router[\\/].*[\\/]useLocation\.js)`,
);
const SHARED =
  /src[\\/](app[\\/](lib|components|i18n|pwa)[\\/]|contract[\\/](envelope|errors|paths|sync|result-codes|auth|settings|withdraw-rule-ids)\.ts|domain[\\/](result|auth|i18n|money|consent|rules))/;
const SHARED_LATER = new RegExp(
  String.raw`src[\\/](app[\\/](lib[\\/](query-persistence|share|use-countdown|use-visible-seconds|money-mutation|bidi|focus-hand-off|invite-rates|ad-reduction)|` +
    String.raw`components[\\/](drill-down-layout|withdraw-rules|qr-scanner|tab-bar|task-type-icon|page-header|password-confirm|switch|load-error|xrp-amount|tx-link)|` +
    String.raw`pwa[\\/]install-button)\.|domain[\\/]rules)`,
);
// In the chunks of the screens that use them: the push screens' modules, and the bot challenge (the
// entry page loads it only when the operator configured one).
const OWN_CHUNKS =
  /src[\\/]app[\\/](pwa[\\/](push-(check|permission|device)|fcm|firebase)|components[\\/]bot-challenge\.)/;

// Every build gets its own id: it busts the device's persisted query cache (src/app/lib/query-persistence.ts).
const buildId = process.env['EARNEST_BUILD_ID'] ?? Date.now().toString(36);

export default defineConfig({
  define: {
    'import.meta.env.EARNEST_BUILD_ID': JSON.stringify(buildId),
    // Firebase Cloud Messaging's web configuration (JSON with apiKey, projectId, messagingSenderId,
    // appId and vapidKey), fixed at build time: without it the Firebase SDK is left out of the build.
    'import.meta.env.EARNEST_FIREBASE_CONFIG': JSON.stringify(process.env['EARNEST_FIREBASE_CONFIG'] ?? ''),
  },
  plugins: [
    // Must come before react(): it generates the route tree and splits route code.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
    }),
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    // Before VitePWA: the worker precaches the prerendered pages it writes.
    prerenderPages(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (src/app/pwa), after the first screen is up.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Earnest',
        short_name: 'Earnest',
        description: 'Earn XRP with daily tasks. Earnest never asks you for money.',
        theme_color: '#0f766e',
        background_color: '#f5f7f6',
        display: 'standalone',
        start_url: '/home',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Tasks', url: '/home', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Invite', url: '/home/invite', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          {
            name: 'Withdraw',
            url: '/home/withdraw',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
        ],
      },
      injectManifest: {
        // Icons and the manifest are added by the plugin itself; listing them here would precache them twice.
        globPatterns: ['**/*.{js,css,html}', 'logo.png'],
        // Only the default language's catalogs (English) are precached; sw/locales.ts caches the others
        // on use. The operator console's chunks (ops-*) are for operators: never precached on users' phones.
        globIgnores: [
          ...LOCALES.filter((locale) => locale !== SOURCE_LOCALE).map(
            (locale) => `**/assets/locale-${locale}-*.js`,
          ),
          '**/assets/ops-*',
          // The page renderer for Node (scripts/prerender-pages.ts): the server's, not the browser's.
          'ssr/**',
        ],
      },
    }),
  ],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // What every screen needs goes in few chunks: dozens of tiny shared chunks cost more bytes
        // (and round trips on a slow link) than they save.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id) => VENDOR.test(id) && !VENDOR_LATER.test(id),
            },
            {
              name: 'app-core',
              test: (id) => SHARED.test(id) && !SHARED_LATER.test(id) && !OWN_CHUNKS.test(id),
            },
            {
              name: 'shared',
              test: (id) => VENDOR_LATER.test(id) || (SHARED_LATER.test(id) && !OWN_CHUNKS.test(id)),
            },
          ],
        },
        // Zod probes for `new Function` (a faster parser) when a schema is built; the strict CSP
        // forbids it and reports the probe as a violation. Its config must be set before any schema
        // exists, so it goes at the top of the chunk that holds Zod.
        intro: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/zod/'))
            ? '(globalThis.__zod_globalConfig ??= {}).jitless = true;'
            : '',
        // Catalogs get recognisable names, so the service worker can precache only the default one
        // and cache the others when a user first picks them.
        // The operator console's own chunks (routes/ops, features/ops, its catalogs, its chart library)
        // are named ops-*: they load only under /ops, and the service worker never precaches them.
        chunkFileNames: (chunk) => {
          const [, locale, catalog] =
            /locales\/([^/]+)\/(messages|first-screen|ops)\.po/.exec(chunk.facadeModuleId ?? '') ?? [];
          if (catalog === 'ops') return `assets/ops-locale-${locale}-[hash].js`;
          if (catalog === 'first-screen') return `assets/locale-${locale}-first-screen-[hash].js`;
          if (locale) return `assets/locale-${locale}-[hash].js`;
          const consoleOnly =
            chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => OPS_MODULE.test(id));
          return consoleOnly ? 'assets/ops-[name]-[hash].js' : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
