import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readServerCronConfig } from './server-cron-config.js';

const FILE = '/project/config/server.js';
const read = (value: Record<string, unknown>) => readServerCronConfig({ file: FILE, value });

describe('readServerCronConfig', () => {
  it("is off unless enabled, as Strapi's default", () => {
    assert.deepEqual(read({}), { enabled: false, tasks: {}, file: FILE });
    const tasks = { '0 0 * * *': () => undefined };
    assert.equal(read({ cron: { tasks } }).enabled, false);
    assert.deepEqual(read({ cron: { enabled: true, tasks } }), { enabled: true, tasks, file: FILE });
  });

  it('refuses a bad section or task naming the file, enabled or not', () => {
    assert.throws(() => read({ cron: true }), { name: 'DefinitionError', message: `${FILE}: cron must be an object { enabled, tasks }` });
    assert.throws(() => read({ cron: { enabled: 'yes' } }), { name: 'DefinitionError', message: `${FILE}: cron.enabled must be true or false, got "yes"` });
    assert.throws(() => read({ cron: { tasks: { nightly: { options: '0 0 * * *' } } } }), { name: 'DefinitionError', message: `${FILE}: cron.tasks: Could not schedule a cron job for "nightly": no function found.` });
    assert.throws(() => read({ cron: { enabled: true, tasks: { '61 * * * *': () => undefined } } }), /server.js: cron.tasks: cron task "61 \* \* \* \*" has an invalid rule/);
  });
});
