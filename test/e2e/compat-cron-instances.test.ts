import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { StrapiCron } from '../../src/compat/cron/strapi-cron.js';
import type { DocumentsApi } from '../../src/compat/documents/create-documents-api.js';
import type { AppConfig } from '../../src/core/config/app-config.js';
import { createApp, type App } from '../../src/server/app.js';
import { manualClock, type ManualClock } from '../helpers/manual-clock.js';
import { fixturePath, startTestApp } from '../helpers/test-app.js';
import { testDatabaseKind } from '../helpers/test-database.js';

/**
 * `config/server` cron tasks and `strapi.cron` on two instances sharing one database, each on
 * its own clock: every tick runs on exactly one of them (Strapi runs it on each), also when
 * both reach it at the same moment and when one lags behind the other.
 */

const FIXTURE = fixturePath('compat-services-app');
// 16:00 UTC: the nightly task (midnight in Dhaka, UTC+6) falls at 18:00 UTC.
const START = Date.UTC(2030, 0, 1, 16, 0, 0);
const MINUTE = 60_000;

interface Instance {
  readonly app: App;
  readonly clock: ManualClock;
  readonly cron: StrapiCron;
  readonly errors: string[];
}

/** The app's own cron (started after its bootstrap) and its clock; `errors` is what the app logged, read when checked. */
function instance(app: App, clock: ManualClock, logs: string[]): Instance {
  return { app, clock, cron: app.cron, errors: logs };
}

async function withTwoInstances(fn: (a: Instance, b: Instance) => Promise<void>, env: Record<string, string> = {}): Promise<void> {
  // In-memory SQLite is private to a connection: the two instances share a file instead.
  const dir = testDatabaseKind() === 'sqlite' ? mkdtempSync(path.join(tmpdir(), 'tessera-cron-')) : undefined;
  const shared = (config: AppConfig): AppConfig => (dir ? { ...config, database: { client: 'sqlite', filename: path.join(dir, 'shared.db') } } : config);
  const clockA = manualClock(START);
  const clockB = manualClock(START);
  const logsA: string[] = [];
  const logsB: string[] = [];
  const first = await startTestApp({ fixture: FIXTURE, env, clock: clockA, override: shared, log: (line) => void logsA.push(line) });
  let second: App | undefined;
  try {
    second = await createApp({ projectDir: FIXTURE, env, clock: clockB, log: (line) => void logsB.push(line), override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: first.app.config.database }) });
    const [a, b] = [instance(first.app, clockA, logsA), instance(second, clockB, logsB)];
    await fn(a, b);
    // What a task threw is logged as an error of its run.
    assert.deepEqual([...a.errors, ...b.errors].filter((line) => /cron|task|error/i.test(line)), []);
  } finally {
    await second?.close();
    await first.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** Moves both clocks on together, step by step, and waits for the runs of each step. */
async function together(instances: readonly Instance[], steps: number, stepMs: number): Promise<void> {
  for (let step = 0; step < steps; step += 1) {
    for (const { clock } of instances) clock.advance(stepMs);
    await Promise.all(instances.map(({ cron }) => cron.cron.idle()));
  }
}

async function runsByTask(app: App): Promise<Record<string, number>> {
  const rows = await app.database.db.selectFrom('ticks').select('task').execute();
  const counts: Record<string, number> = {};
  for (const row of rows) counts[String(row.task)] = (counts[String(row.task)] ?? 0) + 1;
  return counts;
}

async function claims(app: App): Promise<Record<string, string>> {
  const rows = await app.database.db.selectFrom('tessera_cron_claims').select(['task', 'tick']).execute();
  return Object.fromEntries(rows.map((row) => [String(row.task), new Date(Number(row.tick)).toISOString()]));
}

describe('cron tasks on two instances sharing a database', () => {
  it("runs each tick of config/server's tasks once, both instances reaching it at the same moment", async () => {
    await withTwoInstances(async (a, b) => {
      await together([a, b], 36, 5 * MINUTE);
      assert.deepEqual(await runsByTask(a.app), { 'every-5-minutes': 36, nightly: 1 });
      assert.deepEqual(await claims(b.app), { '*/5 * * * *': '2030-01-01T19:00:00.000Z', nightly: '2030-01-01T18:00:00.000Z' });
    });
  });

  it('never runs again on a lagging instance what the other ran', async () => {
    await withTwoInstances(async (a, b) => {
      await together([a], 12, 5 * MINUTE);
      await together([b], 12, 5 * MINUTE);
      assert.deepEqual(await runsByTask(a.app), { 'every-5-minutes': 12 });
      // B, an hour later, takes over the ticks A has not run.
      await together([b], 6, 5 * MINUTE);
      await together([a], 6, 5 * MINUTE);
      assert.deepEqual(await runsByTask(b.app), { 'every-5-minutes': 18 });
    });
  });

  it('runs tasks added with strapi.cron.add (named, with its options) once, until removed; none of the file when cron.enabled is false', async () => {
    await withTwoInstances(
      async (a, b) => {
        for (const { cron } of [a, b]) {
          // As a bootstrap adds it on every instance.
          cron.cron.add({
            cleanup: {
              task: async ({ strapi }: { strapi: { documents: DocumentsApi } }) => {
                await strapi.documents('api::tick.tick').create({ data: { task: 'cleanup' } });
              },
              options: { rule: '*/10 * * * *' },
            },
          });
          assert.deepEqual(cron.cron.jobs.map((job) => [job.name, job.job.nextRun()?.toISOString()]), [['cleanup', '2030-01-01T16:10:00.000Z']]);
        }
        await together([a, b], 6, 5 * MINUTE);
        for (const { cron } of [a, b]) cron.cron.remove('cleanup');
        await together([a, b], 6, 5 * MINUTE);
        assert.deepEqual(await runsByTask(a.app), { cleanup: 3 });
      },
      { CRON_ENABLED: 'false' },
    );
  });
});
