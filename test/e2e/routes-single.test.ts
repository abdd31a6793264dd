import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { manualClock } from '../helpers/manual-clock.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The three routes of a single type (`setting`: siteName required, maintenance default false). */

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const KEY_ORDER = ['id', 'documentId', 'siteName', 'maintenance', 'createdAt', 'updatedAt', 'publishedAt'];

/** Timestamps come from the app's clock, moved between writes that must differ (no sleeping). */
const clock = manualClock();

describe('single type routes', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(() => t.close());

  const settingRows = () => t.app.database.db.selectFrom('settings').selectAll().execute();

  it('GET before anything exists → 404', async () => {
    const response = await t.get('/api/setting');
    assert.deepEqual({ status: response.status, body: response.body }, { status: 404, body: NOT_FOUND });
  });

  it('a PUT that fails validation on an absent single type creates nothing', async () => {
    const response = await t.put('/api/setting', { data: { maintenance: true } });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, {
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'siteName must be defined.',
        details: { errors: [{ path: ['siteName'], message: 'siteName must be defined.', name: 'ValidationError', value: null }] },
      },
    });
    assert.deepEqual(await settingRows(), []);
    assert.equal((await t.get('/api/setting')).status, 404);
  });

  it('PUT creates (200, defaults applied), PUT again updates the same document (200, defaults not re-applied)', async () => {
    const created = await t.put('/api/setting', { data: { siteName: 'First' } });
    assert.equal(created.status, 200);
    assert.deepEqual(Object.keys(created.body.data), KEY_ORDER);
    const first = created.body.data;
    assert.deepEqual({ siteName: first.siteName, maintenance: first.maintenance }, { siteName: 'First', maintenance: false });
    assert.equal(first.updatedAt, first.createdAt);
    assert.equal(first.publishedAt, first.createdAt);
    assert.deepEqual(created.body.meta, {});

    clock.advance(5);
    const turnedOn = await t.put('/api/setting', { data: { maintenance: true } });
    assert.equal(turnedOn.status, 200);
    clock.advance(5);
    const renamed = await t.put('/api/setting', { data: { siteName: 'Second' } });
    assert.equal(renamed.status, 200);
    const second = renamed.body.data;
    // maintenance keeps the value sent earlier: the default only fills an attribute on create.
    assert.deepEqual(second, { ...first, siteName: 'Second', maintenance: true, updatedAt: second.updatedAt, publishedAt: second.publishedAt });
    assert.ok(second.updatedAt > turnedOn.body.data.updatedAt);
    assert.equal(second.publishedAt, second.updatedAt);
    assert.equal((await settingRows()).length, 1);

    const read = await t.get('/api/setting');
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, { data: second, meta: {} });
  });

  it('PUT with null on the required attribute of an existing single type → 400, nothing changes', async () => {
    const before = await settingRows();
    const response = await t.put('/api/setting', { data: { siteName: null } });
    assert.equal(response.status, 400);
    assert.equal(response.body.error.message, 'siteName must be defined.');
    assert.deepEqual(await settingRows(), before);
  });

  it('a PUT with filters and fields in its query still writes and answers with the document', async () => {
    const response = await t.put('/api/setting?filters[siteName]=no-match&fields=siteName', { data: { siteName: 'Filtered' } });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body.data), ['id', 'documentId', 'siteName']);
    assert.equal(response.body.data.siteName, 'Filtered');
    const read = await t.get('/api/setting?filters[siteName]=no-match');
    assert.deepEqual({ status: read.status, body: read.body }, { status: 404, body: NOT_FOUND });
    assert.equal((await t.put('/api/setting', { data: { siteName: 'Second' } })).status, 200);
  });

  it('Strapi-Response-Format: v4 nests GET and PUT responses', async () => {
    const flat = (await t.get('/api/setting')).body.data;
    const { id, documentId, ...attributes } = flat;
    const v4 = await t.get('/api/setting', { 'strapi-response-format': 'v4' });
    assert.deepEqual(v4.body, { data: { id, documentId, attributes }, meta: {} });

    const put = await t.request('PUT', '/api/setting', { body: { data: { maintenance: false } }, headers: { 'strapi-response-format': 'v4' } });
    assert.equal(put.status, 200);
    assert.deepEqual(Object.keys(put.body.data), ['id', 'documentId', 'attributes']);
    assert.deepEqual(Object.keys(put.body.data.attributes), KEY_ORDER.slice(2));
    assert.equal(put.body.data.attributes.maintenance, false);
  });

  it('DELETE → 204 empty; then GET and DELETE → 404; PUT creates a new document', async () => {
    const existing = (await t.get('/api/setting')).body.data;
    const deleted = await t.del('/api/setting');
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    assert.deepEqual(await settingRows(), []);

    const read = await t.get('/api/setting');
    assert.deepEqual({ status: read.status, body: read.body }, { status: 404, body: NOT_FOUND });
    // DECISIONS "better than the reference" 2: deleting what does not exist is a 404.
    const again = await t.del('/api/setting');
    assert.deepEqual({ status: again.status, body: again.body }, { status: 404, body: NOT_FOUND });

    // With a filter that the new document does not match: creating must not fail reading it back.
    const recreated = await t.put('/api/setting?filters[siteName]=no-match', { data: { siteName: 'Third' } });
    assert.equal(recreated.status, 200);
    assert.notEqual(recreated.body.data.documentId, existing.documentId);
    assert.equal(recreated.body.data.maintenance, false);
  });

  it('has no POST, no plural route and no documentId route', async () => {
    const post = await t.post('/api/setting', { data: { siteName: 'x' } });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, PUT, DELETE, HEAD');
    for (const url of ['/api/settings', `/api/setting/${(await t.get('/api/setting')).body.data.documentId}`]) {
      const response = await t.get(url);
      assert.deepEqual({ url, status: response.status, body: response.body }, { url, status: 404, body: NOT_FOUND });
    }
    assert.equal((await settingRows()).length, 1);
  });
});
