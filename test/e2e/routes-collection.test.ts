import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { manualClock } from '../helpers/manual-clock.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The five routes of a collection type over real HTTP: statuses, shapes, key order, timestamps, v4 format. */

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

/** `samples` attributes in definition order, without the password (`pass`) and private (`hidden`) ones. */
const PUBLIC_KEYS = ['str', 'txt', 'rich', 'blk', 'enm', 'mail', 'slug', 'day', 'clock', 'moment', 'stamp', 'int', 'big', 'flt', 'dec', 'flag', 'obj', 'list'];
const KEY_ORDER = ['id', 'documentId', ...PUBLIC_KEYS, 'createdAt', 'updatedAt', 'publishedAt'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const V4 = { 'strapi-response-format': 'v4' };

/** Every attribute set, so key order is checked on real values, not only on nulls. */
const FULL = {
  str: 'Full Document',
  txt: 'long text',
  rich: '# Title',
  blk: [{ type: 'paragraph', children: [{ type: 'text', text: 'hi' }] }],
  enm: 'beta',
  mail: 'a@b.co',
  pass: 'not-output-1',
  slug: 'full-doc',
  day: '2024-02-29',
  clock: '10:20:30.400',
  moment: '2024-03-01T12:00:00.000Z',
  stamp: '2024-03-02T12:00:00.000Z',
  int: 42,
  big: '9007199254740993',
  flt: 1.25,
  dec: 12.5,
  flag: true,
  obj: { a: [1, { b: null }] },
  list: ['x', 2, false],
  hidden: 'not-output-2',
};

/** A v5 document as the v4 format nests it. */
function toV4(document: Record<string, unknown>): Record<string, unknown> {
  const { id, documentId, ...attributes } = document;
  return { id, documentId, attributes };
}

/** Timestamps come from the app's clock, moved between writes that must differ (no sleeping). */
const clock = manualClock();

describe('collection type routes', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(() => t.close());

  it('POST creates: 201, every public attribute in definition order, then timestamps, all three equal', async () => {
    const created = await t.post('/api/samples', { data: FULL });
    assert.equal(created.status, 201);
    assert.deepEqual(Object.keys(created.body), ['data', 'meta']);
    assert.deepEqual(created.body.meta, {});
    const { data } = created.body;
    assert.deepEqual(Object.keys(data), KEY_ORDER);
    assert.equal(typeof data.id, 'number');
    assert.match(data.documentId, /^[a-z][a-z0-9]{23}$/);
    const { id: _id, documentId: _documentId, createdAt, updatedAt, publishedAt, ...attributes } = data;
    const { pass: _pass, hidden: _hidden, ...expected } = FULL;
    assert.deepEqual(attributes, expected);
    assert.match(createdAt, ISO);
    assert.equal(updatedAt, createdAt);
    assert.equal(publishedAt, createdAt);
    assert.equal(created.text.includes('not-output'), false);
  });

  it('GET one returns exactly what POST returned; GET list wraps it with pagination meta', async () => {
    const created = (await t.post('/api/samples', { data: { str: 'Read Me', int: 1 } })).body.data;
    const one = await t.get(`/api/samples/${created.documentId}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body, { data: created, meta: {} });

    const list = await t.get('/api/samples?sort=id:desc&pagination[pageSize]=1');
    assert.equal(list.status, 200);
    assert.deepEqual(Object.keys(list.body), ['data', 'meta']);
    assert.deepEqual(list.body.data, [created]);
    assert.deepEqual(Object.keys(list.body.data[0]), KEY_ORDER);
    assert.deepEqual(list.body.meta, { pagination: { page: 1, pageSize: 1, pageCount: 2, total: 2 } });
  });

  it('PUT: 200, only the keys sent change, updatedAt and publishedAt move, createdAt does not', async () => {
    const created = (await t.post('/api/samples', { data: { str: 'Before', int: 1, flag: false, list: ['a'] } })).body.data;
    clock.advance(5); // timestamps have millisecond resolution
    const updated = await t.put(`/api/samples/${created.documentId}`, { data: { int: 2, flag: true } });
    assert.equal(updated.status, 200);
    assert.deepEqual(updated.body.meta, {});
    const data = updated.body.data;
    assert.deepEqual(Object.keys(data), KEY_ORDER);
    assert.deepEqual(data, { ...created, int: 2, flag: true, updatedAt: data.updatedAt, publishedAt: data.publishedAt });
    assert.equal(data.createdAt, created.createdAt);
    assert.match(data.updatedAt, ISO);
    assert.ok(data.updatedAt > created.updatedAt, `${data.updatedAt} should be after ${created.updatedAt}`);
    assert.equal(data.publishedAt, data.updatedAt);
    // The slug generated on create is not regenerated from the new data.
    assert.equal(data.slug, 'before');

    const reread = await t.get(`/api/samples/${created.documentId}`);
    assert.deepEqual(reread.body, { data, meta: {} });
  });

  it('DELETE: 204 with an empty body, then the document is gone from every route', async () => {
    const created = (await t.post('/api/samples', { data: { str: 'Doomed' } })).body.data;
    const deleted = await t.del(`/api/samples/${created.documentId}`);
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    assert.equal(deleted.headers.get('content-type'), null);

    assert.deepEqual(await pick(t.get(`/api/samples/${created.documentId}`)), { status: 404, body: NOT_FOUND });
    assert.deepEqual(await pick(t.put(`/api/samples/${created.documentId}`, { data: { str: 'Back' } })), { status: 404, body: NOT_FOUND });
    assert.deepEqual(await pick(t.del(`/api/samples/${created.documentId}`)), { status: 404, body: NOT_FOUND });
    const list = await t.get(`/api/samples?filters[documentId]=${created.documentId}`);
    assert.deepEqual(list.body.data, []);
  });

  for (const documentId of ['aaaaaaaaaaaaaaaaaaaaaaaa', 'does-not-exist', '123', 'UPPER']) {
    it(`a documentId that does not exist (${documentId}) → 404 on GET, PUT and DELETE`, async () => {
      assert.deepEqual(await pick(t.get(`/api/samples/${documentId}`)), { status: 404, body: NOT_FOUND });
      assert.deepEqual(await pick(t.put(`/api/samples/${documentId}`, { data: { str: 'x' } })), { status: 404, body: NOT_FOUND });
      assert.deepEqual(await pick(t.del(`/api/samples/${documentId}`)), { status: 404, body: NOT_FOUND });
    });
  }

  it('a numeric row id is not a documentId', async () => {
    const created = (await t.post('/api/samples', { data: { str: 'By id' } })).body.data;
    assert.deepEqual(await pick(t.get(`/api/samples/${created.id}`)), { status: 404, body: NOT_FOUND });
  });

  it('query parameters on a write: fields shape the response, filters never hide the written document', async () => {
    const created = await t.post('/api/samples?fields=str&filters[str]=no-match&sort=int:desc&pagination[page]=9', { data: { str: 'Filtered', int: 3 } });
    assert.equal(created.status, 201, created.text);
    const { id, documentId } = created.body.data;
    assert.deepEqual(created.body, { data: { id, documentId, str: 'Filtered' }, meta: {} });

    const updated = await t.put(`/api/samples/${documentId}?fields[0]=int&filters[int][$gt]=100`, { data: { int: 4 } });
    assert.deepEqual({ status: updated.status, body: updated.body }, { status: 200, body: { data: { id, documentId, int: 4 }, meta: {} } });
    assert.equal((await t.get(`/api/samples/${documentId}`)).body.data.int, 4);

    // Reads do apply filters: the document exists, but not under this filter.
    assert.deepEqual(await pick(t.get(`/api/samples/${documentId}?filters[int]=5`)), { status: 404, body: NOT_FOUND });
  });

  describe('Strapi-Response-Format: v4', () => {
    it('nests one document as { id, documentId, attributes } on POST, GET one and PUT; meta unchanged', async () => {
      const created = await t.request('POST', '/api/samples', { body: { data: { ...FULL, slug: 'full-doc-v4' } }, headers: V4 });
      assert.equal(created.status, 201);
      const data = created.body.data;
      assert.deepEqual(Object.keys(data), ['id', 'documentId', 'attributes']);
      assert.deepEqual(Object.keys(data.attributes), [...PUBLIC_KEYS, 'createdAt', 'updatedAt', 'publishedAt']);
      assert.deepEqual(created.body.meta, {});

      const v5 = (await t.get(`/api/samples/${data.documentId}`)).body;
      assert.deepEqual(created.body, { data: toV4(v5.data), meta: {} });
      assert.deepEqual((await t.get(`/api/samples/${data.documentId}`, V4)).body, { data: toV4(v5.data), meta: {} });

      const updated = await t.request('PUT', `/api/samples/${data.documentId}`, { body: { data: { int: 7 } }, headers: V4 });
      assert.equal(updated.status, 200);
      const reread = (await t.get(`/api/samples/${data.documentId}`)).body;
      assert.equal(reread.data.int, 7);
      assert.deepEqual(updated.body, { data: toV4(reread.data), meta: {} });
    });

    it('nests every document of a list and keeps the pagination meta', async () => {
      const query = '?sort=id:asc&pagination[pageSize]=2&pagination[page]=1';
      const v5 = (await t.get(`/api/samples${query}`)).body;
      const v4 = await t.get(`/api/samples${query}`, V4);
      assert.equal(v4.status, 200);
      assert.equal(v5.data.length, 2);
      assert.deepEqual(v4.body, { data: v5.data.map(toV4), meta: v5.meta });
    });

    it('applies to a fields selection too', async () => {
      const v4 = await t.get('/api/samples?fields=str,int&sort=id:asc&pagination[pageSize]=1', V4);
      assert.deepEqual(Object.keys(v4.body.data[0]), ['id', 'documentId', 'attributes']);
      assert.deepEqual(v4.body.data[0].attributes, { str: 'Full Document', int: 42 });
    });

    it('only the exact value v4 switches format', async () => {
      for (const value of ['v5', 'V4', 'v3', '']) {
        const response = await t.get('/api/samples?pagination[pageSize]=1&sort=id:asc', { 'strapi-response-format': value });
        assert.equal(response.status, 200);
        assert.equal('attributes' in response.body.data[0], false, `header ${JSON.stringify(value)}`);
      }
    });

    it('leaves error bodies as they are', async () => {
      const response = await t.get('/api/samples/aaaaaaaaaaaaaaaaaaaaaaaa', V4);
      assert.deepEqual({ status: response.status, body: response.body }, { status: 404, body: NOT_FOUND });
    });
  });
});

async function pick(response: Promise<{ status: number; body: unknown }>): Promise<{ status: number; body: unknown }> {
  const { status, body } = await response;
  return { status, body };
}
