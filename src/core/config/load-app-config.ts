import { readResponseCacheConfig } from './response-cache-config.js';
import path from 'node:path';
import { DefinitionError } from '../shared/errors.js';
import { DEFAULT_REST_CONFIG, type AppConfig, type DatabaseConfig, type PermissionGrants, type RestConfig } from './app-config.js';
import { createEnvHelper, type EnvMap } from './env.js';
import { loadConfigExport, loadConfigFile, type ConfigSource } from './load-config-file.js';
import { readProjectEnv } from './project-env.js';

type Dict = Readonly<Record<string, unknown>>;

function dict(value: unknown): Dict {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Dict) : {};
}

function configFile(projectDir: string, name: string): string {
  return path.join(projectDir, 'config', name);
}

function readInt(value: unknown, fallback: number, file: string, key: string): number {
  if (value === undefined || value === null) return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) throw new DefinitionError(file, `${key} must be an integer`);
  return number;
}

function readPositive(value: unknown, fallback: number, file: string, key: string): number {
  const number = readInt(value, fallback, file, key);
  if (number < 1) throw new DefinitionError(file, `${key} must be at least 1`);
  return number;
}

/**
 * Checked here so that a bad port names its source instead of failing inside listen(). An empty
 * PORT counts as unset (it used to mean port 0, a random port).
 */
function readPort(envPort: string | undefined, filePort: unknown, file: string): number {
  const fromEnv = envPort !== undefined && envPort !== '';
  const source = fromEnv ? 'environment variable PORT' : file;
  const port = readInt(fromEnv ? envPort : filePort, 1337, source, 'port');
  if (port < 0 || port > 65535) throw new DefinitionError(source, `port must be between 0 and 65535, got ${port}`);
  return port;
}

function readShutdownTimeout(value: unknown, file: string): number {
  const timeout = readInt(value, 10_000, file, 'shutdownTimeout');
  if (timeout < 0) throw new DefinitionError(file, `shutdownTimeout must be a number of milliseconds >= 0, got ${timeout}`);
  return timeout;
}

/** `proxy: true`, or Strapi's `proxy: { koa: true }` form. */
function readProxy(value: unknown, file: string): boolean {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return readBool((value as Dict).koa ?? (value as Dict).enabled, false, file, 'proxy.koa');
  return readBool(value, false, file, 'proxy');
}

function readBool(value: unknown, fallback: boolean, file: string, key: string): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new DefinitionError(file, `${key} must be a boolean`);
  return value;
}

function readRest(api: Dict, file: string): RestConfig {
  const rest = dict(api.rest);
  const prefix = rest.prefix ?? DEFAULT_REST_CONFIG.prefix;
  if (typeof prefix !== 'string' || !/^\/[A-Za-z0-9_\-/]*$/.test(prefix)) throw new DefinitionError(file, 'rest.prefix must be a path such as "/api"');
  const cache = readResponseCacheConfig(rest.cache, file);
  const maxLimit = rest.maxLimit === null ? null : readInt(rest.maxLimit, DEFAULT_REST_CONFIG.maxLimit ?? 100, file, 'rest.maxLimit');
  return Object.freeze({
    prefix: prefix.replace(/\/+$/, '') || '/api',
    defaultLimit: readInt(rest.defaultLimit, DEFAULT_REST_CONFIG.defaultLimit, file, 'rest.defaultLimit'),
    maxLimit: maxLimit !== null && maxLimit < 1 ? null : maxLimit,
    withCount: readBool(rest.withCount, DEFAULT_REST_CONFIG.withCount, file, 'rest.withCount'),
    strictParams: readBool(rest.strictParams, DEFAULT_REST_CONFIG.strictParams, file, 'rest.strictParams'),
    maxResponseItems: readPositive(rest.maxResponseItems, DEFAULT_REST_CONFIG.maxResponseItems, file, 'rest.maxResponseItems'),
    ...(cache ? { cache } : {}),
  });
}

const CLIENTS: Readonly<Record<string, DatabaseConfig['client']>> = {
  sqlite: 'sqlite',
  'better-sqlite3': 'sqlite',
  sqlite3: 'sqlite',
  postgres: 'postgres',
  postgresql: 'postgres',
  pg: 'postgres',
  mysql: 'mysql',
  mysql2: 'mysql',
  mariadb: 'mysql',
};

function readOptionalString(value: unknown, file: string, key: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new DefinitionError(file, `${key} must be a string`);
  return value;
}

