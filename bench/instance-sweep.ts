import { cpuBetween, sampleCpu, type CpuSample, type CpuShare } from './cpu-usage.js';
import { combineRuns, runLoad, type LoadResult } from './load.js';
import { averageCpu } from './measure-pair.js';
import type { LoadSettings } from './options.js';
import { freePort } from './processes.js';
import type { Scenario, ScenarioName } from './scenarios.js';
import { startTessera } from './servers.js';

export interface InstanceResult {
  readonly scenario: ScenarioName;
  readonly instances: number;
  readonly load: LoadResult;
  /** Throughput ÷ that of one instance. */
  readonly speedup: number;
  /** Average cores used during the measured runs, by whom. */
  readonly cpu: CpuShare;
  /** CPU microseconds per response in all Tessera processes together, and in PostgreSQL. */
  readonly serverMicrosPerRequest: number;
  readonly postgresMicrosPerRequest: number;
}

export interface InstanceSweep {
  readonly connections: number;
  readonly secondsPerPoint: number;
  readonly results: readonly InstanceResult[];
}

export interface InstanceSweepInput {
  /** Points every instance at one database (a fresh copy of the seed). */
  readonly env: Readonly<Record<string, string>>;
  readonly counts: readonly number[];
  readonly scenarios: readonly Scenario[];
  readonly settings: LoadSettings;
  readonly secondsPerPoint: number;
  readonly log: (message: string) => void;
}

function leastCommonMultiple(values: readonly number[]): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return values.reduce((lcm, value) => (lcm * value) / gcd(lcm, value), 1);
}

/**
 * Throughput of the read scenarios with 1, 2, … Tessera processes on one PostgreSQL database,
 * behind autocannon's round-robin over several URLs (connection i goes to instance i mod n).
 * The largest count of processes is started once; a point with n instances sends to the first
 * n, the others stay idle. The connection count is rounded up to a multiple of every count so
 * each instance gets the same share, and it is the same at every point. After a warm-up of all
 * instances, the points alternate in rounds (1, 2, 4, 1, 2, 4) like the server pairs do.
 */
export async function sweepInstances(input: InstanceSweepInput): Promise<InstanceSweep> {
  const { counts, settings } = input;
  const largest = Math.max(...counts);
  const step = leastCommonMultiple(counts);
  const connections = Math.ceil(settings.connections / step) * step;
  const servers = [];
  const results: InstanceResult[] = [];
  try {
    for (let index = 0; index < largest; index += 1) servers.push(await startTessera(input.env, await freePort()));
    const urls = servers.map((server) => server.baseUrl);
    const pids = servers.map((server) => server.pid);
    for (const scenario of input.scenarios) {
      let sequence = 0;
      const warm = await runLoad({ urls, plan: scenario.plan, connections, durationSeconds: settings.warmupSeconds, firstSequence: sequence });
      sequence += warm.sent;
      const runs = new Map<number, LoadResult[]>(counts.map((count) => [count, []]));
      const cpu = new Map<number, CpuShare[]>(counts.map((count) => [count, []]));
      const roundSeconds = input.secondsPerPoint / settings.rounds;
      for (let round = 0; round < settings.rounds; round += 1) {
        for (const count of counts) {
          const before: CpuSample = sampleCpu(pids);
          const result = await runLoad({ urls: urls.slice(0, count), plan: scenario.plan, connections, durationSeconds: roundSeconds, firstSequence: sequence });
          cpu.get(count)?.push(cpuBetween(before, sampleCpu(pids)));
          sequence += result.sent;
          runs.get(count)?.push(result);
        }
      }
      const single = combineRuns(runs.get(counts[0] ?? 1) ?? []).requestsPerSecond;
      for (const count of counts) {
        const load = combineRuns(runs.get(count) ?? []);
        const share = averageCpu(cpu.get(count) ?? [], (runs.get(count) ?? []).map((run) => run.seconds));
        results.push({
          scenario: scenario.name,
          instances: count,
          load,
          speedup: load.requestsPerSecond / single,
          cpu: share,
          serverMicrosPerRequest: (share.servers * 1e6) / load.requestsPerSecond,
          postgresMicrosPerRequest: (share.postgres * 1e6) / load.requestsPerSecond,
        });
        input.log(
          `  ${scenario.name}, ${count} instance${count === 1 ? '' : 's'}: ${Math.round(load.requestsPerSecond)} req/s ` +
            `(cores: Tessera ${share.servers.toFixed(2)}, PostgreSQL ${share.postgres.toFixed(2)}, autocannon ${share.harness.toFixed(2)}, other ${share.other.toFixed(2)})`,
        );
      }
    }
  } finally {
    for (const server of servers) await server.stop();
  }
  return { connections, secondsPerPoint: input.secondsPerPoint, results };
}
