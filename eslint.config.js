import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', '.tmp/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The layers: the browser never reaches into the server, the contract depends on nothing but
  // zod, and business rules never see HTTP.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The SPA talks to the server only through contract/ and HTTP.' }] }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/src/**', 'fastify', 'react'], message: 'The contract is shared by both sides and depends on neither.' }] }] },
  },
  // In a feature folder (server/<feature>/), only the routes files (routes.ts, adminRoutes.ts,
  // …Routes.ts) speak HTTP; its services and repositories know nothing of it.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/routes.ts', 'server/**/*Routes.ts', 'server/platform/config.ts', 'server/platform/http/**', 'server/platform/ops/**', 'server/protocols/**', 'server/app.ts', 'server/main.ts', 'server/cli/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['fastify', '@fastify/*', '**/routes.js', '**/*Routes.js', '**/http/**'], message: 'Services and repositories know nothing of HTTP; routes translate.' }] }] },
  },
  {
    files: ['tests/**/*.ts', 'server/main.ts', 'server/db/cli.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
