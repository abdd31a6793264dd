import type { DatabaseKind } from './bench-database.js';
import { BASELINE_ENTRIES, BENCH_PROJECT, NODE_FLAGS, TESSERA_ENTRY } from './paths.js';
import { startServer, type ServerProcess } from './processes.js';

/** `tessera start bench/project` with Tessera's launcher flags, on the database `env` points at. */
export async function startTessera(env: Readonly<Record<string, string>>, port: number, nodeFlags: readonly string[] = [], project = BENCH_PROJECT): Promise<ServerProcess> {
  const { server } = await startServer({ name: 'tessera', args: [...NODE_FLAGS, ...nodeFlags, TESSERA_ENTRY, 'start', project], env, port, readyPath: '/api/articles' });
  return server;
}

/** The hand-written baseline of this database kind, with the same flags and environment. */
export async function startBaseline(kind: DatabaseKind, env: Readonly<Record<string, string>>, port: number): Promise<ServerProcess> {
  const { server } = await startServer({ name: `baseline (${kind})`, args: [...NODE_FLAGS, BASELINE_ENTRIES[kind]], env, port, readyPath: '/api/articles' });
  return server;
}
