import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { createApp } from '../../src/server/app.js';
import { onFreshDatabase, type ServerDatabase } from '../helpers/cluster-database.js';
import { fixturePath } from '../helpers/test-app.js';

/**
 * A database written by an earlier version of Tessera is brought up to date by the next start,
 * not broken: here a MariaDB database from before `tessera_locks` existed (the lock row of the
 * unique checks), which schema sync adds back; unique writes work on it at once. Likewise a
 * database from before the change feed (`tessera_change_feed`).
 */
async function start(server: ServerDatabase) {
  return createApp({
    projectDir: fixturePath('kitchen-sink'),
    override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: server.config }),
  });
}

describe('opening a database written by an earlier version', () => {
  it('MariaDB without tessera_locks: the next start adds it, and unique writes work', async (t) => {
    await onFreshDatabase(t, 'mysql', async (server) => {
      const first = await start(server);
      await sql`drop table tessera_locks`.execute(first.database.db);
      await first.close();

      const second = await start(server);
      try {
        assert.deepEqual(second.sync.statements, ['create table `tessera_locks` (name varchar(191) not null primary key) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin']);
        const address = await second.listen();
        const write = (code: string) =>
          fetch(`${address}/api/validateds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'Ann', code } }) });
        assert.equal((await write('ABC')).status, 201);
        const duplicate = await write('ABC');
        assert.equal(duplicate.status, 400);
        assert.equal(((await duplicate.json()) as { error: { message: string } }).error.message, 'This attribute must be unique');
      } finally {
        await second.close();
      }

      const third = await start(server);
      assert.deepEqual(third.sync.statements, [], 'a third start finds everything in place');
      await third.close();
    });
  });

  for (const kind of ['postgres', 'mysql'] as const) {
    it(`${kind} without tessera_change_feed: the next start creates it with its topics, and a change announced there reaches another instance`, async (t) => {
      await onFreshDatabase(t, kind, async (server) => {
        const first = await start(server);
        await sql`drop table tessera_change_feed`.execute(first.database.db);
        await first.close();

        const [writer, follower] = [await start(server), await start(server)];
        try {
          assert.equal(writer.sync.createdTables.includes('tessera_change_feed'), true);
          const topics = await writer.database.db.selectFrom('tessera_change_feed').select('topic').orderBy('topic').execute();
          assert.deepEqual(topics.map((row) => row.topic), ['locales', 'model', 'permissions', 'webhooks']);
          assert.equal(follower.locales.has('es'), false);
          await writer.locales.create({ code: 'es' });
          await follower.feed.poll();
          assert.equal(follower.locales.has('es'), true);
        } finally {
          await writer.close();
          await follower.close();
        }
      });
    });
  }
});
