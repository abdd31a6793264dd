import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKind } from '../helpers/test-database.js';

const kind = testDatabaseKind();

const EXHAUSTED = {
  data: null,
  error: {
    status: 503,
    name: 'ServiceUnavailableError',
    message: 'No database connection became free within 200 ms (connection.acquireConnectionTimeout)',
    details: {},
  },
};

/** Holds the only pooled connection in a transaction for about a second; resolves `held` once it has it. */
function holdTheConnection(t: TestApp): { held: Promise<void>; done: Promise<void> } {
  let markHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  const done = t.app.database.transaction(async (trx) => {
    markHeld();
    await (kind === 'postgres' ? sql`select pg_sleep(1)` : sql`select sleep(1)`).execute(trx);
  });
  return { held, done };
}

describe('pool exhaustion', { skip: kind === 'sqlite' && 'SQLite has one connection and no pool' }, () => {
  it('fails a request that gets no connection within acquireConnectionTimeout with a 503 envelope, and serves again once one is free', { timeout: 20_000 }, async () => {
    const t = await startTestApp({
      override: (config) => (config.database.client === 'sqlite' ? config : { ...config, database: { ...config.database, pool: { min: 0, max: 1, acquireTimeoutMillis: 200 } } }),
    });
    try {
      const created = await t.post('/api/samples', { data: { str: 'before' } });
      assert.equal(created.status, 201);

      const hold = holdTheConnection(t);
      await hold.held;
      const started = performance.now();
      // A read, a write and the readiness probe, all waiting for the one connection at once.
      const [list, write, ready] = await Promise.all([t.get('/api/samples'), t.post('/api/samples', { data: { str: 'during' } }), t.get('/_ready')]);
      const waited = performance.now() - started;
      assert.deepEqual([list.status, list.body], [503, EXHAUSTED]);
      assert.deepEqual([write.status, write.body], [503, EXHAUSTED]);
      assert.deepEqual([ready.status, ready.body], [503, EXHAUSTED]);
      assert.ok(waited >= 190, `they queued for the timeout first (waited ${Math.round(waited)} ms)`);
      assert.ok(waited < 900, `they failed at the timeout, not when the holder finished (waited ${Math.round(waited)} ms)`);

      await hold.done;
      // The connections that arrived late for the timed-out requests went back to the pool.
      const after = await Promise.all([t.get('/api/samples'), t.get('/_ready'), t.get('/api/samples')]);
      assert.deepEqual(after.map((response) => response.status), [200, 200, 200]);
      assert.deepEqual(after[0]?.body.data.map((sample: { str: string }) => sample.str), ['before'], 'the failed write wrote nothing');
      const written = await t.post('/api/samples', { data: { str: 'after' } });
      assert.equal(written.status, 201);
    } finally {
      await t.close();
    }
  });
});
