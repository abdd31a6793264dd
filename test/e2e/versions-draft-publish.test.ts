import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { manualClock } from '../helpers/manual-clock.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Draft & Publish on a collection type (docs/versions.md, "Draft & Publish"): every row of the
 * reads, writes and actions tables, and the publishedAt values, on the default locale.
 * `article` has drafts and is localized; `category` (neither option) and `author` (localized,
 * no drafts) are the types without Draft & Publish.
 */

type Body = TestResponse['body'];

/** What a version shows of the document's own attributes (no row id, no timestamps). */
const CONTENT = ['documentId', 'title', 'slug', 'body', 'views', 'code', 'locale'] as const;
const contentOf = (version: Body) => Object.fromEntries(CONTENT.map((key) => [key, version[key]]));

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

/** Timestamps come from the app's clock, moved between writes that must differ (no sleeping). */
const clock = manualClock();

describe('Draft & Publish: a collection type', () => {
  let t: TestApp;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${++counter}`;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app', clock });
  });
  after(() => t.close());

  async function createArticle(data: Record<string, unknown> = {}, query = ''): Promise<Body> {
    const response = await t.post(`/api/articles${query}`, { data: { title: unique('Article'), ...data } });
    assert.equal(response.status, 201, response.text);
    return response.body.data;
  }

  async function read(documentId: string, query = ''): Promise<TestResponse> {
    return t.get(`/api/articles/${documentId}${query}`);
  }

  /** The list entries of one document (the list filtered on its documentId). */
  async function listed(documentId: string, query = ''): Promise<Body[]> {
    const response = await t.get(`/api/articles?filters[documentId][$eq]=${documentId}${query}`);
    assert.equal(response.status, 200, response.text);
    return response.body.data;
  }

  async function action(documentId: string, name: 'publish' | 'unpublish' | 'discard-draft', query = ''): Promise<TestResponse> {
    return t.request('POST', `/api/articles/${documentId}/actions/${name}${query}`);
  }

  describe('reads', () => {
    it('without status and with status=published: the published version, the same answer', async () => {
      const created = await createArticle({ body: 'published body' });
      const plain = await read(created.documentId);
      const explicit = await read(created.documentId, '?status=published');
      assert.equal(plain.status, 200, plain.text);
      assert.deepEqual(plain.body, { data: created, meta: {} });
      assert.deepEqual(explicit.body, plain.body);
      assert.deepEqual(await listed(created.documentId), [created]);
      assert.deepEqual(await listed(created.documentId, '&status=published'), [created]);
    });

    it('status=draft: the draft (publishedAt null), even when a published version exists', async () => {
      const created = await createArticle({ body: 'b', views: 4, code: unique('code') });
      const draft = await read(created.documentId, '?status=draft');
      assert.equal(draft.status, 200, draft.text);
      assert.equal(draft.body.data.publishedAt, null);
      assert.deepEqual(contentOf(draft.body.data), contentOf(created));
      assert.notEqual(draft.body.data.id, created.id, 'the draft and the published version are two rows');
      const drafts = await listed(created.documentId, '&status=draft');
      assert.deepEqual(drafts, [draft.body.data]);
    });

    it('a document never published: 404 on findOne, absent from the published list, present in the draft list', async () => {
      const draft = await createArticle({}, '?status=draft');
      const one = await read(draft.documentId);
      assert.deepEqual({ status: one.status, body: one.body }, { status: 404, body: NOT_FOUND });
      assert.equal((await read(draft.documentId, '?status=published')).status, 404);
      assert.deepEqual(await listed(draft.documentId), []);
      assert.deepEqual(await listed(draft.documentId, '&status=published'), []);
      assert.deepEqual(await listed(draft.documentId, '&status=draft'), [draft]);
      // The list's count agrees with its entries.
      const counted = await t.get(`/api/articles?filters[documentId][$eq]=${draft.documentId}`);
      assert.equal(counted.body.meta.pagination.total, 0);
    });
  });

  describe('writes', () => {
    it('POST without status → 201 with the published version; the draft exists with the same values', async () => {
      const title = unique('Posted');
      const response = await t.post('/api/articles', { data: { title, body: 'text', views: 3 } });
      assert.equal(response.status, 201, response.text);
      const published = response.body.data;
      assert.deepEqual(Object.keys(published), ['id', 'documentId', 'title', 'slug', 'body', 'views', 'code', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);
      assert.equal(typeof published.publishedAt, 'string');
      assert.ok(!Number.isNaN(Date.parse(published.publishedAt)));
      assert.deepEqual(
        { title: published.title, body: published.body, views: published.views, locale: published.locale },
        { title, body: 'text', views: 3, locale: 'en' },
      );
      assert.deepEqual(response.body.meta, {});
      const draft = (await read(published.documentId, '?status=draft')).body.data;
      assert.equal(draft.publishedAt, null);
      assert.deepEqual(contentOf(draft), contentOf(published));
    });

    it('POST ?status=draft → 201 with the draft only (publishedAt null)', async () => {
      const title = unique('Draft only');
      const response = await t.post('/api/articles?status=draft', { data: { title, body: 'draft text' } });
      assert.equal(response.status, 201, response.text);
      const draft = response.body.data;
      assert.equal(draft.publishedAt, null);
      assert.equal(draft.title, title);
      assert.equal(draft.locale, 'en');
      assert.deepEqual((await read(draft.documentId, '?status=draft')).body, { data: draft, meta: {} });
      assert.equal((await read(draft.documentId)).status, 404);
    });

    it('PUT ?status=draft → 200 with the draft; the published version keeps its values', async () => {
      const created = await createArticle({ body: 'old body', views: 1 });
      const response = await t.put(`/api/articles/${created.documentId}?status=draft`, { data: { title: unique('New title'), body: 'new body' } });
      assert.equal(response.status, 200, response.text);
      const draft = response.body.data;
      assert.equal(draft.publishedAt, null);
      assert.equal(draft.body, 'new body');
      assert.equal(draft.views, 1, 'PUT is partial');

      const published = await read(created.documentId);
      assert.deepEqual(published.body.data, created, 'the published version is unchanged');
      assert.deepEqual((await read(created.documentId, '?status=draft')).body.data, draft);
      assert.deepEqual(await listed(created.documentId), [created]);
      assert.deepEqual(await listed(created.documentId, '&status=draft'), [draft]);
    });

    it('PUT without status → 200: updates the draft, then publishes it (earlier draft edits included)', async () => {
      const created = await createArticle({ body: 'v1', views: 1 });
      const editedTitle = unique('Edited in draft');
      assert.equal((await t.put(`/api/articles/${created.documentId}?status=draft`, { data: { title: editedTitle } })).status, 200);
      clock.advance(5);
      const response = await t.put(`/api/articles/${created.documentId}`, { data: { body: 'v2' } });
      assert.equal(response.status, 200, response.text);
      const published = response.body.data;
      assert.equal(published.title, editedTitle);
      assert.equal(published.body, 'v2');
      assert.equal(published.views, 1);
      assert.ok(published.publishedAt > created.publishedAt, `re-published: ${published.publishedAt} > ${created.publishedAt}`);
      assert.deepEqual((await read(created.documentId)).body.data, published);
      const draft = (await read(created.documentId, '?status=draft')).body.data;
      assert.deepEqual(contentOf(draft), contentOf(published));
      assert.equal(draft.publishedAt, null);
    });

    it('PUT {"data":{}} publishes the draft as it is', async () => {
      const draftOnly = await createArticle({ body: 'as is' }, '?status=draft');
      const first = await t.put(`/api/articles/${draftOnly.documentId}`, { data: {} });
      assert.equal(first.status, 200, first.text);
      assert.equal(typeof first.body.data.publishedAt, 'string');
      assert.deepEqual(contentOf(first.body.data), contentOf(draftOnly));
      assert.deepEqual((await read(draftOnly.documentId)).body.data, first.body.data);

      // A published document with pending draft edits: {} publishes the edits.
      const edited = unique('Pending edit');
      assert.equal((await t.put(`/api/articles/${draftOnly.documentId}?status=draft`, { data: { title: edited } })).status, 200);
      const second = await t.put(`/api/articles/${draftOnly.documentId}`, { data: {} });
      assert.equal(second.status, 200, second.text);
      assert.equal(second.body.data.title, edited);
      assert.equal((await read(draftOnly.documentId)).body.data.title, edited);
    });

    it('DELETE → 204 removes the draft and the published version; then every read and a second DELETE → 404', async () => {
      const created = await createArticle();
      assert.equal((await t.put(`/api/articles/${created.documentId}?status=draft`, { data: { body: 'pending' } })).status, 200);
      const deleted = await t.del(`/api/articles/${created.documentId}`);
      assert.equal(deleted.status, 204, deleted.text);
      assert.equal(deleted.text, '');
      assert.equal((await read(created.documentId)).status, 404);
      assert.equal((await read(created.documentId, '?status=draft')).status, 404);
      assert.deepEqual(await listed(created.documentId, '&status=draft'), []);
      assert.deepEqual((await t.del(`/api/articles/${created.documentId}`)).body, NOT_FOUND);
    });

    it('DELETE of a document that only has a draft → 204, the draft is gone', async () => {
      const draft = await createArticle({}, '?status=draft');
      assert.equal((await t.del(`/api/articles/${draft.documentId}`)).status, 204);
      assert.equal((await read(draft.documentId, '?status=draft')).status, 404);
    });
  });

  describe('actions', () => {
    it('publish → 200 with the published version, a copy of the draft', async () => {
      const draft = await createArticle({ body: 'to publish', views: 8 }, '?status=draft');
      const response = await action(draft.documentId, 'publish');
      assert.equal(response.status, 200, response.text);
      const published = response.body.data;
      assert.equal(typeof published.publishedAt, 'string');
      assert.deepEqual(contentOf(published), contentOf(draft));
      assert.deepEqual(response.body, { data: published, meta: {} });
      assert.deepEqual((await read(draft.documentId)).body.data, published);
      // The draft stays as it was.
      assert.deepEqual(contentOf((await read(draft.documentId, '?status=draft')).body.data), contentOf(draft));
    });

    it('publish of a published document with draft edits: the published version takes them', async () => {
      const created = await createArticle({ body: 'first' });
      assert.equal((await t.put(`/api/articles/${created.documentId}?status=draft`, { data: { body: 'second' } })).status, 200);
      const response = await action(created.documentId, 'publish');
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.data.body, 'second');
      assert.equal((await read(created.documentId)).body.data.body, 'second');
    });

    it('unpublish → 200 with the draft; the published version is gone, the draft (with its edits) stays', async () => {
      const created = await createArticle({ body: 'live' });
      const edited = await t.put(`/api/articles/${created.documentId}?status=draft`, { data: { body: 'unsaved edit' } });
      const response = await action(created.documentId, 'unpublish');
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.data.publishedAt, null);
      assert.equal(response.body.data.body, 'unsaved edit');
      assert.deepEqual(response.body.data, edited.body.data);
      assert.equal((await read(created.documentId)).status, 404);
      assert.deepEqual(await listed(created.documentId), []);
      assert.deepEqual((await read(created.documentId, '?status=draft')).body.data, edited.body.data);
    });

    it('discard-draft → 200 with the draft, now a copy of the published version', async () => {
      const created = await createArticle({ body: 'kept', views: 2 });
      assert.equal((await t.put(`/api/articles/${created.documentId}?status=draft`, { data: { title: unique('Discarded'), body: 'discarded' } })).status, 200);
      const response = await action(created.documentId, 'discard-draft');
      assert.equal(response.status, 200, response.text);
      const draft = response.body.data;
      assert.equal(draft.publishedAt, null);
      assert.deepEqual(contentOf(draft), contentOf(created));
      assert.deepEqual((await read(created.documentId, '?status=draft')).body.data, draft);
      assert.deepEqual((await read(created.documentId)).body.data, created, 'the published version is untouched');
    });

    it('actions sent with Content-Type: application/json and no body (as HTTP helpers send them) work', async () => {
      const draft = await createArticle({ body: 'helper' }, '?status=draft');
      const json = { rawBody: '', headers: { 'content-type': 'application/json' } };
      for (const name of ['publish', 'discard-draft', 'unpublish'] as const) {
        const response = await t.request('POST', `/api/articles/${draft.documentId}/actions/${name}`, json);
        assert.equal(response.status, 200, `${name}: ${response.text}`);
      }
      assert.equal((await read(draft.documentId)).status, 404, 'unpublished again');
      const empty = await t.request('POST', `/api/articles/${draft.documentId}/actions/publish`, { rawBody: '{}', headers: json.headers });
      assert.equal(empty.status, 200, 'an empty object is a body without data, as before');
    });

    it('actions answer with the populate and fields of their query', async () => {
      const draft = await createArticle({ body: 'b', seo: { metaTitle: 'Meta' } }, '?status=draft');
      const response = await action(draft.documentId, 'publish', '?fields[0]=title&populate[0]=seo');
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(Object.keys(response.body.data), ['id', 'documentId', 'title', 'seo']);
      assert.equal(response.body.data.seo.metaTitle, 'Meta');
      const unpublished = await action(draft.documentId, 'unpublish', '?fields[0]=body');
      assert.equal(unpublished.status, 200, unpublished.text);
      assert.deepEqual(unpublished.body.data, { id: unpublished.body.data.id, documentId: draft.documentId, body: 'b' });
    });
  });

  describe('publishedAt', () => {
    it('null on every draft; on the published version, the time of the last publish', async () => {
      const created = await createArticle();
      const firstPublish = created.publishedAt;
      assert.equal((await read(created.documentId, '?status=draft')).body.data.publishedAt, null);

      clock.advance(5);
      const republished = await action(created.documentId, 'publish');
      assert.equal(republished.status, 200, republished.text);
      assert.ok(republished.body.data.publishedAt > firstPublish, 'the publish action sets a new time');
      clock.advance(5);
      const put = await t.put(`/api/articles/${created.documentId}`, { data: { body: 'x' } });
      assert.equal(put.status, 200, put.text);
      assert.ok(put.body.data.publishedAt > republished.body.data.publishedAt, 'PUT without status publishes again');

      // A draft-only write leaves the published time alone.
      clock.advance(5);
      const draftWrite = await t.put(`/api/articles/${created.documentId}?status=draft`, { data: { body: 'y' } });
      assert.equal(draftWrite.status, 200, draftWrite.text);
      assert.equal(draftWrite.body.data.publishedAt, null);
      assert.equal((await read(created.documentId)).body.data.publishedAt, put.body.data.publishedAt);
      for (const entry of await listed(created.documentId, '&status=draft')) assert.equal(entry.publishedAt, null);
    });

    it('types without Draft & Publish: set on create, re-set on every update; status=draft shows the same document', async () => {
      const created = await t.post('/api/categories', { data: { name: unique('Category') } });
      assert.equal(created.status, 201, created.text);
      const category = created.body.data;
      assert.equal(typeof category.publishedAt, 'string');
      clock.advance(5);
      const updated = await t.put(`/api/categories/${category.documentId}`, { data: { name: unique('Renamed') } });
      assert.equal(updated.status, 200, updated.text);
      assert.ok(updated.body.data.publishedAt > category.publishedAt, `${updated.body.data.publishedAt} > ${category.publishedAt}`);
      assert.equal(updated.body.data.id, category.id, 'one row per document');

      const draftRead = await t.get(`/api/categories/${category.documentId}?status=draft`);
      assert.equal(draftRead.status, 200, draftRead.text);
      assert.deepEqual(draftRead.body.data, updated.body.data);
      const draftList = await t.get(`/api/categories?filters[documentId][$eq]=${category.documentId}&status=draft`);
      assert.deepEqual(draftList.body.data, [updated.body.data]);

      // A write with status=draft on such a type still writes its one version.
      const draftWrite = await t.put(`/api/categories/${category.documentId}?status=draft`, { data: { name: 'Via draft' } });
      assert.equal(draftWrite.status, 200, draftWrite.text);
      assert.equal(draftWrite.body.data.name, 'Via draft');
      assert.equal(typeof draftWrite.body.data.publishedAt, 'string');
      assert.equal((await t.get(`/api/categories/${category.documentId}`)).body.data.name, 'Via draft');
    });

    it('a localized type without Draft & Publish (author): publishedAt set and re-set, one version per locale', async () => {
      const created = await t.post('/api/authors', { data: { name: unique('Author') } });
      assert.equal(created.status, 201, created.text);
      const author = created.body.data;
      assert.equal(author.locale, 'en');
      assert.equal(typeof author.publishedAt, 'string');
      clock.advance(5);
      const updated = await t.put(`/api/authors/${author.documentId}`, { data: { name: unique('Author renamed') } });
      assert.ok(updated.body.data.publishedAt > author.publishedAt);
      assert.equal(updated.body.data.id, author.id);
    });
  });
});
