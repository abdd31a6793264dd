/**
 * The local PostgreSQL server the benchmark creates its databases on (the development
 * machine's and CI's: 127.0.0.1:5432, user postgres, trust auth, unless PG* variables say otherwise).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from './paths.js';
import { sleep } from './processes.js';

export const POSTGRES = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
  password: process.env.PGPASSWORD ?? '',
};

/** The variables bench/project/config/database.js and the PostgreSQL baseline read. */
export function serverEnv(database: string): Readonly<Record<string, string>> {
  return {
    DATABASE_CLIENT: 'postgres',
    DATABASE_HOST: POSTGRES.host,
    DATABASE_PORT: String(POSTGRES.port),
    DATABASE_USERNAME: POSTGRES.user,
    DATABASE_PASSWORD: POSTGRES.password,
    DATABASE_NAME: database,
  };
}

/** Starts the local server if it is installed but down (scripts/ensure-database-server.sh); fails if it cannot be had. */
export function ensurePostgresServer(): void {
  const result = spawnSync('bash', [path.join(REPO_ROOT, 'scripts', 'ensure-database-server.sh'), 'postgres'], { stdio: 'inherit', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`No PostgreSQL server answers on ${POSTGRES.host}:${POSTGRES.port} (scripts/ensure-database-server.sh postgres failed)`);
}

export async function withClient<T>(database: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...POSTGRES, database });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * `create database name [template template]`. A template must have no session: a backend that
 * was just closed can take a moment to go, so that error is retried for up to 5 s.
 */
export async function createDatabase(name: string, template?: string): Promise<void> {
  if (!NAME.test(name) || (template !== undefined && !NAME.test(template))) throw new Error(`invalid database name ${name} / ${template}`);
  const sql = `create database ${name}${template === undefined ? '' : ` template ${template}`}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await withClient('postgres', (client) => client.query(sql));
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // 55006: "source database is being accessed by other users".
      if (code !== '55006' || attempt >= 50) throw error;
      await sleep(100);
    }
  }
}

export async function dropDatabases(names: readonly string[]): Promise<void> {
  await withClient('postgres', async (client) => {
    for (const name of names) {
      if (!NAME.test(name)) throw new Error(`invalid database name ${name}`);
      await client.query(`drop database if exists ${name} with (force)`);
    }
  });
}

/** The prefix of this run's databases; a run that was killed leaves its databases behind. */
export const BENCH_PREFIX = 'tessera_bench_';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/** Drops the databases of earlier bench runs whose process is gone. */
export async function dropLeftovers(): Promise<void> {
  const { rows } = await withClient('postgres', (client) => client.query<{ datname: string }>(`select datname from pg_database where datname like 'tessera\\_bench\\_%'`));
  const stale = rows.map((row) => row.datname).filter((name) => {
    const pid = Number(/^tessera_bench_(\d+)_/.exec(name)?.[1]);
    return !Number.isInteger(pid) || !alive(pid);
  });
  if (stale.length > 0) await dropDatabases(stale);
}