/** Strapi's format: `{ connection: { client, connection: { … }, pool: { min, max }, acquireConnectionTimeout } }`. */
function readDatabase(database: Dict, projectDir: string, file: string): DatabaseConfig {
  const connection = dict(database.connection);
  const rawClient = connection.client ?? 'sqlite';
  const client = typeof rawClient === 'string' ? CLIENTS[rawClient] : undefined;
  if (!client) {
    throw new DefinitionError(file, `connection.client "${String(rawClient)}" is not supported (supported: sqlite, postgres, mysql)`);
  }
  const settings = dict(connection.connection);
  if (client === 'sqlite') {
    const filename = settings.filename ?? '.tmp/data.db';
    if (typeof filename !== 'string' || filename.length === 0) throw new DefinitionError(file, 'connection.connection.filename must be a path');
    return Object.freeze({ client, filename: filename === ':memory:' ? filename : path.resolve(projectDir, filename) });
  }
  const pool = dict(connection.pool);
  const max = readInt(pool.max, 10, file, 'connection.pool.max');
  const min = readInt(pool.min, 0, file, 'connection.pool.min');
  if (max < 1 || min < 0 || min > max) throw new DefinitionError(file, 'connection.pool needs 0 <= min <= max and max >= 1');
  const ssl = settings.ssl;
  if (ssl !== undefined && ssl !== null && typeof ssl !== 'boolean' && (typeof ssl !== 'object' || Array.isArray(ssl))) {
    throw new DefinitionError(file, 'connection.connection.ssl must be a boolean or an object of TLS options');
  }
  const port = settings.port === undefined || settings.port === null || settings.port === '' ? undefined : readInt(settings.port, 0, file, 'connection.connection.port');
  const schema = readOptionalString(settings.schema ?? connection.schema, file, 'connection.connection.schema');
  if (schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) throw new DefinitionError(file, `connection.connection.schema "${schema}" is not a valid schema name`);
  const connectionString = readOptionalString(settings.connectionString, file, 'connection.connection.connectionString');
  const host = readOptionalString(settings.host, file, 'connection.connection.host');
  const user = readOptionalString(settings.user, file, 'connection.connection.user');
  const password = readOptionalString(settings.password, file, 'connection.connection.password');
  const name = readOptionalString(settings.database, file, 'connection.connection.database');
  return Object.freeze({
    client,
    connection: Object.freeze({
      ...(connectionString !== undefined ? { connectionString } : {}),
      ...(host !== undefined ? { host } : {}),
      ...(port !== undefined ? { port } : {}),
      ...(user !== undefined ? { user } : {}),
      ...(password !== undefined ? { password } : {}),
      ...(name !== undefined ? { database: name } : {}),
      ...(ssl !== undefined && ssl !== null ? { ssl: ssl as boolean | Readonly<Record<string, unknown>> } : {}),
    }),
    ...(schema !== undefined && client === 'postgres' ? { schema } : {}),
    pool: Object.freeze({ min, max, acquireTimeoutMillis: readInt(connection.acquireConnectionTimeout, 60_000, file, 'connection.acquireConnectionTimeout') }),
  });
}

function readPermissions(raw: Dict, file: string): PermissionGrants {
  const grants: Record<string, Record<string, readonly string[] | '*'>> = {};
  for (const [role, subjects] of Object.entries(raw)) {
    if (subjects === null || typeof subjects !== 'object' || Array.isArray(subjects)) {
      throw new DefinitionError(file, `role "${role}" must map subjects to action lists`);
    }
    grants[role] = {};
    for (const [subject, actions] of Object.entries(subjects as Dict)) {
      if (actions === '*') grants[role][subject] = '*';
      else if (Array.isArray(actions) && actions.every((action) => typeof action === 'string')) grants[role][subject] = Object.freeze([...actions]);
      else throw new DefinitionError(file, `${role}.${subject} must be an array of action names or "*"`);
    }
    Object.freeze(grants[role]);
  }
  return Object.freeze(grants);
}

export interface LoadConfigOptions {
  readonly projectDir: string;
  /** The real environment; the project's `.env` (or `ENV_PATH`) fills in what it does not set. */
  readonly env: EnvMap;
}

/**
 * Reads a project's config/ folder into a checked AppConfig, as Strapi reads it: `.env` under the
 * real environment, `config/<name>` with `config/env/<NODE_ENV>/<name>` merged over it.
 * Environment HOST/PORT override the file.
 */
export async function loadAppConfig({ projectDir, env: given }: LoadConfigOptions): Promise<AppConfig> {
  const env = readProjectEnv(projectDir, given);
  const source: ConfigSource = { projectDir, env: createEnvHelper(env), environment: env.NODE_ENV || 'development' };
  const [server, database, api, permissions, plugins, admin] = await Promise.all(
    ['server', 'database', 'api', 'permissions', 'plugins', 'admin'].map((name) => loadConfigFile(source, name)),
  );
  const middlewares = await loadConfigExport(source, 'middlewares');
  const serverFile = configFile(projectDir, 'server');
  const raw = (name: string, value: unknown) => Object.freeze({ file: configFile(projectDir, name), value: dict(value) });
  return Object.freeze({
    projectDir,
    production: env.NODE_ENV === 'production',
    env: Object.freeze({ ...env }),
    files: Object.freeze({ server: raw('server', server), plugins: raw('plugins', plugins), admin: raw('admin', admin), middlewares: Object.freeze({ file: middlewares.file, value: middlewares.value }) }),
    server: Object.freeze({
      host: env.HOST ?? (typeof server?.host === 'string' ? server.host : '0.0.0.0'),
      port: readPort(env.PORT, server?.port, serverFile),
      bodyLimit: readInt(dict(server?.http).bodyLimit, 1024 * 1024, serverFile, 'http.bodyLimit'),
      shutdownTimeout: readShutdownTimeout(server?.shutdownTimeout, serverFile),
      proxy: readProxy(server?.proxy, serverFile),
    }),
    database: readDatabase(dict(database), projectDir, configFile(projectDir, 'database')),
    rest: readRest(dict(api), configFile(projectDir, 'api')),
    permissions: readPermissions(dict(permissions), configFile(projectDir, 'permissions')),
    logger: readBool(server?.logger, false, serverFile, 'logger'),
  });
}
