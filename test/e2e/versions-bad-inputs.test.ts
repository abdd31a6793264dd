// @databases: sqlite — status and locale parameters are validated before any query
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Refused requests around versions (docs/versions.md; DECISIONS 3 and 6): each is a 4xx in the
 * error envelope, and a follow-up read shows that nothing was written.
 */

type Body = TestResponse['body'];

/** A documentId no document has (well formed, so the lookup really happens). */
const MISSING = 'zzzzzzzzzzzzzzzzzzzzzzzz';
const ACTIONS = ['publish', 'unpublish', 'discard-draft'] as const;

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

/** A 4xx in the envelope `{ data: null, error: { status, name, message, details } }`. */
function assertError(response: TestResponse, status: number, name: string, message?: RegExp | string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body?.data, null, response.text);
  assert.deepEqual(Object.keys(response.body).sort(), ['data', 'error']);
  const error = response.body.error;
  assert.deepEqual(Object.keys(error).sort(), ['details', 'message', 'name', 'status']);
  assert.equal(error.status, status);
  assert.equal(error.name, name);
  assert.equal(typeof error.message, 'string');
  assert.equal(typeof error.details, 'object');
  if (typeof message === 'string') assert.equal(error.message, message);
  else if (message) assert.match(error.message, message);
}

const BAD_STATUS = /^Invalid parameter at 'status'\. Expected 'published' or 'draft', received: /;
const UNKNOWN_LOCALE = /^Invalid parameter at 'locale'\. Unknown locale "xx"/;

