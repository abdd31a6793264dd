/**
 * `npm run bench`: Tessera against a hand-written Fastify baseline on the same seeded data, on
 * SQLite (better-sqlite3) and/or PostgreSQL (pg), plus, on PostgreSQL, read throughput with
 * several Tessera processes on one database, and Tessera's start-up time and memory. Prints a
 * table and writes .tmp/bench/latest.json. Options: see bench/README.md and options.ts.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase, type BenchDatabase, type DatabaseKind } from './bench-database.js';
import { benchGraphql, formatGraphql, type GraphqlResult } from './graphql-bench.js';
import { graphqlPopulateScenario } from './graphql-scenario.js';
import { verifyGraphqlPages } from './graphql-verify.js';
import { sweepInstances, type InstanceSweep } from './instance-sweep.js';
import { runLoad } from './load.js';
import { measurePair } from './measure-pair.js';
import { parseOptions, type BenchOptions } from './options.js';
import { BASELINE_ENTRIES, TESSERA_ENTRY, WORK_DIR } from './paths.js';
import { freePort, memoryOf, sleep, type ServerProcess } from './processes.js';
import { formatSummary, summarizeProfile } from './profile-summary.js';
import { formatReport, type BenchReport, type DatabaseReport, type MemoryResult, type ScenarioProfile, type ScenarioResult } from './report.js';
import { createScenarios, populatePageCount, type Scenario } from './scenarios.js';
import { startBaseline, startTessera } from './servers.js';
import { countStatements } from './statement-count.js';
import { measureStartup } from './startup.js';
import { verifySameAnswers } from './verify.js';
import { benchVersions } from './versions-bench.js';

const STARTUP_TARGET_MS = 1000;
const RSS_TARGET_MB = 120;
const SEED = 20_260_101;

const log = (message: string): void => console.log(message);

/** A fresh Tessera on a fresh copy of the seed, under --cpu-prof, driven by one scenario. */
async function profileScenario(database: BenchDatabase, scenario: Scenario, options: BenchOptions): Promise<ScenarioProfile> {
  const directory = path.join(WORK_DIR, 'profiles');
  mkdirSync(directory, { recursive: true });
  const name = `tessera-${database.kind}-${scenario.name}.cpuprofile`;
  const env = await database.copy('profile');
  const server = await startTessera(env, await freePort(), ['--cpu-prof', `--cpu-prof-dir=${directory}`, `--cpu-prof-name=${name}`]);
  try {
    const urls = [server.baseUrl];
    await runLoad({ urls, plan: scenario.plan, connections: options.load.connections, durationSeconds: 1, firstSequence: 0 });
    await runLoad({ urls, plan: scenario.plan, connections: options.load.connections, durationSeconds: options.profileSeconds, firstSequence: 1_000_000 });
  } finally {
    await server.stop();
  }
  const file = path.join(directory, name);
  if (!existsSync(file)) throw new Error(`No CPU profile was written to ${file}:\n${server.output()}`);
  return { ...summarizeProfile(file), scenario: scenario.name };
}

/** One database's report, with the GraphQL scenario's figures when it ran. */
type DatabaseOutcome = DatabaseReport & { readonly graphql: GraphqlResult | null };

