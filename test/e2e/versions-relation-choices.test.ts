import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Longhand items choosing the target's version (spec, Relation management 8–10; docs/versions.md
 * "Relations across locales"): `category` (neither option) → `featured` articles (Draft &
 * Publish, localized) may name the target locale and status per item; a localized source may
 * not name another locale than its own.
 */

type Body = TestResponse['body'];

describe('versions: longhand locale and status on relation items', () => {
  let t: TestApp;
  let counter = 0;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
  });
  after(() => t.close());

  async function ok(method: 'post' | 'put', url: string, data: Record<string, unknown>, status = method === 'post' ? 201 : 200): Promise<Body> {
    const response = await t[method](url, { data });
    assert.equal(response.status, status, `${url}: ${response.text}`);
    return response.body.data;
  }

  async function read(url: string): Promise<Body> {
    const response = await t.get(url);
    assert.equal(response.status, 200, `${url}: ${response.text}`);
    return response.body.data;
  }

  /** An article published in en and fr, whose drafts then differ from the published versions. */
  async function article(): Promise<string> {
    counter += 1;
    const created = await ok('post', '/api/articles', { title: `en ${counter}` });
    await ok('put', `/api/articles/${created.documentId}?locale=fr`, { title: `fr ${counter}` });
    await ok('put', `/api/articles/${created.documentId}?status=draft`, { title: `en draft ${counter}` });
    return created.documentId;
  }

  const titles = (category: Body): string[] => category.featured.map((item: Body) => item.title);

  it('an item with locale goes to that locale’s list; the request’s locale keeps its own', async () => {
    const first = await article();
    const second = await article();
    const category = await ok('post', '/api/categories', { name: 'mixed', featured: [first] });
    await ok('put', `/api/categories/${category.documentId}`, { featured: { connect: [{ documentId: second, locale: 'fr' }] } });
    assert.deepEqual(titles(await read(`/api/categories/${category.documentId}?populate=featured`)), [`en ${counter - 1}`]);
    assert.deepEqual(titles(await read(`/api/categories/${category.documentId}?populate=featured&locale=fr`)), [`fr ${counter}`]);

    // A set names the lists it changes: here fr only.
    await ok('put', `/api/categories/${category.documentId}`, { featured: { set: [{ documentId: first, locale: 'fr' }, { documentId: second, locale: 'fr' }] } });
    assert.deepEqual(titles(await read(`/api/categories/${category.documentId}?populate=featured&locale=fr`)), [`fr ${counter - 1}`, `fr ${counter}`]);
    assert.deepEqual(titles(await read(`/api/categories/${category.documentId}?populate=featured`)), [`en ${counter - 1}`]);
  });

  it('an item naming a locale the target lacks is a 400, and nothing is written', async () => {
    const only = await ok('post', '/api/articles', { title: 'en only' });
    const category = await ok('post', '/api/categories', { name: 'strict' });
    const response = await t.put(`/api/categories/${category.documentId}`, { data: { featured: [{ documentId: only.documentId, locale: 'de' }] } });
    assert.equal(response.status, 400, response.text);
    assert.match(response.body.error.message, /locale "de" not found/);
    assert.deepEqual(titles(await read(`/api/categories/${category.documentId}?populate=featured&locale=de`)), []);
  });

  it('a localized source may not name another locale than its own', async () => {
    const author = await ok('post', '/api/authors', { name: 'Ann' });
    await ok('put', `/api/authors/${author.documentId}?locale=fr`, { name: 'Anne' });
    const written = await ok('post', '/api/articles', { title: 'own locale' });
    const response = await t.put(`/api/articles/${written.documentId}`, { data: { author: { documentId: author.documentId, locale: 'fr' } } });
    assert.equal(response.status, 400, response.text);
    assert.equal((await read(`/api/articles/${written.documentId}?populate=author`)).author, null);
  });

  it('an item with status links that version whatever the read; without, the read’s status decides', async () => {
    const pinned = await article();
    const following = await article();
    const category = await ok('post', '/api/categories', { name: 'pinned', featured: [{ documentId: pinned, status: 'draft' }, following] });
    assert.deepEqual(titles(await read(`/api/categories/${category.documentId}?populate=featured`)), [`en draft ${counter - 1}`, `en ${counter}`]);
    assert.deepEqual(titles(await read(`/api/categories/${category.documentId}?populate=featured&status=draft`)), [`en draft ${counter - 1}`, `en draft ${counter}`]);
    const draft = (await read(`/api/categories/${category.documentId}?populate=featured`)).featured[0];
    assert.equal(draft.publishedAt, null);

    // Set again without status: the link follows the read again.
    await ok('put', `/api/categories/${category.documentId}`, { featured: [pinned, following] });
    assert.deepEqual(titles(await read(`/api/categories/${category.documentId}?populate=featured`)), [`en ${counter - 1}`, `en ${counter}`]);
  });
});