describe('versions: bad inputs', () => {
  let t: TestApp;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${++counter}`;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
  });
  after(() => t.close());

  async function createArticle(data: Record<string, unknown> = {}, query = ''): Promise<Body> {
    const response = await t.post(`/api/articles${query}`, { data: { title: unique('Article'), ...data } });
    assert.equal(response.status, 201, response.text);
    return response.body.data;
  }

  /** Both versions of every locale of a document, as reads show them (to compare before/after). */
  async function snapshot(documentId: string): Promise<Body> {
    const response = await t.get(`/api/articles?filters[documentId][$eq]=${documentId}&locale=*&status=draft&sort=locale`);
    const published = await t.get(`/api/articles?filters[documentId][$eq]=${documentId}&locale=*&sort=locale`);
    return { drafts: response.body.data, published: published.body.data };
  }

  /** Every version of any document with this title (to prove a refused POST created nothing). */
  async function withTitle(title: string): Promise<Body[]> {
    const response = await t.get(`/api/articles?filters[title][$eq]=${encodeURIComponent(title)}&locale=*&status=draft`);
    assert.equal(response.status, 200, response.text);
    return response.body.data;
  }

  describe('status', () => {
    it('status=foo → 400 on every route, nothing written', async () => {
      const article = await createArticle();
      const before = await snapshot(article.documentId);

      assertError(await t.get('/api/articles?status=foo'), 400, 'ValidationError', BAD_STATUS);
      assertError(await t.get(`/api/articles/${article.documentId}?status=foo`), 400, 'ValidationError', BAD_STATUS);
      const title = unique('Refused');
      assertError(await t.post('/api/articles?status=foo', { data: { title } }), 400, 'ValidationError', BAD_STATUS);
      assertError(await t.put(`/api/articles/${article.documentId}?status=foo`, { data: { body: 'no' } }), 400, 'ValidationError', BAD_STATUS);
      assertError(await t.del(`/api/articles/${article.documentId}?status=foo`), 400, 'ValidationError', BAD_STATUS);
      assertError(await t.request('POST', `/api/articles/${article.documentId}/actions/unpublish?status=foo`), 400, 'ValidationError', BAD_STATUS);
      assertError(await t.get('/api/homepage?status=foo'), 400, 'ValidationError', BAD_STATUS);
      // Types without Draft & Publish accept draft and published, nothing else.
      assertError(await t.get('/api/categories?status=foo'), 400, 'ValidationError', BAD_STATUS);

      assert.deepEqual(await withTitle(title), []);
      assert.deepEqual(await snapshot(article.documentId), before);
    });

    it('DELETE ?status=draft on a Draft & Publish type → 400; both versions remain', async () => {
      const article = await createArticle();
      const before = await snapshot(article.documentId);
      assertError(await t.del(`/api/articles/${article.documentId}?status=draft`), 400, 'ValidationError');
      assert.deepEqual(await snapshot(article.documentId), before);

      const home = await t.put('/api/homepage', { data: { title: 'Kept' } });
      assert.equal(home.status, 200, home.text);
      assertError(await t.del('/api/homepage?status=draft'), 400, 'ValidationError');
      assert.equal((await t.get('/api/homepage')).body.data.title, 'Kept');
      assert.equal((await t.get('/api/homepage?status=draft')).body.data.title, 'Kept');
    });
  });

  describe('locale', () => {
    it('locale=xx (not configured) → 400 on every route, nothing written', async () => {
      const article = await createArticle();
      const before = await snapshot(article.documentId);
      const title = unique('Unknown locale');

      assertError(await t.get('/api/articles?locale=xx'), 400, 'ValidationError', UNKNOWN_LOCALE);
      assertError(await t.get(`/api/articles/${article.documentId}?locale=xx`), 400, 'ValidationError', UNKNOWN_LOCALE);
      assertError(await t.post('/api/articles?locale=xx', { data: { title } }), 400, 'ValidationError', UNKNOWN_LOCALE);
      assertError(await t.put(`/api/articles/${article.documentId}?locale=xx`, { data: { title } }), 400, 'ValidationError', UNKNOWN_LOCALE);
      assertError(await t.del(`/api/articles/${article.documentId}?locale=xx`), 400, 'ValidationError', UNKNOWN_LOCALE);
      for (const name of ACTIONS) {
        assertError(await t.request('POST', `/api/articles/${article.documentId}/actions/${name}?locale=xx`), 400, 'ValidationError', UNKNOWN_LOCALE);
      }
      // Also on types that are not localized, and on single types.
      assertError(await t.get('/api/tags?locale=xx'), 400, 'ValidationError', UNKNOWN_LOCALE);
      assertError(await t.put('/api/homepage?locale=xx', { data: { title } }), 400, 'ValidationError', UNKNOWN_LOCALE);

      assert.deepEqual(await withTitle(title), []);
      assert.deepEqual(await snapshot(article.documentId), before);
    });

    it('data.locale naming an unknown locale in a POST → 400, nothing written', async () => {
      const title = unique('Body unknown locale');
      const response = await t.post('/api/articles', { data: { title, locale: 'xx' } });
      assertError(response, 400, 'ValidationError');
      assert.deepEqual(await withTitle(title), []);
    });

    it('locale=* on a single document (GET, PUT, POST, actions) → 400, nothing written', async () => {
      const article = await createArticle();
      const before = await snapshot(article.documentId);
      const title = unique('Star');

      assertError(await t.get(`/api/articles/${article.documentId}?locale=*`), 400, 'ValidationError');
      assertError(await t.put(`/api/articles/${article.documentId}?locale=*`, { data: { title } }), 400, 'ValidationError');
      assertError(await t.post('/api/articles?locale=*', { data: { title } }), 400, 'ValidationError');
      for (const name of ACTIONS) {
        assertError(await t.request('POST', `/api/articles/${article.documentId}/actions/${name}?locale=*`), 400, 'ValidationError');
      }
      assertError(await t.get('/api/homepage?locale=*'), 400, 'ValidationError');
      assertError(await t.put('/api/homepage?locale=*', { data: { title } }), 400, 'ValidationError');

      assert.deepEqual(await withTitle(title), []);
      assert.deepEqual(await snapshot(article.documentId), before);
      assert.equal((await t.get('/api/homepage?locale=*&status=draft')).status, 400);
    });

    it('a PUT whose data.locale differs from the target locale → 400, nothing written', async () => {
      const article = await createArticle();
      assert.equal((await t.put(`/api/articles/${article.documentId}?locale=fr`, { data: { title: unique('fr') } })).status, 200);
      const before = await snapshot(article.documentId);

      assertError(await t.put(`/api/articles/${article.documentId}`, { data: { body: 'moved', locale: 'fr' } }), 400, 'ValidationError');
      assertError(await t.put(`/api/articles/${article.documentId}?locale=fr`, { data: { body: 'moved', locale: 'en' } }), 400, 'ValidationError');
      // Creating a localization the same way is refused as well.
      assertError(await t.put(`/api/articles/${article.documentId}?locale=de`, { data: { title: unique('de'), locale: 'fr' } }), 400, 'ValidationError');
      assert.deepEqual(await snapshot(article.documentId), before);
    });

    it('PUT ?locale=fr on a documentId that does not exist at all → 404, nothing created', async () => {
      const title = unique('Ghost');
      assert.deepEqual((await t.put(`/api/articles/${MISSING}?locale=fr`, { data: { title } })).body, NOT_FOUND);
      assert.deepEqual((await t.put(`/api/articles/${MISSING}`, { data: { title } })).body, NOT_FOUND);
      assert.deepEqual((await t.put(`/api/articles/${MISSING}?status=draft`, { data: { title } })).body, NOT_FOUND);
      assert.deepEqual(await withTitle(title), []);
      assert.equal((await t.get(`/api/articles/${MISSING}?locale=fr&status=draft`)).status, 404);
    });
  });

  describe('actions', () => {
    it('on a missing document → 404 for each action', async () => {
      for (const name of ACTIONS) {
        const response = await t.request('POST', `/api/articles/${MISSING}/actions/${name}`);
        assert.deepEqual({ status: response.status, body: response.body }, { status: 404, body: NOT_FOUND }, name);
      }
    });

    it('on a locale the document has no version in → 404, nothing written', async () => {
      const article = await createArticle();
      const before = await snapshot(article.documentId);
      for (const name of ACTIONS) {
        const response = await t.request('POST', `/api/articles/${article.documentId}/actions/${name}?locale=fr`);
        assert.deepEqual({ status: response.status, body: response.body }, { status: 404, body: NOT_FOUND }, name);
      }
      assert.deepEqual(await snapshot(article.documentId), before);
    });

    it('on types without Draft & Publish → 400, nothing written', async () => {
      const category = await t.post('/api/categories', { data: { name: unique('Category') } });
      const author = await t.post('/api/authors', { data: { name: unique('Author') } });
      assert.equal(category.status, 201, category.text);
      assert.equal(author.status, 201, author.text);
      for (const name of ACTIONS) {
        assertError(await t.request('POST', `/api/categories/${category.body.data.documentId}/actions/${name}`), 400, 'ValidationError');
        assertError(await t.request('POST', `/api/authors/${author.body.data.documentId}/actions/${name}`), 400, 'ValidationError');
      }
      assert.deepEqual((await t.get(`/api/categories/${category.body.data.documentId}`)).body.data, category.body.data);
      assert.deepEqual((await t.get(`/api/authors/${author.body.data.documentId}`)).body.data, author.body.data);
    });

    it('unpublish or discard-draft of a document never published → 400; the draft is untouched', async () => {
      const draft = await createArticle({ body: 'only a draft' }, '?status=draft');
      for (const name of ['unpublish', 'discard-draft']) {
        assertError(await t.request('POST', `/api/articles/${draft.documentId}/actions/${name}`), 400, 'ValidationError');
      }
      const read = await t.get(`/api/articles/${draft.documentId}?status=draft`);
      assert.deepEqual(read.body.data, draft);
      assert.equal((await t.get(`/api/articles/${draft.documentId}`)).status, 404);
    });

    it('unpublish or discard-draft after an unpublish → 400 (no published version any more)', async () => {
      const article = await createArticle();
      assert.equal((await t.request('POST', `/api/articles/${article.documentId}/actions/unpublish`)).status, 200);
      const before = await snapshot(article.documentId);
      assertError(await t.request('POST', `/api/articles/${article.documentId}/actions/unpublish`), 400, 'ValidationError');
      assertError(await t.request('POST', `/api/articles/${article.documentId}/actions/discard-draft`), 400, 'ValidationError');
      assert.deepEqual(await snapshot(article.documentId), before);
    });

    it('a relation target missing in the write\'s locale → 400, nothing written', async () => {
      const tag = await t.post('/api/tags', { data: { name: unique('Tag') } });
      const author = await t.post('/api/authors?locale=de', { data: { name: unique('Autor') } });
      const title = unique('Bad relation');
      const response = await t.post('/api/articles?locale=fr', { data: { title, tags: [tag.body.data.documentId], author: author.body.data.documentId } });
      assertError(response, 400, 'ValidationError', `Document with id "${author.body.data.documentId}", locale "fr" not found`);
      assert.deepEqual(await withTitle(title), []);
    });
  });
});
