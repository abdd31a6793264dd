/**
 * `npm run bench`: Tessera against a hand-written Fastify + better-sqlite3 baseline on the same
 * seeded data, plus Tessera's start-up time and memory. Prints a table and writes
 * .tmp/bench/latest.json. Options: --duration s (measured time per server and scenario), --warmup s,
 * --rounds n (the measured time is split into n rounds alternating between the servers), --connections n, --documents n,
 * --startup-runs n, --profile auto|always|never (auto: profile the scenarios that miss their target),
 * --only list,findOne,update,create (a subset of the scenarios, for a quick look).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { combineRuns, runLoad, type LoadResult, type RequestPlan } from './load.js';
import { BASELINE_ENTRY, BENCH_PROJECT, NODE_FLAGS, TESSERA_ENTRY, WORK_DIR } from './paths.js';
import { freePort, memoryOf, sleep, startServer, type ServerProcess } from './processes.js';
import { formatSummary, summarizeProfile, type ProfileSummary } from './profile-summary.js';
import { formatReport, type BenchReport, type MemoryResult, type ScenarioResult } from './report.js';
import { createScenarios, type Scenario, type ScenarioName } from './scenarios.js';
import { copyDatabase, removeDatabase, seedDatabase } from './seed.js';
import { measureStartup } from './startup.js';
import { verifySameAnswers } from './verify.js';

const STARTUP_TARGET_MS = 1000;
const RSS_TARGET_MB = 120;
const SEED = 20_260_101;

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    documents: { type: 'string', default: '10000' },
    'startup-runs': { type: 'string', default: '5' },
    profile: { type: 'string', default: 'auto' },
    'profile-duration': { type: 'string', default: '6' },
    only: { type: 'string' },
  },
});

function positive(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer, got ${value}`);
  return number;
}

const settings = {
  durationSeconds: positive('duration', flags.duration),
  warmupSeconds: positive('warmup', flags.warmup),
  rounds: positive('rounds', flags.rounds),
  connections: positive('connections', flags.connections),
  documents: positive('documents', flags.documents),
};
const startupRuns = positive('startup-runs', flags['startup-runs']);
const profileDuration = positive('profile-duration', flags['profile-duration']);
const profileMode = flags.profile;
if (profileMode !== 'auto' && profileMode !== 'always' && profileMode !== 'never') throw new Error('--profile must be auto, always or never');

const log = (message: string): void => console.log(message);

function startTessera(database: string, port: number, nodeFlags: readonly string[] = []): ReturnType<typeof startServer> {
  return startServer({
    name: 'tessera',
    args: [...NODE_FLAGS, ...nodeFlags, TESSERA_ENTRY, 'start', BENCH_PROJECT],
    env: { DATABASE_FILENAME: database },
    port,
    readyPath: '/api/articles',
  });
}

function startBaseline(database: string, port: number): ReturnType<typeof startServer> {
  return startServer({ name: 'baseline', args: [...NODE_FLAGS, BASELINE_ENTRY], env: { DATABASE_FILENAME: database }, port, readyPath: '/api/articles' });
}

/**
 * Both servers under one scenario: a warm-up each (discarded), then the measured time split
 * into rounds that alternate between them, so that a burst of load from elsewhere on the
 * machine hits both rather than one. Each server's request sequence continues across its runs.
 */
async function measurePair(servers: readonly [ServerProcess, ServerProcess], plan: RequestPlan): Promise<[LoadResult, LoadResult]> {
  const next = [0, 0];
  const runs: [LoadResult[], LoadResult[]] = [[], []];
  const run = async (which: 0 | 1, durationSeconds: number): Promise<LoadResult> => {
    const result = await runLoad({ baseUrl: servers[which].baseUrl, plan, connections: settings.connections, durationSeconds, firstSequence: next[which] ?? 0 });
    next[which] = (next[which] ?? 0) + result.sent;
    return result;
  };
  for (const which of [0, 1] as const) await run(which, settings.warmupSeconds);
  const roundSeconds = settings.durationSeconds / settings.rounds;
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const which of [0, 1] as const) runs[which].push(await run(which, roundSeconds));
  }
  return [combineRuns(runs[0]), combineRuns(runs[1])];
}

/** A fresh Tessera on a fresh copy of the seed, under --cpu-prof, driven by one scenario. */
async function profileScenario(seeded: string, scenario: Scenario): Promise<ProfileSummary & { scenario: ScenarioName }> {
  const directory = path.join(WORK_DIR, 'profiles');
  mkdirSync(directory, { recursive: true });
  const name = `tessera-${scenario.name}.cpuprofile`;
  const database = path.join(WORK_DIR, 'tessera-profile.db');
  copyDatabase(seeded, database);
  const { server } = await startTessera(database, await freePort(), ['--cpu-prof', `--cpu-prof-dir=${directory}`, `--cpu-prof-name=${name}`]);
  try {
    await runLoad({ baseUrl: server.baseUrl, plan: scenario.plan, connections: settings.connections, durationSeconds: 1, firstSequence: 0 });
    await runLoad({ baseUrl: server.baseUrl, plan: scenario.plan, connections: settings.connections, durationSeconds: profileDuration, firstSequence: 1_000_000 });
  } finally {
    await server.stop();
  }
  const file = path.join(directory, name);
  if (!existsSync(file)) throw new Error(`No CPU profile was written to ${file}:\n${server.output()}`);
  return { ...summarizeProfile(file), scenario: scenario.name };
}

