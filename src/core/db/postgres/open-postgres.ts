import { Kysely, PostgresDialect, sql, type PostgresPool } from 'kysely';
import pg from 'pg';
import { ServiceUnavailableError } from '../../shared/errors.js';
import type { ServerDatabaseConfig } from '../database-config.js';
import type { DynamicSchema } from '../database.js';
import type { Dialect } from '../dialect.js';
import { createPostgresDialect } from './postgres-dialect.js';
import { isoFromSqlTime, isoFromSqlTimestamp } from '../sql-timestamps.js';
import type { StatementCounter } from '../statement-counter.js';

const DATE = 1082;
const TIME = 1083;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/**
 * Values come back as the API's text forms, not JavaScript Dates: dates stay `yyyy-MM-dd`,
 * times and instants become ISO 8601 with milliseconds. Per pool, never global.
 */
function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === DATE) return (value) => value;
  if (oid === TIME) return isoFromSqlTime;
  if (oid === TIMESTAMP || oid === TIMESTAMPTZ) return isoFromSqlTimestamp;
  return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
}

/**
 * The pool as Kysely sees it. A request that gets no connection — none became free within
 * `acquireConnectionTimeout` (pg: "timeout exceeded when trying to connect"), or the server
 * is down or refuses us — fails with a 503 instead of a 500, and never hangs.
 */
/** Statement texts given a name, at most: each connection keeps a plan per name. */
const MAX_NAMED_STATEMENTS = 1000;

/**
 * Names for the statement texts Tessera runs, so that PostgreSQL parses and plans each once per
 * connection instead of on every execution (Kysely's driver sends every statement unnamed).
 * The texts are few and stable (statement shapes, literal limits); past the bound, statements
 * run unnamed as before, so clients varying their queries cannot grow it without end.
 */
interface StatementNamer {
  nameOf(text: string): string | undefined;
  /** After a schema change: new names from now on (the old plans stay on their connections, unused). */
  reset(): void;
}

function statementNamer(): StatementNamer {
  let names = new Map<string, string>();
  let epoch = 0;
  return {
    nameOf(text) {
      let name = names.get(text);
      if (name === undefined && names.size < MAX_NAMED_STATEMENTS && /^\s*(select|insert|update|delete)\b/i.test(text)) {
        name = `tessera_${epoch}_${names.size}`;
        names.set(text, name);
      }
      return name;
    },
    reset() {
      epoch += 1;
      names = new Map();
    },
  };
}

/** A pooled client whose queries run as named prepared statements when the namer names them. */
function withNamedStatements(client: pg.PoolClient, nameOf: (text: string) => string | undefined): pg.PoolClient {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
  return Object.assign(Object.create(client) as pg.PoolClient, {
    query: (config: unknown, values?: unknown) => {
      const name = typeof config === 'string' ? nameOf(config) : undefined;
      return name ? query({ name, text: config, values }) : query(config, values);
    },
    release: (error?: Error | boolean) => client.release(error),
  });
}

function typedPool(pgPool: pg.Pool, config: ServerDatabaseConfig, nameOf: (text: string) => string | undefined): PostgresPool {
  const { connection, pool } = config;
  return {
    async connect() {
      try {
        return withNamedStatements(await pgPool.connect(), nameOf);
      } catch (error) {
        if (error instanceof Error && error.message === 'timeout exceeded when trying to connect') {
          throw new ServiceUnavailableError(`No database connection became free within ${pool.acquireTimeoutMillis} ms (connection.acquireConnectionTimeout)`);
        }
        throw ServiceUnavailableError.database(error, [connection.password, connection.connectionString]);
      }
    },
    end: () => pgPool.end(),
  };
}

/** A Kysely instance over a pg pool; every session runs in UTC and, if configured, in its schema. */
export async function openPostgres(config: ServerDatabaseConfig, counter: StatementCounter): Promise<{ db: Kysely<DynamicSchema>; dialect: Dialect; schemaChanged: () => void }> {
  const { connection, pool, schema } = config;
  const options = ['-c TimeZone=UTC', ...(schema ? [`-c search_path=${schema}`] : [])].join(' ');
  const pgPool = new pg.Pool({
    ...connection,
    ssl: connection.ssl as pg.PoolConfig['ssl'],
    min: pool.min,
    max: pool.max,
    connectionTimeoutMillis: pool.acquireTimeoutMillis,
    options,
    types: { getTypeParser } as pg.CustomTypesConfig,
  });
  // An idle client's network error must not take the process down; the next query reconnects.
  pgPool.on('error', () => undefined);
  const namer = statementNamer();
  const db = new Kysely<DynamicSchema>({ dialect: new PostgresDialect({ pool: typedPool(pgPool, config, (text) => namer.nameOf(text)) }), log: () => counter.increment() });
  try {
    if (schema) await db.schema.createSchema(schema).ifNotExists().execute();
    const { rows } = await sql<{ icu: boolean }>`select exists (select 1 from pg_collation where collname = 'und-x-icu') as icu`.execute(db);
    return { db, dialect: createPostgresDialect({ caseFoldingCollation: rows[0]?.icu ? 'und-x-icu' : null }), schemaChanged: () => namer.reset() };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
