import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { strapi } from '@strapi/client';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * `fields` selects scalar attributes only. Naming a relation, a media, a component or a dynamic
 * zone is a 400 `Invalid key` as in the reference (issue 14, item 6), not a 200 answered without
 * it: at the top level, inside populate entries, on the users routes, and through the official
 * client.
 */

/** Strapi's details: `path` is the attribute's name when it exists (at the top level). */
function invalidKey(key: string, path: string | null = key, param = 'fields'): unknown {
  const message = path === null || path === key ? `Invalid key ${key}` : `Invalid key ${key} at ${path}`;
  return { data: null, error: { status: 400, name: 'ValidationError', message, details: { key, path, source: 'query', param } } };
}

describe('fields naming linked attributes', () => {
  describe('relations, components and dynamic zones', () => {
    let t: TestApp;
    let articleId: string;

    before(async () => {
      t = await startTestApp({ fixture: 'relations' });
      const author = await t.post('/api/authors', { data: { name: 'Ada' } });
      assert.equal(author.status, 201, author.text);
      const article = await t.post('/api/articles', { data: { title: 'One', author: author.body.data.documentId, seo: { metaTitle: 'm' } } });
      assert.equal(article.status, 201, article.text);
      articleId = article.body.data.documentId;
    });
    after(() => t.close());

    async function expect400(url: string, body: unknown): Promise<void> {
      const response = await t.get(url);
      assert.equal(response.status, 400, `${url} → ${response.text}`);
      assert.deepEqual(response.body, body);
    }

    it('a relation, a component or a dynamic zone in fields → 400 Invalid key (findOne and lists)', async () => {
      for (const name of ['author', 'categories', 'previous', 'seo', 'links', 'blocks']) {
        await expect400(`/api/articles/${articleId}?fields[0]=${name}`, invalidKey(name));
        await expect400(`/api/articles?fields=title,${name}`, invalidKey(name));
      }
    });

    it('inside a populate entry: the error names its path', async () => {
      await expect400(`/api/articles?populate[author][fields][0]=articles`, invalidKey('articles', 'author.fields.articles', 'populate'));
      await expect400(`/api/articles?populate[seo][fields][0]=title`, invalidKey('title', 'seo.fields.title', 'populate'));
    });

    it('scalar fields with the linked attribute populated still work', async () => {
      const response = await t.get(`/api/articles/${articleId}?fields[0]=title&populate[author][fields][0]=name`);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.data.title, 'One');
      assert.equal(response.body.data.author.name, 'Ada');
      assert.deepEqual(Object.keys(response.body.data), ['id', 'documentId', 'title', 'author']);
    });

    it('@strapi/client: findOne with fields: [relation] rejects with the 400', async () => {
      const client = strapi({ baseURL: `${t.baseUrl}/api` });
      const error = await client.collection('articles').findOne(articleId, { fields: ['author'] }).then(() => null, (caught: unknown) => caught);
      assert.ok(error instanceof Error && 'response' in error && error.response instanceof Response, `expected an HTTP error, got ${String(error)}`);
      assert.equal(error.response.status, 400);
      assert.deepEqual(await error.response.json(), invalidKey('author'));
      const ok = await client.collection('articles').findOne(articleId, { fields: ['title'] });
      assert.deepEqual(ok.data, { id: ok.data.id, documentId: articleId, title: 'One' });
    });
  });

  describe('media', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ fixture: 'media-app' });
    });
    after(() => t.close());

    it('a single or multiple media in fields → 400 Invalid key', async () => {
      for (const name of ['cover', 'attachments']) {
        const response = await t.get(`/api/articles?fields[0]=${name}`);
        assert.equal(response.status, 400, response.text);
        assert.deepEqual(response.body, invalidKey(name));
      }
    });
  });
});
