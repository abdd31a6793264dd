import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { verifyPassword } from '../../src/core/documents/hash-password.js';
import { manualClock } from '../helpers/manual-clock.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * What a write does beyond per-value validation: partial PUT, null clearing, passwords
 * (hashed, never output), private attributes (writable, never output), publishedAt (ignored)
 * and the keys a body may not name at all.
 */

const invalidKey = (key: string) => ({ data: null, error: { status: 400, name: 'ValidationError', message: `Invalid key ${key}`, details: { key, path: null, source: 'body' } } });

/** Timestamps come from the app's clock, moved between writes that must differ (no sleeping). */
const clock = manualClock();

describe('write semantics', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(() => t.close());

  const row = async (documentId: string) => t.app.database.db.selectFrom('samples').selectAll().where('document_id', '=', documentId).executeTakeFirstOrThrow();
  const rows = () => t.app.database.db.selectFrom('samples').selectAll().orderBy('id').execute();

  async function create(data: Record<string, unknown>): Promise<Record<string, unknown> & { documentId: string }> {
    const response = await t.post('/api/samples', { data });
    assert.equal(response.status, 201, response.text);
    return response.body.data;
  }

  describe('PUT is partial', () => {
    const FULL = { str: 'Partial', txt: 't', enm: 'alpha', int: 5, big: '6', flt: 1.5, dec: 2.5, flag: true, day: '2024-01-02', obj: { a: 1 }, list: ['x'], blk: [] };

    it('changes only the keys sent', async () => {
      const created = await create(FULL);
      clock.advance(2);
      const updated = await t.put(`/api/samples/${created.documentId}`, { data: { txt: 'changed', int: 6 } });
      assert.equal(updated.status, 200);
      assert.deepEqual(updated.body.data, { ...created, txt: 'changed', int: 6, updatedAt: updated.body.data.updatedAt, publishedAt: updated.body.data.publishedAt });
    });

    it('an empty data object changes nothing but the update timestamps', async () => {
      const created = await create({ ...FULL, str: 'Empty update' });
      clock.advance(2);
      const updated = await t.put(`/api/samples/${created.documentId}`, { data: {} });
      assert.equal(updated.status, 200);
      const { updatedAt, publishedAt, ...rest } = updated.body.data;
      const { updatedAt: before, publishedAt: _published, ...createdRest } = created;
      assert.deepEqual(rest, createdRest);
      assert.ok(updatedAt > (before as string));
      assert.equal(publishedAt, updatedAt);
    });

    it('null clears an attribute of every type', async () => {
      const created = await create({ ...FULL, str: 'Clear me' });
      const cleared = Object.fromEntries(Object.keys(FULL).filter((key) => key !== 'str').map((key) => [key, null]));
      const updated = await t.put(`/api/samples/${created.documentId}`, { data: cleared });
      assert.equal(updated.status, 200);
      for (const key of Object.keys(cleared)) assert.equal(updated.body.data[key], null, key);
      assert.equal(updated.body.data.str, 'Clear me');
      assert.deepEqual((await t.get(`/api/samples/${created.documentId}`)).body.data, updated.body.data);
    });

    it('a refused PUT leaves the stored document untouched', async () => {
      const created = await create({ ...FULL, str: 'Untouched' });
      const before = await rows();
      const response = await t.put(`/api/samples/${created.documentId}`, { data: { txt: 'new', int: 'NaN' } });
      assert.equal(response.status, 400);
      assert.deepEqual(await rows(), before);
    });
  });

  describe('passwords', () => {
    const PLAIN = 'correct horse battery staple';

    it('are stored as a bcrypt hash, never output, and a later read does not contain them', async () => {
      const created = await t.post('/api/samples', { data: { str: 'With password', pass: PLAIN } });
      assert.equal(created.status, 201);
      assert.equal('pass' in created.body.data, false);
      assert.equal(created.text.includes(PLAIN), false);
      const { documentId } = created.body.data;

      for (const url of [`/api/samples/${documentId}`, '/api/samples', `/api/samples?filters[documentId]=${documentId}`]) {
        const read = await t.get(url);
        assert.equal(read.status, 200, url);
        assert.equal(read.text.includes(PLAIN), false, url);
        assert.equal(read.text.includes('"pass"'), false, url);
      }
      const stored = (await row(documentId)).pass;
      assert.equal(typeof stored, 'string');
      assert.notEqual(stored, PLAIN);
      assert.match(stored as string, /^\$2[aby]\$10\$.{53}$/);
      assert.equal(await verifyPassword(PLAIN, stored as string), true);
    });

    it('an update rehashes; an update without the password keeps the hash', async () => {
      const { documentId } = await create({ str: 'Rehash', pass: PLAIN });
      const first = (await row(documentId)).pass as string;
      await t.put(`/api/samples/${documentId}`, { data: { str: 'Rehash 2' } });
      assert.equal((await row(documentId)).pass, first);
      const updated = await t.put(`/api/samples/${documentId}`, { data: { pass: 'another one' } });
      assert.equal(updated.status, 200);
      assert.equal('pass' in updated.body.data, false);
      const second = (await row(documentId)).pass as string;
      assert.notEqual(second, first);
      assert.equal(await verifyPassword('another one', second), true);
    });

    it('72 bytes are accepted; 73 are refused, counted in bytes (37 × é is 74 bytes)', async () => {
      await create({ str: 'Long password', pass: 'a'.repeat(72) });
      const before = await rows();
      for (const pass of ['a'.repeat(73), 'é'.repeat(37)]) {
        const response = await t.post('/api/samples', { data: { pass } });
        const message = 'pass must be less than 73 bytes';
        assert.deepEqual(response.body, { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['pass'], message, name: 'ValidationError' }] } } }, 'the password is not echoed back');
      }
      assert.deepEqual(await rows(), before);
    });

    it('null clears a password', async () => {
      const { documentId } = await create({ str: 'Clear password', pass: PLAIN });
      assert.equal((await t.put(`/api/samples/${documentId}`, { data: { pass: null } })).status, 200);
      assert.equal((await row(documentId)).pass, null);
    });
  });

  describe('private attributes', () => {
    it('are written and updated but never output', async () => {
      const created = await t.post('/api/samples', { data: { str: 'Private', hidden: 'top secret' } });
      assert.equal(created.status, 201);
      assert.equal('hidden' in created.body.data, false);
      const { documentId } = created.body.data;
      assert.equal((await row(documentId)).hidden, 'top secret');

      const updated = await t.put(`/api/samples/${documentId}`, { data: { hidden: 'still secret' } });
      assert.equal('hidden' in updated.body.data, false);
      assert.equal((await row(documentId)).hidden, 'still secret');
      for (const url of [`/api/samples/${documentId}`, '/api/samples']) {
        assert.equal((await t.get(url)).text.includes('secret'), false, url);
      }
    });
  });

  describe('publishedAt in data is ignored', () => {
    for (const publishedAt of ['2001-01-01T00:00:00.000Z', null, 'not a date', { nested: true }]) {
      it(`publishedAt: ${JSON.stringify(publishedAt)}`, async () => {
        const created = await t.post('/api/samples', { data: { str: 'Publish', publishedAt } });
        assert.equal(created.status, 201, created.text);
        assert.equal(created.body.data.publishedAt, created.body.data.createdAt);
        clock.advance(2);
        const updated = await t.put(`/api/samples/${created.body.data.documentId}`, { data: { publishedAt } });
        assert.equal(updated.status, 200, updated.text);
        assert.equal(updated.body.data.publishedAt, updated.body.data.updatedAt);
        assert.notEqual(updated.body.data.publishedAt, created.body.data.publishedAt);
      });
    }
  });

  describe('keys a body may not name → 400 Invalid key, nothing written', () => {
    const KEYS: readonly (readonly [string, unknown])[] = [
      ['foo', 1],
      ['id', 1],
      ['documentId', 'aaaaaaaaaaaaaaaaaaaaaaaa'],
      ['createdAt', '2020-01-01T00:00:00.000Z'],
      ['updatedAt', '2020-01-01T00:00:00.000Z'],
      ['Str', 'case matters'],
      ['constructor', {}],
      ['hasOwnProperty', 1],
      ['', 1],
    ];
    let documentId: string;
    before(async () => {
      documentId = (await create({ str: 'Target' })).documentId;
    });

    for (const [key, value] of KEYS) {
      it(`${JSON.stringify(key)}`, async () => {
        const before = await rows();
        for (const [method, url] of [['POST', '/api/samples'], ['PUT', `/api/samples/${documentId}`]] as const) {
          // Sent with a valid attribute, which changes nothing either.
          const response = await t.request(method, url, { body: { data: { str: 'changed', [key]: value } } });
          assert.deepEqual({ request: method, status: response.status, body: response.body }, { request: method, status: 400, body: invalidKey(key) });
        }
        assert.deepEqual(await rows(), before);
      });
    }

    it('an invalid key is reported before attribute errors', async () => {
      const response = await t.post('/api/samples', { data: { int: 'abc', foo: 1 } });
      assert.deepEqual(response.body, invalidKey('foo'));
    });

    it('on the single type too', async () => {
      for (const key of ['id', 'documentId', 'createdAt', 'updatedAt', 'str']) {
        const response = await t.put('/api/setting', { data: { siteName: 'x', [key]: 1 } });
        assert.deepEqual({ key, body: response.body }, { key, body: invalidKey(key) });
      }
      assert.equal((await t.get('/api/setting')).status, 404);
    });
  });
});
