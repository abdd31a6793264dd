import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // test/fixtures/strapi-*-app are Strapi projects written as create-strapi-app writes them (CommonJS, untyped config), not Tessera's code.
  { ignores: ['dist/**', 'node_modules/**', '**/.tmp/**', 'examples/**/public/**', 'test/fixtures/strapi-ts-app/**', 'test/fixtures/strapi-js-app/**', 'test/fixtures/strapi-lifecycles-app/**', 'test/fixtures/strapi-custom-code-app/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Only the composition root, the process entry, the CLI, tests and benchmarks may reach a transport
    // (and the features' routes, transports themselves, through src/transports/plugin-http.ts; the Strapi
    // compatibility layer through src/transports/content-actions.ts).
    files: ['src/**/*.ts'],
    ignores: ['src/server/app.ts', 'src/server/main.ts', 'src/server/cli/**', 'src/transports/rest/**', 'src/transports/graphql/**', 'src/transports/plugin-http.ts', 'src/transports/content-actions.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/rest/*', '**/cli/*'], message: 'Nothing imports a transport or the CLI.' }] }] },
  },
  {
    files: ['src/transports/rest/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/db/*', '**/db/**'], message: 'Transports never import db/.' }] }] },
  },
  {
    // GraphQL is a transport beside REST: it shares the stages below them, never REST's own modules.
    files: ['src/transports/graphql/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/db/*', '**/db/**'], message: 'Transports never import db/.' },
        { group: ['**/rest/*', '**/cli/*'], message: 'GraphQL does not import REST or the CLI.' },
      ] }],
    },
  },
  {
    files: ['src/core/schema/**/*.ts', 'src/core/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/documents/*', '**/query/*', '**/rest/*', '**/auth/*'], message: 'schema/ and db/ depend only on shared/ (db may use schema types).' }] }] },
  },
  {
    // The editor app (admin/) is a browser program of its own: it talks to the server over HTTP
    // only, and the server serves its built files without importing it (the other direction is
    // npm run check:deps' rule server-never-imports-the-app: a src/ block here would replace the
    // no-restricted-imports options of the blocks above).
    files: ['admin/**/*.ts', 'admin/**/*.tsx'],
    ignores: ['admin/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/core/**', '**/src/transports/**', '**/src/plugins/**', '**/src/server/**', '**/src/compat/**', 'node:*'], message: 'The admin app imports nothing of the server (nor Node): it calls the admin API.' }] }] },
  },
  {
    // Its unit tests run in Node (node:test, node:assert), still without the server's code.
    files: ['admin/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/core/**', '**/src/transports/**', '**/src/plugins/**', '**/src/server/**', '**/src/compat/**'], message: 'The admin app imports nothing of the server: it calls the admin API.' }] }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
  {
    // A Strapi JavaScript project as create-strapi-app writes one: CommonJS .js files.
    files: ['test/fixtures/strapi5-project/**/*.js', 'test/fixtures/compat-services-app/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    // SQL text is written in db/ (what one database speaks) and query/compile/ (statements and
    // expressions); everything else composes their typed functions (issue 16).
    files: ['src/**/*.ts'],
    ignores: ['src/core/db/**', 'src/core/query/compile/**'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']", message: "Kysely's sql tag is used only in src/core/db/ and src/core/query/compile/: add a typed function there." },
        { selector: "ImportDeclaration[source.value='kysely'] > ImportNamespaceSpecifier", message: "Import Kysely's names one by one (its sql tag is used only in src/core/db/ and src/core/query/compile/)." },
        { selector: "MemberExpression[object.name='CompiledQuery'][property.name='raw']", message: 'Raw statement text is written only in src/core/db/ and src/core/query/compile/.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
