import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { sql } from 'kysely';
import type { ServerDatabaseConfig } from '../../src/core/db/database-config.js';
import { openDatabase, type Database } from '../../src/core/db/database.js';
import { ROOT } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export type ServerKind = 'postgres' | 'mysql';

const LABELS: Readonly<Record<ServerKind, string>> = { postgres: 'PostgreSQL', mysql: 'MariaDB/MySQL' };
const readiness = new Map<ServerKind, boolean>();

/** Whether the local server answers (started first when it is installed but down); asked once per process. */
export function databaseServerReady(kind: ServerKind): boolean {
  let ready = readiness.get(kind);
  if (ready === undefined) {
    const run = spawnSync('bash', [path.join(ROOT, 'scripts', 'ensure-database-server.sh'), kind], { stdio: 'ignore', timeout: 45_000 });
    readiness.set(kind, (ready = run.status === 0));
  }
  return ready;
}

/** A fresh database on a server, as cluster tests need it. */
export interface ServerDatabase {
  readonly kind: ServerKind;
  readonly config: ServerDatabaseConfig;
  /** The variables the cluster-app fixture's config/database.js reads (Strapi's names). */
  readonly env: Record<string, string>;
}

function envOf(config: ServerDatabaseConfig): Record<string, string> {
  const { host, port, user, password, database } = config.connection;
  return {
    DATABASE_CLIENT: config.client,
    DATABASE_HOST: host ?? '127.0.0.1',
    DATABASE_PORT: String(port ?? (config.client === 'postgres' ? 5432 : 3306)),
    DATABASE_USERNAME: user ?? '',
    DATABASE_PASSWORD: password ?? '',
    DATABASE_NAME: database ?? '',
  };
}

/**
 * Runs `fn` on a fresh database of this server, dropped afterwards whatever happens. When the
 * server cannot be had the test is skipped, loudly: a skip must never pass for a success.
 * Returns false when skipped.
 */
export async function onFreshDatabase(t: TestContext, kind: ServerKind, fn: (database: ServerDatabase) => Promise<void>): Promise<boolean> {
  if (!databaseServerReady(kind)) {
    const reason = `!!! SKIPPED: no ${LABELS[kind]} server answers on 127.0.0.1 and none could be started (scripts/ensure-database-server.sh ${kind})`;
    console.error(reason);
    t.diagnostic(reason);
    t.skip(reason);
    return false;
  }
  const created: TestDatabase = await createTestDatabase(kind);
  try {
    const config = created.config as ServerDatabaseConfig;
    await fn({ kind, config, env: envOf(config) });
  } finally {
    await created.drop();
  }
  return true;
}

/** A direct connection to inspect the database behind the servers' backs. */
export async function inspect<T>(database: ServerDatabase, fn: (database: Database) => Promise<T>): Promise<T> {
  const opened = await openDatabase(database.config);
  try {
    return await fn(opened);
  } finally {
    await opened.close();
  }
}

/** Table → its index names, sorted, as the catalog lists them (one entry per index, not per column). */
export async function indexesByTable(database: Database): Promise<Record<string, string[]>> {
  const { rows } =
    database.dialect.name === 'postgres'
      ? await sql<{ table_name: string; name: string }>`select tablename as table_name, indexname as name from pg_indexes where schemaname = current_schema()`.execute(database.db)
      : await sql<{ table_name: string; name: string }>`select table_name as table_name, index_name as name from information_schema.statistics
          where table_schema = database() and seq_in_index = 1`.execute(database.db);
  const result: Record<string, string[]> = {};
  for (const row of rows) (result[row.table_name] ??= []).push(row.name);
  for (const names of Object.values(result)) names.sort();
  return result;
}

/** Every index's indexed columns, so that two indexes over the same columns under different names show up. */
export async function indexedColumnLists(database: Database): Promise<string[]> {
  const { rows } =
    database.dialect.name === 'postgres'
      ? await sql<{ definition: string }>`select regexp_replace(indexdef, '^.* ON ', '') as definition from pg_indexes where schemaname = current_schema()`.execute(database.db)
      : await sql<{ definition: string }>`select concat(table_name, '(', group_concat(column_name order by seq_in_index), ')') as definition
          from information_schema.statistics where table_schema = database() group by table_name, index_name`.execute(database.db);
  return rows.map((row) => row.definition).sort();
}

/** The tables of the database, sorted. */
export async function tableNames(database: Database): Promise<string[]> {
  const { rows } =
    database.dialect.name === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(database.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = database()`.execute(database.db);
  return rows.map((row) => row.name).sort();
}
