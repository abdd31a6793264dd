import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openDatabase, type Database } from '../../core/db/database.js';
import { ServiceUnavailableError } from '../../core/shared/errors.js';
import { createReadiness } from './readiness.js';

async function unavailable(promise: Promise<void>, message: string | RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ServiceUnavailableError, `expected a ServiceUnavailableError, got ${String(error)}`);
    if (typeof message === 'string') assert.equal(error.message, message);
    else assert.match(error.message, message);
    return true;
  });
}

describe('createReadiness', () => {
  it('is ready while the database answers, and not once draining', async () => {
    const database = await openDatabase({ client: 'sqlite', filename: ':memory:' });
    try {
      const readiness = createReadiness({ database });
      await readiness.check();
      const before = database.counter.count;
      readiness.drain();
      await unavailable(readiness.check(), 'Shutting down');
      assert.equal(database.counter.count, before, 'a draining instance does not ask the database');
    } finally {
      await database.close();
    }
  });

  /** A database whose every query runs `execute` instead of reaching a driver. */
  async function withExecute(execute: () => Promise<never>, fn: (database: Database) => Promise<void>): Promise<void> {
    const database = await openDatabase({ client: 'sqlite', filename: ':memory:' });
    const executor = database.db.getExecutor();
    const provider = { getExecutor: () => ({ transformQuery: executor.transformQuery.bind(executor), compileQuery: executor.compileQuery.bind(executor), executeQuery: execute }) };
    try {
      await fn({ ...database, db: provider as unknown as Database['db'] });
    } finally {
      await database.close();
    }
  }

  it('is not ready when the database fails, naming the problem without the secrets', async () => {
    await withExecute(
      () => Promise.reject(new Error('connect ECONNREFUSED for postgres://app:hunter2@db/x with hunter2')),
      (database) => unavailable(createReadiness({ database, secrets: ['hunter2'] }).check(), 'Database unavailable: connect ECONNREFUSED for postgres://***@db/x with ***'),
    );
  });

  it('keeps the typed error of a pool that found no free connection', async () => {
    const error = new ServiceUnavailableError('No database connection became free within 200 ms (connection.acquireConnectionTimeout)');
    await withExecute(
      () => Promise.reject(error),
      (database) => unavailable(createReadiness({ database }).check(), error.message),
    );
  });

  it('gives up on a database that does not answer in time', async () => {
    await withExecute(
      () => new Promise<never>(() => undefined),
      async (database) => {
        const started = Date.now();
        await unavailable(createReadiness({ database, timeoutMillis: 50 }).check(), 'Database unavailable: no answer within 50 ms');
        assert.ok(Date.now() - started < 1000, 'the probe is bounded by its timeout');
      },
    );
  });
});
