import path from 'node:path';
import type { BenchDatabase, DatabaseKind } from './bench-database.js';
import { BENCH_PREFIX, createDatabase, dropDatabases, ensurePostgresServer, serverEnv } from './postgres-server.js';
import { copyDatabase, removeDatabase } from './seed-sqlite.js';
import { seedVersionsPostgres, seedVersionsSqlite } from './seed-versions.js';
import { createSchemaWithTessera } from './tessera-schema.js';
import { VERSIONS_PROJECT } from './versions-paths.js';

/**
 * The versions scenario's seeded data and the servers' private copies, as bench-database.ts
 * keeps the other scenarios' (same copy mechanisms), under names of its own so both can exist
 * at once: `versions-*.db` files on SQLite, `tessera_bench_<pid>_versions_*` on PostgreSQL.
 */
export async function openVersionsDatabase(kind: DatabaseKind, workDir: string): Promise<BenchDatabase> {
  if (kind === 'sqlite') {
    const seeded = path.join(workDir, 'versions-seed.db');
    const files = new Set<string>([seeded]);
    return {
      kind,
      seed: (count, seed) => seedVersionsSqlite(seeded, count, seed),
      async copy(name) {
        const file = path.join(workDir, `versions-${name}.db`);
        copyDatabase(seeded, file);
        files.add(file);
        return { DATABASE_FILENAME: file };
      },
      async dispose() {
        for (const file of files) removeDatabase(file);
      },
    };
  }
  ensurePostgresServer();
  const prefix = `${BENCH_PREFIX}${process.pid}_versions_`;
  const seeded = `${prefix}seed`;
  const names = new Set<string>();
  return {
    kind,
    async seed(count, seed) {
      names.add(seeded);
      await dropDatabases([seeded]);
      await createDatabase(seeded);
      await createSchemaWithTessera(serverEnv(seeded), VERSIONS_PROJECT);
      return seedVersionsPostgres(seeded, count, seed);
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
