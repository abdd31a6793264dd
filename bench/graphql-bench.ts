/**
 * The graphql-populate scenario (issue 8): Tessera's GraphQL page against Tessera's own REST
 * populate page (target ≥ 0.7) and the hand-written baseline's REST page, on the servers run.ts
 * started. The three alternate in rounds (GraphQL → REST → baseline, twice) so a burst of load
 * from elsewhere on the machine hits all three.
 */
import { cpuBetween, sampleCpu, type CpuShare } from './cpu-usage.js';
import { combineRuns, runLoad, type LoadResult, type RequestPlan } from './load.js';
import { averageCpu, type PairSide } from './measure-pair.js';
import type { LoadSettings } from './options.js';
import type { ServerProcess } from './processes.js';
import type { Scenario } from './scenarios.js';

/** REST populate plan of both servers, the GraphQL plan of Tessera. */
export interface GraphqlBenchInput {
  readonly tessera: ServerProcess;
  readonly baseline: ServerProcess;
  readonly graphql: Scenario;
  readonly rest: Scenario;
  readonly settings: LoadSettings;
}

export interface GraphqlResult {
  readonly graphql: PairSide;
  readonly rest: PairSide;
  readonly baseline: PairSide;
  /** Tessera GraphQL req/s ÷ Tessera REST req/s. */
  readonly ratio: number;
  readonly targetRatio: number;
  readonly met: boolean;
  /** GraphQL req/s ÷ baseline REST req/s, for scale. */
  readonly ratioToBaseline: number;
  /** SQL statements per request in Tessera (statement-count.ts): GraphQL, REST. */
  readonly statements: { readonly graphql: number | null; readonly rest: number | null };
}

/** The populate page in both baselines (bench/README.md, Baselines). */
const BASELINE_POPULATE_STATEMENTS = 5;

interface Side {
  readonly server: ServerProcess;
  readonly plan: RequestPlan;
}

/** Like measurePair, over any number of (server, plan) sides. */
async function measureRotation(sides: readonly Side[], settings: LoadSettings): Promise<PairSide[]> {
  const next = sides.map(() => 0);
  const runs: LoadResult[][] = sides.map(() => []);
  const cpu: CpuShare[][] = sides.map(() => []);
  const run = async (which: number, durationSeconds: number): Promise<LoadResult> => {
    const side = sides[which];
    if (!side) throw new Error(`no side ${which}`);
    const result = await runLoad({ urls: [side.server.baseUrl], plan: side.plan, connections: settings.connections, durationSeconds, firstSequence: next[which] ?? 0 });
    next[which] = (next[which] ?? 0) + result.sent;
    return result;
  };
  for (const which of sides.keys()) await run(which, settings.warmupSeconds);
  const roundSeconds = settings.durationSeconds / settings.rounds;
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const [which, side] of sides.entries()) {
      const before = sampleCpu([side.server.pid]);
      runs[which]?.push(await run(which, roundSeconds));
      cpu[which]?.push(cpuBetween(before, sampleCpu([side.server.pid])));
    }
  }
  return sides.map((_, which) => {
    const sideRuns = runs[which] ?? [];
    const load = combineRuns(sideRuns);
    const share = averageCpu(cpu[which] ?? [], sideRuns.map((result) => result.seconds));
    return { load, cpu: share, serverMicrosPerRequest: (share.servers * 1e6) / load.requestsPerSecond, postgresMicrosPerRequest: (share.postgres * 1e6) / load.requestsPerSecond };
  });
}

export async function benchGraphql(input: GraphqlBenchInput, statements: GraphqlResult['statements']): Promise<GraphqlResult> {
  const [graphql, rest, baseline] = await measureRotation(
    [
      { server: input.tessera, plan: input.graphql.plan },
      { server: input.tessera, plan: input.rest.plan },
      { server: input.baseline, plan: input.rest.plan },
    ],
    input.settings,
  );
  if (!graphql || !rest || !baseline) throw new Error('measureRotation lost a side');
  const ratio = graphql.load.requestsPerSecond / rest.load.requestsPerSecond;
  return {
    graphql,
    rest,
    baseline,
    ratio,
    targetRatio: input.graphql.targetRatio,
    met: ratio >= input.graphql.targetRatio,
    ratioToBaseline: graphql.load.requestsPerSecond / baseline.load.requestsPerSecond,
    statements,
  };
}

/** One line per side, then the ratios: printed after run.ts's report. */
export function formatGraphql(database: string, result: GraphqlResult): string {
  const onPostgres = database === 'postgres';
  const line = (name: string, side: PairSide, sql: string): string => {
    const cpu = onPostgres ? `${side.serverMicrosPerRequest.toFixed(0)} + ${side.postgresMicrosPerRequest.toFixed(0)}` : side.serverMicrosPerRequest.toFixed(0);
    return `  ${name.padEnd(24)} ${side.load.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50/p99 ${side.load.latencyP50Ms.toFixed(1)} / ${side.load.latencyP99Ms.toFixed(1)} ms  CPU µs/req ${cpu}  SQL/req ${sql}`;
  };
  const sql = (count: number | null): string => (count === null ? '?' : String(count));
  return [
    `GraphQL, ${database}: the populate page over POST /graphql against the same page over REST`,
    line('Tessera GraphQL', result.graphql, sql(result.statements.graphql)),
    line('Tessera REST', result.rest, sql(result.statements.rest)),
    line('baseline REST', result.baseline, String(BASELINE_POPULATE_STATEMENTS)),
    `  GraphQL ÷ REST ${result.ratio.toFixed(2)} (target ≥ ${result.targetRatio} ${result.met ? 'ok' : 'MISSED'}); GraphQL ÷ baseline ${result.ratioToBaseline.toFixed(2)}`,
  ].join('\n');
}
