/**
 * What a project file gets for `import … from '@strapi/strapi'` (or `require`), and for the few
 * other Strapi packages project files import: Tessera never
 * loads Strapi itself, even where a migrated project still has it in node_modules. Type-only
 * imports (`Core`, `Data`, …) vanish when TypeScript is compiled; the values projects use are
 * here. `factories.createCore*` describe the default controller, router or service of a
 * content-type: Tessera's content API is that default, so a file made only of them changes
 * nothing (project code beyond that is listed at start, see unrun-project-code).
 */

/** What `factories.createCoreController('api::x.x', …)` (and the router and service factories) return. */
export interface StrapiFactoryResult {
  readonly kind: 'controller' | 'router' | 'service';
  readonly uid: string;
  /** The second argument (customisations), kept for the layer that will run them. */
  readonly customisation: unknown;
}

const createCore =
  (kind: StrapiFactoryResult['kind']) =>
  (uid: string, customisation?: unknown): StrapiFactoryResult =>
    Object.freeze({ kind, uid, customisation });

/** Strapi's config factories validate and return the config as given; Tessera checks it where it reads it. */
const defineConfig = (_namespace: string, config: unknown): unknown => config;
const identity = (config: unknown): unknown => config;

const factories = Object.freeze({
  createCoreController: createCore('controller'),
  createCoreRouter: createCore('router'),
  createCoreService: createCore('service'),
  defineConfig,
  defineAdminConfig: identity,
  defineServerConfig: identity,
  defineApiConfig: identity,
  defineFeaturesConfig: identity,
  defineTypescriptConfig: identity,
  defineDatabaseConfig: identity,
  defineMiddlewaresConfig: identity,
});

const DATABASE_CLIENTS: readonly string[] = ['sqlite', 'mysql', 'postgres'];

/**
 * The Strapi packages a project file may import, by name. `@strapi/database` is there for
 * create-strapi-app's `config/database.js`, which checks `DATABASE_CLIENT` with it.
 */
export const STRAPI_MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = Object.freeze({
  '@strapi/strapi': Object.freeze({ __esModule: true, factories, default: Object.freeze({ factories }) }),
  '@strapi/database': Object.freeze({ __esModule: true, isDatabaseClientKind: (client: unknown): boolean => typeof client === 'string' && DATABASE_CLIENTS.includes(client) }),
});
