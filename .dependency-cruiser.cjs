// The dependency rules of the layout (docs/architecture.md, "Dependency rules"), checked by
// `npm run check:deps` before every build of `npm test`. Type-only imports count
// (tsPreCompilationDeps): a type edge ties folders together as much as a value edge.
//
// Four layers, each a set of folders:
//   core        the CMS without HTTP: schema, query, documents, db, model, store, config,
//               auth (principals and the permission stage), locales, the plugin contract
//   transports  HTTP in front of core: REST, GraphQL, the admin API host, HTTP security hooks,
//               and plugin-http (the helpers plugins' routes may use)
//   plugins     features that contribute to core and transports through the plugin contract
//   compat      the Strapi compatibility layer: a project's own code (routes, controllers,
//               services, policies, middlewares, lifecycles) and the `strapi` object, run as an
//               adapter around core, the transports and the plugins — never a second pipeline
//   server      the composition root (app, the list of plugins), the process entry, CLI, ops
// Allowed: server → everything; compat → core, transports, plugins; plugins → core, transports;
// transports → core; core → core.
// core names no package of the HTTP framework either (fastify, mercurius, @fastify/*).
// Between folders: no cycles, whatever the layer.
// Beside the layers, admin/src is the editor app: a browser program that imports nothing of src/
// and that nothing of src/ imports (the server serves its build, dist/admin).

// Every folder of src/plugins: a new plugin is held to the rules without being listed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- this config file is CommonJS
const { readdirSync } = require('node:fs');
const PLUGINS = readdirSync(`${__dirname}/src/plugins`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const LAYERS = {
  core: ['^src/core/'],
  transports: ['^src/transports/'],
  plugins: ['^src/plugins/'],
  compat: ['^src/compat/'],
  server: ['^src/server/'],
};

/** The HTTP framework and its GraphQL server: the transports' business, never core's. */
const HTTP_PACKAGES = '(^|/)node_modules/(fastify|mercurius|@fastify/[^/]+|fastify-[^/]+)/';

const any = (paths) => paths.map((path) => `(${path})`).join('|');

/** Plugins that build on another plugin (users-permissions sends its mails through email). */
const PLUGIN_USES = [['users-permissions', 'email']];

module.exports = {
  forbidden: [
    {
      name: 'core-is-independent',
      comment: 'core never imports a transport, a plugin or the server: they contribute to it through the plugin contract.',
      severity: 'error',
      from: { path: any(LAYERS.core) },
      to: { path: any([...LAYERS.transports, ...LAYERS.plugins, ...LAYERS.compat, ...LAYERS.server]) },
    },
    {
      name: 'core-knows-no-transport',
      comment: 'core names no HTTP framework type (type-only imports included): the host a plugin registers on is a type parameter of the contract, instantiated by the composition root.',
      severity: 'error',
      from: { path: any(LAYERS.core) },
      to: { path: HTTP_PACKAGES },
    },
    {
      name: 'transports-serve-core',
      comment: 'a transport imports core only: never a plugin (plugins contribute their routes and GraphQL parts) nor the server.',
      severity: 'error',
      from: { path: any(LAYERS.transports) },
      to: { path: any([...LAYERS.plugins, ...LAYERS.compat, ...LAYERS.server]) },
    },
    {
      name: 'plugins-not-server',
      comment: 'a plugin never imports the server that composes it, nor the compatibility layer built on it.',
      severity: 'error',
      from: { path: any(LAYERS.plugins) },
      to: { path: any([...LAYERS.compat, ...LAYERS.server]) },
    },
    {
      name: 'compat-is-an-adapter',
      comment: 'the Strapi compatibility layer builds on core, the transports and the plugins; only the server composes it.',
      severity: 'error',
      from: { path: any(LAYERS.compat) },
      to: { path: any(LAYERS.server) },
    },
    ...PLUGINS.map((plugin) => ({
      name: 'plugins-independent',
      comment: 'a plugin imports another plugin only where it is declared as building on it (PLUGIN_USES).',
      severity: 'error',
      from: { path: `^src/plugins/${plugin}/` },
      to: {
        path: any(LAYERS.plugins),
        pathNot: [plugin, ...PLUGIN_USES.filter(([from]) => from === plugin).map(([, to]) => to)].map((name) => `^src/plugins/${name}/`),
      },
    })),
    {
      name: 'app-is-its-own-program',
      comment: 'the editor app (admin/src) talks to the server over HTTP only: it imports nothing of src/.',
      severity: 'error',
      from: { path: '^admin/src/' },
      to: { path: '^src/' },
    },
    {
      name: 'server-never-imports-the-app',
      comment: 'the server serves the built app (dist/admin) and never imports its sources.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^admin/' },
    },
    {
      name: 'no-app-folder-cycles',
      comment: 'the folders of the editor app form no cycle either.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^admin/src/([^/]+)' },
      to: { circular: true, pathNot: '^admin/src/$1(/|$)' },
    },
    {
      name: 'no-folder-cycles',
      comment: 'folders form no cycle (type-only imports included); cycles inside one component folder (graphql/resolve ↔ graphql/types) are its own business.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/((?:core|transports|plugins|compat|server)/[^/]+|[^/]+)' },
      to: { circular: true, pathNot: '^src/$1(/|$)' },
    },
  ],
  options: {
    // src/, and the HTTP packages so that core-knows-no-transport sees edges to them (never followed further).
    // admin/src: the editor app, held to its own rules (it is a browser program, not a layer).
    includeOnly: ['^src/', '^admin/src/', HTTP_PACKAGES],
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // .tsx and extensionless imports: the editor app's (bundler resolution, admin/tsconfig.json).
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
