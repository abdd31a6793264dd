import { cpuBetween, sampleCpu, type CpuShare } from './cpu-usage.js';
import { combineRuns, runLoad, type LoadResult, type RequestPlan } from './load.js';
import type { LoadSettings } from './options.js';
import type { ServerProcess } from './processes.js';

/** One server's measured runs of a scenario, and where the CPU went meanwhile. */
export interface PairSide {
  readonly load: LoadResult;
  /** Average cores used during the measured runs. */
  readonly cpu: CpuShare;
  /** CPU microseconds per response: in the server process, and in PostgreSQL (0 on SQLite, bar other users of the server). */
  readonly serverMicrosPerRequest: number;
  readonly postgresMicrosPerRequest: number;
}

export function averageCpu(shares: readonly CpuShare[], weights: readonly number[] = shares.map(() => 1)): CpuShare {
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const mean = (key: keyof CpuShare): number => shares.reduce((sum, share, index) => sum + share[key] * (weights[index] ?? 0), 0) / total;
  return { machine: mean('machine'), servers: mean('servers'), postgres: mean('postgres'), harness: mean('harness'), other: mean('other') };
}

/**
 * Both servers under one scenario: a warm-up each (discarded), then the measured time split
 * into rounds that alternate between them, so that a burst of load from elsewhere on the
 * machine hits both rather than one. Each server's request sequence continues across its runs.
 */
export async function measurePair(servers: readonly [ServerProcess, ServerProcess], plan: RequestPlan, settings: LoadSettings): Promise<[PairSide, PairSide]> {
  const next = [0, 0];
  const runs: [LoadResult[], LoadResult[]] = [[], []];
  const cpu: [CpuShare[], CpuShare[]] = [[], []];
  const run = async (which: 0 | 1, durationSeconds: number): Promise<LoadResult> => {
    const result = await runLoad({ urls: [servers[which].baseUrl], plan, connections: settings.connections, durationSeconds, firstSequence: next[which] ?? 0 });
    next[which] = (next[which] ?? 0) + result.sent;
    return result;
  };
  for (const which of [0, 1] as const) await run(which, settings.warmupSeconds);
  const roundSeconds = settings.durationSeconds / settings.rounds;
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const which of [0, 1] as const) {
      const before = sampleCpu([servers[which].pid]);
      runs[which].push(await run(which, roundSeconds));
      cpu[which].push(cpuBetween(before, sampleCpu([servers[which].pid])));
    }
  }
  const side = (which: 0 | 1): PairSide => {
    const load = combineRuns(runs[which]);
    const share = averageCpu(cpu[which], runs[which].map((result) => result.seconds));
    return {
      load,
      cpu: share,
      serverMicrosPerRequest: (share.servers * 1e6) / load.requestsPerSecond,
      postgresMicrosPerRequest: (share.postgres * 1e6) / load.requestsPerSecond,
    };
  };
  return [side(0), side(1)];
}
