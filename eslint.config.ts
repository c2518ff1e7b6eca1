import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The module boundaries of docs/architecture.md, enforced: domain imports nothing of ours; contract only
// domain; server, app and sw never import each other.
const boundaries = [
  {
    target: './src/domain',
    from: ['./src/contract', './src/server', './src/app', './sw'],
    message: 'src/domain imports nothing of ours.',
  },
  {
    target: './src/contract',
    from: ['./src/server', './src/app', './sw'],
    message: 'src/contract may import only src/domain.',
  },
  {
    target: './src/server',
    from: ['./src/app', './sw'],
    message: 'The server never imports the app or the service worker.',
  },
  {
    target: './src/app',
    from: ['./src/server', './sw'],
    message: 'The app never imports the server or the service worker.',
  },
  {
    target: './sw',
    from: ['./src/server', './src/app'],
    message: 'The service worker never imports the app or the server.',
  },
];

/** Folder names under `dir`: the feature list every zone below is generated from. */
const foldersIn = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// App: every feature is isolated (routes compose features), and the shared folders never import a
// feature. A new feature folder is isolated the day it is created.
const appFeatures = foldersIn('src/app/features');
const appZones = [
  ...appFeatures.map((feature) => ({
    target: `./src/app/features/${feature}`,
    from: './src/app/features',
    except: [`./${feature}`],
    message: 'Features never import each other; compose them in a route.',
  })),
  ...['components', 'lib', 'i18n', 'pwa'].map((shared) => ({
    target: `./src/app/${shared}`,
    from: ['./src/app/features', './src/app/routes'],
    message: 'Shared code never imports a feature or a route.',
  })),
];

// Server: a feature reaches another one only through its service (docs/architecture.md).
const serverFeatures = foldersIn('src/server/features');
const serverZones = serverFeatures.map((feature) => ({
  target: `./src/server/features/${feature}`,
  from: './src/server/features',
  except: [
    `./${feature}`,
    ...serverFeatures.filter((other) => other !== feature).map((other) => `./${other}/${other}.service.ts`),
  ],
  message: "Features talk through each other's services, never each other's repositories or tables.",
}));

/** Only these touch tables: repositories, the ledger, the idempotency module and db/ itself. */
const dataAccess = [
  'src/server/**/*.repository.ts',
  'src/server/ledger/**',
  'src/server/lib/idempotency.ts',
  'src/server/db/**',
];

// The contract and the app build schemas with zod/mini, so that the app ships no more of Zod than it
// uses (src/contract/README.md).
const ZOD_MINI_ONLY = { name: 'zod', message: "Use 'zod/mini' (src/contract/README.md)." };

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'test-results',
      'playwright-report',
      'coverage',
      'src/app/routeTree.gen.ts',
      'bench/hello/dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    // no-cycle follows imports; it has no business parsing dependencies' bundles.
    settings: { 'import-x/resolver-next': [createNodeResolver()], 'import-x/ignore': ['node_modules'] },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSEnumDeclaration',
          message: 'Use an `as const` object or a literal union, not an enum.',
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-*', '@lingui/*', 'zod'],
              message: 'src/domain is pure: no I/O, no frameworks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; routes compose them.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...boundaries, ...appZones],
        },
      ],
      'no-restricted-imports': ['error', { paths: [ZOD_MINI_ONLY] }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ZOD_MINI_ONLY] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...serverZones] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^#server/db/schema\\.ts$|/db/schema\\.ts$|^drizzle-orm$|^drizzle-orm/(pg-core|sql))',
              message:
                'Only repositories, the ledger and the idempotency module touch tables (docs/architecture.md).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSEnumDeclaration',
          message: 'Use an `as const` object or a literal union, not an enum.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Time comes from the clock (src/server/clock.ts).',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Time comes from the clock (src/server/clock.ts).',
        },
      ],
    },
  },
  {
    files: [...dataAccess, 'src/server/clock.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/server/clock.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Browser journeys wait for what a user would see, or move the page's clock (page.clock): a
    // fixed sleep either wastes time or flakes.
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed sleeps in browser journeys: wait for what the user sees, or use page.clock.',
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  prettier,
);
