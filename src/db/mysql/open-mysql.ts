import { CompiledQuery, Kysely, MysqlDialect } from 'kysely';
import { createPool, type TypeCastField, type TypeCastNext } from 'mysql2';
import type { ServerDatabaseConfig } from '../database-config.js';
import type { DynamicSchema } from '../database.js';
import { isoFromSqlTime, isoFromSqlTimestamp } from '../sql-timestamps.js';
import type { StatementCounter } from '../statement-counter.js';

/**
 * Strict mode turns out-of-range or malformed values into errors instead of silent
 * truncation. Backslash escapes stay on: mysql2 escapes the values it interpolates with them.
 */
const SESSION = "set session sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION', time_zone = '+00:00'";

/** Instants and times come back as the API's ISO 8601 text; dates stay `yyyy-MM-dd`. */
function typeCast(field: TypeCastField, next: TypeCastNext): unknown {
  if (field.type === 'DATETIME' || field.type === 'TIMESTAMP') {
    const text = field.string();
    return text === null ? null : isoFromSqlTimestamp(text);
  }
  if (field.type === 'TIME') {
    const text = field.string();
    return text === null ? null : isoFromSqlTime(text);
  }
  return next();
}

/** A Kysely instance over a mysql2 pool (MySQL 8 or MariaDB 10.6+). */
export async function openMysql(config: ServerDatabaseConfig, counter: StatementCounter): Promise<Kysely<DynamicSchema>> {
  const { connection, pool } = config;
  const mysqlPool = createPool({
    ...(connection.connectionString ? { uri: connection.connectionString } : {}),
    host: connection.host,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    database: connection.database,
    ...(connection.ssl ? { ssl: connection.ssl === true ? {} : (connection.ssl as Record<string, unknown>) } : {}),
    connectionLimit: pool.max,
    charset: 'utf8mb4',
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    decimalNumbers: false,
    connectTimeout: pool.acquireTimeoutMillis,
    typeCast,
  });
  return new Kysely<DynamicSchema>({
    dialect: new MysqlDialect({
      pool: mysqlPool,
      onCreateConnection: async (created) => {
        await created.executeQuery(CompiledQuery.raw(SESSION));
      },
    }),
    log: () => counter.increment(),
  });
}
