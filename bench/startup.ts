import path from 'node:path';
import { BLOG_PROJECT, NODE_FLAGS, TESSERA_ENTRY } from './paths.js';
import { freePort, memoryOf, sleep, startServer } from './processes.js';
import { removeDatabase } from './seed-sqlite.js';

export interface StartupResult {
  readonly runsMs: readonly number[];
  readonly medianMs: number;
  /** RSS of the blog example at idle right after start (the first run), for reference. */
  readonly idleRssMb: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * `tessera start examples/blog` on a fresh database each time, timed from spawn to the first
 * 200 of GET /api/articles: process start, config, schema sync, the example's seed, listen.
 */
export async function measureStartup(workDir: string, runs: number): Promise<StartupResult> {
  const runsMs: number[] = [];
  let idleRssMb = 0;
  for (let run = 0; run < runs; run += 1) {
    const file = path.join(workDir, `startup-${run}.db`);
    removeDatabase(file);
    const { server, readyMs } = await startServer({
      name: 'tessera (examples/blog)',
      args: [...NODE_FLAGS, TESSERA_ENTRY, 'start', BLOG_PROJECT],
      env: { DATABASE_FILENAME: file },
      port: await freePort(),
      readyPath: '/api/articles',
    });
    runsMs.push(readyMs);
    if (run === 0) {
      await sleep(500);
      idleRssMb = memoryOf(server.pid).rssMb;
    }
    await server.stop();
    removeDatabase(file);
  }
  return { runsMs, medianMs: median(runsMs), idleRssMb };
}
