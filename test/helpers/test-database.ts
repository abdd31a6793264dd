import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/core/config/app-config.js';

/** The database the e2e suite runs on: `TESSERA_TEST_DB` = sqlite (default) | postgres | mysql. */
export type TestDatabaseKind = 'sqlite' | 'postgres' | 'mysql';

export function testDatabaseKind(env: NodeJS.ProcessEnv = process.env): TestDatabaseKind {
  const kind = env.TESSERA_TEST_DB ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'postgres' && kind !== 'mysql') throw new Error(`TESSERA_TEST_DB must be sqlite, postgres or mysql, got ${kind}`);
  return kind;
}

/** The local servers of the development machine and CI (see the env entry of the tool library). */
const POSTGRES = { host: process.env.PGHOST ?? '127.0.0.1', port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? 'postgres', password: process.env.PGPASSWORD ?? '' };
const MYSQL = { host: process.env.MYSQL_HOST ?? '127.0.0.1', port: Number(process.env.MYSQL_PORT ?? 3306), user: process.env.MYSQL_USER ?? 'root', password: process.env.MYSQL_PASSWORD ?? '' };

export interface TestDatabase {
  readonly config: DatabaseConfig;
  /** Drops the database (server kinds); nothing to do for an in-memory SQLite one. */
  drop(): Promise<void>;
}

async function onPostgres<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...POSTGRES, database: 'postgres' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function onMysql<T>(fn: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection(MYSQL);
  try {
    return await fn(connection);
  } finally {
    await connection.end();
  }
}

/**
 * The schema a test app's start will sync, to be synced once into a template database that
 * later apps of the same schema start from (PostgreSQL: `create database … template …`).
 */
export interface SchemaTemplate {
  /** Names the schema: apps whose tables are the same share a key. */
  readonly key: string;
  /** Syncs the schema into the (empty) database of `config`. */
  build(config: DatabaseConfig): Promise<void>;
}

/**
 * The test runner's id for the template databases of one run (scripts/run-tests.mjs sets it and
 * drops them at the end). Templates live for one run only: a template kept from an earlier
 * checkout could hold the DDL of older code. Without it, every app syncs its schema itself.
 */
export const TEMPLATES_ENV = 'TESSERA_TEST_TEMPLATES';
export const TEMPLATE_PREFIX = 'tessera_tpl_';

/** PostgreSQL's answer while another session still uses a database being copied or renamed. */
const OBJECT_IN_USE = '55006';
const DUPLICATE_DATABASE = '42P04';

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** Runs `statement`, again while PostgreSQL says a session of the databases involved is still ending. */
async function whileInUse(statement: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await onPostgres((client) => client.query(statement));
      return;
    } catch (error) {
      if (errorCode(error) !== OBJECT_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * The name of the template database for `template` in this run, built when no process of the run
 * has built it yet: synced under a private name, then renamed (atomic: when two processes build
 * the same template, the second rename fails and its copy is dropped).
 */
async function postgresTemplate(run: string, template: SchemaTemplate, pool: { min: number; max: number; acquireTimeoutMillis: number }): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${run}_${template.key}`;
  const found = await onPostgres((client) => client.query('select 1 from pg_database where datname = $1', [name]));
  if (found.rowCount === 0) {
    const building = `tessera_b_${process.pid}_${randomBytes(4).toString('hex')}`;
    await onPostgres((client) => client.query(`create database ${building}`));
    try {
      await template.build({ client: 'postgres', connection: { ...POSTGRES, database: building }, pool });
      await whileInUse(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await onPostgres((client) => client.query(`drop database if exists ${building} with (force)`));
      if (errorCode(error) !== DUPLICATE_DATABASE) throw error;
    }
  }
  return name;
}

/**
 * A fresh database of the given kind, private to one test app: empty, or — on PostgreSQL, when
 * the test runner allows templates and `template` is given — a copy of a database where that
 * schema was synced once (the app's start then syncs and finds nothing to do).
 */
export async function createTestDatabase(kind: TestDatabaseKind = testDatabaseKind(), template?: SchemaTemplate): Promise<TestDatabase> {
  if (kind === 'sqlite') return { config: { client: 'sqlite', filename: ':memory:' }, drop: async () => undefined };
  const name = `tessera_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  // A long acquire wait: on a loaded machine (three passes at once, other work) 10 s were not enough
  // for a busy server, and the app answered 503. Tests of the timeout set their own (ops-pool).
  const pool = { min: 0, max: 5, acquireTimeoutMillis: 60_000 };
  if (kind === 'postgres') {
    const run = process.env[TEMPLATES_ENV];
    if (template && run && /^[0-9a-f]{1,16}$/.test(run)) await whileInUse(`create database ${name} template ${await postgresTemplate(run, template, pool)}`);
    else await onPostgres((client) => client.query(`create database ${name}`));
    return {
      config: { client: 'postgres', connection: { ...POSTGRES, database: name }, pool },
      drop: () => onPostgres((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
    };
  }
  await onMysql((connection) => connection.query(`create database ${name} character set utf8mb4 collate utf8mb4_bin`));
  return {
    config: { client: 'mysql', connection: { ...MYSQL, database: name }, pool },
    drop: () => onMysql((connection) => connection.query(`drop database if exists ${name}`)).then(() => undefined),
  };
}
