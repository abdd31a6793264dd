import { CompiledQuery, Kysely, MysqlDialect, type MysqlPool } from 'kysely';
import { createPool, type Pool, type TypeCastField, type TypeCastNext } from 'mysql2';
import { ServiceUnavailableError } from '../../shared/errors.js';
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

/**
 * The pool as Kysely sees it. mysql2 queues a request for a connection for ever, so the wait
 * is bounded here: after `acquireConnectionTimeout` the request fails with a 503, and a
 * connection that arrives for it later goes straight back to the pool. A server that is down
 * or refuses us is a 503 too.
 */
function timedPool(mysqlPool: Pool, config: ServerDatabaseConfig): MysqlPool {
  const { connection, pool } = config;
  const secrets = [connection.password, connection.connectionString];
  return {
    getConnection(callback) {
      let settled = false;
      // 0 means no limit, as with pg's connectionTimeoutMillis.
      const timer =
        pool.acquireTimeoutMillis > 0
          ? setTimeout(() => {
              settled = true;
              // Kysely reads the connection only when there is no error.
              callback(new ServiceUnavailableError(`No database connection became free within ${pool.acquireTimeoutMillis} ms (connection.acquireConnectionTimeout)`), undefined as never);
            }, pool.acquireTimeoutMillis)
          : undefined;
      mysqlPool.getConnection((error, acquired) => {
        if (settled) {
          if (!error) acquired.release();
          return;
        }
        settled = true;
        clearTimeout(timer);
        if (error) callback(ServiceUnavailableError.database(error, secrets), acquired);
        else callback(null, acquired);
      });
    },
    end: (callback) => mysqlPool.end(callback),
  };
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
      pool: timedPool(mysqlPool, config),
      onCreateConnection: async (created) => {
        await created.executeQuery(CompiledQuery.raw(SESSION));
      },
    }),
    log: () => counter.increment(),
  });
}
