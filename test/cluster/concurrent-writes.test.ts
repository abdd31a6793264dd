import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApp, type App } from '../../src/server/app.js';
import { onFreshDatabase, type ServerDatabase } from '../helpers/cluster-database.js';
import { clientOf, notUnique, type Client, type Reply } from '../helpers/cluster-http.js';
import { fixturePath } from '../helpers/test-app.js';
import { seededRandom } from '../helpers/random.js';

/**
 * Many clients writing the same documents and the same unique values at once, through two
 * apps on one database (two instances behind a load balancer), on the kitchen-sink fixture's
 * `validateds`: code (unique, ^[A-Z]{3}$), contact (unique email), handle (uid from name),
 * score and ratio (plain values).
 */

/** Two apps serving the kitchen-sink project on this database, on free loopback ports. */
async function withTwoApps(database: ServerDatabase, fn: (clients: readonly [Client, Client], apps: readonly [App, App]) => Promise<void>): Promise<void> {
  const start = () =>
    createApp({
      projectDir: fixturePath('kitchen-sink'),
      override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: database.config }),
    });
  // One after the other: starting together is what instances-start-race tests.
  const first = await start();
  let second: App | undefined;
  try {
    second = await start();
    const clients = [clientOf(await first.listen()), clientOf(await second.listen())] as const;
    await fn(clients, [first, second]);
  } finally {
    await Promise.all([first.close(), second?.close()]);
  }
}

const strip = (reply: Reply) => ({ status: reply.status, body: reply.body });

/** Requests alternate between the two instances. */
const via = (clients: readonly [Client, Client], i: number): Client => (i % 2 === 0 ? clients[0] : clients[1]);

/* --------------------------------------------------------------------------- focused races */

async function sameUniqueValueCreates(clients: readonly [Client, Client], apps: readonly [App, App]): Promise<void> {
  const N = 12;
  const replies = await Promise.all(Array.from({ length: N }, (_, i) => via(clients, i).post('/api/validateds', { name: `racer ${i}`, code: 'ZZZ' })));
  const created = replies.filter((reply) => reply.status === 201);
  assert.equal(created.length, 1, JSON.stringify(replies.map((reply) => reply.status)));
  assert.equal(created[0]?.body.data.code, 'ZZZ');
  assert.deepEqual(
    replies.filter((reply) => reply.status !== 201).map(strip),
    Array.from({ length: N - 1 }, () => ({ status: 400, body: notUnique(['code', 'ZZZ']) })),
  );
  const rows = await apps[0].database.db.selectFrom('validateds').select(['document_id', 'code']).execute();
  assert.deepEqual(rows, [{ document_id: created[0]?.body.data.documentId, code: 'ZZZ' }]);
}

async function sameUniqueValueUpdates(clients: readonly [Client, Client], apps: readonly [App, App]): Promise<void> {
  const N = 12;
  const ids: string[] = [];
  for (let i = 0; i < N; i += 1) {
    const reply = await clients[0].post('/api/validateds', { name: `doc ${i}` });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    ids.push(reply.body.data.documentId);
  }
  const replies = await Promise.all(ids.map((id, i) => via(clients, i).put(`/api/validateds/${id}`, { contact: 'only@example.com' })));
  const updated = replies.filter((reply) => reply.status === 200);
  assert.equal(updated.length, 1, JSON.stringify(replies.map((reply) => reply.status)));
  assert.deepEqual(
    replies.filter((reply) => reply.status !== 200).map(strip),
    Array.from({ length: N - 1 }, () => ({ status: 400, body: notUnique(['contact', 'only@example.com']) })),
  );
  const holders = await apps[1].database.db.selectFrom('validateds').select('document_id').where('contact', '=', 'only@example.com').execute();
  assert.deepEqual(holders, [{ document_id: updated[0]?.body.data.documentId }]);
}

async function sameTitleCreates(clients: readonly [Client, Client]): Promise<void> {
  const N = 12;
  const replies = await Promise.all(Array.from({ length: N }, (_, i) => via(clients, i).post('/api/validateds', { name: 'Same Title' })));
  assert.deepEqual(
    replies.map((reply) => reply.status),
    Array.from({ length: N }, () => 201),
  );
  const handles = replies.map((reply) => reply.body.data.handle as string).sort();
  const expected = ['same-title', ...Array.from({ length: N - 1 }, (_, i) => `same-title-${i + 1}`)].sort();
  assert.deepEqual(handles, expected);
}

/**
 * Clients that each own one attribute of a single document and update only it, all at once:
 * a partial PUT writes only its attributes, so none of them may undo another's (a lost
 * update), whether it takes the unique-check lock (code, contact) or not.
 */
