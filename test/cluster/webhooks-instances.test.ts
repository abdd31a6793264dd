import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { inspect, onFreshDatabase, type ServerDatabase } from '../helpers/cluster-database.js';
import { call, clientOf, type Client } from '../helpers/cluster-http.js';
import { startTogether, type Instance } from '../helpers/cluster-instance.js';
import { fixturePath } from '../helpers/test-app.js';
import { waitUntil } from '../helpers/wait-until.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * Two `tessera start` processes on one database deliver the outbox together: every write is
 * delivered once (no duplicate, none lost), and the deliveries an instance had claimed when it
 * was killed are completed by the other once its claims expire.
 */

const PROJECT = fixturePath('cluster-app');
const ADMIN = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'Secret123' };
const WRITES = 200;
const CLAIM_TTL_MS = 3000;

async function withTwoInstances(database: ServerDatabase, fn: (a: Instance, b: Instance) => Promise<void>): Promise<void> {
  const env = { ...database.env, ...ADMIN, WEBHOOK_POLL_MS: '200', WEBHOOK_CLAIM_TTL_MS: String(CLAIM_TTL_MS), WEBHOOK_RETRY_MS: '200', WEBHOOK_MAX_ATTEMPTS: '20' };
  const [a, b] = await startTogether([
    { name: 'a', projectDir: PROJECT, env },
    { name: 'b', projectDir: PROJECT, env },
  ]);
  assert.ok(a && b);
  try {
    await fn(a, b);
  } finally {
    await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')]);
  }
}

/** Creates the webhook through A's admin API, then waits until B announces its writes too (it follows within the change feed's delay). */
async function createWebhook(a: Instance, b: Instance, receiver: WebhookReceiver): Promise<void> {
  const login = await call(a.origin, 'POST', '/admin/login', { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const created = await fetch(`${a.origin}/admin/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.data.token}` },
    body: JSON.stringify({ name: 'Receiver', url: receiver.url, events: ['entry.create'] }),
  });
  assert.equal(created.status, 201, await created.text());
  let probe = 0;
  await waitUntil('B announces its writes', async () => {
    probe += 1;
    const reply = await clientOf(b.origin).post('/api/entries', { title: `probe ${probe}` });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    await waitUntil('the probe delivered or dropped', () => quiet(b));
    return receiver.calls.some((received) => received.body.entry.title === `probe ${probe}`);
  }, 200);
}

/** No event waiting for its fan-out and no delivery pending, as the API of one instance cannot tell: read from the database. */
let current: ServerDatabase | undefined;
async function quiet(_instance: Instance): Promise<boolean> {
  if (!current) return false;
  return inspect(current, async (db) => {
    const events = await db.db.selectFrom('tessera_events').select(sql<number>`count(*)`.as('n')).where('dispatched', '=', 0).executeTakeFirstOrThrow();
    const pending = await db.db.selectFrom('tessera_webhook_deliveries').select(sql<number>`count(*)`.as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    return Number(events.n) === 0 && Number(pending.n) === 0;
  });
}

/** WRITES creates spread over both instances, 8 at a time; their documentIds. */
async function writeSpread(clients: readonly Client[], prefix: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let seq = next++; seq < WRITES; seq = next++) {
        const reply = await (clients[seq % clients.length] as Client).post('/api/entries', { title: `${prefix} ${seq}` });
        assert.equal(reply.status, 201, JSON.stringify(reply.body));
        ids.add(reply.body.data.documentId as string);
      }
    }),
  );
  return ids;
}

function deliveredOnce(receiver: WebhookReceiver, ids: ReadonlySet<string>, prefix: string): void {
  const calls = receiver.calls.filter((received) => String(received.body.entry.title).startsWith(`${prefix} `));
  const keys = calls.map((received) => String(received.headers['idempotency-key']));
  assert.equal(new Set(keys).size, keys.length, 'no event delivered twice');
  assert.deepEqual(new Set(calls.map((received) => received.body.entry.documentId as string)), ids, 'every write delivered');
  assert.equal(calls.length, WRITES);
  assert.ok(calls.every((received) => received.body.event === 'entry.create' && received.body.uid === 'api::entry.entry'));
}

for (const [kind, label] of [
  ['postgres', 'PostgreSQL'],
  ['mysql', 'MariaDB'],
] as const) {
  describe(`webhooks from two tessera processes on one ${label} database`, () => {
    it(`${WRITES} writes over both → ${WRITES} deliveries, none twice; a SIGKILLed instance's claimed deliveries are completed by the other`, { timeout: 180_000 }, async (t) => {
      const receiver = await startWebhookReceiver();
      try {
        await onFreshDatabase(t, kind, async (database) => {
          current = database;
          await withTwoInstances(database, async (a, b) => {
            await createWebhook(a, b, receiver);
            const clients = [clientOf(a.origin), clientOf(b.origin)];
            const ids = await writeSpread(clients, 'spread');
            await waitUntil('every delivery done', () => quiet(a), 100);
            deliveredOnce(receiver, ids, 'spread');

            // Each instance sends one webhook's deliveries one after the other: two held requests are one claimed by each. A is killed while it holds its own.
            receiver.mode = 'hang';
            const held = await writeSpread(clients, 'held');
            await waitUntil('a delivery in flight from each instance', () => receiver.held() >= 2);
            await a.stop('SIGKILL');
            receiver.mode = 'ok';
            // B's held requests fail (503, retried); A's connections died with it: its claims expire and B takes them over.
            receiver.release(503);
            await waitUntil('every delivery done after the kill', () => quiet(b), 200);
            deliveredOnce(receiver, held, 'held');
            t.diagnostic(`after the kill: ${receiver.refused()} attempts refused or cut, all ${WRITES} delivered once`);
          });
        });
      } finally {
        current = undefined;
        await receiver.close();
      }
    });
  });
}
