/**
 * The versions scenario (issue 6): the populate scenario's page read from a model with Draft &
 * Publish and two locales (bench/project-versions), against a hand-written baseline that picks
 * the same versions in its own SQL. It runs on data of its own (versions-database.ts), so it
 * seeds, verifies, measures and profiles here, the same way run.ts does the other scenarios.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseKind } from './bench-database.js';
import { runLoad } from './load.js';
import { measurePair } from './measure-pair.js';
import type { BenchOptions } from './options.js';
import { NODE_FLAGS, WORK_DIR } from './paths.js';
import { freePort, startServer, type ServerProcess } from './processes.js';
import { summarizeProfile } from './profile-summary.js';
import type { ScenarioProfile, ScenarioResult } from './report.js';
import { populatePageCount, populatePath, type Scenario } from './scenarios.js';
import { startTessera } from './servers.js';
import { countStatements } from './statement-count.js';
import { verifySamePages } from './verify.js';
import { openVersionsDatabase } from './versions-database.js';
import { VERSIONS_BASELINE_ENTRIES, VERSIONS_PROJECT } from './versions-paths.js';

/** SQL statements per page in both versions baselines (the populate scenario's plan: baseline-versions-*-server.ts). */
export const VERSIONS_BASELINE_STATEMENTS = 5;

/**
 * The populate scenario's request, unchanged: without `status` or `locale` it reads the
 * published versions in the default locale, rotating over pages 1–40.
 */
export function versionsScenario(documents: number): Scenario {
  const pages = populatePageCount(documents);
  return {
    name: 'versions',
    description: 'the populate page (author, categories, a component, a dynamic zone) on Draft & Publish in two locales: published en versions, rotating over pages 1–40',
    targetRatio: 0.5,
    plan: { method: 'GET', next: (sequence) => ({ path: populatePath(1 + (sequence % pages)) }) },
  };
}

interface Version {
  readonly title?: unknown;
  readonly locale?: unknown;
  readonly publishedAt?: unknown;
}

const isPublishedEn = (version: Version | null | undefined): boolean => version?.locale === 'en' && typeof version.publishedAt === 'string';

/**
 * A page must be full, hold what the populate scenario reads, and show only published `en`
 * versions, linked documents included (the seeded drafts and `fr` versions have other titles).
 */
function checkVersionsPage(body: unknown): void {
  const data = (body as { data: (Version & Record<string, unknown>)[] }).data;
  if (data.length !== 25) throw new Error(`The versions scenario should return a full page of 25, got ${data.length}`);
  const kinds = new Set(data.flatMap((article) => (article.blocks as { __component: string }[]).map((block) => block.__component)));
  const complete = data.every((article) => article.author !== null && (article.categories as unknown[]).length > 0 && article.seo !== null);
  if (!complete || kinds.size !== 2) throw new Error("The versions scenario's page lacks an author, categories, an SEO component or one of the two block kinds");
  const wrong = data.find(
    (article) =>
      !isPublishedEn(article) ||
      / \((fr|edited)\)$/.test(String(article.title)) ||
      !isPublishedEn(article.author as Version) ||
      !(article.categories as Version[]).every(isPublishedEn),
  );
  if (wrong) throw new Error(`The versions scenario's page shows a version other than published en: ${JSON.stringify(wrong).slice(0, 400)}`);
}

/** A fresh Tessera on a fresh copy, under --cpu-prof, driven by the scenario (as run.ts profiles the others). */
async function profileVersions(kind: DatabaseKind, env: Readonly<Record<string, string>>, scenario: Scenario, options: BenchOptions): Promise<ScenarioProfile> {
  const directory = path.join(WORK_DIR, 'profiles');
  mkdirSync(directory, { recursive: true });
  const name = `tessera-${kind}-${scenario.name}.cpuprofile`;
  const server = await startTessera(env, await freePort(), ['--cpu-prof', `--cpu-prof-dir=${directory}`, `--cpu-prof-name=${name}`], VERSIONS_PROJECT);
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

export interface VersionsOutcome {
  readonly result: ScenarioResult;
  readonly profiles: readonly ScenarioProfile[];
}

/** Seeds the versioned data on one database kind, checks both servers agree, measures them in alternating rounds. */
export async function benchVersions(kind: DatabaseKind, options: BenchOptions, seed: number, log: (message: string) => void): Promise<VersionsOutcome> {
  const database = await openVersionsDatabase(kind, WORK_DIR);
  try {
    const documents = options.load.documents;
    log(`\n${kind}, versions scenario: seeding ${documents} articles × 2 locales × (draft, published) (schema by Tessera from bench/project-versions)…`);
    const seedStarted = performance.now();
    const documentIds = await database.seed(documents, seed);
    log(`Seeded ${documentIds.length} documents (${documentIds.length * 4} article rows) in ${Math.round(performance.now() - seedStarted)} ms`);
    const scenario = versionsScenario(documentIds.length);
    const statements = (await countStatements(await database.copy('statements'), [scenario], VERSIONS_PROJECT)).versions ?? null;
    log(`SQL statements per request: versions ${statements ?? '?'} in Tessera, ${VERSIONS_BASELINE_STATEMENTS} in the baseline`);

    const servers: ServerProcess[] = [];
    let measured;
    try {
      const tessera = await startTessera(await database.copy('tessera'), await freePort(), [], VERSIONS_PROJECT);
      servers.push(tessera);
      const { server: baseline } = await startServer({
        name: `versions baseline (${kind})`,
        args: [...NODE_FLAGS, VERSIONS_BASELINE_ENTRIES[kind]],
        env: await database.copy('baseline'),
        port: await freePort(),
        readyPath: populatePath(1),
      });
      servers.push(baseline);
      const pages = [...new Set([1, 2, populatePageCount(documentIds.length)])];
      await verifySamePages(tessera.baseUrl, baseline.baseUrl, pages.map(populatePath), checkVersionsPage);
      log(`Verified: both servers answer the versions scenario's pages ${pages.join(', ')} with the same JSON (published en versions only).`);
      measured = await measurePair([tessera, baseline], scenario.plan, options.load);
    } finally {
      for (const server of servers) await server.stop();
    }

    const [tessera, baseline] = measured;
    const ratio = tessera.load.requestsPerSecond / baseline.load.requestsPerSecond;
    const result: ScenarioResult = {
      scenario: scenario.name,
      description: scenario.description,
      tessera,
      baseline,
      ratio,
      targetRatio: scenario.targetRatio,
      met: ratio >= scenario.targetRatio,
      tesseraStatements: statements,
    };
    log(`  versions: Tessera ${Math.round(tessera.load.requestsPerSecond)} req/s, baseline ${Math.round(baseline.load.requestsPerSecond)} req/s, ratio ${ratio.toFixed(2)}`);

    const profiles: ScenarioProfile[] = [];
    if (options.profile === 'always' || (options.profile === 'auto' && !result.met)) {
      log(`Profiling Tessera on ${kind} under the versions scenario (${options.profileSeconds} s)…`);
      profiles.push(await profileVersions(kind, await database.copy('profile'), scenario, options));
    }
    return { result, profiles };
  } finally {
    await database.dispose();
  }
}
