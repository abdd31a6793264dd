import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDocumentId } from '../../src/core/documents/document-id.js';
import { EVENT_OUTBOX_TABLE } from '../../src/core/events/event-outbox.js';
import { CONTENT_MANAGER_ACTIONS as CM, SAME_ROLE_AS_CREATOR_CONDITION } from '../../src/transports/admin/admin-ability.js';
import { createAdminPermissionService } from '../../src/transports/admin/admin-permission-service.js';
import { createTestAdmin, type TestAdmin } from '../helpers/admin-users.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The content manager's multi-document writes as one transaction (bulk publish, unpublish and
 * delete; publish with a body; unpublish with discardDraft), their change events (one per
 * document, recorded in the transaction: none when it rolls back), Strapi's unpublish answer,
 * and the two creator conditions (`admin::is-creator`, `admin::has-same-role-as-creator`) on
 * lists, documents and the i18n fill-from-locale route.
 */

const ARTICLES = '/content-manager/collection-types/api::article.article';

describe('content manager: bulk actions in one transaction, events, creator conditions', () => {
  let app: TestApp;
  let boss: TestAdmin;
  let author: TestAdmin;
  let otherAuthor: TestAdmin;
  let reviewer: TestAdmin;
  let sameRole: TestAdmin;
  const as = (who: TestAdmin, method: string, url: string, body?: unknown): Promise<TestResponse> => app.request(method, url, { headers: who.headers, ...(body === undefined ? {} : { body }) });
  const refused = new Set<string>();

  /** The events recorded for these documents, in order (`event#index`). */
  async function eventsOf(ids: readonly string[]): Promise<string[]> {
    const rows = await app.app.database.db.selectFrom(EVENT_OUTBOX_TABLE.name).select(['event', 'payload']).orderBy('id').execute();
    return rows.flatMap((row) => {
      const index = ids.indexOf((JSON.parse(String(row.payload)) as { entry?: { documentId?: string } }).entry?.documentId ?? '');
      return index < 0 ? [] : [`${String(row.event)}#${index}`];
    });
  }

  async function drafts(who: TestAdmin, bodies: readonly Record<string, unknown>[]): Promise<string[]> {
    const ids: string[] = [];
    for (const body of bodies) {
      const created = await as(who, 'POST', `${ARTICLES}?locale=en`, body);
      assert.equal(created.status, 201, created.text);
      ids.push(created.body.data.documentId);
    }
    return ids;
  }

  before(async () => {
    app = await startTestApp({ fixture: 'content-manager-app' });
    app.app.changeListeners.set('test', true);
    app.app.hooks.lifecycles.subscribe({
      models: ['api::article.article'],
      beforeDelete(event) {
        const { documentId } = event.params.where as { documentId?: string };
        if (documentId && refused.has(documentId)) throw new Error('kept by the project');
      },
    });
    boss = await createTestAdmin(app, ['strapi-super-admin'], { firstname: 'Ada', lastname: 'Admin' });
    author = await createTestAdmin(app, ['strapi-author']);
    otherAuthor = await createTestAdmin(app, ['strapi-author']);
    // Reviewers: create unconditionally, read and update what someone of their role created.
    const { db, dialect } = app.app.database;
    const stamp = dialect.encode('datetime', new Date().toISOString());
    await db.insertInto('admin_roles').values({ document_id: createDocumentId(), name: 'Reviewer', code: 'reviewer', description: null, created_at: stamp, updated_at: stamp }).execute();
    const role = await db.selectFrom('admin_roles').select('id').where('code', '=', 'reviewer').executeTakeFirstOrThrow();
    const properties = { locales: ['en', 'fr'] };
    await db.transaction().execute((trx) =>
      createAdminPermissionService(app.app.database).replace(trx, Number(role.id), [
        { action: CM.create, subject: 'api::article.article', properties, conditions: [] },
        ...[CM.read, CM.update].map((action) => ({ action, subject: 'api::article.article', properties, conditions: [SAME_ROLE_AS_CREATOR_CONDITION] })),
      ]),
    );
    reviewer = await createTestAdmin(app, ['reviewer']);
    sameRole = await createTestAdmin(app, ['reviewer']);
  });
  after(() => app.close());

  it('bulkPublish with one draft that cannot be published: 400, nothing published, no event; then the valid ones publish, one entry.publish each', async () => {
    const ids = await drafts(boss, [{ title: 'Bulk ok 1', slug: 'bulk-ok-1' }, { slug: 'bulk-no-title' }, { title: 'Bulk ok 2', slug: 'bulk-ok-2' }]);
    const failed = await as(boss, 'POST', `${ARTICLES}/actions/bulkPublish?locale=en`, { documentIds: ids });
    assert.equal(failed.status, 400, failed.text);
    assert.equal(failed.body.error.name, 'ValidationError');
    for (const documentId of ids) assert.equal((await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en`)).body.data.status, 'draft');
    assert.deepEqual((await eventsOf(ids)).filter((event) => event.startsWith('entry.publish')), []);
    const valid = [ids[0] ?? '', ids[2] ?? ''];
    const done = await as(boss, 'POST', `${ARTICLES}/actions/bulkPublish?locale=en`, { documentIds: valid });
    assert.deepEqual([done.status, done.body], [200, { count: 2 }]);
    assert.deepEqual((await eventsOf(valid)).filter((event) => event.startsWith('entry.publish')), ['entry.publish#0', 'entry.publish#1']);
    const unpublished = await as(boss, 'POST', `${ARTICLES}/actions/bulkUnpublish?locale=en`, { documentIds: valid });
    assert.deepEqual([unpublished.status, unpublished.body], [200, { count: 2 }]);
    assert.deepEqual((await eventsOf(valid)).filter((event) => event.startsWith('entry.unpublish')), ['entry.unpublish#0', 'entry.unpublish#1']);
  });

  it('bulkDelete that a project hook refuses at the 3rd document deletes nothing and announces nothing; without it, one entry.delete each', async () => {
    const ids = await drafts(boss, [1, 2, 3, 4].map((index) => ({ title: `Delete ${index}`, slug: `bulk-delete-${index}` })));
    refused.add(ids[2] ?? '');
    const failed = await as(boss, 'POST', `${ARTICLES}/actions/bulkDelete?locale=en`, { documentIds: ids });
    assert.equal(failed.status, 500, failed.text);
    for (const documentId of ids) assert.equal((await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en`)).status, 200);
    assert.deepEqual((await eventsOf(ids)).filter((event) => event.startsWith('entry.delete')), []);
    refused.clear();
    const done = await as(boss, 'POST', `${ARTICLES}/actions/bulkDelete?locale=en`, { documentIds: ids });
    assert.deepEqual([done.status, done.body], [200, { count: 4 }]);
    assert.deepEqual((await eventsOf(ids)).filter((event) => event.startsWith('entry.delete')), ['entry.delete#0', 'entry.delete#1', 'entry.delete#2', 'entry.delete#3']);
  });

  it('publish with a body saves the draft then publishes, in one transaction: entry.update then entry.publish; an invalid one saves nothing', async () => {
    const [id = ''] = await drafts(boss, [{ title: 'Save then publish', slug: 'save-then-publish' }]);
    const before = await eventsOf([id]);
    const published = await as(boss, 'POST', `${ARTICLES}/${id}/actions/publish?locale=en`, { title: 'Saved and published', slug: 'save-then-publish' });
    assert.equal(published.status, 200, published.text);
    assert.equal(published.body.data.title, 'Saved and published');
    assert.deepEqual((await eventsOf([id])).slice(before.length), ['entry.update#0', 'entry.publish#0']);
    const count = (await eventsOf([id])).length;
    const invalid = await as(boss, 'POST', `${ARTICLES}/${id}/actions/publish?locale=en`, { title: null });
    assert.equal(invalid.status, 400, invalid.text);
    assert.equal((await as(boss, 'GET', `${ARTICLES}/${id}?locale=en`)).body.data.title, 'Saved and published', 'the draft was not saved');
    assert.equal((await eventsOf([id])).length, count);
  });

  it("unpublish answers the published version it removed (Strapi's answer), meta listing the draft; with discardDraft, discard and unpublish commit together", async () => {
    const [id = ''] = await drafts(boss, [{ title: 'To unpublish', slug: 'to-unpublish' }]);
    await as(boss, 'POST', `${ARTICLES}/${id}/actions/publish?locale=en`, {});
    await as(boss, 'PUT', `${ARTICLES}/${id}?locale=en`, { title: 'Changed draft' });
    const answer = await as(boss, 'POST', `${ARTICLES}/${id}/actions/unpublish?locale=en`, {});
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.title, 'To unpublish');
    assert.notEqual(answer.body.data.publishedAt, null);
    assert.equal(answer.body.data.status, 'modified');
    assert.deepEqual(answer.body.meta.availableStatus.map((version: { publishedAt: unknown }) => version.publishedAt), [null]);
    const draft = await as(boss, 'GET', `${ARTICLES}/${id}?locale=en`);
    assert.deepEqual([draft.body.data.title, draft.body.data.status], ['Changed draft', 'draft']);
    await as(boss, 'POST', `${ARTICLES}/${id}/actions/publish?locale=en`, {});
    await as(boss, 'PUT', `${ARTICLES}/${id}?locale=en`, { title: 'Discarded' });
    const before = (await eventsOf([id])).length;
    const discarded = await as(boss, 'POST', `${ARTICLES}/${id}/actions/unpublish?locale=en`, { discardDraft: true });
    assert.equal(discarded.status, 200, discarded.text);
    assert.deepEqual((await eventsOf([id])).slice(before), ['entry.draft-discard#0', 'entry.unpublish#0']);
    assert.equal((await as(boss, 'GET', `${ARTICLES}/${id}?locale=en`)).body.data.title, 'Changed draft');
  });

  it('admin::has-same-role-as-creator: a Reviewer lists, reads and updates what anyone of their role created, nothing else', async () => {
    const [byReviewer = ''] = await drafts(reviewer, [{ title: 'Reviewed 1', slug: 'reviewed-1' }]);
    const [byBoss = ''] = await drafts(boss, [{ title: 'Reviewed 2', slug: 'reviewed-2' }]);
    const list = await as(sameRole, 'GET', `${ARTICLES}?locale=en&_q=reviewed`);
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.results.map((item: { documentId: string }) => item.documentId), [byReviewer]);
    assert.equal((await as(sameRole, 'GET', `${ARTICLES}/${byReviewer}?locale=en`)).status, 200);
    assert.equal((await as(sameRole, 'PUT', `${ARTICLES}/${byReviewer}?locale=en`, { views: 7 })).status, 200);
    assert.equal((await as(sameRole, 'GET', `${ARTICLES}/${byBoss}?locale=en`)).status, 403);
    assert.equal((await as(sameRole, 'PUT', `${ARTICLES}/${byBoss}?locale=en`, { views: 7 })).status, 403);
    assert.equal((await as(boss, 'GET', `${ARTICLES}/${byBoss}?locale=en`)).body.data.views, null);
  });

  it("admin::is-creator on GET /i18n/content-manager/get-fill-from-locale: the Author's own document, not another's", async () => {
    const [own = ''] = await drafts(author, [{ title: 'Own source', slug: 'own-source' }]);
    const [other = ''] = await drafts(otherAuthor, [{ title: 'Other source', slug: 'other-source' }]);
    const fill = (documentId: string) => `/i18n/content-manager/get-fill-from-locale/api::article.article?documentId=${documentId}&sourceLocale=en&targetLocale=fr&collectionType=collection-types`;
    const mine = await as(author, 'GET', fill(own));
    assert.equal(mine.status, 200, mine.text);
    assert.equal(mine.body.data.title, 'Own source');
    assert.equal((await as(author, 'GET', fill(other))).status, 403);
    assert.equal((await as(boss, 'GET', fill(other))).status, 200);
  });
});
