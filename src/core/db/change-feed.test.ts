import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { manualClock } from '../../../test/helpers/manual-clock.js';
import { CHANGE_FEED_TABLE } from './change-feed-table.js';
import { createChangeFeed, type ChangeFeed } from './change-feed.js';
import { openDatabase, type Database } from './database.js';
import type { DatabaseConfig } from './database-config.js';
import { syncSchema } from './sync-schema.js';

/** Two instances on one SQLite file, each with its own feed and clock. */
describe('change feed', () => {
  let dir: string;
  let config: DatabaseConfig;
  const opened: Database[] = [];
  const feeds: ChangeFeed[] = [];

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-feed-'));
    config = { client: 'sqlite', filename: path.join(dir, 'data.db') };
  });
  after(async () => {
    for (const feed of feeds) await feed.close();
    for (const database of opened) await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const TOPICS = ['permissions', 'locales', 'model'];

  async function instance(clock = manualClock(), topics: readonly string[] = TOPICS) {
    const database = await openDatabase(config);
    opened.push(database);
    await syncSchema(database, [CHANGE_FEED_TABLE]);
    const logs: string[] = [];
    const feed = await createChangeFeed({ database, config, topics, clock, log: (message) => logs.push(message) });
    feeds.push(feed);
    feed.start();
    return { database, feed, clock, logs };
  }

  it('creates one row per topic once, whoever starts first (an older database gets them at its next start)', async () => {
    await instance();
    await instance();
    const rows = await opened[0]!.db.selectFrom(CHANGE_FEED_TABLE.name).select(['topic', 'version']).orderBy('topic').execute();
    assert.deepEqual(rows.map((row) => [row.topic, Number(row.version)]), [['locales', 0], ['model', 0], ['permissions', 0]]);
  });

  it('creates the row of a topic declared later at the next start; refuses a topic nobody declared', async () => {
    await instance(manualClock(), [...TOPICS, 'plugin-state']);
    const rows = await opened[0]!.db.selectFrom(CHANGE_FEED_TABLE.name).select('topic').orderBy('topic').execute();
    assert.deepEqual(rows.map((row) => row.topic), ['locales', 'model', 'permissions', 'plugin-state']);
    const { feed, database } = await instance();
    assert.throws(() => feed.subscribe('undeclared', async () => undefined), /no topic "undeclared"/);
    await assert.rejects(feed.record(database.db, 'undeclared'), /no topic "undeclared"/);
  });

  it('calls the subscribers of a topic another instance recorded, at the next read on its clock, and those of no other topic', async () => {
    const a = await instance();
    const b = await instance();
    const calls: string[] = [];
    b.feed.subscribe('locales', async () => void calls.push('locales'));
    b.feed.subscribe('model', async () => void calls.push('model'));
    await a.database.transaction((trx) => a.feed.record(trx, 'locales'));
    b.clock.advance(b.feed.followDelayMs - 1);
    await b.feed.idle();
    assert.deepEqual(calls, [], 'no read before the follow delay');
    b.clock.advance(1);
    await b.feed.idle();
    assert.deepEqual(calls, ['locales']);
    b.clock.advance(b.feed.followDelayMs);
    await b.feed.idle();
    assert.deepEqual(calls, ['locales'], 'an unmoved version calls nobody');
  });

  it('a change rolled back with its transaction is not announced', async () => {
    const a = await instance();
    const b = await instance();
    const calls: string[] = [];
    b.feed.subscribe('permissions', async () => void calls.push('permissions'));
    await assert.rejects(
      a.database.transaction(async (trx) => {
        await a.feed.record(trx, 'permissions');
        throw new Error('the change fails');
      }),
    );
    await b.feed.poll();
    assert.deepEqual(calls, []);
  });

  it('calls a failing subscriber again at the next read, and logs the failure', async () => {
    const a = await instance();
    const b = await instance();
    let attempts = 0;
    b.feed.subscribe('model', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('database away');
    });
    await a.feed.record(a.database.db, 'model');
    await b.feed.poll();
    await b.feed.poll();
    assert.equal(attempts, 2);
    assert.match(b.logs.join('\n'), /Following a change of model failed: database away/);
    await b.feed.poll();
    assert.equal(attempts, 2, 'done once it succeeded');
  });

  it('reads nothing more once closed', async () => {
    const a = await instance();
    const b = await instance();
    let calls = 0;
    b.feed.subscribe('locales', async () => void (calls += 1));
    await b.feed.close();
    await a.feed.record(a.database.db, 'locales');
    b.clock.advance(10 * b.feed.followDelayMs);
    await b.feed.poll();
    assert.equal(calls, 0);
  });
});
