import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config/app-config.js';

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

/** A fresh, empty database of the given kind, private to one test app. */
export async function createTestDatabase(kind: TestDatabaseKind = testDatabaseKind()): Promise<TestDatabase> {
  if (kind === 'sqlite') return { config: { client: 'sqlite', filename: ':memory:' }, drop: async () => undefined };
  const name = `tessera_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const pool = { min: 0, max: 5, acquireTimeoutMillis: 10_000 };
  if (kind === 'postgres') {
    await onPostgres((client) => client.query(`create database ${name}`));
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
