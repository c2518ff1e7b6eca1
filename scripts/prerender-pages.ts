// The build's prerender step (docs/decisions/011-prerendered-first-paint.md), a vite plugin: once the
// app is built, it builds src/app/prerender.tsx for Node and writes each prerendered page in each
// language to dist/prerender/<locale>/<page>.html — the built index.html with the page's markup in
// #root, its language and direction, its title, every stylesheet of the user app inline, the boot
// script, and the script that loads the app once the page has painted.
// It runs before the service worker is generated, so the worker precaches the pages.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { directionOf, LOCALES, type Locale } from '../src/domain/i18n/locales.ts';
import {
  PAGE_RENDERER_FILE,
  PRERENDER_CSP_FILE,
  PRERENDERED_PAGES,
  prerenderedFile,
  SERVER_RENDER_MARKS,
  isServerRendered,
  type PrerenderedPage,
} from '../src/contract/prerendered-pages.ts';

/** What src/app/prerender.tsx exports. */
interface PrerenderModule {
  renderPage(page: PrerenderedPage, locale: Locale): Promise<{ html: string; title: string }>;
  pageTexts(locale: Locale): Promise<{ description: string; noscript: string }>;
  bootScript(): string;
  appLoader(load: {
    entry: string;
    preloads: string[];
    languagePreloads: string[];
    signedInPreloads: string[];
  }): string;
}

// Home's route modules (the router's code splitting adds a query to their ids).
const HOME_ROUTE = /\/src\/app\/routes\/home\/(route|index)\.tsx/;
// What the app loads at once for a signed-in device (src/app/main.tsx): its cache and its push registration.
const SIGNED_IN_BOOT = /\/src\/app\/(lib\/query-persistence|pwa\/push-device)\.ts$/;
// A language's catalogs: the first screen's, and the later screens' (locales/<locale>/*.po).
const FIRST_SCREEN_CATALOG = /\/locales\/([^/]+)\/first-screen\.po/;
const CATALOG = /\/locales\/([^/]+)\/messages\.po/;