/** Seeds one database kind, compares the two servers on it, sweeps instances (PostgreSQL) and profiles misses. */
async function benchDatabase(kind: DatabaseKind, options: BenchOptions, startupMissed: boolean): Promise<DatabaseOutcome> {
  const database = await openBenchDatabase(kind, WORK_DIR);
  try {
    log(`\n${kind}: seeding ${options.load.documents} articles (schema by Tessera)…`);
    const seedStarted = performance.now();
    const documentIds = await database.seed(options.load.documents, SEED);
    const seedMs = performance.now() - seedStarted;
    log(`Seeded ${documentIds.length} articles in ${Math.round(seedMs)} ms`);
    const allScenarios = createScenarios(documentIds);
    const scenarios = allScenarios.filter((scenario) => !options.only || options.only.includes(scenario.name));
    // GraphQL's page is measured against Tessera's REST populate page, whether or not that scenario runs too.
    const restPopulate = allScenarios.find((scenario) => scenario.name === 'populate');
    const graphqlScenario = !options.only || options.only.includes('graphql-populate') ? graphqlPopulateScenario(documentIds.length) : null;
    const graphqlCounted = graphqlScenario && restPopulate ? [graphqlScenario, ...(scenarios.includes(restPopulate) ? [] : [restPopulate])] : [];
    const statements = await countStatements(await database.copy('statements'), [...scenarios, ...graphqlCounted]);
    log(`SQL statements per request in Tessera: ${scenarios.map((scenario) => `${scenario.name} ${statements[scenario.name] ?? '?'}`).join(', ')}`);

    const results: ScenarioResult[] = [];
    let tesseraMemory: MemoryResult;
    let baselineMemory: MemoryResult;
    const servers: ServerProcess[] = [];
    let graphql: GraphqlResult | null = null;
    try {
      const tessera = await startTessera(await database.copy('tessera'), await freePort());
      servers.push(tessera);
      const baseline = await startBaseline(kind, await database.copy('baseline'), await freePort());
      servers.push(baseline);
      await sleep(1000);
      const tesseraIdle = memoryOf(tessera.pid);
      const baselineIdle = memoryOf(baseline.pid);

      const [firstId] = documentIds;
      if (!firstId) throw new Error('nothing was seeded');
      const populateRuns = graphqlScenario !== null || scenarios.some((scenario) => scenario.name === 'populate');
      const populatePages = populateRuns ? [...new Set([1, 2, populatePageCount(documentIds.length)])] : [];
      await verifySameAnswers(tessera.baseUrl, baseline.baseUrl, firstId, populatePages);
      log(`Verified: both servers answer the list, findOne${populatePages.length > 0 ? ', populate' : ''}, create and update requests with the same JSON.`);
      if (graphqlScenario) {
        await verifyGraphqlPages(tessera.baseUrl, populatePages);
        log(`Verified: Tessera's GraphQL pages ${populatePages.join(', ')} carry the same documents as its REST populate pages.`);
      }

      for (const scenario of scenarios) {
        const [tesseraResult, baselineResult] = await measurePair([tessera, baseline], scenario.plan, options.load);
        const ratio = tesseraResult.load.requestsPerSecond / baselineResult.load.requestsPerSecond;
        results.push({
          scenario: scenario.name,
          description: scenario.description,
          tessera: tesseraResult,
          baseline: baselineResult,
          ratio,
          targetRatio: scenario.targetRatio,
          met: ratio >= scenario.targetRatio,
          tesseraStatements: statements[scenario.name] ?? null,
        });
        log(`  ${scenario.name}: Tessera ${Math.round(tesseraResult.load.requestsPerSecond)} req/s, baseline ${Math.round(baselineResult.load.requestsPerSecond)} req/s, ratio ${ratio.toFixed(2)}`);
      }
      if (graphqlScenario && restPopulate) {
        graphql = await benchGraphql(
          { tessera, baseline, graphql: graphqlScenario, rest: restPopulate, settings: options.load },
          { graphql: statements['graphql-populate'] ?? null, rest: statements.populate ?? null },
        );
        log(`  SQL statements per request in Tessera: graphql-populate ${statements['graphql-populate'] ?? '?'}, populate ${statements.populate ?? '?'}`);
        log(`  graphql-populate: GraphQL ${Math.round(graphql.graphql.load.requestsPerSecond)} req/s, REST ${Math.round(graphql.rest.load.requestsPerSecond)} req/s, baseline ${Math.round(graphql.baseline.load.requestsPerSecond)} req/s, GraphQL ÷ REST ${graphql.ratio.toFixed(2)}`);
      }

      await sleep(2000);
      tesseraMemory = { idleAfterStart: tesseraIdle, idleAfterLoad: memoryOf(tessera.pid) };
      baselineMemory = { idleAfterStart: baselineIdle, idleAfterLoad: memoryOf(baseline.pid) };
    } finally {
      for (const server of servers) await server.stop();
    }
    // Its own project and data, measured after the others' servers have stopped.
    const versions = !options.only || options.only.includes('versions') ? await benchVersions(kind, options, SEED, log) : null;
    if (versions) results.push(versions.result);

    let instances: InstanceSweep | null = null;
    const readScenarios = scenarios.filter((scenario) => scenario.name === 'list' || scenario.name === 'findOne');
    if (kind === 'postgres' && options.instances.length > 0 && readScenarios.length > 0) {
      log(`Instances: ${options.instances.join(', ')} Tessera processes on one database (fresh copy of the seed)…`);
      instances = await sweepInstances({
        env: await database.copy('instances'),
        counts: options.instances,
        scenarios: readScenarios,
        settings: options.load,
        secondsPerPoint: options.instanceSeconds,
        log,
      });
    }

    const memoryMet = tesseraMemory.idleAfterStart.rssMb < RSS_TARGET_MB && tesseraMemory.idleAfterLoad.rssMb < RSS_TARGET_MB;
    const missed = scenarios.filter((scenario) => results.some((result) => result.scenario === scenario.name && !result.met));
    const toProfile = options.profile === 'always' ? scenarios : options.profile === 'never' ? [] : missed;
    // A missed start-up or memory target with every ratio met: profile the reads, where time goes first.
    if (toProfile.length === 0 && options.profile === 'auto' && (!memoryMet || startupMissed)) toProfile.push(...scenarios.slice(0, 2));
    if (graphqlScenario && graphql && (options.profile === 'always' || (options.profile === 'auto' && !graphql.met))) toProfile.push(graphqlScenario);
    const profiles: ScenarioProfile[] = [];
    for (const scenario of toProfile) {
      log(`Profiling Tessera on ${kind} under the ${scenario.name} scenario (${options.profileSeconds} s)…`);
      profiles.push(await profileScenario(database, scenario, options));
    }
    profiles.push(...(versions?.profiles ?? []));
    return {
      database: kind,
      seedMs,
      scenarios: results,
      memory: { tessera: tesseraMemory, baseline: baselineMemory, targetMb: RSS_TARGET_MB, met: memoryMet },
      instances,
      profiles,
      graphql,
    };
  } finally {
    // The databases are rebuilt on every run; only the results and profiles are worth keeping.
    await database.dispose();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  for (const entry of [TESSERA_ENTRY, ...options.databases.map((kind) => BASELINE_ENTRIES[kind])]) {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  }
  mkdirSync(WORK_DIR, { recursive: true });
  const started = performance.now();
  const loadBefore = os.loadavg()[0] ?? 0;

  log(`Start-up: ${options.startupRuns} × tessera start examples/blog on a fresh SQLite database…`);
  const startup = await measureStartup(WORK_DIR, options.startupRuns);
  const startupMet = startup.medianMs < STARTUP_TARGET_MS;

  const databases: DatabaseOutcome[] = [];
  for (const kind of options.databases) databases.push(await benchDatabase(kind, options, !startupMet && databases.length === 0));

  const cpus = os.cpus();
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: { cpus: cpus.length, cpuModel: cpus[0]?.model.trim() ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
    settings: options.load,
    loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    startup: { ...startup, targetMs: STARTUP_TARGET_MS, met: startupMet },
    databases,
  };
  const output = path.join(WORK_DIR, 'latest.json');
  writeFileSync(output, `${JSON.stringify(report, null, 2)}\n`);
  log('');
  log(formatReport(report));
  for (const database of databases) {
    if (database.graphql) log(`\n${formatGraphql(database.database, database.graphql)}`);
  }
  for (const database of databases) {
    for (const profile of database.profiles) log(`\nCPU profile, ${database.database}, ${profile.scenario} scenario — ${formatSummary(profile)}`);
  }
  log(`\nResults written to ${path.relative(process.cwd(), output)} (the whole run took ${Math.round((performance.now() - started) / 1000)} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
