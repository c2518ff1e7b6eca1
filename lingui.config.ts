import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALES, SOURCE_LOCALE } from './src/domain/i18n/locales.ts';

// LINGUI_CATALOG_DIR lets `npm run check` extract into a scratch folder and compare it with locales/.
const catalogDir = process.env['LINGUI_CATALOG_DIR'] ?? '<rootDir>/locales';
// Where the console's code lives: its feature folder and its routes.
const OPS_CONSOLE = ['<rootDir>/src/app/features/ops', '<rootDir>/src/app/routes/ops'];
// What the first screen (the entry page, signed out) shows: its route, the app's frame, the shared
// components, libraries and PWA pieces. Its texts are a catalog of their own, so that the first
// screen does not download every screen's texts (src/app/i18n/i18n.ts).
const FIRST_SCREEN = [
  '<rootDir>/src/app/routes/index.tsx',
  '<rootDir>/src/app/routes/__root.tsx',
  '<rootDir>/src/app/routes/-components',
  '<rootDir>/src/app/features/auth',
  '<rootDir>/src/app/features/account/components/language-picker.tsx',
  '<rootDir>/src/app/components',
  '<rootDir>/src/app/lib',
  '<rootDir>/src/app/pwa',
  '<rootDir>/src/app/i18n',
];

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    {
      path: `${catalogDir}/{locale}/first-screen`,
      include: FIRST_SCREEN,
      exclude: ['**/*.test.*'],
    },
    // Every other screen's texts; a text also used on the first screen is in both catalogs.
    {
      path: `${catalogDir}/{locale}/messages`,
      include: ['<rootDir>/src/app', '<rootDir>/sw'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts', ...OPS_CONSOLE, ...FIRST_SCREEN],
    },
    // The SMS the server sends with a phone code, read by the server (src/server/features/kyc/sms-words.ts).
    {
      path: `${catalogDir}/{locale}/sms`,
      include: ['<rootDir>/src/server/features/kyc/sms-words.ts'],
    },
    // The operator console's own catalog, loaded only by the console (docs/operators.md): none of its
    // texts add to what the user app downloads.
    {
      path: `${catalogDir}/{locale}/ops`,
      include: OPS_CONSOLE,
      exclude: ['**/*.test.*'],
    },
  ],
  // Line numbers churn the catalogs on every edit; file names are enough for translators.
  format: formatter({ lineNumbers: false }),
});
