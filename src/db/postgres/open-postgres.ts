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
function typedPool(pgPool: pg.Pool, config: ServerDatabaseConfig): PostgresPool {
  const { connection, pool } = config;
  return {
    async connect() {
      try {
        return await pgPool.connect();
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
export async function openPostgres(config: ServerDatabaseConfig, counter: StatementCounter): Promise<{ db: Kysely<DynamicSchema>; dialect: Dialect }> {
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
  const db = new Kysely<DynamicSchema>({ dialect: new PostgresDialect({ pool: typedPool(pgPool, config) }), log: () => counter.increment() });
  try {
    if (schema) await db.schema.createSchema(schema).ifNotExists().execute();
    const { rows } = await sql<{ icu: boolean }>`select exists (select 1 from pg_collation where collname = 'und-x-icu') as icu`.execute(db);
    return { db, dialect: createPostgresDialect({ caseFoldingCollation: rows[0]?.icu ? 'und-x-icu' : null }) };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
