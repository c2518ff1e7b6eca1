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
          zones: [
            ...boundaries,
            ...['auth', 'account', 'settings', 'landing'].map((feature) => ({
              target: `./src/app/features/${feature}`,
              from: './src/app/features',
              except: [`./${feature}`],
              message: 'Features never import each other; compose them in a route.',
            })),
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'ky', message: 'Only src/app/lib/http.ts imports ky.' }] },
      ],
    },
  },
  {
    files: ['src/app/lib/http.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  prettier,
);
