import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../../src/core/db/database.js';
import { inspect, onFreshDatabase, type ServerDatabase } from '../helpers/cluster-database.js';
import { waitUntil } from '../helpers/wait-until.js';
import { clientOf, notUnique, type Client, type Reply } from '../helpers/cluster-http.js';
import { startTogether, type Instance } from '../helpers/cluster-instance.js';
import { fixturePath } from '../helpers/test-app.js';
import { seededRandom } from '../helpers/random.js';

/**
 * Two `tessera start` processes on one database, as behind a load balancer: what one writes
 * the other reads, and killing one in the middle of a stream of writes loses nothing that was
 * acknowledged and leaves nothing half-written.
 */

const PROJECT = fixturePath('cluster-app');

async function withTwoInstances(database: ServerDatabase, fn: (a: Instance, b: Instance) => Promise<void>): Promise<void> {
  const [a, b] = await startTogether([
    { name: 'a', projectDir: PROJECT, env: database.env },
    { name: 'b', projectDir: PROJECT, env: database.env },
  ]);
  assert.ok(a && b);
  try {
    await fn(a, b);
  } finally {
    await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')]);
  }
}

const strip = (reply: Reply) => ({ status: reply.status, body: reply.body });

async function crossInstanceReadsAndWrites(a: Client, b: Client): Promise<void> {
  // Create through A, read through B: the same document, to the byte.
  const created = await a.post('/api/entries', { title: 'Hello world', code: 'X1', seq: 1, body: 'first', amount: '10.5', happenedAt: '2024-05-01T10:00:00.000Z' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id: string = created.body.data.documentId;
  assert.equal(created.body.data.slug, 'hello-world');
  assert.deepEqual(strip(await b.get(`/api/entries/${id}`)), { status: 200, body: { data: created.body.data, meta: {} } });

  // A partial update through B is what A reads next, other attributes untouched.
  const updated = await b.put(`/api/entries/${id}`, { body: 'second', version: 2 });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  assert.deepEqual(
    { ...updated.body.data, updatedAt: undefined, publishedAt: undefined },
    { ...created.body.data, body: 'second', version: 2, updatedAt: undefined, publishedAt: undefined },
  );
  assert.deepEqual(strip(await a.get(`/api/entries/${id}`)), { status: 200, body: { data: updated.body.data, meta: {} } });

  // Uniqueness and uid generation see the other instance's documents.
  assert.deepEqual(strip(await b.post('/api/entries', { title: 'Other', code: 'X1' })), { status: 400, body: notUnique(['code', 'X1']) });
  const sameTitle = await b.post('/api/entries', { title: 'Hello world' });
  assert.equal(sameTitle.status, 201, JSON.stringify(sameTitle.body));
  assert.equal(sameTitle.body.data.slug, 'hello-world-1');

  // A single type written through one instance is read through the other.
  const profile = await a.put('/api/profile', { headline: 'Hi', email: 'me@example.com', settings: { theme: 'dark' } });
  assert.equal(profile.status, 200, JSON.stringify(profile.body));
  assert.deepEqual(strip(await b.get('/api/profile')), { status: 200, body: { data: profile.body.data, meta: {} } });

  // A delete through A is gone for B, in reads and lists.
  assert.deepEqual(strip(await a.del(`/api/entries/${id}`)), { status: 204, body: null });
  assert.equal((await b.get(`/api/entries/${id}`)).status, 404);
  assert.equal((await b.del(`/api/entries/${id}`)).status, 404);
  const list = await b.get('/api/entries');
  assert.deepEqual(
    list.body.data.map((entry: { documentId: string }) => entry.documentId),
    [sameTitle.body.data.documentId],
  );
}

/* ------------------------------------------------------------------ kill in the middle of writes */

/** Every write sets these together; a row whose attributes disagree was half-written. */
function valuesOf(seq: number, version: number): Record<string, unknown> {
  const body = `seq ${seq} version ${version} ${'x'.repeat((seq * 7 + version * 13) % 300)}`;
  return {
    version,
    body,
    checksum: createHash('sha256').update(`${seq}:${version}:${body}`).digest('hex').slice(0, 32),
    amount: seq * 1000 + version + 0.25,
    happenedAt: new Date(Date.UTC(2024, 0, 1) + seq * 60_000 + version * 1000).toISOString(),
  };
}

/** What the writers know of one document (keyed by its seq). */
interface Tracked {
  readonly seq: number;
  /** Known once its create was acknowledged. */
  documentId: string | null;
  /** The create's response never came: the document may or may not exist. */
  createUnknown: boolean;
  /** Versions the stored row may have: the last acknowledged one, plus one whose answer never came. */
  versions: Set<number>;
  lastAcked: number;
  deleted: 'no' | 'yes' | 'maybe';
}

interface WriteStream {
  readonly docs: Map<number, Tracked>;
  acked: number;
  unanswered: number;
  readonly unexpected: string[];
}

const random = seededRandom;

/**
 * One writer: creates, updates and deletes its own documents on `client` until a request gets
 * no answer (the server died) or it has done `maxOps`. Each document has one writer at a time,
 * so its stored version is the last acknowledged one or the one whose answer was lost.
 */
async function writer(id: number, client: Client, stream: WriteStream, nextSeq: () => number, maxOps: number): Promise<void> {
  const rand = random(1000 + id);
  const mine: Tracked[] = [];
  for (let op = 0; op < maxOps; op += 1) {
    const live = mine.filter((doc) => doc.deleted === 'no' && doc.documentId !== null);
    const roll = rand();
    const target = live[Math.floor(rand() * live.length)];
    try {
      if (target && roll < 0.35) {
        const version = target.lastAcked + 1;
        target.versions.add(version);
        const reply = await client.put(`/api/entries/${target.documentId}`, valuesOf(target.seq, version));
        if (reply.status !== 200) throw new Error(`update → ${reply.status} ${JSON.stringify(reply.body)}`);
        target.versions = new Set([version]);
        target.lastAcked = version;
      } else if (target && roll < 0.45) {
        target.deleted = 'maybe';
        const reply = await client.del(`/api/entries/${target.documentId}`);
        if (reply.status !== 204) throw new Error(`delete → ${reply.status} ${JSON.stringify(reply.body)}`);
        target.deleted = 'yes';
      } else {
        const seq = nextSeq();
        const doc: Tracked = { seq, documentId: null, createUnknown: true, versions: new Set([0]), lastAcked: 0, deleted: 'no' };
        stream.docs.set(seq, doc);
        mine.push(doc);
        const reply = await client.post('/api/entries', { title: `entry ${seq}`, code: `E${seq}`, seq, ...valuesOf(seq, 0) });
        if (reply.status !== 201) throw new Error(`create → ${reply.status} ${JSON.stringify(reply.body)}`);
        doc.documentId = reply.body.data.documentId;
        doc.createUnknown = false;
      }
      stream.acked += 1;
    } catch (error) {
      // A request that got an answer other than success is a bug; one that got none is the kill.
      if (error instanceof Error && /→/.test(error.message)) stream.unexpected.push(error.message);
      else stream.unanswered += 1;
      return;
    }
  }
}

/** Waits until no session of the database is running a statement or holding a transaction open (bounded). */
async function quiesce(database: Database): Promise<void> {
  const busy =
    database.dialect.name === 'postgres'
      ? sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`
      : sql<{ n: number }>`select count(*) as n from information_schema.processlist where db = database() and id <> connection_id() and command <> 'Sleep'`;
  await waitUntil('the sessions of the killed instance ending', async () => Number((await busy.execute(database.db)).rows[0]?.n) === 0, 100);
}

async function readAll(client: Client): Promise<Record<string, unknown>[]> {
  const documents: Record<string, unknown>[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const reply = await client.get(`/api/entries?sort=seq:asc&pagination[pageSize]=100&pagination[page]=${page}`);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    documents.push(...reply.body.data);
    if (page >= reply.body.meta.pagination.pageCount) return documents;
  }
  throw new Error('more than 50 pages of entries');
}

async function killDuringWrites(database: ServerDatabase, a: Instance, b: Instance): Promise<string> {
  const WRITERS = 6;
  const KILL_AFTER = 150;
  const stream: WriteStream = { docs: new Map(), acked: 0, unanswered: 0, unexpected: [] };
  let seq = 0;
  const writing = Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i, clientOf(a.origin), stream, () => (seq += 1), 200)));
  // Kill A once enough writes were acknowledged, while the writers keep requests in flight.
  await waitUntil(`${KILL_AFTER} writes acknowledged`, () => stream.acked >= KILL_AFTER, 5);
  const exit = await a.stop('SIGKILL');
  assert.deepEqual(exit, { code: null, signal: 'SIGKILL' });
  await writing;
  assert.deepEqual(stream.unexpected, []);
  assert.ok(stream.unanswered > 0 && stream.unanswered <= WRITERS, `${stream.unanswered} writes unanswered`);

  return inspect(database, async (db) => {
    await quiesce(db);
    const documents = await readAll(clientOf(b.origin));
    const rowCount = await db.db.selectFrom('entries').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(rowCount.n), documents.length, 'rows in the table and documents listed through the survivor');

    const bySeq = new Map(documents.map((document) => [document.seq as number, document]));
    assert.equal(bySeq.size, documents.length, 'one document per seq');
    for (const document of documents) {
      const tracked = stream.docs.get(document.seq as number);
      assert.ok(tracked, `a document nobody created: ${JSON.stringify(document)}`);
      assert.notEqual(tracked.deleted, 'yes', `a document whose delete was acknowledged: ${tracked.seq}`);
      if (tracked.documentId !== null) assert.equal(document.documentId, tracked.documentId);
      const version = document.version as number;
      assert.ok(tracked.versions.has(version), `seq ${tracked.seq} has version ${version}, expected one of ${[...tracked.versions].join(', ')}`);
      // Every attribute of the row belongs to one and the same write: nothing half-written.
      const { title, code, slug } = document;
      assert.deepEqual({ title, code, slug, ...Object.fromEntries(Object.keys(valuesOf(0, 0)).map((key) => [key, document[key]])) }, { title: `entry ${tracked.seq}`, code: `E${tracked.seq}`, slug: `entry-${tracked.seq}`, ...valuesOf(tracked.seq, version) });
    }
    // Every acknowledged create that was not deleted is there; what is there beyond was in flight.
    const mustExist = [...stream.docs.values()].filter((doc) => !doc.createUnknown && doc.deleted === 'no');
    for (const doc of mustExist) assert.ok(bySeq.has(doc.seq), `acknowledged create of seq ${doc.seq} is lost`);
    const mayExist = [...stream.docs.values()].filter((doc) => doc.createUnknown || doc.deleted === 'maybe').length;
    assert.ok(documents.length >= mustExist.length && documents.length <= mustExist.length + mayExist, `${documents.length} documents, ${mustExist.length} acknowledged, ${mayExist} unanswered`);
    assert.ok(mustExist.length >= 50, `the stream was too short to mean anything: ${mustExist.length} documents`);

    // The survivor keeps taking writes, and the codes of the lost writes stay unique.
    const after = await clientOf(b.origin).post('/api/entries', { title: 'after the kill', code: 'AFTER' });
    assert.equal(after.status, 201, JSON.stringify(after.body));
    const again = await clientOf(b.origin).post('/api/entries', { title: 'again', code: documents[0]?.code });
    assert.deepEqual(strip(again), { status: 400, body: notUnique(['code', documents[0]?.code]) });
    return `${stream.acked} writes acknowledged before the kill, ${stream.unanswered} unanswered; ${documents.length} documents survive (${mustExist.length} acknowledged, ${documents.length - mustExist.length} of ${mayExist} unanswered ones)`;
  });
}

for (const [kind, label] of [
  ['postgres', 'PostgreSQL'],
  ['mysql', 'MariaDB'],
] as const) {
  describe(`two tessera processes on one ${label} database`, () => {
    it('what one writes, updates or deletes, the other reads', { timeout: 30_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoInstances(database, (a, b) => crossInstanceReadsAndWrites(clientOf(a.origin), clientOf(b.origin))));
    });

    it('SIGKILL of one during a stream of writes loses no acknowledged write and leaves none half-done', { timeout: 40_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoInstances(database, async (a, b) => t.diagnostic(await killDuringWrites(database, a, b))));
    });
  });
}
