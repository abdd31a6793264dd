import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A role that may read articles and categories but not authors: populate leaves authors out,
 * and filters or sorts through the author relation are refused as unknown keys (they would
 * tell, document by document, what the role may not read).
 */
describe('filters, sorts and populate through relations the caller may not find', () => {
  let t: TestApp;
  let article: string;

  before(async () => {
    t = await startTestApp({
      fixture: 'relations',
      override: (config) => ({
        ...config,
        permissions: { public: { 'api::article.article': ['find', 'findOne', 'create'], 'api::category.category': ['find', 'create'], 'api::author.author': ['create'] } },
      }),
    });
    const author = await t.post('/api/authors', { data: { name: 'Ann' } });
    const category = await t.post('/api/categories', { data: { name: 'Tech' } });
    const created = await t.post('/api/articles', { data: { title: 'One', author: author.body.data.documentId, categories: [category.body.data.documentId] } });
    assert.equal(created.status, 201, created.text);
    article = created.body.data.documentId;
  });
  after(() => t.close());

  const invalidKey = (key: string, param: string) => ({ status: 400, name: 'ValidationError', message: `Invalid key ${key}`, details: { key, path: null, source: 'query', param } });

  it('refuses filters through the relation', async () => {
    const response = await t.get('/api/articles?filters[author][name][$eq]=Ann');
    assert.deepEqual(response.body.error, invalidKey('author', 'filters'));
    const nested = await t.get('/api/articles?filters[$or][0][title]=x&filters[$or][1][author][name]=Ann');
    assert.deepEqual(nested.body.error, invalidKey('author', 'filters'));
  });

  it('refuses sorts through the relation', async () => {
    const response = await t.get('/api/articles?sort=author.name:asc');
    assert.deepEqual(response.body.error, invalidKey('author', 'sort'));
  });

  it('refuses a populate entry filtering through it, and prunes populating it', async () => {
    const filtered = await t.get('/api/categories?populate[articles][filters][author][name]=Ann');
    assert.deepEqual(filtered.body.error, invalidKey('author', 'populate'));
    const populated = await t.get(`/api/articles/${article}?populate=*&fields=title`);
    assert.equal(populated.status, 200, populated.text);
    assert.equal('author' in populated.body.data, false);
    assert.deepEqual(populated.body.data.categories.map((category: { name: string }) => category.name), ['Tech']);
  });

  it('still filters through relations it may find', async () => {
    const response = await t.get('/api/articles?filters[categories][name][$eq]=Tech&fields=title');
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.data.map((row: { title: string }) => row.title), ['One']);
  });
});