async function partialUpdatesOfOneDocument(clients: readonly [Client, Client]): Promise<void> {
  const ROUNDS = 25;
  const created = await clients[0].post('/api/validateds', { name: 'target' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const url = `/api/validateds/${created.body.data.documentId}`;
  const owners: ReadonlyArray<readonly [attribute: string, valueOf: (round: number) => unknown]> = [
    ['name', (round) => `name ${round}`],
    ['score', (round) => round],
    ['ratio', (round) => round / 20],
    ['amount', (round) => round + 0.5],
    ['kind', (round) => (round % 2 === 0 ? 'a' : 'b')],
    ['active', (round) => round % 2 === 1],
    ['code', (round) => `Q${String.fromCharCode(65 + Math.floor(round / 26))}${String.fromCharCode(65 + (round % 26))}`],
    ['contact', (round) => `owner${round}@example.com`],
  ];
  const problems: string[] = [];
  await Promise.all(
    owners.map(async ([attribute, valueOf], i) => {
      const client = via(clients, i);
      for (let round = 1; round <= ROUNDS; round += 1) {
        const value = valueOf(round);
        const reply = await client.put(url, { [attribute]: value });
        if (reply.status !== 200 || reply.body.data[attribute] !== value) problems.push(`PUT ${attribute}=${String(value)} → ${reply.status} ${JSON.stringify(reply.body)}`);
        // The only writer of this attribute reads back what it wrote last, whatever the others did meanwhile.
        const read = await via(clients, i + 1).get(url);
        if (read.status !== 200 || read.body.data[attribute] !== value) problems.push(`GET after ${attribute}=${String(value)} → ${read.status} ${JSON.stringify(read.body.data?.[attribute])}`);
      }
    }),
  );
  assert.deepEqual(problems, []);
  const final = await clients[1].get(url);
  assert.deepEqual(
    Object.fromEntries(owners.map(([attribute]) => [attribute, final.body.data[attribute]])),
    Object.fromEntries(owners.map(([attribute, valueOf]) => [attribute, valueOf(ROUNDS)])),
  );
  assert.equal(final.body.data.handle, 'target');
}

/* ---------------------------------------------------------------------------- mixed load */

/** Few values for many writers: most writes of a unique attribute contend with another. */
const CODES = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF', 'GGG', 'HHH'];
const CONTACTS = CODES.map((code) => `${code.toLowerCase()}@example.com`);

/** An acknowledged write of a contended attribute, with when its request left and its answer came. */
interface TimedWrite {
  readonly value: string | null;
  readonly start: number;
  readonly end: number;
}

/** One document as the clients know it. Its creator is the only one that writes score and ratio. */
interface KnownDocument {
  readonly documentId: string;
  readonly owner: number;
  readonly name: string;
  readonly handle: string;
  score: number;
  ratio: number;
  readonly writes: { readonly code: TimedWrite[]; readonly contact: TimedWrite[] };
  /** A DELETE of it answered 204. */
  deleted: boolean;
}

interface Load {
  readonly documents: Map<string, KnownDocument>;
  /** Every answer that is not one of those the operation may have. */
  readonly violations: string[];
  readonly statuses: Map<string, number>;
  /** Documents some request found missing (404): each must have been deleted by a DELETE answered 204. */
  readonly notFound: Set<string>;
}

const random = seededRandom;

/**
 * A 400 must be exactly the uniqueness error of some of the unique values the request sent,
 * in definition order (code before contact), and nothing else.
 */
function isUniqueConflict(reply: Reply, sent: Record<string, unknown>): boolean {
  if (reply.status !== 400) return false;
  const errors: unknown = reply.body?.error?.details?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return false;
  const fields = errors.map((error: { path?: unknown }) => (Array.isArray(error.path) ? String(error.path[0]) : ''));
  if (!fields.every((field) => (field === 'code' || field === 'contact') && sent[field] !== undefined && sent[field] !== null)) return false;
  const expected = notUnique(...fields.map((field) => [field, sent[field]] as const));
  try {
    assert.deepEqual(reply.body, expected);
    return true;
  } catch {
    return false;
  }
}

/** One client: `ops` operations, one at a time, on one server, over the documents all clients share. */
async function loadClient(id: number, client: Client, load: Load, ops: number): Promise<void> {
  const rand = random(7_000 + id);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(rand() * items.length)];
  const timed = async (method: string, url: string, send: () => Promise<Reply>, allowed: readonly number[], sent?: Record<string, unknown>): Promise<{ reply: Reply; start: number; end: number }> => {
    const start = performance.now();
    const reply = await send();
    const end = performance.now();
    const key = `${method} ${reply.status}`;
    load.statuses.set(key, (load.statuses.get(key) ?? 0) + 1);
    const ok = allowed.includes(reply.status) && (reply.status !== 400 || (sent !== undefined && isUniqueConflict(reply, sent)));
    if (!ok) load.violations.push(`client ${id}: ${method} ${url} ${JSON.stringify(sent ?? null)} → ${reply.status} ${JSON.stringify(reply.body)}`);
    if (reply.status === 404) load.notFound.add(url.slice(url.lastIndexOf('/') + 1));
    return { reply, start, end };
  };
  for (let op = 0; op < ops; op += 1) {
    const roll = rand();
    const all = [...load.documents.values()];
    const mine = all.filter((document) => document.owner === id && !document.deleted);
    // Mostly the newest documents not known to be deleted, so that writes meet on the same
    // rows; now and then any, deleted ones included (→ 404).
    const other = rand() < 0.9 ? (pick(all.filter((document) => !document.deleted).slice(-12)) ?? pick(all)) : pick(all);
    const owned = pick(mine);
    if (roll < 0.28 || !other || (roll >= 0.48 && roll < 0.66 && !owned)) {
      // Create, often with a taken code, contact or generated handle.
      const name = rand() < 0.3 ? 'Shared' : `c${id}n${op}`;
      const data: Record<string, unknown> = { name, score: Math.floor(rand() * 101), ratio: Math.round(rand() * 100) / 100 };
      if (rand() < 0.6) data.code = pick(CODES);
      if (rand() < 0.6) data.contact = pick(CONTACTS);
      const { reply, start, end } = await timed('POST', '/api/validateds', () => client.post('/api/validateds', data), [201, 400], data);
      if (reply.status === 201) {
        const created = reply.body.data;
        load.documents.set(created.documentId, {
          documentId: created.documentId,
          owner: id,
          name,
          handle: created.handle,
          score: data.score as number,
          ratio: data.ratio as number,
          writes: { code: [{ value: (data.code as string | undefined) ?? null, start, end }], contact: [{ value: (data.contact as string | undefined) ?? null, start, end }] },
          deleted: false,
        });
      }
    } else if (roll < 0.48) {
      // Contended: anyone moves any document's code and/or contact to a value others want too.
      const data: Record<string, unknown> = {};
      const which = rand();
      if (which < 0.6) data.code = rand() < 0.3 ? null : pick(CODES);
      if (which >= 0.4) data.contact = rand() < 0.3 ? null : pick(CONTACTS);
      const url = `/api/validateds/${other.documentId}`;
      const { reply, start, end } = await timed('PUT', url, () => client.put(url, data), [200, 400, 404], data);
      if (reply.status === 200) {
        for (const attribute of ['code', 'contact'] as const) {
          if (attribute in data) other.writes[attribute].push({ value: data[attribute] as string | null, start, end });
        }
      }
    } else if (roll < 0.66 && owned) {
      // Owned: the creator alone writes score and ratio, so the last acknowledged value is the stored one.
      const target = owned;
      const data = { score: Math.floor(rand() * 101), ratio: Math.round(rand() * 100) / 100 };
      const url = `/api/validateds/${target.documentId}`;
      const { reply } = await timed('PUT', url, () => client.put(url, data), [200, 404]);
      if (reply.status === 200) {
        target.score = data.score;
        target.ratio = data.ratio;
        if (reply.body.data.score !== data.score || reply.body.data.ratio !== data.ratio) load.violations.push(`client ${id}: PUT ${url} answered ${JSON.stringify(reply.body.data)}`);
      }
    } else if (roll < 0.7) {
      const url = `/api/validateds/${other.documentId}`;
      const { reply } = await timed('DELETE', url, () => client.del(url), [204, 404]);
      if (reply.status === 204) {
        if (other.deleted) load.violations.push(`client ${id}: DELETE ${url} answered 204 twice`);
        other.deleted = true;
      }
    } else if (roll < 0.9) {
      const url = `/api/validateds/${other.documentId}`;
      const { reply } = await timed('GET', url, () => client.get(url), [200, 404]);
      // Read-your-writes on a shared database: the owner sees its own last acknowledged values.
      if (reply.status === 200 && other.owner === id && (reply.body.data.score !== other.score || reply.body.data.ratio !== other.ratio)) {
        load.violations.push(`client ${id}: GET ${url} shows score ${reply.body.data.score} ratio ${reply.body.data.ratio}, last written ${other.score} ${other.ratio}`);
      }
    } else {
      // At no moment may two documents hold one unique value.
      const code = pick(CODES)!;
      const url = `/api/validateds?filters[code][$eq]=${code}`;
      const { reply } = await timed('GET', url, () => client.get(url), [200]);
      if (reply.status === 200 && reply.body.data.length > 1) load.violations.push(`client ${id}: ${reply.body.data.length} documents hold code ${code}`);
    }
  }
}

/** The values a contended attribute may end with: those of acknowledged writes that no other acknowledged write surely followed. */
function possibleFinalValues(writes: readonly TimedWrite[]): Set<string | null> {
  return new Set(writes.filter((write) => !writes.some((other) => other.start > write.end)).map((write) => write.value));
}

function duplicates(values: readonly unknown[]): unknown[] {
  const present = values.filter((value) => value !== null);
  return present.filter((value, i) => present.indexOf(value) !== i);
}

async function mixedLoad(clients: readonly [Client, Client], apps: readonly [App, App]): Promise<string> {
  const CLIENTS = 20;
  const OPS = 50;
  const load: Load = { documents: new Map(), violations: [], statuses: new Map(), notFound: new Set() };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, id) => loadClient(id, via(clients, id), load, OPS)));
  const elapsed = Math.round(performance.now() - started);

  // No 500, no deadlock surfacing, no 400 but a uniqueness conflict, no impossible read.
  assert.deepEqual(load.violations, []);

  const rows = await apps[0].database.db.selectFrom('validateds').select(['document_id', 'name', 'code', 'contact', 'handle', 'score', 'ratio']).execute();
  // No two documents share a unique value.
  assert.deepEqual(duplicates(rows.map((row) => row.code)), [], 'codes held twice');
  assert.deepEqual(duplicates(rows.map((row) => row.contact)), [], 'contacts held twice');
  assert.deepEqual(duplicates(rows.map((row) => row.handle)), [], 'handles held twice');
  assert.deepEqual(duplicates(rows.map((row) => row.document_id)), [], 'one row per document');

  // A document was missing only because it had been deleted.
  assert.deepEqual(
    [...load.notFound].filter((documentId) => !load.documents.get(documentId)?.deleted),
    [],
    'answered 404 for documents nobody deleted',
  );
  // Exactly the created and not deleted documents exist.
  const live = [...load.documents.values()].filter((document) => !document.deleted);
  assert.deepEqual(rows.map((row) => row.document_id).sort(), live.map((document) => document.documentId).sort());

  // Each one holds what its committed writes said, read through the API as a client would.
  for (const document of live) {
    const reply = await clients[1].get(`/api/validateds/${document.documentId}`);
    assert.equal(reply.status, 200);
    const { name, handle, score, ratio, code, contact } = reply.body.data;
    assert.deepEqual({ name, handle, score, ratio }, { name: document.name, handle: document.handle, score: document.score, ratio: document.ratio }, document.documentId);
    const codes = possibleFinalValues(document.writes.code);
    const contacts = possibleFinalValues(document.writes.contact);
    assert.ok(codes.has(code), `${document.documentId}: code ${code}, committed writes allow ${[...codes].join(', ')}`);
    assert.ok(contacts.has(contact), `${document.documentId}: contact ${contact}, committed writes allow ${[...contacts].join(', ')}`);
  }
  const statuses = [...load.statuses].sort().map(([key, count]) => `${key}×${count}`);
  return `${CLIENTS * OPS} requests in ${elapsed} ms; ${live.length} documents remain; ${statuses.join(' ')}`;
}

for (const [kind, label] of [
  ['postgres', 'PostgreSQL'],
  ['mysql', 'MariaDB'],
] as const) {
  describe(`concurrent writes through two apps on one ${label} database`, () => {
    it('20 clients × 50 mixed operations on shared documents and contended unique values: everything committed is what is stored', { timeout: 45_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoApps(database, async (clients, apps) => t.diagnostic(await mixedLoad(clients, apps))));
    });

    it('8 clients updating one attribute each of one document at once: no update is lost', { timeout: 20_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoApps(database, (clients) => partialUpdatesOfOneDocument(clients)));
    });

    it('12 concurrent creates with one unique value: one 201, eleven 400 This attribute must be unique', { timeout: 20_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoApps(database, sameUniqueValueCreates));
    });

    it('12 concurrent updates of different documents to one unique value: one 200, eleven 400', { timeout: 20_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoApps(database, sameUniqueValueUpdates));
    });

    it('12 concurrent creates with one title: distinct generated uids title, title-1, …, title-11', { timeout: 20_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoApps(database, (clients) => sameTitleCreates(clients)));
    });
  });
}
