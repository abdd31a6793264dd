import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('content API smoke', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('creates, reads, lists, updates and deletes a document', async () => {
    const created = await t.post('/api/samples', { data: { str: 'Hello World', int: 7 } });
    assert.equal(created.status, 201);
    const { documentId } = created.body.data;
    assert.match(documentId, /^[a-z][a-z0-9]{23}$/);
    assert.equal(created.body.data.slug, 'hello-world');
    assert.deepEqual(created.body.meta, {});

    const one = await t.get(`/api/samples/${documentId}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.data.int, 7);
    assert.equal('pass' in one.body.data, false);
    assert.equal('hidden' in one.body.data, false);

    const list = await t.get('/api/samples');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.meta.pagination, { page: 1, pageSize: 25, pageCount: 1, total: 1 });

    const updated = await t.put(`/api/samples/${documentId}`, { data: { int: 8 } });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.data.int, 8);
    assert.equal(updated.body.data.str, 'Hello World');

    const deleted = await t.del(`/api/samples/${documentId}`);
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    assert.equal((await t.get(`/api/samples/${documentId}`)).status, 404);
  });

  it('keeps a type without a public grant private', async () => {
    const response = await t.get('/api/secrets');
    assert.equal(response.status, 403);
    assert.deepEqual(response.body, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
  });
});
