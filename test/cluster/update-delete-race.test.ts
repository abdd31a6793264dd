import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { createApp } from '../../src/server/app.js';
import type { Database } from '../../src/core/db/database.js';
import { inspect, onFreshDatabase, type ServerDatabase, type ServerKind } from '../helpers/cluster-database.js';
import { waitUntil } from '../helpers/wait-until.js';
import { clientOf, type Client } from '../helpers/cluster-http.js';
import { fixturePath } from '../helpers/test-app.js';

/**
 * A PUT and a DELETE of one document at once, the DELETE committing between the PUT's read of
 * the document's row and its UPDATE (another instance, or the same one: a plain type's DELETE
 * is a lone statement that takes none of the write locks). The PUT must answer as if it came
 * after the delete, a 404: it was a 500 on PostgreSQL (nothing left to read back) and, on
 * MariaDB, a 200 showing the deleted row's old values for a write that changed nothing.
 *
 * The window is made certain rather than hoped for: a connection of the test holds the row
 * (SELECT … FOR UPDATE) while the PUT runs into it, then deletes it and commits.
 */

/**
 * Whether some statement of the app runs into the held row. MariaDB does not list a wait on a
 * row lock taken by SELECT … FOR UPDATE among its lock waits: there, a statement on the table
 * still running at two polls in a row is the one waiting.
 */
async function someoneWaits(database: Database, kind: ServerKind): Promise<boolean> {
  const { rows } =
    kind === 'postgres'
      ? await sql<{ n: unknown }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db)
      : await sql<{ n: unknown }>`select count(*) as n from information_schema.processlist
          where db = database() and id <> connection_id() and command = 'Query' and info like '%validateds%'`.execute(database.db);
  return Number(rows[0]?.n) > 0;
}

async function untilSomeoneWaits(database: Database, kind: ServerKind): Promise<void> {
  let seen = 0;
  await waitUntil('the PUT waiting for the held row', async () => {
    seen = (await someoneWaits(database, kind)) ? seen + 1 : 0;
    return seen >= 2;
  }, 50);
}

async function putMeetsDelete(server: ServerDatabase, client: Client, body: Record<string, unknown>): Promise<void> {
  const created = await client.post('/api/validateds', { name: 'victim', code: 'ABC', contact: 'v@example.com' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const documentId: string = created.body.data.documentId;
  const url = `/api/validateds/${documentId}`;
  const reply = await inspect(server, async (database) => {
    let put: Promise<{ status: number; body: unknown }> | undefined;
    await database.db.transaction().execute(async (trx) => {
      await sql`select id from validateds where document_id = ${documentId} for update`.execute(trx);
      put = client.put(url, body);
      await untilSomeoneWaits(database, server.kind);
      await sql`delete from validateds where document_id = ${documentId}`.execute(trx);
    });
    return put;
  });
  assert.deepEqual(reply, { status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } });
  assert.equal((await client.get(url)).status, 404);
}

for (const [kind, label] of [
  ['postgres', 'PostgreSQL'],
  ['mysql', 'MariaDB'],
] as const) {
  describe(`a PUT that meets a DELETE of its document on ${label}`, () => {
    it('answers 404, never a 500 or the deleted values', { timeout: 30_000 }, async (t) => {
      await onFreshDatabase(t, kind, async (server) => {
        const app = await createApp({
          projectDir: fixturePath('kitchen-sink'),
          override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: server.config }),
        });
        try {
          const client = clientOf(await app.listen());
          // A unique attribute set to null (the CI failure), one set to a value, and plain values.
          for (const body of [{ code: null }, { contact: 'w@example.com' }, { score: 3 }]) await putMeetsDelete(server, client, body);
        } finally {
          await app.close();
        }
      });
    });
  });
}
