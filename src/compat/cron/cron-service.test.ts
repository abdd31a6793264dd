import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { manualClock } from '../../../test/helpers/manual-clock.js';
import type { CronClaims } from './cron-claims.js';
import { createCronService } from './cron-service.js';

const START = Date.UTC(2030, 0, 1);
const MINUTE = 60_000;

/** Claims in memory, with the same rule as the table: one winner per tick, none for an older tick. */
function memoryClaims(): CronClaims & { readonly rows: Map<string, number>; readonly won: number[] } {
  const rows = new Map<string, number>();
  const won: number[] = [];
  return {
    rows,
    won,
    claim: async (task, tick) => {
      const last = rows.get(task);
      if (last !== undefined && last >= tick) return false;
      rows.set(task, tick);
      won.push(tick - START);
      return true;
    },
  };
}

function setup() {
  const clock = manualClock(START);
  const claims = memoryClaims();
  const errors: string[] = [];
  const cron = createCronService({ clock, claims, strapi: () => ({ marker: 'strapi' }), log: { error: (message) => void errors.push(message) } });
  return { clock, claims, errors, cron };
}

describe('createCronService', () => {
  it('runs nothing before start, then each tick with { strapi }', async () => {
    const { clock, cron, claims } = setup();
    const seen: unknown[] = [];
    cron.add({ '* * * * *': ({ strapi }: { strapi: unknown }) => void seen.push(strapi) });
    clock.advance(2 * MINUTE);
    await cron.idle();
    assert.deepEqual(seen, []);
    cron.start();
    clock.advance(2 * MINUTE);
    await cron.idle();
    assert.deepEqual(seen, [{ marker: 'strapi' }, { marker: 'strapi' }]);
    assert.deepEqual(claims.won, [3 * MINUTE, 4 * MINUTE]);
  });

  it('runs a tick only where it claimed it', async () => {
    const clock = manualClock(START);
    const claims = memoryClaims();
    const runs: string[] = [];
    const log = { error: () => undefined };
    const instances = ['a', 'b'].map((name) =>
      createCronService({ clock, claims, strapi: () => name, log })
        .add({ job: { task: ({ strapi }: { strapi: string }) => void runs.push(strapi), options: { rule: '*/10 * * * *' } } })
        .start(),
    );
    clock.advance(60 * MINUTE);
    await Promise.all(instances.map((cron) => cron.idle()));
    assert.equal(runs.length, 6);
    assert.deepEqual(claims.rows, new Map([['job', START + 60 * MINUTE]]));
  });

  it('removes named tasks, stops and resumes, and lists its jobs', async () => {
    const { clock, cron } = setup();
    const runs: string[] = [];
    cron.add({ keep: { task: () => void runs.push('keep'), options: '* * * * *' }, drop: { task: () => void runs.push('drop'), options: '* * * * *' } }).start();
    assert.deepEqual(
      cron.jobs.map((job) => [job.name, job.options, job.job.nextRun()?.getTime()]),
      [
        ['keep', '* * * * *', START + MINUTE],
        ['drop', '* * * * *', START + MINUTE],
      ],
    );
    cron.remove('drop');
    assert.throws(() => cron.remove(''), /You must provide a name to remove a cron job\./);
    clock.advance(MINUTE);
    await cron.idle();
    cron.stop();
    clock.advance(5 * MINUTE);
    await cron.idle();
    cron.start();
    clock.advance(MINUTE);
    await cron.idle();
    assert.deepEqual(runs, ['keep', 'keep']);
    cron.destroy();
    assert.deepEqual(cron.jobs, []);
  });

  it('logs a failing task and keeps its schedule', async () => {
    const { clock, cron, errors } = setup();
    let calls = 0;
    cron.add({ flaky: { task: async () => {
      calls += 1;
      throw new Error('boom');
    }, options: '* * * * *' } }).start();
    clock.advance(2 * MINUTE);
    await cron.idle();
    assert.equal(calls, 2);
    assert.equal(errors.length, 2);
    assert.match(errors[0] ?? '', /^Cron job "flaky" failed: Error: boom/);
  });

  it('tells apart two tasks with one rule added in two calls', async () => {
    const { clock, cron, claims } = setup();
    const runs: number[] = [];
    cron.add({ '* * * * *': () => void runs.push(1) }).add({ '* * * * *': () => void runs.push(2) }).start();
    clock.advance(MINUTE);
    await cron.idle();
    assert.deepEqual(runs.sort(), [1, 2]);
    assert.deepEqual([...claims.rows.keys()], ['* * * * *', '* * * * *#2']);
  });

  it('runs a Date task once, and waits past the longest timer for a far one', async () => {
    const { clock, cron, claims } = setup();
    let runs = 0;
    const far = 40 * 24 * 60 * MINUTE;
    cron.add({ once: { task: () => void (runs += 1), options: new Date(START + far) } }).start();
    clock.advance(30 * 24 * 60 * MINUTE);
    await cron.idle();
    assert.equal(runs, 0);
    clock.advance(20 * 24 * 60 * MINUTE);
    await cron.idle();
    assert.equal(runs, 1);
    assert.deepEqual(claims.won, [far]);
    assert.equal(cron.jobs[0]?.job.nextRun(), null);
  });
});
