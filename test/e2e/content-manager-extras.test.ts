import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { countDraftRelations } from '../../src/plugins/content-manager/draft-relation-counts.js';
import { createDocumentId } from '../../src/core/documents/document-id.js';
import { CONTENT_MANAGER_ACTIONS } from '../../src/transports/admin/admin-ability.js';
import { createAdminPermissionService } from '../../src/transports/admin/admin-permission-service.js';
import { createTestAdmin, loginTestAdmin, type TestAdmin } from '../helpers/admin-users.js';
import { manualClock, type ManualClock } from '../helpers/manual-clock.js';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { waitUntil } from '../helpers/wait-until.js';

/**
 * The content manager's relation pickers, uid fields, draft relation counts and history, over
 * HTTP, compared with Strapi 5.54's recorded answers (test/fixtures/strapi-admin/content-manager).
 */

const CM = '/content-manager';
const ARTICLES = `${CM}/collection-types/api::article.article`;
const TAGS = `${CM}/collection-types/api::tag.tag`;
const DAY = 86_400_000;

interface Recorded {
  readonly request: { readonly method: string; readonly path: string };
  readonly response: { readonly status: number; readonly body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- recorded JSON
}

function recorded(name: string): Recorded {
  return JSON.parse(readFileSync(fixturePath(`strapi-admin/content-manager/${name}.json`), 'utf8')) as Recorded;
}

/** The keys of an object, the main field's name replaced (Strapi's fixtures show other types). */
function keysOf(value: Record<string, unknown>, mainField: string): string[] {
  return Object.keys(value).map((key) => (key === mainField ? '<mainField>' : key));
}

describe('content manager: relations, uid, draft relation counts, history', () => {
  let app: TestApp;
  let clock: ManualClock;
  let boss: TestAdmin;
  let call: (method: string, url: string, body?: unknown, admin?: TestAdmin) => Promise<TestResponse>;
  const created = async (url: string, body: unknown): Promise<Record<string, any>> => { // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    const response = await call('POST', url, body);
    assert.equal(response.status, 201, response.text);
    return response.body.data;
  };

  before(async () => {
    clock = manualClock();
    app = await startTestApp({ fixture: 'cm-extras-app', clock });
    boss = await createTestAdmin(app, ['strapi-super-admin'], { firstname: 'Ada' });
    call = (method, url, body, admin = boss) => app.request(method, url, { headers: admin.headers, ...(body === undefined ? {} : { body }) });
  });
  after(() => app.close());

  describe('relations', () => {
    let tags: Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    let article: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    before(async () => {
      tags = [];
      for (const name of ['Rel Gamma', 'Rel Alpha', 'Rel Beta', 'Other']) tags.push(await created(TAGS, { name }));
      const published = await call('POST', `${TAGS}/${tags[1]!.documentId}/actions/publish`, {});
      assert.equal(published.status, 200, published.text);
      const author = await created(`${CM}/collection-types/api::author.author?locale=en`, { name: 'Rel Author' });
      article = await created(`${ARTICLES}?locale=en`, {
        title: 'Rel Article',
        author: { connect: [{ documentId: author.documentId, locale: 'en' }] },
        tags: { connect: [tags[0]!, tags[1]!, tags[2]!].map((tag) => ({ documentId: tag.documentId })) },
        seo: { metaTitle: 'Rel Seo', related: { connect: [{ documentId: tags[3]!.documentId }] } },
      });
    });

    it('candidates: _q on the main field, sorted by it, paginated, with status on a Draft & Publish target (Strapi\'s shape)', async () => {
      const response = await call('GET', `${CM}/relations/api::article.article/tags?_q=rel&pageSize=2`);
      assert.equal(response.status, 200, response.text);
      const reference = recorded('relations-candidates-dp-target').response.body;
      assert.deepEqual(Object.keys(response.body), Object.keys(reference));
      assert.deepEqual(Object.keys(response.body.pagination), Object.keys(reference.pagination));
      assert.deepEqual(response.body.pagination, { page: 1, pageSize: 2, pageCount: 2, total: 3 });
      assert.deepEqual(response.body.results.map((tag: { name: string }) => tag.name), ['Rel Alpha', 'Rel Beta']);
      // A type without i18n has no locale key; Strapi's article target has one.
      assert.deepEqual(keysOf(response.body.results[0], 'name'), keysOf(reference.results[0], 'title').filter((key) => key !== 'locale'));
      assert.equal(response.body.results[0].status, 'published');
      assert.equal(response.body.results[1].status, 'draft');
    });

    it('candidates: id leaves out the targets already linked, idsToOmit others, idsToInclude brings linked ones back', async () => {
      const linked = await call('GET', `${CM}/relations/api::article.article/tags?id=${article.documentId}&locale=en`);
      assert.equal(linked.status, 200, linked.text);
      assert.deepEqual(linked.body.results.map((tag: { name: string }) => tag.name), ['Other']);
      const omitted = await call('GET', `${CM}/relations/api::article.article/tags?idsToOmit[0]=${tags[3]!.id}&_q=e`);
      assert.ok(!omitted.body.results.some((tag: { name: string }) => tag.name === 'Other'));
      const included = await call('GET', `${CM}/relations/api::article.article/tags?id=${article.documentId}&locale=en&idsToInclude[0]=${tags[0]!.id}`);
      assert.deepEqual(included.body.results.map((tag: { name: string }) => tag.name).sort(), ['Other', 'Rel Gamma']);
    });

    it('candidates: Strapi\'s `filters` object narrows them (with _q, $or), unknown fields are a 400', async () => {
      const startsWith = await call('GET', `${CM}/relations/api::article.article/tags?filters[name][$startsWith]=Rel%20B`);
      assert.equal(startsWith.status, 200, startsWith.text);
      assert.deepEqual(startsWith.body.results.map((tag: { name: string }) => tag.name), ['Rel Beta']);
      assert.equal(startsWith.body.pagination.total, 1);
      const either = await call('GET', `${CM}/relations/api::article.article/tags?filters[$or][0][name][$eq]=Other&filters[$or][1][name][$eq]=Rel%20Alpha&_q=e`);
      assert.deepEqual(either.body.results.map((tag: { name: string }) => tag.name), ['Other', 'Rel Alpha']);
      const unknown = await call('GET', `${CM}/relations/api::article.article/tags?filters[nope][$eq]=1`);
      assert.equal(unknown.status, 400, unknown.text);
    });

    it('current links: newest first, paginated; the inverse side, a to-one, a component row', async () => {
      const links = await call('GET', `${CM}/relations/api::article.article/${article.documentId}/tags?locale=en`);
      assert.equal(links.status, 200, links.text);
      const reference = recorded('relations-current').response.body;
      assert.deepEqual(Object.keys(links.body), Object.keys(reference));
      assert.deepEqual(links.body.results.map((tag: { name: string }) => tag.name), ['Rel Beta', 'Rel Alpha', 'Rel Gamma']);
      const page = await call('GET', `${CM}/relations/api::article.article/${article.documentId}/tags?locale=en&page=2&pageSize=1`);
      assert.deepEqual(page.body.pagination, { page: 2, pageSize: 1, pageCount: 3, total: 3 });
      assert.deepEqual(page.body.results.map((tag: { name: string }) => tag.name), ['Rel Alpha']);
      const inverse = await call('GET', `${CM}/relations/api::tag.tag/${tags[0]!.documentId}/articles?locale=en`);
      assert.equal(inverse.status, 200, inverse.text);
      assert.deepEqual(inverse.body.results.map((item: Record<string, unknown>) => [item.title, item.locale, item.status]), [['Rel Article', 'en', 'draft']]);
      const author = await call('GET', `${CM}/relations/api::article.article/${article.documentId}/author?locale=en`);
      assert.deepEqual(author.body.results.map((item: { name: string }) => item.name), ['Rel Author']);
      const found = await call('GET', `${ARTICLES}/${article.documentId}?locale=en`);
      const seoId = found.body.data.seo.id as number;
      const component = await call('GET', `${CM}/relations/shared.seo/${seoId}/related`);
      assert.equal(component.status, 200, component.text);
      assert.deepEqual(component.body.results.map((tag: { name: string }) => tag.name), ['Other']);
    });

    it('bad inputs: Strapi\'s 400s and 404, in the envelope; no token: 401', async () => {
      const notRelation = await call('GET', `${CM}/relations/api::article.article/title`);
      assert.equal(notRelation.status, 400);
      assert.deepEqual(notRelation.body, recorded('relations-candidates-not-relation').response.body);
      const unknownModel = await call('GET', `${CM}/relations/api::nope.nope/tags`);
      assert.deepEqual(unknownModel.body, recorded('relations-unknown-model').response.body);
      const tooBig = await call('GET', `${CM}/relations/api::article.article/tags?pageSize=101`);
      assert.deepEqual(tooBig.body, recorded('relations-candidates-pagesize-too-big').response.body);
      const missing = await call('GET', `${CM}/relations/api::article.article/aaaaaaaaaaaaaaaaaaaaaaaa/tags?locale=en`);
      assert.deepEqual(missing.body, recorded('relations-current-unknown-id').response.body);
      const anonymous = await app.get(`${CM}/relations/api::article.article/tags`);
      assert.equal(anonymous.status, 401);
    });
  });

  describe('current links of a to-many with 10,000 links', () => {
    it('are read a page at a time in SQL, newest first, with their count: the same statements and no more rows than for 3 links', async () => {
      const few = await created(`${ARTICLES}?locale=en`, { title: 'Few Links' });
      const many = await created(`${ARTICLES}?locale=en`, { title: 'Many Links' });
      const { db, dialect } = app.app.database;
      const at = dialect.encode('datetime', '2026-01-01T00:00:00.000Z');
      const draftRow = async (documentId: string) => Number((await app.app.database.db.selectFrom('articles').select(['id']).where('document_id', '=', documentId).where('published_at', 'is', null).executeTakeFirstOrThrow()).id);
      const manyRow = await draftRow(many.documentId);
      const fewRow = await draftRow(few.documentId);
      const tagIds: string[] = [];
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < 10_000; start += 500) {
          const rows = Array.from({ length: 500 }, (_, offset) => {
            const documentId = createDocumentId();
            tagIds.push(documentId);
            return { document_id: documentId, name: `Bulk tag ${String(start + offset).padStart(5, '0')}`, created_at: at, updated_at: at, published_at: null };
          });
          await trx.insertInto('tags').values(rows).execute();
        }
        for (let start = 0; start < 10_000; start += 500) {
          await trx.insertInto('articles_tags_lnk').values(tagIds.slice(start, start + 500).map((target, offset) => ({ entity_id: manyRow, target_document_id: target, target_ord: start + offset + 1 }))).execute();
        }
        await trx.insertInto('articles_tags_lnk').values(tagIds.slice(0, 3).map((target, offset) => ({ entity_id: fewRow, target_document_id: target, target_ord: offset + 1 }))).execute();
      });
      const read = (documentId: string, query: string) => app.app.database.counter.measureRows(() => call('GET', `${CM}/relations/api::article.article/${documentId}/tags?locale=en&${query}`));
      const first = await read(many.documentId, 'page=1&pageSize=10');
      assert.equal(first.result.status, 200, first.result.text);
      assert.deepEqual(first.result.body.pagination, { page: 1, pageSize: 10, pageCount: 1000, total: 10_000 });
      assert.deepEqual(first.result.body.results.map((tag: { name: string }) => tag.name), Array.from({ length: 10 }, (_, index) => `Bulk tag ${String(9_999 - index).padStart(5, '0')}`));
      const last = await read(many.documentId, 'page=1000&pageSize=10');
      assert.deepEqual(last.result.body.results.map((tag: { name: string }) => tag.name).slice(-2), ['Bulk tag 00001', 'Bulk tag 00000']);
      const small = await read(few.documentId, 'page=1&pageSize=10');
      assert.deepEqual(small.result.body.results.map((tag: { name: string }) => tag.name), ['Bulk tag 00002', 'Bulk tag 00001', 'Bulk tag 00000']);
      assert.equal(first.statements, small.statements);
      // Rows are reported by the SQLite driver: the page (10 links, their 10 tags) and a few more, not 10,000.
      if (dialect.name === 'sqlite') assert.ok(first.rows < 100, `${first.rows} rows read`);
    });
  });

  describe('uid', () => {
    it('generate: the content API\'s slug, made free within the locale', async () => {
      const title = 'Ünïcode Straße & Co';
      const generated = await call('POST', `${CM}/uid/generate?locale=en`, { contentTypeUID: 'api::article.article', field: 'slug', data: { title } });
      assert.equal(generated.status, 200, generated.text);
      const viaApi = await app.post('/api/articles?status=draft', { data: { title } });
      assert.equal(viaApi.status, 201, viaApi.text);
      assert.equal(viaApi.body.data.slug, generated.body.data, 'one slug function');
      assert.deepEqual(generated.body, recorded('uid-generate-unicode').response.body, 'Strapi\'s slug of the same title');
      const again = await call('POST', `${CM}/uid/generate?locale=en`, { contentTypeUID: 'api::article.article', field: 'slug', data: { title } });
      assert.equal(again.body.data, `${generated.body.data}-1`);
      const otherLocale = await call('POST', `${CM}/uid/generate?locale=fr`, { contentTypeUID: 'api::article.article', field: 'slug', data: { title } });
      assert.equal(otherLocale.body.data, generated.body.data);
      const empty = await call('POST', `${CM}/uid/generate?locale=en`, { contentTypeUID: 'api::article.article', field: 'slug', data: {} });
      assert.deepEqual(empty.body, recorded('uid-generate-empty').response.body);
      const notUid = await call('POST', `${CM}/uid/generate`, { contentTypeUID: 'api::article.article', field: 'title', data: {} });
      assert.equal(notUid.status, 400);
      assert.deepEqual(notUid.body, recorded('uid-generate-not-uid').response.body);
    });

    it('check-availability: taken with a suggestion, free, the default and a custom regex, missing value', async () => {
      await app.post('/api/articles?status=draft', { data: { title: 'Taken', slug: 'cm-taken' } });
      const taken = await call('POST', `${CM}/uid/check-availability?locale=en`, { contentTypeUID: 'api::article.article', field: 'slug', value: 'cm-taken' });
      assert.deepEqual(taken.body, { isAvailable: false, suggestion: 'cm-taken-1' });
      // Strapi's answers for a taken value (recorded with `cmx-linked-one`): the same suggestion rule.
      await app.post('/api/articles?status=draft', { data: { title: 'Cmx Linked One', slug: 'cmx-linked-one' } });
      const strapiTaken = await call('POST', `${CM}/uid/check-availability?locale=en`, { contentTypeUID: 'api::article.article', field: 'slug', value: 'cmx-linked-one' });
      assert.deepEqual(strapiTaken.body, recorded('uid-check-taken').response.body);
      const strapiGenerated = await call('POST', `${CM}/uid/generate?locale=en`, { contentTypeUID: 'api::article.article', field: 'slug', data: { title: 'Cmx Linked One' } });
      assert.deepEqual(strapiGenerated.body, recorded('uid-generate-taken').response.body);
      const free = await call('POST', `${CM}/uid/check-availability?locale=en`, { contentTypeUID: 'api::article.article', field: 'slug', value: 'cmx-free-slug' });
      assert.deepEqual(free.body, recorded('uid-check-available').response.body);
      const inFr = await call('POST', `${CM}/uid/check-availability?locale=fr`, { contentTypeUID: 'api::article.article', field: 'slug', value: 'cm-taken' });
      assert.equal(inFr.body.isAvailable, true);
      const badValue = await call('POST', `${CM}/uid/check-availability?locale=en`, { contentTypeUID: 'api::article.article', field: 'slug', value: 'x y' });
      assert.deepEqual(badValue.body, recorded('uid-check-bad-regex').response.body);
      const custom = await call('POST', `${CM}/uid/check-availability`, { contentTypeUID: 'api::tag.tag', field: 'code', value: 'ABC' });
      assert.equal(custom.status, 400);
      assert.equal(custom.body.error.message, 'Must match the custom regex or the default one "/^[a-z-]*$/"');
      const missing = await call('POST', `${CM}/uid/check-availability`, { contentTypeUID: 'api::article.article', field: 'slug' });
      assert.deepEqual(missing.body, recorded('uid-check-missing').response.body);
      const notUid = await call('POST', `${CM}/uid/check-availability`, { contentTypeUID: 'api::article.article', field: 'title', value: 'x' });
      assert.deepEqual(notUid.body, recorded('uid-check-not-uid').response.body);
    });
  });

  describe('draft relation counts', () => {
    let draftTag: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    let articleIds: string[];
    before(async () => {
      draftTag = await created(TAGS, { name: 'Count draft' });
      const publishedTag = await created(TAGS, { name: 'Count published' });
      await call('POST', `${TAGS}/${publishedTag.documentId}/actions/publish`, {});
      articleIds = [];
      for (let index = 0; index < 100; index += 1) {
        const article = await created(`${ARTICLES}?locale=en`, {
          title: `Count ${index}`,
          tags: { connect: [{ documentId: draftTag.documentId }, { documentId: publishedTag.documentId }] },
          seo: { metaTitle: 's', related: { connect: [{ documentId: draftTag.documentId }] } },
        });
        articleIds.push(article.documentId);
      }
    });

    it('countDraftRelations: a bidirectional manyToMany link and a component\'s link to a never-published tag; Strapi\'s shape', async () => {
      const response = await call('GET', `${ARTICLES}/${articleIds[0]}/actions/countDraftRelations?locale=en`);
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(Object.keys(response.body.data), Object.keys(recorded('count-draft-relations-none').response.body.data));
      assert.deepEqual(response.body, { data: { unpublishedRelations: 1, draftM2mLinks: 1 } });
      const inverse = await call('GET', `${TAGS}/${draftTag.documentId}/actions/countDraftRelations`);
      assert.deepEqual(inverse.body, { data: { unpublishedRelations: 0, draftM2mLinks: 100 } });
      const otherLocale = await call('GET', `${ARTICLES}/${articleIds[0]}/actions/countDraftRelations?locale=fr`);
      assert.deepEqual(otherLocale.body, recorded('count-draft-relations-none').response.body);
    });

    it('countManyEntriesDraftRelations over 100 documents: the same statements as over 3, at most two counting ones', async () => {
      const url = (ids: readonly string[]) => `${ARTICLES}/actions/countManyEntriesDraftRelations?locale=en&${ids.map((id, index) => `documentIds[${index}]=${id}`).join('&')}`;
      const few = await app.app.database.counter.measure(() => call('GET', url(articleIds.slice(0, 3))));
      const many = await app.app.database.counter.measure(() => call('GET', url(articleIds)));
      assert.equal(many.result.status, 200, many.result.text);
      assert.deepEqual(many.result.body, { data: 200 });
      assert.deepEqual(few.result.body, { data: 6 });
      assert.equal(many.statements, few.statements, 'no statement per document');
      const article = app.app.registry.get('api::article.article')!;
      const direct = await app.app.database.counter.measure(() => countDraftRelations(app.app.database.db, app.app.registry, { contentType: article, documentIds: articleIds, locale: 'en' }));
      assert.ok(direct.statements <= 2, `${direct.statements} statements`);
      const empty = await call('GET', `${ARTICLES}/actions/countManyEntriesDraftRelations`);
      assert.deepEqual(empty.body, recorded('count-many-draft-relations-empty').response.body);
    });

    it('single type: 404 before it exists, then its counts', async () => {
      const none = await call('GET', `${CM}/single-types/api::homepage.homepage/actions/countDraftRelations?locale=en`);
      assert.deepEqual(none.body, recorded('count-draft-relations-single').response.body);
      const put = await call('PUT', `${CM}/single-types/api::homepage.homepage?locale=en`, { title: 'Home', featured: { connect: [{ documentId: draftTag.documentId }] } });
      assert.equal(put.status, 200, put.text);
      const counts = await call('GET', `${CM}/single-types/api::homepage.homepage/actions/countDraftRelations?locale=en`);
      assert.deepEqual(counts.body, { data: { unpublishedRelations: 1, draftM2mLinks: 0 } });
    });
  });

  describe('history', () => {
    const versionsOf = async (documentId: string, pageSize = 100) => {
      const response = await call('GET', `${CM}/history-versions?contentType=api::article.article&documentId=${documentId}&locale=en&pageSize=${pageSize}`);
      assert.equal(response.status, 200, response.text);
      return response.body as { data: Record<string, any>[]; meta: { pagination: Record<string, number> } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    };

    it('20 saves → 20 versions, newest first; restoring version 5 gives back its content', async () => {
      const article = await created(`${ARTICLES}?locale=en`, { title: 'History 1', views: 1, seo: { metaTitle: 'seo 1' } });
      for (let save = 2; save <= 20; save += 1) {
        const response = await call('PUT', `${ARTICLES}/${article.documentId}?locale=en`, { title: `History ${save}`, views: save, seo: { metaTitle: `seo ${save}` } });
        assert.equal(response.status, 200, response.text);
      }
      const { data, meta } = await versionsOf(article.documentId);
      assert.equal(meta.pagination.total, 20);
      assert.deepEqual(data.map((version) => version.data.title), Array.from({ length: 20 }, (_, index) => `History ${20 - index}`));
      const fifth = data[15]!;
      assert.equal(fifth.data.title, 'History 5');
      assert.deepEqual(Object.keys(fifth).sort(), ['componentsSchemas', 'contentType', 'createdAt', 'createdBy', 'data', 'id', 'locale', 'meta', 'relatedDocumentId', 'schema', 'status'].sort());
      assert.deepEqual(fifth.locale, { name: fifth.locale.name, code: 'en' });
      assert.equal(fifth.createdBy.email, boss.email);
      assert.equal(fifth.status, 'draft');
      assert.deepEqual(fifth.meta, { unknownAttributes: { added: {}, removed: {} } });
      assert.deepEqual(fifth.data.tags, { results: [], meta: { missingCount: 0 } });

      const restored = await call('PUT', `${CM}/history-versions/${fifth.id}/restore`, { contentType: 'api::article.article' });
      assert.equal(restored.status, 200, restored.text);
      assert.deepEqual(restored.body, { data: { documentId: article.documentId } });
      const now = await call('GET', `${ARTICLES}/${article.documentId}?locale=en`);
      assert.equal(now.body.data.title, 'History 5');
      assert.equal(now.body.data.views, 5);
      assert.equal(now.body.data.seo.metaTitle, 'seo 5');
      const after = await versionsOf(article.documentId, 2);
      assert.equal(after.meta.pagination.total, 21, 'the restore is a save');
      assert.equal(after.data[0]!.data.title, 'History 5');
    });

    it('versions keep relations; a restore links the targets that still exist; a single type\'s history', async () => {
      const kept = await created(TAGS, { name: 'History kept' });
      const gone = await created(TAGS, { name: 'History gone' });
      const article = await created(`${ARTICLES}?locale=en`, { title: 'Linked v1', tags: { connect: [{ documentId: kept.documentId }, { documentId: gone.documentId }] } });
      const edited = await call('PUT', `${ARTICLES}/${article.documentId}?locale=en`, { title: 'Linked v2', tags: { set: [] } });
      assert.equal(edited.status, 200, edited.text);
      assert.equal((await call('DELETE', `${TAGS}/${gone.documentId}`)).status, 200);
      const { data } = await versionsOf(article.documentId);
      const first = data[1]!;
      assert.deepEqual(first.data.tags.results.map((tag: { name: string }) => tag.name), ['History kept', 'History gone']);
      assert.equal((await call('PUT', `${CM}/history-versions/${first.id}/restore`, { contentType: 'api::article.article' })).status, 200);
      const links = await call('GET', `${CM}/relations/api::article.article/${article.documentId}/tags?locale=en`);
      assert.deepEqual(links.body.results.map((tag: { name: string }) => tag.name), ['History kept']);

      const home = `${CM}/single-types/api::homepage.homepage`;
      for (const title of ['Home v1', 'Home v2']) assert.equal((await call('PUT', `${home}?locale=fr`, { title })).status, 200);
      const singles = await call('GET', `${CM}/history-versions?contentType=api::homepage.homepage&locale=fr`);
      assert.equal(singles.status, 200, singles.text);
      assert.deepEqual(singles.body.data.map((version: { data: { title: string } }) => version.data.title), ['Home v2', 'Home v1']);
    });

    it('publish, unpublish and discard keep versions; content-API writes and refused saves keep none', async () => {
      const article = await created(`${ARTICLES}?locale=en`, { title: 'Lifecycle' });
      const url = `${ARTICLES}/${article.documentId}`;
      const statusNow = async () => (await call('GET', `${url}?locale=en`)).body.data.status as string;
      const expected: [string, string][] = [['Lifecycle', await statusNow()]];
      const save = async (method: string, path: string, body: unknown, title: string) => {
        // Each save later than the one before (`modified` compares times; this clock moves only when told).
        clock.advance(1000);
        const response = await call(method, path, body);
        assert.equal(response.status, 200, response.text);
        expected.push([title, await statusNow()]);
      };
      await save('POST', `${url}/actions/publish?locale=en`, {}, 'Lifecycle');
      await save('PUT', `${url}?locale=en`, { title: 'Lifecycle edited' }, 'Lifecycle edited');
      await save('POST', `${url}/actions/discard?locale=en`, {}, 'Lifecycle');
      await save('POST', `${url}/actions/unpublish?locale=en`, {}, 'Lifecycle');
      const { data } = await versionsOf(article.documentId);
      // Each version has the document's content and status as the save left them.
      assert.deepEqual(data.map((version) => [version.data.title, version.status]).reverse(), expected);
      assert.deepEqual(expected.map(([, status]) => status).slice(0, 3), ['draft', 'published', 'modified']);
      assert.equal(expected[4]![1], 'draft');
      const viaApi = await app.request('PUT', `/api/articles/${article.documentId}?status=draft`, { body: { data: { title: 'via the content API' } } });
      assert.equal(viaApi.status, 200, viaApi.text);
      const refused = await call('PUT', `${ARTICLES}/${article.documentId}?locale=en`, { views: 'not a number' });
      assert.equal(refused.status, 400, refused.text);
      assert.equal((await versionsOf(article.documentId)).meta.pagination.total, 5);
    });

    it('permissions: an Author reaches only what it created; a role without the type gets the policy\'s 403; bad inputs', async () => {
      const article = await created(`${ARTICLES}?locale=en`, { title: 'Guarded' });
      const { data } = await versionsOf(article.documentId);
      const author = await createTestAdmin(app, ['strapi-author']);
      const list = await call('GET', `${CM}/history-versions?contentType=api::article.article&documentId=${article.documentId}&locale=en`, undefined, author);
      assert.equal(list.status, 403, list.text);
      assert.equal(list.body.error.name, 'ForbiddenError');
      const restore = await call('PUT', `${CM}/history-versions/${data[0]!.id}/restore`, { contentType: 'api::article.article' }, author);
      assert.equal(restore.status, 403, restore.text);
      assert.equal((await call('GET', `${ARTICLES}/${article.documentId}/actions/countDraftRelations?locale=en`, undefined, author)).status, 403);
      const own = await call('POST', `${ARTICLES}?locale=en`, { title: 'Author own' }, author);
      assert.equal(own.status, 201, own.text);
      const ownList = await call('GET', `${CM}/history-versions?contentType=api::article.article&documentId=${own.body.data.documentId}&locale=en`, undefined, author);
      assert.equal(ownList.status, 200, ownList.text);
      assert.equal(ownList.body.data[0].createdBy.email, author.email);

      // A role reading only tags' `code`: no article routes; the picker shows tags without their name.
      const roles = app.app.database.db;
      await roles.insertInto('admin_roles').values({ document_id: createDocumentId(), name: 'Tag reader', code: 'cmx-tag-reader', description: null }).execute();
      const role = await roles.selectFrom('admin_roles').select('id').where('code', '=', 'cmx-tag-reader').executeTakeFirstOrThrow();
      await createAdminPermissionService(app.app.database).replace(roles, Number(role.id), [
        { action: CONTENT_MANAGER_ACTIONS.read, subject: 'api::tag.tag', properties: { fields: ['code'] }, conditions: [] },
        { action: CONTENT_MANAGER_ACTIONS.read, subject: 'api::article.article', properties: { fields: ['title'], locales: ['fr'] }, conditions: [] },
      ]);
      const reader = await createTestAdmin(app, ['cmx-tag-reader']);
      const counts = await call('GET', `${ARTICLES}/${article.documentId}/actions/countDraftRelations?locale=en`, undefined, reader);
      assert.equal(counts.status, 403, 'en is not a locale of the grant');
      assert.equal(counts.body.error.name, 'ForbiddenError');
      const homepage = await call('GET', `${CM}/single-types/api::homepage.homepage/actions/countDraftRelations`, undefined, reader);
      assert.equal(homepage.status, 403);
      assert.equal(homepage.body.error.name, 'PolicyError');
      const links = await call('GET', `${CM}/relations/api::article.article/${article.documentId}/tags?locale=fr`, undefined, reader);
      assert.equal(links.status, 403, 'tags is not a field of the grant');
      const picker = await call('GET', `${CM}/relations/api::article.article/tags?pageSize=1`, undefined, reader);
      assert.equal(picker.status, 200, picker.text);
      assert.deepEqual(Object.keys(picker.body.results[0]), ['id', 'documentId', 'publishedAt', 'updatedAt', 'status']);
      const history = await call('GET', `${CM}/history-versions?contentType=api::article.article&documentId=${article.documentId}&locale=en`, undefined, reader);
      assert.equal(history.status, 403);
      const french = await call('PUT', `${ARTICLES}/${article.documentId}?locale=fr`, { title: 'Gardé', views: 7 });
      assert.equal(french.status, 200, french.text);
      const frHistory = await call('GET', `${CM}/history-versions?contentType=api::article.article&documentId=${article.documentId}&locale=fr`, undefined, reader);
      assert.equal(frHistory.status, 200, frHistory.text);
      assert.equal(frHistory.body.data[0].data.title, 'Gardé');
      assert.ok(!('views' in frHistory.body.data[0].data), 'a field outside the grant is left out');

      assert.equal((await call('PUT', `${CM}/history-versions/999999/restore`, { contentType: 'api::article.article' })).status, 404);
      const noType = await call('GET', `${CM}/history-versions?documentId=${article.documentId}`);
      assert.equal(noType.status, 400);
      assert.equal(noType.body.error.name, 'ValidationError');
      const noBodyType = await call('PUT', `${CM}/history-versions/${data[0]!.id}/restore`, {});
      assert.equal(noBodyType.status, 400);
    });

    it('pruning honours history.retentionDays (30 in this project), on the app\'s clock', async () => {
      // Admin sessions do not last the days moved: a new login after each move.
      const relogin = async () => {
        const token = await loginTestAdmin(app, boss.email, boss.password);
        boss = { ...boss, token, headers: { authorization: `Bearer ${token}` } };
      };
      const old = await created(`${ARTICLES}?locale=en`, { title: 'Old' });
      clock.advance(20 * DAY);
      await relogin();
      const recent = await created(`${ARTICLES}?locale=en`, { title: 'Recent' });
      clock.advance(11 * DAY);
      await relogin();
      await waitUntil('the old version pruned', async () => (await versionsOf(old.documentId)).meta.pagination.total === 0);
      assert.equal((await versionsOf(recent.documentId)).meta.pagination.total, 1);
    });
  });
});
