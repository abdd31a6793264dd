import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type Transaction } from 'kysely';
import type { DatabaseConfig } from './database-config.js';
import type { Dialect } from './dialect.js';
import { mysqlDialect } from './mysql/mysql-dialect.js';
import { decimalKey } from './sqlite/decimal-key.js';
import { sqliteDialect } from './sqlite/sqlite-dialect.js';
import { SqliteDriver } from './sqlite/sqlite-driver.js';
import { StatementCounter } from './statement-counter.js';
import { importOptional } from '../shared/optional-package.js';

/** Tables are defined at run time, so the query builder sees them as string-keyed records. */
export type DynamicSchema = Record<string, Record<string, unknown>>;

/** Something that runs queries: the database itself or an open transaction. */
export type Executor = Kysely<DynamicSchema>;
export type DbTransaction = Transaction<DynamicSchema>;

export interface Database {
  readonly db: Kysely<DynamicSchema>;
  readonly dialect: Dialect;
  readonly counter: StatementCounter;
  /**
   * Runs `fn` in one transaction: it commits when `fn` resolves, rolls back when it throws.
   * A transaction the database aborted for a deadlock or a serialization failure is run again
   * (a bounded number of times), so `fn` must have no effect outside the transaction.
   */
  transaction<T>(fn: (trx: DbTransaction) => Promise<T>): Promise<T>;
  /**
   * Runs a lone statement (its own transaction) again when the database aborted it for a
   * deadlock, as `transaction` does: InnoDB may choose a single DELETE as the one to give way.
   */
  retrying<T>(statement: () => Promise<T>): Promise<T>;
  /**
   * Tables changed (the content-type builder): statements prepared before must not be reused,
   * since their result types may differ now (PostgreSQL refuses a cached plan whose result
   * type changed). Later statements get new names; SQLite re-prepares by itself.
   */
  schemaChanged(): void;
  close(): Promise<void>;
}

function openSqlite(filename: string): BetterSqlite3.Database {
  if (filename !== ':memory:') mkdirSync(path.dirname(filename), { recursive: true });
  const sqlite = new BetterSqlite3(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // LIKE operators are case-sensitive, as their names promise; the `i` variants lower both sides.
  sqlite.pragma('case_sensitive_like = ON');
  // SQLite's own lower() folds ASCII only; case-insensitive operators must fold every script.
  sqlite.function('tessera_lower', { deterministic: true }, (value: unknown) =>
    value === null || value === undefined ? null : String(value).toLowerCase(),
  );
  // Decimals are exact text; ordering compares their order-preserving keys (sqlite/decimal-key).
  sqlite.function('tessera_decimal_key', { deterministic: true }, (value: unknown) => decimalKey(value));
  return sqlite;
}

function sqliteKysely(filename: string, counter: StatementCounter): Kysely<DynamicSchema> {
  const sqlite = openSqlite(filename);
  return new Kysely<DynamicSchema>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new SqliteDriver(sqlite, counter),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}

/** Runs of a transaction that lost to concurrent ones, before the conflict reaches the caller. */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * Retries conflicts instead of reporting them as a 500: under concurrent writes PostgreSQL and
 * InnoDB may abort one of two transactions that wait on each other, and the loser succeeds when
 * run again. The random, growing pause keeps two losers from colliding again in step.
 */
async function withRetry<T>(dialect: Dialect, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !dialect.isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
    }
  }
}

/** Opens the configured database: SQLite (the embedded default), PostgreSQL or MySQL/MariaDB. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const counter = new StatementCounter();
  let opened: { db: Kysely<DynamicSchema>; dialect: Dialect; schemaChanged?: () => void };
  if (config.client === 'sqlite') opened = { db: sqliteKysely(config.filename, counter), dialect: sqliteDialect };
  // The server drivers are loaded only by projects that use them: an SQLite project never pays their memory.
  else if (config.client === 'postgres') {
    const { openPostgres } = await importOptional('pg', { file: 'config/database', feature: 'connection.client "postgres"' }, () => import('./postgres/open-postgres.js'));
    opened = await openPostgres(config, counter);
  } else {
    const { openMysql } = await importOptional('mysql2', { file: 'config/database', feature: `connection.client "${config.client}"` }, () => import('./mysql/open-mysql.js'));
    opened = { db: await openMysql(config, counter), dialect: mysqlDialect };
  }
  const { db, dialect, schemaChanged = () => undefined } = opened;
  return {
    db,
    dialect,
    counter,
    schemaChanged,
    transaction: (fn) => withRetry(dialect, () => db.transaction().execute(fn)),
    retrying: (statement) => withRetry(dialect, statement),
    close: () => db.destroy(),
  };
}
