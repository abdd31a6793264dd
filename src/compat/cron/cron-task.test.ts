import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextRunOf, readCronTasks } from './cron-task.js';

const at = (iso: string) => Date.parse(iso);

describe('readCronTasks', () => {
  it("reads Strapi's two shapes: rule-keyed functions (no name) and named { task, options }", () => {
    const fn = () => undefined;
    const tasks = readCronTasks({ '0 0 * * *': fn, myJob: { task: fn, options: { rule: '*/5 * * * *', tz: 'Asia/Dhaka' } }, other: { task: fn, options: '0 1 * * *' } }, 'config/server.js');
    assert.deepEqual(
      tasks.map(({ name, label, rule, timezone }) => ({ name, label, rule, timezone })),
      [
        { name: null, label: '0 0 * * *', rule: '0 0 * * *', timezone: undefined },
        { name: 'myJob', label: 'myJob', rule: '*/5 * * * *', timezone: 'Asia/Dhaka' },
        { name: 'other', label: 'other', rule: '0 1 * * *', timezone: undefined },
      ],
    );
  });

  it('binds `this` as Strapi does: the tasks object for a function, the task object for { task }', () => {
    const tasks = {
      '* * * * *': function (this: unknown) {
        return this;
      },
      named: {
        marker: 1,
        task(this: unknown) {
          return this;
        },
        options: '* * * * *',
      },
    };
    const [first, second] = readCronTasks(tasks, 'x');
    assert.equal(first?.run({ strapi: null }), tasks);
    assert.equal(second?.run({ strapi: null }), tasks.named);
  });

  it('names the file and the task for what cannot be scheduled', () => {
    assert.throws(() => readCronTasks({ nightly: { options: '0 0 * * *' } }, 'config/server.js'), /^CronTaskError: config\/server.js: Could not schedule a cron job for "nightly": no function found\.$/);
    assert.throws(() => readCronTasks({ 'every day': () => undefined }, 'config/server.js'), /config\/server.js: cron task "every day" has an invalid rule "every day"/);
    assert.throws(() => readCronTasks({ job: { task: () => undefined, options: { rule: '0 0 * * *', tz: 'Nowhere/Else' } } }, 'f'), /"job" has an invalid rule "0 0 \* \* \*" \(time zone Nowhere\/Else\)/);
    assert.throws(() => readCronTasks({ job: { task: () => undefined, options: { hour: 3 } } }, 'f'), /"job".options.hour is not supported/);
    assert.throws(() => readCronTasks({ job: { task: () => undefined, options: { rule: 5 } } }, 'f'), /"job".options.rule must be a cron expression or a Date/);
    assert.throws(() => readCronTasks([], 'f'), /f: cron tasks must be an object/);
  });
});

describe('nextRunOf', () => {
  it('is the first run strictly after the given instant, in the time zone of the task', () => {
    assert.equal(nextRunOf({ rule: '0 0 * * *', timezone: undefined }, at('2030-01-01T00:00:00Z')), at('2030-01-02T00:00:00Z'));
    // Midnight in Dhaka (UTC+6) is 18:00 UTC.
    assert.equal(nextRunOf({ rule: '0 0 * * *', timezone: 'Asia/Dhaka' }, at('2030-01-01T12:00:00Z')), at('2030-01-01T18:00:00Z'));
    assert.equal(nextRunOf({ rule: '*/10 * * * * *', timezone: undefined }, at('2030-01-01T00:00:10Z')), at('2030-01-01T00:00:20Z'));
  });

  it('runs a Date once, and keeps to start and end', () => {
    const date = new Date('2030-01-01T10:00:00Z');
    assert.equal(nextRunOf({ rule: date, timezone: undefined }, at('2030-01-01T09:00:00Z')), date.getTime());
    assert.equal(nextRunOf({ rule: date, timezone: undefined }, date.getTime()), null);
    const bounded = { rule: '0 * * * *', timezone: undefined, start: new Date('2030-01-01T05:00:00Z'), end: new Date('2030-01-01T06:30:00Z') };
    assert.equal(nextRunOf(bounded, at('2030-01-01T00:00:00Z')), at('2030-01-01T05:00:00Z'));
    assert.equal(nextRunOf(bounded, at('2030-01-01T05:00:00Z')), at('2030-01-01T06:00:00Z'));
    assert.equal(nextRunOf(bounded, at('2030-01-01T06:00:00Z')), null);
  });
});