async function main(): Promise<void> {
  for (const entry of [TESSERA_ENTRY, BASELINE_ENTRY]) if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  mkdirSync(WORK_DIR, { recursive: true });
  const loadBefore = os.loadavg()[0] ?? 0;

  log(`Start-up: ${startupRuns} × tessera start examples/blog on a fresh database…`);
  const startup = await measureStartup(WORK_DIR, startupRuns);

  const seeded = path.join(WORK_DIR, 'seed.db');
  const seedStarted = performance.now();
  const documentIds = await seedDatabase(seeded, settings.documents, SEED);
  log(`Seeded ${documentIds.length} articles into ${path.relative(process.cwd(), seeded)} in ${Math.round(performance.now() - seedStarted)} ms (schema by Tessera, rows by better-sqlite3)`);
  const tesseraDb = path.join(WORK_DIR, 'tessera.db');
  const baselineDb = path.join(WORK_DIR, 'baseline.db');
  copyDatabase(seeded, tesseraDb);
  copyDatabase(seeded, baselineDb);

  const only = flags.only?.split(',').map((name) => name.trim());
  const scenarios = createScenarios(documentIds).filter((scenario) => !only || only.includes(scenario.name));
  if (scenarios.length === 0) throw new Error(`--only names none of the scenarios list, findOne, update, create`);
  const results: ScenarioResult[] = [];
  let tesseraMemory: MemoryResult;
  let baselineMemory: MemoryResult;
  const servers: ServerProcess[] = [];
  try {
    const tessera = (await startTessera(tesseraDb, await freePort())).server;
    servers.push(tessera);
    const baseline = (await startBaseline(baselineDb, await freePort())).server;
    servers.push(baseline);
    await sleep(1000);
    const tesseraIdle = memoryOf(tessera.pid);
    const baselineIdle = memoryOf(baseline.pid);

    const [firstId] = documentIds;
    if (!firstId) throw new Error('nothing was seeded');
    await verifySameAnswers(tessera.baseUrl, baseline.baseUrl, firstId);
    log('Verified: both servers answer the list, findOne, create and update requests with the same JSON.');

    for (const scenario of scenarios) {
      const [tesseraResult, baselineResult] = await measurePair([tessera, baseline], scenario.plan);
      const ratio = tesseraResult.requestsPerSecond / baselineResult.requestsPerSecond;
      results.push({ scenario: scenario.name, description: scenario.description, tessera: tesseraResult, baseline: baselineResult, ratio, targetRatio: scenario.targetRatio, met: ratio >= scenario.targetRatio });
      log(`  ${scenario.name}: Tessera ${Math.round(tesseraResult.requestsPerSecond)} req/s, baseline ${Math.round(baselineResult.requestsPerSecond)} req/s, ratio ${ratio.toFixed(2)}`);
    }

    await sleep(2000);
    tesseraMemory = { idleAfterStart: tesseraIdle, idleAfterLoad: memoryOf(tessera.pid) };
    baselineMemory = { idleAfterStart: baselineIdle, idleAfterLoad: memoryOf(baseline.pid) };
  } finally {
    for (const server of servers) await server.stop();
  }

  const cpus = os.cpus();
  const memoryMet = tesseraMemory.idleAfterStart.rssMb < RSS_TARGET_MB && tesseraMemory.idleAfterLoad.rssMb < RSS_TARGET_MB;
  const startupMet = startup.medianMs < STARTUP_TARGET_MS;
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: { cpus: cpus.length, cpuModel: cpus[0]?.model.trim() ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
    settings,
    loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    scenarios: results,
    startup: { ...startup, targetMs: STARTUP_TARGET_MS, met: startupMet },
    memory: { tessera: tesseraMemory, baseline: baselineMemory, targetMb: RSS_TARGET_MB, met: memoryMet },
    profiles: [],
  };

  const anyMissed = results.some((result) => !result.met) || !memoryMet || !startupMet;
  const toProfile =
    profileMode === 'always' ? scenarios : profileMode === 'never' || !anyMissed ? [] : scenarios.filter((scenario) => results.some((result) => result.scenario === scenario.name && !result.met));
  // A missed start-up or memory target with every ratio met: profile the reads, where time goes first.
  if (toProfile.length === 0 && anyMissed && profileMode === 'auto') toProfile.push(...scenarios.slice(0, 2));
  const profiles: (ProfileSummary & { scenario: ScenarioName })[] = [];
  for (const scenario of toProfile) {
    log(`Profiling Tessera under the ${scenario.name} scenario (${profileDuration} s)…`);
    profiles.push(await profileScenario(seeded, scenario));
  }
  // The databases are rebuilt on every run; only the results and profiles are worth keeping.
  for (const database of ['tessera-profile.db', 'tessera.db', 'baseline.db', 'seed.db']) removeDatabase(path.join(WORK_DIR, database));

  const final: BenchReport = { ...report, profiles };
  const output = path.join(WORK_DIR, 'latest.json');
  writeFileSync(output, `${JSON.stringify(final, null, 2)}\n`);
  log('');
  log(formatReport(final));
  for (const profile of profiles) log(`\nCPU profile, ${profile.scenario} scenario — ${formatSummary(profile)}`);
  log(`\nResults written to ${path.relative(process.cwd(), output)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
