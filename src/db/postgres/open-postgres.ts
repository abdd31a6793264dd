import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
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
  const db = new Kysely<DynamicSchema>({ dialect: new PostgresDialect({ pool: pgPool }), log: () => counter.increment() });
  try {
    if (schema) await db.schema.createSchema(schema).ifNotExists().execute();
    const { rows } = await sql<{ icu: boolean }>`select exists (select 1 from pg_collation where collname = 'und-x-icu') as icu`.execute(db);
    return { db, dialect: createPostgresDialect({ caseFoldingCollation: rows[0]?.icu ? 'und-x-icu' : null }) };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
