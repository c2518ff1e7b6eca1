import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALES, SOURCE_LOCALE } from './src/domain/i18n/locales.ts';

// LINGUI_CATALOG_DIR lets `npm run check` extract into a scratch folder and compare it with locales/.
const catalogDir = process.env['LINGUI_CATALOG_DIR'] ?? '<rootDir>/locales';

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    {
      path: `${catalogDir}/{locale}/messages`,
      include: ['<rootDir>/src/app', '<rootDir>/sw'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts'],
    },
  ],
  // Line numbers churn the catalogs on every edit; file names are enough for translators.
  format: formatter({ lineNumbers: false }),
});
