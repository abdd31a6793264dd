import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '**/.tmp/**', 'examples/**/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Only the composition root, the process entry, the CLI, tests and benchmarks may reach a transport
    // (and the features' routes, transports themselves, through src/plugin-http.ts).
    files: ['src/**/*.ts'],
    ignores: ['src/app.ts', 'src/main.ts', 'src/cli/**', 'src/rest/**', 'src/graphql/**', 'src/plugin-http.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/rest/*', '**/cli/*'], message: 'Nothing imports a transport or the CLI.' }] }] },
  },
  {
    files: ['src/rest/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/db/*', '**/db/**'], message: 'Transports never import db/.' }] }] },
  },
  {
    // GraphQL is a transport beside REST: it shares the stages below them, never REST's own modules.
    files: ['src/graphql/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/db/*', '**/db/**'], message: 'Transports never import db/.' },
        { group: ['**/rest/*', '**/cli/*'], message: 'GraphQL does not import REST or the CLI.' },
      ] }],
    },
  },
  {
    files: ['src/schema/**/*.ts', 'src/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/documents/*', '**/query/*', '**/rest/*', '**/auth/*'], message: 'schema/ and db/ depend only on shared/ (db may use schema types).' }] }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
