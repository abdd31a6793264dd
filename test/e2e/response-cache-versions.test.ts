import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readResponseCacheConfig } from '../../src/core/config/response-cache-config.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const CACHE = readResponseCacheConfig({ store: 'memory' }, 'config/api');

/** The response cache on a Draft & Publish, localized type: publish, unpublish, a locale written, the locales changed. */
describe('response cache: versions and locales', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app', override: (config) => ({ ...config, rest: { ...config.rest, ...(CACHE ? { cache: CACHE } : {}) } }) });
  });
  after(() => t.close());

  const titles = (response: { body: { data: { title: string }[] } }) => response.body.data.map((article) => article.title).sort();

  it('publish and unpublish change the published list at once', async () => {
    const created = await t.post('/api/articles?status=draft', { data: { title: 'cache-draft' } });
    assert.equal(created.status, 201, created.text);
    const id: string = created.body.data.documentId;
    const url = '/api/articles?fields[0]=title';
    assert.ok(!titles(await t.get(url)).includes('cache-draft'));
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    assert.equal((await t.post(`/api/articles/${id}/actions/publish`, {})).status, 200);
    const published = await t.get(url);
    assert.equal(published.headers.get('x-tessera-cache'), 'miss');
    assert.ok(titles(published).includes('cache-draft'));
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    assert.equal((await t.post(`/api/articles/${id}/actions/unpublish`, {})).status, 200);
    assert.ok(!titles(await t.get(url)).includes('cache-draft'));
  });

  it('a new locale of a document appears in that locale\'s list', async () => {
    const created = await t.post('/api/articles', { data: { title: 'cache-en' } });
    assert.equal(created.status, 201, created.text);
    const url = '/api/articles?locale=fr&fields[0]=title';
    assert.ok(!titles(await t.get(url)).includes('cache-fr'));
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    const put = await t.put(`/api/articles/${created.body.data.documentId}?locale=fr`, { data: { title: 'cache-fr' } });
    assert.equal(put.status, 200, put.text);
    assert.ok(titles(await t.get(url)).includes('cache-fr'));
  });

  it('a locale deleted: answers in it are dropped (now a 400)', async () => {
    const url = '/api/articles?locale=de&fields[0]=title';
    assert.equal((await t.get(url)).status, 200);
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    const de = t.app.locales.list().find((locale) => locale.code === 'de');
    assert.ok(de);
    await t.app.locales.delete(de.id);
    assert.equal((await t.get(url)).status, 400);
  });
});
