import { STRAPI_ERRORS } from './strapi-utils-errors.js';

/**
 * What a project file gets for `import … from '@strapi/strapi'` (or `require`), and for the few
 * other Strapi packages project files import: Tessera never
 * loads Strapi itself, even where a migrated project still has it in node_modules. Type-only
 * imports (`Core`, `Data`, …) vanish when TypeScript is compiled; the values projects use are
 * here. `factories.createCore*` describe the controller, router or service of a content-type
 * with the project's customisations; the compatibility layer (src/compat) builds and runs them
 * over Tessera's content API (core cannot: it knows neither HTTP nor the `strapi` object).
 */

/** What `factories.createCoreController('api::x.x', …)` (and the router and service factories) return. */
export interface StrapiFactoryResult {
  readonly kind: 'controller' | 'router' | 'service';
  readonly uid: string;
  /** The second argument (customisations): an object, or a function of `{ strapi }` returning one; src/compat runs it. */
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
 * create-strapi-app's `config/database.js`, which checks `DATABASE_CLIENT` with it;
 * `@strapi/utils` for its `errors` classes (strapi-utils-errors.ts).
 */
export const STRAPI_MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = Object.freeze({
  '@strapi/strapi': Object.freeze({ __esModule: true, factories, default: Object.freeze({ factories }) }),
  '@strapi/utils': Object.freeze({ __esModule: true, errors: STRAPI_ERRORS, default: Object.freeze({ errors: STRAPI_ERRORS }) }),
  '@strapi/database': Object.freeze({ __esModule: true, isDatabaseClientKind: (client: unknown): boolean => typeof client === 'string' && DATABASE_CLIENTS.includes(client) }),
});
