import type { ResponseCacheConfig } from './response-cache-config.js';
/** The resolved configuration of one app: every value checked and defaulted. */

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** Largest request body accepted, in bytes. */
  readonly bodyLimit: number;
  /** On shutdown, how long in-flight requests may take to finish before their connections are closed (ms). */
  readonly shutdownTimeout: number;
  /**
   * Behind a load balancer or reverse proxy: take the client address from X-Forwarded-For (the
   * rate limits key on it). Off by default, since a client could otherwise forge it.
   */
  readonly proxy: boolean;
}

export type { DatabaseConfig, ServerDatabaseConfig, SqliteConfig } from '../db/database-config.js';
import type { DatabaseConfig } from '../db/database-config.js';

export interface RestConfig {
  readonly prefix: string;
  readonly defaultLimit: number;
  /** null: no maximum. */
  readonly maxLimit: number | null;
  readonly withCount: boolean;
  /** Unknown top-level query parameters are rejected (400) rather than ignored. */
  readonly strictParams: boolean;
  /**
   * The most objects (documents, component items, files) one answer may hold once populated
   * (answer-size.ts): past it a read is a 400 before anything is serialised.
   */
  readonly maxResponseItems: number;
  /** `rest.cache`: the response cache, ETag aside (docs/operations.md); absent: off, at no cost. */
  readonly cache?: ResponseCacheConfig;
}

/** role type → permission subject (`api::x.y`, `'*'`) → actions, or '*' for every action. */
export type PermissionGrants = Readonly<Record<string, Readonly<Record<string, readonly string[] | '*'>>>>;

/**
 * Config files read whole and checked by the module they configure (each module owns its
 * keys and their messages): `config/plugins`, `config/admin`, `config/middlewares`, and the
 * raw `config/server` (for keys such as `cors`). Each holds the file's path for messages.
 */
export interface RawConfigFile {
  readonly file: string;
  readonly value: Readonly<Record<string, unknown>>;
}

export interface AppConfig {
  readonly projectDir: string;
  /** NODE_ENV is `production`: secrets must come from the environment, nothing is generated. */
  readonly production: boolean;
  /** Environment variables, for modules that read their own (JWT_SECRET, REDIS_URL, …). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly server: ServerConfig;
  readonly database: DatabaseConfig;
  readonly rest: RestConfig;
  readonly permissions: PermissionGrants;
  /** Log requests (pino through Fastify). */
  readonly logger: boolean;
  readonly files: {
    readonly server: RawConfigFile;
    readonly plugins: RawConfigFile;
    readonly admin: RawConfigFile;
    /** What `config/middlewares` exports (Strapi's format is an array); value undefined without a file. */
    readonly middlewares: { readonly file: string; readonly value: unknown };
  };
}

export const DEFAULT_REST_CONFIG: RestConfig = Object.freeze({
  prefix: '/api',
  defaultLimit: 25,
  maxLimit: 100,
  withCount: true,
  strictParams: false,
  maxResponseItems: 100_000,
});
