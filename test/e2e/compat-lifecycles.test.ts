import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Client, fetchExchange, type AnyVariables } from '@urql/core';
import { createDocumentApi, type DocumentApi } from '../../src/core/documents/document-api.js';
import { validateData } from '../../src/core/documents/validate-data.js';
import { ApplicationError } from '../../src/core/shared/errors.js';
import { parseDocumentQuery } from '../../src/core/query/parse/parse-document-query.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Strapi 5 lifecycles and document middlewares of a project (test/fixtures/strapi-lifecycles-app:
 * a CommonJS lifecycles.js, a lifecycles.ts, a `db.lifecycles.subscribe` and a
 * `documents.use` in bootstrap) fire exactly once per logical operation, whichever way it
 * comes: REST, GraphQL (urql) or the document service from code. Every assertion reads what
 * the project's own hooks recorded.
 */

type Call = Record<string, unknown>;
const calls: Call[] = ((globalThis as Record<symbol, Call[]>)[Symbol.for('lifecycles-app.calls')] ??= []);

/** The hooks the project recorded, in order, for one content-type. */
const hooksOf = (uid: string): unknown[] => calls.filter((call) => 'hook' in call && call.uid === uid).map((call) => call.hook);
/** Only the write events: reads (findOne/findMany) a transport makes around a write are its own business. */
const writeHooks = (uid: string): unknown[] => hooksOf(uid).filter((hook) => !/FindOne|FindMany|Count/.test(String(hook)));
const middlewareCalls = (): Call[] => calls.filter((call) => 'middleware' in call);

