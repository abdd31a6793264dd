import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { TRANSACTION_ATTEMPTS, type Database } from '../../src/core/db/database.js';
import { inspect, onFreshDatabase } from '../helpers/cluster-database.js';

/**
 * `database.transaction` runs a transaction again when the database aborted it for a conflict
 * with a concurrent one (deadlock, serialization failure), a bounded number of times, so that
 * such a conflict never reaches a client as a 500.
 */

/** A barrier for two: each caller waits until both have arrived. */
function barrierOfTwo(): () => Promise<void> {
  let arrived = 0;
  let release: () => void = () => undefined;
  const both = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === 2) release();
    return both;
  };
}

/** Two transactions that lock two rows in opposite orders: a real deadlock, which one of them loses. */
async function deadlockIsRetried(database: Database): Promise<void> {
  await sql`create table pair (id integer primary key, v integer not null)`.execute(database.db);
  await sql`insert into pair (id, v) values (1, 0), (2, 0)`.execute(database.db);
  const attempts = [0, 0];
  const bothHoldTheirFirstRow = barrierOfTwo();
  const run = (who: 0 | 1, first: number, second: number) =>
    database.transaction(async (trx) => {
      attempts[who] = (attempts[who] ?? 0) + 1;
      await sql`update pair set v = v + 1 where id = ${first}`.execute(trx);
      if (attempts[who] === 1) await bothHoldTheirFirstRow();
      await sql`update pair set v = v + 1 where id = ${second}`.execute(trx);
      return who;
    });
  assert.deepEqual(await Promise.all([run(0, 1, 2), run(1, 2, 1)]), [0, 1]);
  // One ran once, the loser twice; the loser's first run left nothing behind.
  assert.deepEqual([...attempts].sort(), [1, 2]);
  const { rows } = await sql<{ id: number; v: number }>`select id, v from pair order by id`.execute(database.db);
  assert.deepEqual(
    rows.map((row) => [Number(row.id), Number(row.v)]),
    [
      [1, 2],
      [2, 2],
    ],
  );
}

/** A conflict that keeps coming back is reported after the last attempt; other errors at once. */
async function retriesAreBounded(database: Database, conflict: object): Promise<void> {
  let runs = 0;
  await assert.rejects(
    database.transaction(async () => {
      runs += 1;
      throw Object.assign(new Error('simulated conflict'), conflict);
    }),
    /simulated conflict/,
  );
  assert.equal(runs, TRANSACTION_ATTEMPTS);

  runs = 0;
  await assert.rejects(
    database.transaction(async (trx) => {
      runs += 1;
      await sql`select no_such_column from pair`.execute(trx);
    }),
  );
  assert.equal(runs, 1);
}

describe('transactions that lose a conflict are run again', () => {
  it('PostgreSQL: a deadlock between two transactions ends with both committed', { timeout: 20_000 }, async (t) => {
    await onFreshDatabase(t, 'postgres', (server) =>
      inspect(server, async (database) => {
        await deadlockIsRetried(database);
        await retriesAreBounded(database, { code: '40001' });
      }),
    );
  });

  it('MariaDB: a deadlock between two transactions ends with both committed', { timeout: 20_000 }, async (t) => {
    await onFreshDatabase(t, 'mysql', (server) =>
      inspect(server, async (database) => {
        await deadlockIsRetried(database);
        await retriesAreBounded(database, { errno: 1213 });
      }),
    );
  });
});
