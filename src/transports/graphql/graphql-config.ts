import type { AppConfig } from '../../core/config/app-config.js';
import type { PluginConfigReader } from '../../core/config/plugin-config.js';
import { DefinitionError } from '../../core/shared/errors.js';

/**
 * `config/plugins` → `graphql: { enabled, config: { … } }`. Keys of the spec's table and of
 * Strapi 5's plugin (DECISIONS, GraphQL): the spec's `amountLimit` and `depthLimit` are enforced
 * (Strapi 5 ignores the first and has no default for the second).
 */
export interface GraphqlConfig {
  readonly enabled: boolean;
  /** Path of the endpoint, `/graphql` by default. */
  readonly endpoint: string;
  /** false: only what extensions add (no generated types, queries or mutations). */
  readonly shadowCRUD: boolean;
  /**
   * `flat`: Strapi 5's `documentId` shape (default); `entity`: the spec's `<Type>EntityResponse`
   * shape, asked for with Strapi's key `v4CompatibilityMode: true` or with `shape: 'entity'`.
   */
  readonly shape: 'entity' | 'flat';
  /** Deepest field nesting a query may have (root fields are depth 0). */
  readonly depthLimit: number;
  /** Most items any list returns, root or nested; also caps `limit`/`pageSize`. */
  readonly amountLimit: number;
  /** Page size when a list's pagination names none. */
  readonly defaultLimit: number;
  /**
   * Most objects an operation's answer may hold, estimated before it runs from the page sizes
   * of its lists (http/query-cost.ts); past it the operation is refused with a 400.
   */
  readonly costLimit: number;
  /** The query console and introspection in production too. */
  readonly playgroundAlways: boolean;
  /** Introspection allowed: outside production by default; `apolloServer.introspection` overrides. */
  readonly introspection: boolean;
  /** The server options object (`apolloServer`) as written: documented keys are honoured, the rest ignored. */
  readonly serverOptions: Readonly<Record<string, unknown>>;
  readonly file: string;
}

/**
 * The default `costLimit`: as many objects as REST's `api.rest.maxResponseItems` lets one
 * populated answer hold. The bench's GraphQL page (25 articles, author, categories, a component
 * and a dynamic zone) is estimated at about 1,000.
 */
export const DEFAULT_COST_LIMIT = 100_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Strapi 5's default for the key: this variable of the environment (docs/graphql.md). */
export const V4_COMPATIBILITY_ENV = 'STRAPI_GRAPHQL_V4_COMPATIBILITY_MODE';

/**
 * A `v4CompatibilityMode` value as a boolean. The strings `"true"` and `"false"` are taken too:
 * Strapi's documented config passes the variable through (`process.env.STRAPI_GRAPHQL_V4_COMPATIBILITY_MODE ?? false`).
 */
function compatibilityFlag(raw: unknown, file: string, what: string): boolean {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new DefinitionError(file, `${what} must be true or false, not ${JSON.stringify(raw) ?? String(raw)}`);
}

/**
 * The schema shape from `v4CompatibilityMode` (Strapi's key) and `shape` (Tessera's alias of it):
 * flat unless one asks for the entity shape; the two keys disagreeing stop the start. With
 * neither key, Strapi's default applies: the environment variable, else false.
 */
function readShape(inner: Readonly<Record<string, unknown>>, env: AppConfig['env'], file: string): 'entity' | 'flat' {
  const shape = inner.shape;
  if (shape !== undefined && shape !== 'entity' && shape !== 'flat') throw new DefinitionError(file, 'graphql.config.shape must be "entity" or "flat"');
  if (inner.v4CompatibilityMode === undefined) {
    if (shape !== undefined) return shape;
    const variable = env[V4_COMPATIBILITY_ENV];
    if (variable === undefined || variable === '') return 'flat';
    return compatibilityFlag(variable, file, `${V4_COMPATIBILITY_ENV} (the default of graphql.config.v4CompatibilityMode)`) ? 'entity' : 'flat';
  }
  const compatibility = compatibilityFlag(inner.v4CompatibilityMode, file, 'graphql.config.v4CompatibilityMode');
  const fromCompatibility = compatibility ? 'entity' : 'flat';
  if (shape !== undefined && shape !== fromCompatibility) {
    throw new DefinitionError(
      file,
      `graphql.config.shape: "${shape}" and graphql.config.v4CompatibilityMode: ${String(compatibility)} disagree (shape is an alias: "entity" is v4CompatibilityMode: true, "flat" is false); keep one of them`,
    );
  }
  return fromCompatibility;
}

function positiveInteger(value: unknown, fallback: number, key: string, file: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw new DefinitionError(file, `graphql.config.${key} must be a positive whole number`);
  return value;
}

/** Reads and checks the GraphQL keys; anything malformed stops the start with a message naming the file. */
export function readGraphqlConfig(section: unknown, file: string, config: AppConfig): GraphqlConfig {
  const plugin = section ?? {};
  if (!isRecord(plugin)) throw new DefinitionError(file, 'graphql must be an object');
  const inner = plugin.config ?? {};
  if (!isRecord(inner)) throw new DefinitionError(file, 'graphql.config must be an object');
  const enabled = plugin.enabled ?? true;
  if (typeof enabled !== 'boolean') throw new DefinitionError(file, 'graphql.enabled must be true or false');
  const endpoint = inner.endpoint ?? '/graphql';
  if (typeof endpoint !== 'string' || !/^\/[A-Za-z0-9/_-]*$/.test(endpoint)) throw new DefinitionError(file, 'graphql.config.endpoint must be a path such as "/graphql"');
  const shape = readShape(inner, config.env, file);
  for (const key of ['shadowCRUD', 'playgroundAlways'] as const) {
    if (inner[key] !== undefined && typeof inner[key] !== 'boolean') throw new DefinitionError(file, `graphql.config.${key} must be true or false`);
  }
  const serverOptions = inner.apolloServer ?? {};
  if (!isRecord(serverOptions)) throw new DefinitionError(file, 'graphql.config.apolloServer must be an object');
  if (serverOptions.introspection !== undefined && typeof serverOptions.introspection !== 'boolean') throw new DefinitionError(file, 'graphql.config.apolloServer.introspection must be true or false');
  const amountLimit = positiveInteger(inner.amountLimit ?? inner.maxLimit, 100, 'amountLimit', file);
  const playgroundAlways = inner.playgroundAlways === true;
  return {
    enabled,
    endpoint,
    shadowCRUD: inner.shadowCRUD !== false,
    shape,
    depthLimit: positiveInteger(inner.depthLimit, 10, 'depthLimit', file),
    amountLimit,
    defaultLimit: Math.min(positiveInteger(inner.defaultLimit, 10, 'defaultLimit', file), amountLimit),
    costLimit: positiveInteger(inner.costLimit, DEFAULT_COST_LIMIT, 'costLimit', file),
    playgroundAlways,
    introspection: (serverOptions.introspection as boolean | undefined) ?? (!config.production || playgroundAlways),
    serverOptions,
    file,
  };
}

/** The `graphql` section's reader: GraphQL is a transport, but Strapi configures it as a plugin, so the composition root reads it with the plugins' sections. */
export const GRAPHQL_CONFIG: PluginConfigReader<GraphqlConfig> = { key: 'graphql', read: readGraphqlConfig };