const ARTICLE = 'api::article.article';
const NOTE = 'api::note.note';
const HOMEPAGE = 'api::homepage.homepage';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are arbitrary JSON */
describe('compat: lifecycles and document middlewares of a Strapi 5 project', () => {
  let t: TestApp;
  let graphql: Client;
  let documents: (uid: string) => DocumentApi;

  async function gql(query: string, variables: AnyVariables = {}): Promise<any> {
    const result = await graphql.mutation(query, variables).toPromise();
    return result;
  }

  before(async () => {
    t = await startTestApp({ fixture: 'strapi-lifecycles-app' });
    graphql = new Client({ url: `${t.baseUrl}/graphql`, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false });
    documents = createDocumentApi(t.app.registry, t.app.model.documents, t.app.locales);
  });
  after(async () => {
    await t?.close();
  });
  beforeEach(() => {
    calls.length = 0;
  });

  async function restCreate(title: string): Promise<any> {
    const created = await t.post('/api/articles', { data: { title } });
    assert.equal(created.status, 201, created.text);
    return created.body.data;
  }

  describe('REST: each logical operation fires one pair of events', () => {
    it('create: beforeCreate changes data and what it set is stored; one create, no update or delete', async () => {
      const article = await restCreate('Hello Tessera World');
      assert.equal(article.slug, 'hello-tessera-world');
      assert.deepEqual(writeHooks(ARTICLE), ['beforeCreate', 'afterCreate', 'subscriber.afterCreate']);
      const stored = await t.get(`/api/articles/${article.documentId}`);
      assert.equal(stored.body.data.slug, 'hello-tessera-world', 'the slug set by beforeCreate is stored');
      const afterCreate = calls.find((call) => call.hook === 'afterCreate');
      assert.equal(afterCreate?.documentId, article.documentId);
      assert.equal(afterCreate?.slug, 'hello-tessera-world', 'afterCreate sees the stored document');
    });

    it('update: one beforeUpdate/afterUpdate with Strapi\'s params (data, where) and state carried over', async () => {
      const article = await restCreate('To update');
      calls.length = 0;
      const updated = await t.put(`/api/articles/${article.documentId}`, { data: { views: 3 } });
      assert.equal(updated.status, 200, updated.text);
      assert.deepEqual(writeHooks(ARTICLE), ['beforeUpdate', 'afterUpdate']);
      const before = calls.find((call) => call.hook === 'beforeUpdate');
      assert.deepEqual(before?.data, { views: 3 });
      assert.equal((before?.where as Call).documentId, article.documentId);
      const afterUpdate = calls.find((call) => call.hook === 'afterUpdate');
      assert.equal(afterUpdate?.state, 'before', 'event.state set in beforeUpdate is seen by afterUpdate');
      assert.equal(afterUpdate?.publishedAt, 'absent');
    });

    it('publish, unpublish and discard-draft: one update each (publishedAt set, cleared, untouched)', async () => {
      const created = await t.post('/api/articles?status=draft', { data: { title: 'Draft first' } });
      assert.equal(created.status, 201, created.text);
      const { documentId } = created.body.data;
      for (const [action, publishedAt] of [['publish', 'set'], ['unpublish', null], ['discard-draft', 'absent']] as const) {
        if (action === 'discard-draft') assert.equal((await t.post(`/api/articles/${documentId}/actions/publish`, {})).status, 200);
        calls.length = 0;
        const answer = await t.post(`/api/articles/${documentId}/actions/${action}`, {});
        assert.equal(answer.status, 200, `${action}: ${answer.text}`);
        assert.deepEqual(writeHooks(ARTICLE), ['beforeUpdate', 'afterUpdate'], action);
        assert.equal(calls.find((call) => call.hook === 'afterUpdate')?.publishedAt, publishedAt, action);
      }
    });

    it('delete: one beforeDelete/afterDelete (and the bootstrap subscriber\'s)', async () => {
      const article = await restCreate('To delete');
      calls.length = 0;
      assert.equal((await t.del(`/api/articles/${article.documentId}`)).status, 204);
      assert.deepEqual(writeHooks(ARTICLE), ['beforeDelete', 'afterDelete', 'subscriber.afterDelete']);
      assert.equal((calls.find((call) => call.hook === 'beforeDelete')?.where as Call).documentId, article.documentId);
      assert.equal(calls.find((call) => call.hook === 'afterDelete')?.title, 'To delete', 'afterDelete gets what was deleted');
    });

    it("a single type's PUT: a create the first time, an update afterwards", async () => {
      const first = await t.put('/api/homepage', { data: { headline: 'Welcome' } });
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(writeHooks(HOMEPAGE), ['fn.beforeCreate', 'fn.afterCreate']);
      assert.deepEqual(calls.find((call) => call.hook === 'fn.beforeCreate')?.data, { headline: 'Welcome' });
      calls.length = 0;
      assert.equal((await t.put('/api/homepage', { data: { headline: 'Welcome back' } })).status, 200);
      assert.deepEqual(writeHooks(HOMEPAGE), ['fn.beforeUpdate', 'fn.afterUpdate']);
    });

    it('a document that does not exist: 404, and no write event (as in Strapi)', async () => {
      const missing = 'nosuchdocumentid000000000';
      assert.equal((await t.put(`/api/articles/${missing}`, { data: { views: 1 } })).status, 404);
      assert.equal((await t.del(`/api/articles/${missing}`)).status, 404);
      assert.equal((await t.post(`/api/articles/${missing}/actions/publish`, {})).status, 404);
      assert.deepEqual(writeHooks(ARTICLE), []);
    });

    it('reads: a list fires one findMany, a document one findOne', async () => {
      const article = await restCreate('To read');
      calls.length = 0;
      assert.equal((await t.get('/api/articles')).status, 200);
      assert.deepEqual(hooksOf(ARTICLE), ['beforeFindMany']);
      calls.length = 0;
      assert.equal((await t.get(`/api/articles/${article.documentId}`)).status, 200);
      assert.deepEqual(hooksOf(ARTICLE), ['beforeFindOne']);
      assert.equal((calls[0]?.where as Call).documentId, article.documentId);
    });
  });

  describe('a throwing before-hook aborts the operation, nothing written', () => {
    it('create: the error answers, no article is stored, no after-hook runs', async () => {
      const count = (await documents(ARTICLE).count({ status: 'draft' })) as number;
      const refused = await t.post('/api/articles', { data: { title: 'A forbidden title' } });
      assert.equal(refused.status, 500, refused.text);
      assert.equal(refused.body.error.name, 'InternalServerError');
      assert.deepEqual(writeHooks(ARTICLE), ['beforeCreate']);
      assert.equal(await documents(ARTICLE).count({ status: 'draft' }), count, 'no draft was written');
      assert.equal(await documents(ARTICLE).count({ filters: { title: { $contains: 'forbidden' } } }), 0);
    });

    it('update: the document keeps its values (draft and published)', async () => {
      const article = await restCreate('Keeps its views');
      await t.put(`/api/articles/${article.documentId}`, { data: { views: 7 } });
      calls.length = 0;
      const refused = await t.put(`/api/articles/${article.documentId}`, { data: { views: -1, title: 'Changed' } });
      assert.equal(refused.status, 500, refused.text);
      assert.deepEqual(writeHooks(ARTICLE), ['beforeUpdate']);
      for (const status of ['draft', 'published'] as const) {
        const stored = await documents(ARTICLE).findOne({ documentId: article.documentId, status });
        assert.equal(stored?.views, 7, status);
        assert.equal(stored?.title, 'Keeps its views', status);
      }
    });

    it("an error class of Tessera's (Strapi's ApplicationError) answers in the envelope with its status", async () => {
      const unsubscribe = t.app.hooks.lifecycles.subscribe({
        models: [ARTICLE],
        beforeCreate: () => {
          throw new ApplicationError('Articles are closed today', { reason: 'maintenance' });
        },
      });
      try {
        const refused = await t.post('/api/articles', { data: { title: 'Closed' } });
        assert.equal(refused.status, 400, refused.text);
        assert.deepEqual(refused.body.error, { status: 400, name: 'ApplicationError', message: 'Articles are closed today', details: { reason: 'maintenance' } });
        assert.equal(await documents(ARTICLE).count({ filters: { title: { $eq: 'Closed' } }, status: 'draft' }), 0);
      } finally {
        unsubscribe();
      }
    });

    it('data a before-hook changed is checked again: a value the content-type refuses is a 400 naming the field', async () => {
      const unsubscribe = t.app.hooks.lifecycles.subscribe({
        models: [ARTICLE],
        beforeCreate: (event) => {
          (event.params.data as Record<string, unknown>).views = 'many';
        },
      });
      try {
        const refused = await t.post('/api/articles', { data: { title: 'Checked again' } });
        assert.equal(refused.status, 400, refused.text);
        assert.equal(refused.body.error.name, 'ValidationError');
        assert.deepEqual(refused.body.error.details.errors.map((error: any) => error.path), [['views']]);
      } finally {
        unsubscribe();
      }
    });

    it('a write rolled back inside its transaction (a unique slug taken) fires no after-hook', async () => {
      await restCreate('Twin title');
      calls.length = 0;
      const refused = await t.post('/api/articles', { data: { title: 'Twin title' } });
      assert.equal(refused.status, 400, refused.text);
      assert.deepEqual(writeHooks(ARTICLE), ['beforeCreate'], 'beforeCreate ran, afterCreate never did');
      assert.equal(await documents(ARTICLE).count({ filters: { slug: { $eq: 'twin-title' } }, status: 'draft' }), 1);
    });

    it('GraphQL: the same refusal, as a GraphQL error, nothing written', async () => {
      const result = await gql('mutation { createArticle(data: { title: "forbidden again" }) { documentId } }');
      assert.ok(result.error, 'the mutation fails');
      assert.equal(await documents(ARTICLE).count({ filters: { title: { $eq: 'forbidden again' } }, status: 'draft' }), 0);
    });
  });

  describe('GraphQL (urql): one pair per mutation', () => {
    it('create, update, delete', async () => {
      const created = await gql('mutation Create($data: ArticleInput!) { createArticle(data: $data) { documentId slug } }', { data: { title: 'Over GraphQL' } });
      assert.equal(created.error, undefined, created.error?.message);
      assert.equal(created.data.createArticle.slug, 'over-graphql', 'beforeCreate changed the stored data');
      assert.deepEqual(writeHooks(ARTICLE), ['beforeCreate', 'afterCreate', 'subscriber.afterCreate']);
      const { documentId } = created.data.createArticle;
      calls.length = 0;
      const updated = await gql('mutation Update($id: ID!) { updateArticle(documentId: $id, data: { views: 9 }) { views } }', { id: documentId });
      assert.equal(updated.error, undefined, updated.error?.message);
      assert.deepEqual(writeHooks(ARTICLE), ['beforeUpdate', 'afterUpdate']);
      calls.length = 0;
      const deleted = await gql('mutation Delete($id: ID!) { deleteArticle(documentId: $id) { documentId } }', { id: documentId });
      assert.equal(deleted.error, undefined, deleted.error?.message);
      assert.deepEqual(writeHooks(ARTICLE), ['beforeDelete', 'afterDelete', 'subscriber.afterDelete']);
    });
  });

  describe('the document service from code (strapi.documents)', () => {
    it('createMany (what the upload plugin uses): one beforeCreate/afterCreate per document, in one transaction', async () => {
      const contentType = t.app.registry.get(ARTICLE);
      assert.ok(contentType);
      const query = parseDocumentQuery({}, { contentType, rest: t.app.config.rest, registry: t.app.registry, locales: t.app.locales });
      const writes = ['Many one', 'Many two'].map((title) => validateData({ title }, contentType, 'create', t.app.registry));
      const created = await t.app.model.documents.createMany({ writes, query });
      assert.deepEqual(created.map((document) => document.slug), ['many-one', 'many-two']);
      assert.deepEqual(writeHooks(ARTICLE), ['beforeCreate', 'beforeCreate', 'afterCreate', 'subscriber.afterCreate', 'afterCreate', 'subscriber.afterCreate']);
    });

    it('create, update, delete, count: one pair each', async () => {
      const created = await documents(ARTICLE).create({ data: { title: 'From code' } });
      assert.equal(created.slug, 'from-code');
      assert.deepEqual(writeHooks(ARTICLE), ['beforeCreate', 'afterCreate', 'subscriber.afterCreate']);
      calls.length = 0;
      await documents(ARTICLE).update({ documentId: String(created.documentId), data: { views: 1 } });
      assert.deepEqual(writeHooks(ARTICLE), ['beforeUpdate', 'afterUpdate']);
      calls.length = 0;
      await documents(ARTICLE).delete({ documentId: String(created.documentId) });
      assert.deepEqual(writeHooks(ARTICLE), ['beforeDelete', 'afterDelete', 'subscriber.afterDelete']);
      calls.length = 0;
      const total = await documents(NOTE).count({ filters: { code: { $eq: 'NONE' } } });
      assert.equal(total, 0);
      assert.deepEqual(hooksOf(NOTE), ['beforeCount', 'afterCount']);
      assert.deepEqual(calls.find((call) => call.hook === 'beforeCount')?.where, { code: { $eq: 'NONE' } });
    });
  });

  describe('lifecycles.ts, a subscriber function and a document middleware', () => {
    it('the TypeScript beforeCreate and the middleware both change data; the function subscriber hears the create', async () => {
      const created = await t.post('/api/notes', { data: { code: 'b2' } });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.data.code, 'B2', 'beforeCreate of lifecycles.ts');
      assert.equal(created.body.data.title, 'untitled', 'the middleware set data.title');
      assert.deepEqual(hooksOf(NOTE), ['fn.afterCreate']);
      const [context] = middlewareCalls();
      assert.deepEqual(context, { middleware: 'create', uid: NOTE, kind: 'collectionType', params: { data: { code: 'b2' } } });
    });

    it('the middleware sees Strapi\'s context, sorts a list the caller did not sort, and changes a result', async () => {
      for (const code of ['c3', 'a1']) assert.equal((await t.post('/api/notes', { data: { code, title: `note ${code}` } })).status, 201);
      calls.length = 0;
      const list = await t.get('/api/notes?filters[code][$in][0]=A1&filters[code][$in][1]=B2&filters[code][$in][2]=C3');
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(list.body.data.map((note: any) => note.code), ['A1', 'B2', 'C3'], 'sorted by code by the middleware');
      const [context] = middlewareCalls();
      assert.equal(context?.middleware, 'findMany');
      assert.deepEqual((context?.params as Call).filters, { code: { $in: ['A1', 'B2', 'C3'] } });
      assert.deepEqual(hooksOf(NOTE), ['afterFindMany']);
      assert.equal(calls.find((call) => call.hook === 'afterFindMany')?.count, 3);
      const sorted = await t.get('/api/notes?sort=code:desc&filters[code][$in][0]=A1&filters[code][$in][1]=C3');
      assert.deepEqual(sorted.body.data.map((note: any) => note.code), ['C3', 'A1'], "the caller's sort is kept");
      const one = await t.get(`/api/notes/${list.body.data[0].documentId}`);
      assert.equal(one.body.data.title, 'NOTE A1', 'findOne result changed by the middleware');
      const fromCode = await documents(NOTE).findOne({ documentId: list.body.data[0].documentId });
      assert.equal(fromCode?.title, 'NOTE A1', 'the same for project code');
    });
  });
});