export function prerenderPages(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let configFile: string | undefined;
  // The build for Node that this step starts runs the same config: there, the step does nothing.
  let isSsrBuild = false;
  const stylesheets = new Set<string>();
  // Home's route chunks with what they import, and each language's catalog of the later screens:
  // what a signed-in device needs past the entry's own code (src/app/boot-script.ts, appLoader).
  const homeChunks = new Set<string>();
  const catalogs = new Map<string, string>();
  const firstScreenCatalogs = new Map<string, string>();
  return {
    name: 'earnest-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      configFile = config.configFile;
      isSsrBuild = Boolean(config.build.ssr);
    },
    writeBundle(_options, bundle) {
      if (isSsrBuild) return;
      // The page's markup can come from any route's chunk: every stylesheet of the user app (the
      // operator console's chunks are not for users) is inlined, so nothing shifts when the code arrives.
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.fileName.startsWith('assets/ops-')) continue;
        for (const css of chunk.viteMetadata?.importedCss ?? []) stylesheets.add(css);
      }
      const chunks = new Map(
        Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' ? [[chunk.fileName, chunk]] : [])),
      );
      const withImports = (fileName: string) => {
        if (homeChunks.has(fileName)) return;
        homeChunks.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported);
      };
      for (const chunk of chunks.values()) {
        // A chunk that only re-exports a module kept in a group chunk names it as its facade.
        const ids = chunk.facadeModuleId ? [chunk.facadeModuleId, ...chunk.moduleIds] : chunk.moduleIds;
        if (ids.some((id) => HOME_ROUTE.test(id) || SIGNED_IN_BOOT.test(id))) withImports(chunk.fileName);
        const catalog = chunk.moduleIds.map((id) => CATALOG.exec(id)?.[1]).find(Boolean);
        if (catalog) catalogs.set(catalog, chunk.fileName);
        const firstScreen = chunk.moduleIds.map((id) => FIRST_SCREEN_CATALOG.exec(id)?.[1]).find(Boolean);
        if (firstScreen) firstScreenCatalogs.set(firstScreen, chunk.fileName);
      }
      if (homeChunks.size === 0) throw new Error("prerender: no chunk holds Home's route");
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        if (isSsrBuild) return;
        // Beside the app, for the server too: it renders Home with the account's data and Landing with
        // the rules in force with it (docs/decisions/012-home-rendered-with-the-accounts-data.md,
        // 013-landing-rendered-with-the-rules-in-force.md). Neither served nor precached.
        const renderer = join(outDir, PAGE_RENDERER_FILE);
        const ssrOut = dirname(renderer);
        await build({
          configFile,
          root,
          logLevel: 'warn',
          build: {
            ssr: 'src/app/prerender.tsx',
            outDir: ssrOut,
            emptyOutDir: true,
            sourcemap: false,
            copyPublicDir: false,
          },
        });
        const prerender = (await import(pathToFileURL(renderer).href)) as PrerenderModule;
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        const script = prerender.bootScript();
        // Every stylesheet is inlined, hash-allowed (docs/performance.md): a linked one blocks the first
        // paint for a round trip. The whole sheet, not a critical part: it is small (under 9 KB
        // compressed) and the app's screens need no other, so nothing shifts or flashes at the takeover.
        const linked = [...template.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)];
        const files = new Set([...linked.map(([, file = '']) => file), ...stylesheets]);
        const css = (await Promise.all([...files].map((file) => readFile(join(outDir, file), 'utf8')))).join(
          '\n',
        );
        const style = `<style>${css}</style>`;
        // The app's code is asked for only once the page has painted (docs/performance.md): in the
        // head, its module script and preloads compete with the first paint for the link.
        const appTags = [
          ...template.matchAll(
            /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g,
          ),
        ];
        const entry = appTags.find((tag) => tag[1])?.[1];
        if (!entry) throw new Error('prerender: index.html has no module script');
        const preloads = appTags.flatMap((tag) => (tag[2] ? [tag[2]] : []));
        const loaders = new Map(
          LOCALES.map((locale) => {
            const catalog = catalogs.get(locale);
            const firstScreen = firstScreenCatalogs.get(locale);
            if (!catalog || !firstScreen) throw new Error(`prerender: no catalog chunks for ${locale}`);
            const signedInPreloads = [...homeChunks, catalog]
              .map((file) => `/${file}`)
              .filter((href) => href !== entry && !preloads.includes(href));
            const languagePreloads = [`/${firstScreen}`];
            return [locale, prerender.appLoader({ entry, preloads, languagePreloads, signedInPreloads })];
          }),
        );
        const base = [...linked, ...appTags].reduce((html, [tag]) => html.replace(tag, ''), template);
        for (const locale of LOCALES) {
          const loader = loaders.get(locale) ?? '';
          const shell = await prerender.renderPage('home', locale);
          const texts = await prerender.pageTexts(locale);
          for (const page of Object.keys(PRERENDERED_PAGES) as PrerenderedPage[]) {
            const { html, title } = page === 'home' ? shell : await prerender.renderPage(page, locale);
            const document = fill(base, {
              '<html lang="en" dir="ltr">': `<html lang="${locale}" dir="${directionOf(locale)}" data-page="${page}">`,
              '<title>Earnest</title>': `<title>${escapeText(title)}</title><script>${script}</script>`,
              [DESCRIPTION]: `<meta name="description" content="${escapeText(texts.description).replaceAll('"', '&quot;')}" />`,
              '<noscript>Earnest needs JavaScript to run.</noscript>': `<noscript>${escapeText(texts.noscript)}</noscript>`,
              '</head>': `${style}</head>`,
              // The entry page carries the signed-in shell too (styles/boot.css).
              // Inert until the app has taken over (src/app/main.tsx): a form sent before would go
              // to the address bar, and typed text would be lost when the app renders.
              // The markup of a page the server renders with its data is marked: there it puts its own.
              '<div id="root"></div>': `<div id="root" inert>${isServerRendered(page) ? `${SERVER_RENDER_MARKS.start}${html}${SERVER_RENDER_MARKS.end}` : html}</div>${page === 'entry' ? `<div id="boot-shell" inert>${shell.html}</div>` : ''}<script>${loader}</script>`,
            });
            const file = join(outDir, prerenderedFile(page, locale));
            await mkdir(dirname(file), { recursive: true });
            await writeFile(file, document);
          }
        }
        const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
        await writeFile(
          join(outDir, PRERENDER_CSP_FILE),
          JSON.stringify({
            scriptSrc: [hash(script), ...[...loaders.values()].map(hash)],
            styleSrc: [hash(css)],
          }),
        );
      },
    },
  };
}

// index.html's description, in English: each page gets its language's (src/app/lib/document-texts.ts).
const DESCRIPTION =
  '<meta name="description" content="Earn XRP with daily tasks. Earnest never asks you for money." />';

/** Replaces each marker of index.html once; a marker that is gone means index.html changed under us. */
function fill(template: string, replacements: Record<string, string>): string {
  let result = template;
  for (const [marker, replacement] of Object.entries(replacements)) {
    if (!result.includes(marker)) throw new Error(`prerender: index.html has no ${marker}`);
    result = result.replace(marker, () => replacement);
  }
  return result;
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
