import path from 'node:path';
import { BENCH_PREFIX, createDatabase, dropDatabases, dropLeftovers, ensurePostgresServer, serverEnv } from './postgres-server.js';
import { copyDatabase, removeDatabase, seedSqlite } from './seed-sqlite.js';
import { seedPostgres } from './seed-postgres.js';
import { createSchemaWithTessera } from './tessera-schema.js';

export const DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** The seeded data of one database kind, and the private copies the servers run on. */
export interface BenchDatabase {
  readonly kind: DatabaseKind;
  /** Seeds `count` articles into the data every copy starts from; their documentIds, in seed order. */
  seed(count: number, seed: number): Promise<string[]>;
  /** A fresh copy of the seeded data: the environment that points Tessera or the baseline at it. */
  copy(name: string): Promise<Readonly<Record<string, string>>>;
  /** Removes the seed and every copy. */
  dispose(): Promise<void>;
}

/** Files in workDir: the seed is checkpointed once, then copied byte for byte. */
function sqliteBenchDatabase(workDir: string): BenchDatabase {
  const seeded = path.join(workDir, 'seed.db');
  const files = new Set<string>([seeded]);
  return {
    kind: 'sqlite',
    seed: (count, seed) => seedSqlite(seeded, count, seed),
    async copy(name) {
      const file = path.join(workDir, `${name}.db`);
      copyDatabase(seeded, file);
      files.add(file);
      return { DATABASE_FILENAME: file };
    },
    async dispose() {
      for (const file of files) removeDatabase(file);
    },
  };
}

/** Databases on the local server, named after this process; copies are `create database … template <seed>`. */
async function postgresBenchDatabase(): Promise<BenchDatabase> {
  ensurePostgresServer();
  await dropLeftovers();
  const prefix = `${BENCH_PREFIX}${process.pid}_`;
  const seeded = `${prefix}seed`;
  const names = new Set<string>();
  return {
    kind: 'postgres',
    async seed(count, seed) {
      names.add(seeded);
      await dropDatabases([seeded]);
      await createDatabase(seeded);
      await createSchemaWithTessera(serverEnv(seeded));
      return seedPostgres(seeded, count, seed);
    },
    async copy(name) {
      const database = `${prefix}${name.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
      names.add(database);
      await dropDatabases([database]);
      await createDatabase(database, seeded);
      return serverEnv(database);
    },
    async dispose() {
      await dropDatabases([...names]);
    },
  };
}

export async function openBenchDatabase(kind: DatabaseKind, workDir: string): Promise<BenchDatabase> {
  return kind === 'sqlite' ? sqliteBenchDatabase(workDir) : postgresBenchDatabase();
}
