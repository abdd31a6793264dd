import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createDocumentId } from '../../src/core/documents/document-id.js';
import { createAdminPermissionService } from '../../src/transports/admin/admin-permission-service.js';
import { CONTENT_MANAGER_ACTIONS as CM } from '../../src/transports/admin/admin-ability.js';
import { createTestAdmin, type TestAdmin } from '../helpers/admin-users.js';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The content manager over HTTP (Strapi 5.54's /content-manager routes): shapes compared with
 * answers recorded from Strapi (test/fixtures/strapi-admin/content-manager), writes through the
 * document service, bad inputs, and the admin roles' reach (Super Admin, Editor, Author with
 * is-creator, a role limited to some fields and one locale).
 */

const ARTICLES = '/content-manager/collection-types/api::article.article';
const AUTHORS = '/content-manager/collection-types/api::author.author';
const HOMEPAGE = '/content-manager/single-types/api::homepage.homepage';

/** Attributes of the reference project the test project does not have (media, blocks, zones…). */
const REFERENCE_ONLY = new Set(['content', 'rating', 'price', 'publishDate', 'meta', 'cover', 'gallery', 'blocks', 'shareImage', 'avatar', 'shared.quote', 'shared.rich-text', 'shared.media']);

function fixture(name: string): { request: unknown; response: { status: number; body: unknown } } {
  return JSON.parse(readFileSync(fixturePath(`strapi-admin/content-manager/${name}.json`), 'utf8'));
}

/**
 * The same keys at every level (attributes only the reference project has left aside), the same
 * kind of value where both are non-null; arrays compared on their first items.
 */
function assertShape(actual: unknown, expected: unknown, path = '$'): void {
  if (expected === null || actual === null) return;
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path}: expected an array, got ${JSON.stringify(actual)?.slice(0, 80)}`);
    if (expected.length > 0 && actual.length > 0) assertShape(actual[0], expected[0], `${path}[0]`);
    return;
  }
  if (typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object' && !Array.isArray(actual), `${path}: expected an object`);
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const missing = Object.keys(e).filter((key) => !(key in a) && !REFERENCE_ONLY.has(key));
    const extra = Object.keys(a).filter((key) => !(key in e));
    assert.deepEqual({ path, missing, extra }, { path, missing: [], extra: [] });
    for (const key of Object.keys(e)) if (key in a) assertShape(a[key], e[key], `${path}.${key}`);
    return;
  }
  assert.equal(typeof actual, typeof expected, `${path}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
}

function assertLike(response: TestResponse, name: string): void {
  const recorded = fixture(name).response;
  assert.equal(response.status, recorded.status, `${name}: ${response.text.slice(0, 300)}`);
  assertShape(response.body, recorded.body);
}

async function rowCount(app: TestApp, table: string): Promise<number> {
  const row = await app.app.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('content manager', () => {
  let app: TestApp;
  let boss: TestAdmin;
  let editor: TestAdmin;
  let author: TestAdmin;
  let otherAuthor: TestAdmin;
  let limited: TestAdmin;
  let updater: TestAdmin;
  const as = (who: TestAdmin, method: string, url: string, body?: unknown): Promise<TestResponse> => app.request(method, url, { headers: who.headers, ...(body === undefined ? {} : { body }) });

  before(async () => {
    app = await startTestApp({ fixture: 'content-manager-app' });
    boss = await createTestAdmin(app, ['strapi-super-admin'], { firstname: 'Ada', lastname: 'Admin' });
    editor = await createTestAdmin(app, ['strapi-editor']);
    author = await createTestAdmin(app, ['strapi-author']);
    otherAuthor = await createTestAdmin(app, ['strapi-author']);
    // A custom role: articles' title and seo.metaTitle only, in French only.
    const { db, dialect } = app.app.database;
    const stamp = dialect.encode('datetime', new Date().toISOString());
    await db.insertInto('admin_roles').values({ document_id: createDocumentId(), name: 'Translator', code: 'translator', description: 'French titles', created_at: stamp, updated_at: stamp }).execute();
    const role = await db.selectFrom('admin_roles').select('id').where('code', '=', 'translator').executeTakeFirstOrThrow();
    const properties = { fields: ['title', 'seo.metaTitle'], locales: ['fr'] };
    await db.transaction().execute((trx) =>
      createAdminPermissionService(app.app.database).replace(
        trx,
        Number(role.id),
        [CM.read, CM.create, CM.update].map((action) => ({ action, subject: 'api::article.article', properties, conditions: [] })),
      ),
    );
    limited = await createTestAdmin(app, ['translator']);
    // Another: may read and update articles and the homepage (every locale), not create, delete or publish.
    await db.insertInto('admin_roles').values({ document_id: createDocumentId(), name: 'Updater', code: 'updater', description: null, created_at: stamp, updated_at: stamp }).execute();
    const updaterRole = await db.selectFrom('admin_roles').select('id').where('code', '=', 'updater').executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      createAdminPermissionService(app.app.database).replace(
        trx,
        Number(updaterRole.id),
        ['api::article.article', 'api::homepage.homepage'].flatMap((subject) => [CM.read, CM.update].map((action) => ({ action, subject, properties: { locales: ['en', 'fr'] }, conditions: [] }))),
      ),
    );
    updater = await createTestAdmin(app, ['updater']);
  });
  after(() => app.close());

  describe('schemas and configuration', () => {
    it('GET /init, /content-types, /components, /content-types-settings have Strapi shapes', async () => {
      const init = await as(boss, 'GET', '/content-manager/init');
      assert.equal(init.status, 200, init.text);
      const reference = fixture('init').response.body as { data: { fieldSizes: unknown; contentTypes: { uid: string }[]; components: { uid: string }[] } };
      assert.deepEqual(init.body.data.fieldSizes, reference.data.fieldSizes);
      const pick = (list: { uid: string }[], uid: string) => list.find((item) => item.uid === uid);
      assertShape(pick(init.body.data.contentTypes, 'api::article.article'), pick(reference.data.contentTypes, 'api::article.article'));
      assertShape(pick(init.body.data.components, 'shared.seo'), pick(reference.data.components, 'shared.seo'));
      assert.equal((init.body.data.contentTypes as { uid: string; isDisplayed: boolean }[]).find((item) => item.uid === 'plugin::users-permissions.user')?.isDisplayed, true);
      assert.equal((init.body.data.contentTypes as { uid: string; isDisplayed: boolean }[]).find((item) => item.uid === 'plugin::users-permissions.role')?.isDisplayed, false);
      const singles = await as(boss, 'GET', '/content-manager/content-types?kind=singleType');
      assert.deepEqual(singles.body.data.map((type: { uid: string }) => type.uid), ['api::homepage.homepage']);
      assertLike(await as(boss, 'GET', '/content-manager/components'), 'components');
      const settings = await as(boss, 'GET', '/content-manager/content-types-settings');
      assertLike(settings, 'content-types-settings');
      assert.equal((await app.get('/content-manager/init')).status, 401);
      // The users-permissions user is shown: its configuration and list work like a project type's (no password anywhere).
      const users = await as(boss, 'GET', '/content-manager/content-types/plugin::users-permissions.user/configuration');
      assert.equal(users.status, 200, users.text);
      assert.equal(users.body.data.contentType.settings.mainField, 'username');
      const authenticated = await app.app.database.db.selectFrom('up_roles').select(['id']).where('type', '=', 'authenticated').executeTakeFirstOrThrow();
      const created = await as(boss, 'POST', '/content-manager/collection-types/plugin::users-permissions.user', { username: 'reader', email: 'reader@example.com', password: 'Reader123', confirmed: true, role: { connect: [{ id: Number(authenticated.id) }] } });
      assert.equal(created.status, 201, created.text);
      const userList = await as(boss, 'GET', '/content-manager/collection-types/plugin::users-permissions.user?_q=reader');
      assert.equal(userList.status, 200, userList.text);
      assert.equal(userList.body.results[0].username, 'reader');
      assert.ok(!userList.text.includes('password') && !created.text.includes('password'));
    });

    it('end users (plugin::users-permissions.user): bare create/update answers, passwords hashed and never shown, role, confirmed/blocked, taken names', async () => {
      const USERS = '/content-manager/collection-types/plugin::users-permissions.user';
      const role = await app.app.database.db.selectFrom('up_roles').select(['id']).where('type', '=', 'authenticated').executeTakeFirstOrThrow();
      const created = await as(boss, 'POST', USERS, { username: 'polish20user', email: 'Polish20User@Example.com', password: 'Secret1234', confirmed: true, blocked: false, role: { connect: [{ id: Number(role.id) }] } });
      assertLike(created, 'users-create');
      assert.deepEqual([created.body.username, created.body.email, created.body.confirmed, created.body.blocked, created.body.role], ['polish20user', 'polish20user@example.com', true, false, { count: 1 }]);
      const stored = await app.app.database.db.selectFrom('up_users').selectAll().where('document_id', '=', created.body.documentId).executeTakeFirstOrThrow();
      assert.ok(typeof stored.password === 'string' && stored.password !== 'Secret1234' && stored.password.startsWith('$2'), 'hashed');
      assert.equal(stored.provider, 'local');
      const list = await as(boss, 'GET', `${USERS}?_q=polish20`);
      assertLike(list, 'users-list');
      assert.equal(list.body.results[0].role.id, Number(role.id));
      const one = await as(boss, 'GET', `${USERS}/${created.body.documentId}`);
      assertLike(one, 'users-findone');
      const updated = await as(boss, 'PUT', `${USERS}/${created.body.documentId}`, { blocked: true, password: 'Other12345' });
      assertLike(updated, 'users-update');
      assert.equal(updated.body.blocked, true);
      const rehashed = await app.app.database.db.selectFrom('up_users').select(['password']).where('document_id', '=', created.body.documentId).executeTakeFirstOrThrow();
      assert.notEqual(rehashed.password, stored.password);
      // An empty password leaves it as it was.
      assert.equal((await as(boss, 'PUT', `${USERS}/${created.body.documentId}`, { password: '' })).status, 200);
      const kept = await app.app.database.db.selectFrom('up_users').select(['password']).where('document_id', '=', created.body.documentId).executeTakeFirstOrThrow();
      assert.equal(kept.password, rehashed.password);
      for (const response of [created, list, one, updated]) assert.ok(!response.text.includes('password') && !response.text.includes('Secret1234'));
      const before = await rowCount(app, 'up_users');
      assertLike(await as(boss, 'POST', USERS, { username: 'polish20other', email: 'polish20other@example.com', password: 'Secret1234' }), 'users-create-no-role');
      assertLike(await as(boss, 'POST', USERS, { username: 'polish20dup2', email: 'POLISH20USER@example.com', password: 'Secret1234', role: { connect: [{ id: Number(role.id) }] } }), 'users-create-email-taken');
      const takenName = await as(boss, 'POST', USERS, { username: 'polish20user', email: 'fresh20@example.com', password: 'Secret1234', role: { connect: [{ id: Number(role.id) }] } });
      assert.deepEqual([takenName.status, takenName.body.error.message], [400, 'Username already taken']);
      assert.equal(await rowCount(app, 'up_users'), before);
      const removed = await as(boss, 'DELETE', `${USERS}/${created.body.documentId}`);
      assert.equal(removed.status, 200, removed.text);
      assert.equal(await rowCount(app, 'up_users'), before - 1);
    });

    it('configuration: Strapi defaults, a PUT stored and read back, its validation errors as strings', async () => {
      const read = await as(boss, 'GET', '/content-manager/content-types/api::article.article/configuration');
      assertLike(read, 'configuration-article');
      const { contentType, components } = read.body.data;
      assert.deepEqual(contentType.settings, { bulkable: true, filterable: true, searchable: true, pageSize: 10, relationOpenMode: 'modal', mainField: 'title', defaultSortBy: 'title', defaultSortOrder: 'ASC' });
      assert.deepEqual(contentType.layouts.list, ['id', 'title', 'slug', 'views']);
      assert.deepEqual(contentType.layouts.edit[0], [{ name: 'title', size: 6 }, { name: 'slug', size: 6 }]);
      assert.equal(contentType.metadatas.author.edit.mainField, 'name');
      assert.equal(contentType.metadatas.createdBy.list.mainField, 'firstname');
      assert.equal(components['shared.seo'].isComponent, true);

      const bad = await as(boss, 'PUT', '/content-manager/content-types/api::article.article/configuration', { settings: { pageSize: 5 } });
      assert.deepEqual(bad.body, fixture('config-put-invalid').response.body);
      const put = await as(boss, 'PUT', '/content-manager/content-types/api::article.article/configuration', {
        settings: { ...contentType.settings, pageSize: 20, mainField: 'slug' },
        layouts: { list: ['id', 'title'], edit: contentType.layouts.edit },
        metadatas: { title: { edit: { label: 'Headline' }, list: { label: 'Headline' } }, slug: { list: { searchable: false } } },
        unknown: 'stripped',
      });
      assert.equal(put.status, 200, put.text);
      const again = await as(boss, 'GET', '/content-manager/content-types/api::article.article/configuration');
      assert.equal(again.body.data.contentType.settings.pageSize, 20);
      assert.equal(again.body.data.contentType.settings.mainField, 'slug');
      assert.deepEqual(again.body.data.contentType.layouts.list, ['id', 'title']);
      assert.equal(again.body.data.contentType.metadatas.title.edit.label, 'Headline');
      // Saving a view needs configure-view, which the Editor does not have (checked in the controller).
      const denied = await as(editor, 'PUT', '/content-manager/content-types/api::article.article/configuration', { settings: contentType.settings });
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error.name, 'ForbiddenError');
      const component = await as(boss, 'GET', '/content-manager/components/shared.seo/configuration');
      assertLike(component, 'configuration-component');
    });
  });

  describe('collection types', () => {
    it('create, findOne, publish, update, list, a new locale: Strapi shapes and statuses', async () => {
      // Private fields are the admin's to read and write (the content API never shows them).
      const note = await as(boss, 'POST', '/content-manager/collection-types/api::note.note', { text: 'A note', secret: 's3' });
      assertLike(note, 'note-create');
      assert.equal(note.body.data.secret, 's3');
      const ann = await as(boss, 'POST', AUTHORS, { name: 'Ann', email: 'ann@example.com' });
      assertLike(ann, 'author-create');
      const created = await as(boss, 'POST', `${ARTICLES}?locale=en`, { title: 'First', slug: 'first', views: 3, author: { connect: [{ id: ann.body.data.id }] }, seo: { metaTitle: 'Hi' } });
      assertLike(created, 'create');
      const { documentId } = created.body.data;
      assert.equal(created.body.data.status, 'draft');
      assert.equal(created.body.data.createdBy.firstname, 'Ada');
      assertLike(await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en`), 'findone');
      const published = await as(boss, 'POST', `${ARTICLES}/${documentId}/actions/publish?locale=en`, {});
      assertLike(published, 'publish');
      assert.equal(published.body.data.status, 'published');
      const updated = await as(boss, 'PUT', `${ARTICLES}/${documentId}?locale=en`, { title: 'First edited', id: 999, createdAt: 'x', status: 'published', localizations: [] });
      assertLike(updated, 'update');
      assert.equal(updated.body.data.status, 'modified');
      assert.equal(updated.body.data.id, created.body.data.id, 'system keys of the body are ignored');
      const list = await as(boss, 'GET', `${ARTICLES}?page=1&pageSize=2&sort=title:ASC&_q=EDITED&locale=en`);
      assertLike(list, 'list');
      assert.equal(list.body.results[0].author.name, 'Ann');
      assert.deepEqual(list.body.results[0].categories, { count: 0 });
      const fr = await as(boss, 'PUT', `${ARTICLES}/${documentId}?locale=fr`, { title: 'Premier' });
      assert.equal(fr.status, 200, fr.text);
      assert.equal(fr.body.data.locale, 'fr');
      assertLike(await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en`), 'findone-modified');
      const copy = await as(boss, 'POST', `${ARTICLES}/clone/${documentId}?locale=en`, { title: 'Copy', slug: 'copy' });
      assert.equal(copy.status, 200, copy.text);
      assert.deepEqual([copy.body.data.author, copy.body.data.seo.metaTitle, copy.body.data.views], [{ count: 1 }, 'Hi', 3]);
      assert.equal((await as(boss, 'DELETE', `${ARTICLES}/${copy.body.data.documentId}?locale=*`)).status, 200);
      const de = await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en&status=published`);
      assert.equal(de.status, 200);
      assert.equal(de.body.data.status, 'modified');
      // The content API never shows who wrote it.
      const api = await app.get(`/api/articles/${documentId}`);
      assert.equal(api.status, 200, api.text);
      assert.ok(!('createdBy' in api.body.data));
    });

    it('drafts skip required checks, publish checks them; discard, unpublish, clone, create-and-publish, delete', async () => {
      const draft = await as(boss, 'POST', `${ARTICLES}?locale=en`, { slug: 'no-title' });
      assertLike(draft, 'create-draft-no-title');
      const refused = await as(boss, 'POST', `${ARTICLES}/${draft.body.data.documentId}/actions/publish?locale=en`, {});
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error.name, 'ValidationError');
      const direct = await as(boss, 'POST', `${ARTICLES}/actions/publish?locale=en`, { title: 'Direct', slug: 'direct' });
      assertLike(direct, 'create-and-publish');
      const rows = await rowCount(app, 'articles');
      const invalid = await as(boss, 'POST', `${ARTICLES}/actions/publish?locale=en`, { slug: 'invalid' });
      assert.equal(invalid.status, 400);
      assert.equal(await rowCount(app, 'articles'), rows, 'a create-and-publish that fails at publish leaves no draft');
      const id = direct.body.data.documentId;
      assertLike(await as(boss, 'POST', `${ARTICLES}/${id}/actions/unpublish?locale=en`, {}), 'unpublish');
      assertLike(await as(boss, 'POST', `${ARTICLES}/${id}/actions/unpublish?locale=en`, {}), 'unpublish-not-published');
      assertLike(await as(boss, 'POST', `${ARTICLES}/${id}/actions/discard?locale=en`, {}), 'discard-never-published');
      await as(boss, 'POST', `${ARTICLES}/${id}/actions/publish?locale=en`, {});
      await as(boss, 'PUT', `${ARTICLES}/${id}?locale=en`, { title: 'Direct changed' });
      const discarded = await as(boss, 'POST', `${ARTICLES}/${id}/actions/discard?locale=en`, {});
      assertLike(discarded, 'discard');
      assert.equal(discarded.body.data.title, 'Direct');
      const clone = await as(boss, 'POST', `${ARTICLES}/clone/${id}?locale=en`, { title: 'Clone', slug: 'clone' });
      assertLike(clone, 'clone');
      assert.equal(clone.body.data.status, 'draft');
      assert.notEqual(clone.body.data.documentId, id);
      assertLike(await as(boss, 'DELETE', `${ARTICLES}/${clone.body.data.documentId}?locale=en`), 'delete');
      assert.equal((await as(boss, 'GET', `${ARTICLES}/${clone.body.data.documentId}?locale=en`)).status, 404);
    });

    it('bulk actions answer a bare {count}; an empty list is a 400, nothing matched a 404', async () => {
      const ids: string[] = [];
      for (const title of ['Bulk A', 'Bulk B']) ids.push((await as(boss, 'POST', `${ARTICLES}?locale=en`, { title, slug: title.toLowerCase().replace(' ', '-') })).body.data.documentId);
      assertLike(await as(boss, 'POST', `${ARTICLES}/actions/bulkPublish?locale=en`, { documentIds: ids }), 'bulk-publish');
      assertLike(await as(boss, 'POST', `${ARTICLES}/actions/bulkUnpublish?locale=en`, { documentIds: ids }), 'bulk-unpublish');
      assertLike(await as(boss, 'POST', `${ARTICLES}/actions/bulkPublish?locale=en`, { documentIds: [] }), 'bulk-publish-empty');
      assertLike(await as(boss, 'POST', `${ARTICLES}/actions/bulkDelete?locale=en`, { documentIds: [ids[0]] }), 'bulk-delete');
      assertLike(await as(boss, 'POST', `${ARTICLES}/actions/bulkDelete?locale=en`, { documentIds: [ids[0]] }), 'bulk-delete-nomatch');
    });

    it('list query: page/pageSize, sort, _q, $and filters, __status, locale', async () => {
      for (let index = 1; index <= 12; index += 1) await as(boss, 'POST', `${ARTICLES}?locale=en`, { title: `Query ${String(index).padStart(2, '0')}`, slug: `query-${index}`, views: index * 100 });
      const page = await as(boss, 'GET', `${ARTICLES}?page=2&pageSize=5&sort=title:DESC&_q=query&locale=en`);
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(page.body.results.map((item: { title: string }) => item.title), ['Query 07', 'Query 06', 'Query 05', 'Query 04', 'Query 03']);
      assert.deepEqual(page.body.pagination, { page: 2, pageSize: 5, pageCount: 3, total: 12 });
      const filtered = await as(boss, 'GET', `${ARTICLES}?filters[$and][0][views][$gt]=1000&filters[$and][1][__status][$eq]=draft&_q=query&locale=en`);
      assert.equal(filtered.status, 200, filtered.text);
      assert.deepEqual(filtered.body.results.map((item: { views: number }) => item.views).sort(), [1100, 1200]);
      const byAuthor = await as(boss, 'GET', `${ARTICLES}?filters[$and][0][author][name][$eq]=Ann&locale=en`);
      assert.deepEqual(byAuthor.body.results.map((item: { title: string }) => item.title), ["First edited"], byAuthor.text.slice(0, 600));
      const published = await as(boss, 'GET', `${ARTICLES}?filters[$and][0][__status][$eq]=published-modified&locale=en`);
      assert.deepEqual(published.body.results.map((item: { title: string; status: string }) => [item.title, item.status]), [['First', 'modified']]);
      // status:ASC sorts the whole list: never published first, then modified, then published (the title within each).
      const byStatus = await as(boss, 'GET', `${ARTICLES}?sort=status:ASC,title:ASC&pageSize=3&page=5&locale=en`);
      assert.equal(byStatus.status, 200, byStatus.text);
      const everything = await as(boss, 'GET', `${ARTICLES}?sort=status:ASC,title:ASC&pageSize=100&locale=en`);
      const statuses = everything.body.results.map((item: { status: string }) => item.status);
      const rank = (status: string) => ['draft', 'modified', 'published'].indexOf(status);
      assert.deepEqual(statuses, [...statuses].sort((a: string, b: string) => rank(a) - rank(b)));
      assert.ok(statuses.includes('modified') && statuses.includes('draft'));
      assert.deepEqual(byStatus.body.results.map((item: { id: number }) => item.id), everything.body.results.slice(12, 15).map((item: { id: number }) => item.id));
      assert.equal(byStatus.body.pagination.total, everything.body.pagination.total);
      const descending = await as(boss, 'GET', `${ARTICLES}?sort=status:DESC&pageSize=100&locale=en`);
      assert.equal(descending.body.results[0].status === 'draft', false);
      const fr = await as(boss, 'GET', `${ARTICLES}?locale=fr`);
      assert.deepEqual(fr.body.results.map((item: { title: string }) => item.title), ['Premier']);
      assert.equal((await as(boss, 'GET', `${ARTICLES}?page=0&pageSize=0&_q=query`)).body.pagination.pageSize, 10);
      // A page costs the same statements for 1 document as for 12 (status, createdBy, relations: one statement each per page).
      const one = await app.app.database.counter.measure(() => as(boss, 'GET', `${ARTICLES}?pageSize=1&_q=query&locale=en`));
      const twelve = await app.app.database.counter.measure(() => as(boss, 'GET', `${ARTICLES}?pageSize=12&_q=query&locale=en`));
      assert.equal(twelve.result.body.results.length, 12);
      assert.equal(one.statements, twelve.statements);
      // The view configuration marked slug not searchable: `_q` leaves it out.
      assert.equal((await as(boss, 'GET', `${ARTICLES}?_q=query-1&locale=en`)).body.pagination.total, 0);
      assertLike(await as(boss, 'GET', `${ARTICLES}?sort=nope:ASC`), 'bad-sort');
    });

    it('_q search: one scan for page and total, Unicode folding kept (İ, Kelvin sign, ß), pages past the end counted', async () => {
      const titles = ['Fold İstanbul', 'Fold \u212Aelvin', 'Fold KELVIN', 'Fold straße', 'Fold STRASSE', 'Fold ıi', 'Fold Éclair', 'fold 50%_off'];
      for (const [index, title] of titles.entries()) assert.equal((await as(boss, 'POST', `${ARTICLES}?locale=en`, { title, slug: `fold-${index}` })).status, 201);
      const everything = (await as(boss, 'GET', `${ARTICLES}?pageSize=1000&sort=title:ASC&locale=en`)).body.results as { id: number; title: string | null }[];
      for (const q of ['k', 'K', 'kelvin', 'i', 'ss', 'ß', 'é', 'FOLD', '%_', 'fold 5', 'nothing-here']) {
        const expected = everything.filter((item) => (item.title ?? '').toLowerCase().includes(q.toLowerCase())).map((item) => item.id);
        const full = await app.app.database.counter.measure(() => as(boss, 'GET', `${ARTICLES}?pageSize=3&sort=title:ASC&locale=en&_q=${encodeURIComponent(q)}`));
        assert.deepEqual(full.result.body.results.map((item: { id: number }) => item.id), expected.slice(0, 3), q);
        assert.equal(full.result.body.pagination.total, expected.length, q);
        const past = await as(boss, 'GET', `${ARTICLES}?pageSize=3&page=50&sort=title:ASC&locale=en&_q=${encodeURIComponent(q)}`);
        assert.deepEqual([past.body.results.length, past.body.pagination.total], [0, expected.length], q);
      }
      // The total comes with the page: a full page (whose total is unknown from its rows) costs
      // no count statement more than a partial one.
      const fullPage = await app.app.database.counter.measure(() => as(boss, 'GET', `${ARTICLES}?pageSize=1&sort=title:ASC&locale=en&_q=fold`));
      const partialPage = await app.app.database.counter.measure(() => as(boss, 'GET', `${ARTICLES}?pageSize=100&sort=title:ASC&locale=en&_q=fold`));
      assert.equal(fullPage.result.body.pagination.total, partialPage.result.body.results.length);
      assert.equal(fullPage.statements, partialPage.statements);
    });

    it('version reads: ?status=published|draft on collection and single types, a version the document lacks, a bad status', async () => {
      const draft = await as(boss, 'POST', `${ARTICLES}?locale=en`, { title: 'Version One', slug: 'version-one' });
      const documentId = draft.body.data.documentId;
      assertLike(await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en&status=published`), 'findone-version-never-published');
      assert.equal((await as(boss, 'POST', `${ARTICLES}/${documentId}/actions/publish?locale=en`, {})).status, 200);
      assert.equal((await as(boss, 'PUT', `${ARTICLES}/${documentId}?locale=en`, { title: 'Version Two' })).status, 200);
      const published = await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en&status=published`);
      const drafted = await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en&status=draft`);
      const byDefault = await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en`);
      assert.deepEqual([published.body.data.title, drafted.body.data.title, byDefault.body.data.title], ['Version One', 'Version Two', 'Version Two']);
      assert.deepEqual([published.body.data.status, drafted.body.data.status], ['modified', 'modified']);
      assert.deepEqual([published.body.meta.availableStatus.map((version: { publishedAt: string | null }) => version.publishedAt === null), drafted.body.meta.availableStatus.map((version: { publishedAt: string | null }) => version.publishedAt === null)], [[true], [false]]);
      assert.notEqual(published.body.data.id, drafted.body.data.id);
      const bad = await as(boss, 'GET', `${ARTICLES}/${documentId}?locale=en&status=bogus`);
      assertLike(bad, 'findone-bad-status');
      assert.deepEqual(bad.body.error, (fixture('findone-bad-status').response.body as { error: unknown }).error);
      const single = await as(boss, 'GET', `${HOMEPAGE}?status=published`);
      assert.ok([200, 404].includes(single.status), single.text);
    });

    it('bad inputs: 4xx in the envelope, nothing written', async () => {
      const before = await rowCount(app, 'articles');
      assertLike(await as(boss, 'POST', `${ARTICLES}?locale=en`, { title: 'Bad', views: 'abc' }), 'create-bad-type');
      assertLike(await as(boss, 'POST', `${ARTICLES}?locale=xx`, { title: 'Bad' }), 'bad-locale');
      assertLike(await as(boss, 'GET', '/content-manager/collection-types/api::nope.nope'), 'unknown-model');
      assertLike(await as(boss, 'GET', `${ARTICLES}/doesnotexist123456789012?locale=en`), 'findone-unknown');
      assert.equal((await as(boss, 'GET', '/content-manager/collection-types/plugin::users-permissions.role')).status, 403);
      for (const body of [{ nope: 1 }, { title: { $ne: 1 } }, { author: { connect: [{ id: 99999 }] } }, { kind: 'other' }, [1, 2]]) {
        const response = await as(boss, 'POST', `${ARTICLES}?locale=en`, body);
        assert.equal(response.status, 400, JSON.stringify(body) + response.text);
        assert.equal(response.body.data, null);
      }
      assert.equal((await as(boss, 'PUT', `${ARTICLES}/doesnotexist123456789012?locale=en`, { title: 'x' })).status, 404);
      assert.equal((await as(boss, 'POST', `${ARTICLES}/actions/bulkDelete`, { documentIds: 'x' })).status, 400);
      assert.equal(await rowCount(app, 'articles'), before);
    });
  });

  describe('single types', () => {
    it('never created: 404; PUT creates it, then updates; publish; another locale missing: {data:{}}', async () => {
      assertLike(await as(boss, 'GET', `${HOMEPAGE}?locale=en`), 'single-get');
      const created = await as(boss, 'PUT', `${HOMEPAGE}?locale=en`, { title: 'Welcome', hero: { metaTitle: 'Home' } });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.body.data.status, 'draft');
      const updated = await as(boss, 'PUT', `${HOMEPAGE}?locale=en`, { title: 'Welcome!' });
      assert.equal(updated.body.data.documentId, created.body.data.documentId);
      const published = await as(boss, 'POST', `${HOMEPAGE}/actions/publish?locale=en`, {});
      assert.equal(published.status, 200, published.text);
      assert.equal(published.body.data.status, 'published');
      const fr = await as(boss, 'GET', `${HOMEPAGE}?locale=fr`);
      assert.equal(fr.status, 200);
      assert.deepEqual(fr.body.data, {});
      assert.equal(fr.body.meta.availableLocales[0].locale, 'en');
      const unpublished = await as(boss, 'POST', `${HOMEPAGE}/actions/unpublish?locale=en`, {});
      assert.equal(unpublished.status, 200, unpublished.text);
      assert.deepEqual(await as(boss, 'DELETE', `${HOMEPAGE}?locale=*`).then((response) => response.body), {});
      assert.equal((await as(boss, 'GET', `${HOMEPAGE}?locale=en`)).status, 404);
    });
  });

  describe('permissions', () => {
    it('no admin session: 401; an Editor reaches every document; an Author only those it created', async () => {
      assert.equal((await app.get(ARTICLES)).status, 401);
      const mine = await as(author, 'POST', `${ARTICLES}?locale=en`, { title: 'Authored', slug: 'authored' });
      assert.equal(mine.status, 201, mine.text);
      const theirs = await as(otherAuthor, 'POST', `${ARTICLES}?locale=en`, { title: 'Other authored', slug: 'other-authored' });
      assert.equal(theirs.status, 201);
      const list = await as(author, 'GET', `${ARTICLES}?locale=en&_q=authored`);
      assert.deepEqual(list.body.results.map((item: { title: string }) => item.title), ['Authored']);
      const foreign = theirs.body.data.documentId;
      for (const [method, url, body] of [
        ['GET', `${ARTICLES}/${foreign}?locale=en`, undefined],
        ['PUT', `${ARTICLES}/${foreign}?locale=en`, { title: 'Taken' }],
        ['DELETE', `${ARTICLES}/${foreign}?locale=en`, undefined],
        ['POST', `${ARTICLES}/${foreign}/actions/publish?locale=en`, {}],
      ] as const) {
        const response = await as(author, method, url, body);
        assert.equal(response.status, 403, `${method} ${url}: ${response.text}`);
        assert.equal(response.body.error.name, 'ForbiddenError');
      }
      assert.equal((await as(author, 'POST', `${ARTICLES}/actions/bulkDelete?locale=en`, { documentIds: [foreign] })).status, 404);
      assert.equal((await as(author, 'PUT', `${ARTICLES}/${mine.body.data.documentId}?locale=en`, { title: 'Authored 2' })).status, 200);
      const editorList = await as(editor, 'GET', `${ARTICLES}?locale=en&_q=authored`);
      assert.equal(editorList.body.pagination.total, 2);
      const byEditor = await as(editor, 'PUT', `${ARTICLES}/${foreign}?locale=en`, { title: 'Other authored, edited' });
      assert.equal(byEditor.status, 200);
      assert.equal(byEditor.body.data.updatedBy.id, editor.user.id);
      assert.equal(byEditor.body.data.createdBy.id, otherAuthor.user.id);
    });

    it('a role without the action gets the route policy\'s 403; fields and locales limit what is read and written', async () => {
      const policy = await as(limited, 'GET', '/content-manager/collection-types/api::author.author');
      assert.equal(policy.status, 403);
      assert.deepEqual(policy.body.error, { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} });
      assert.equal((await as(limited, 'DELETE', `${ARTICLES}/doesnotexist123456789012?locale=fr`)).status, 403);
      const en = await as(limited, 'GET', `${ARTICLES}?locale=en`);
      assert.deepEqual(en.body.results, []);
      assert.equal((await as(limited, 'POST', `${ARTICLES}?locale=en`, { title: 'No' })).status, 403);
      const created = await as(limited, 'POST', `${ARTICLES}?locale=fr`, { title: 'Titre', views: 7, seo: { metaTitle: 'Méta', metaDescription: 'ignored' } });
      assert.equal(created.status, 201, created.text);
      const { data } = created.body;
      assert.equal(data.title, 'Titre');
      assert.ok(!('views' in data) && !('slug' in data), JSON.stringify(data));
      assert.deepEqual(Object.keys(data.seo).sort(), ['id', 'metaTitle']);
      const stored = await as(boss, 'GET', `${ARTICLES}/${data.documentId}?locale=fr`);
      assert.equal(stored.body.data.views, null, 'an unlisted field is ignored on input');
      assert.equal(stored.body.data.seo.metaDescription, null);
      const list = await as(limited, 'GET', `${ARTICLES}?locale=fr`);
      assert.ok(list.body.results.length >= 1);
      for (const item of list.body.results) assert.ok(!('views' in item));
    });

    it('update without create: saves an existing locale, but a PUT that would create a locale is a 403; no delete, no publish', async () => {
      const created = await as(boss, 'POST', `${ARTICLES}?locale=en`, { title: 'To update', slug: 'to-update' });
      const id = created.body.data.documentId;
      const saved = await as(updater, 'PUT', `${ARTICLES}/${id}?locale=en`, { title: 'Updated' });
      assert.equal(saved.status, 200, saved.text);
      const newLocale = await as(updater, 'PUT', `${ARTICLES}/${id}?locale=fr`, { title: 'Mis à jour' });
      assert.equal(newLocale.status, 403);
      assert.equal(newLocale.body.error.name, 'ForbiddenError');
      assert.equal((await as(boss, 'GET', `${ARTICLES}/${id}?locale=fr`)).body.meta.availableLocales.length, 1, 'no fr version was written');
      for (const [method, url] of [['DELETE', `${ARTICLES}/${id}?locale=en`], ['POST', `${ARTICLES}/${id}/actions/publish?locale=en`], ['POST', `${ARTICLES}?locale=en`], ['POST', `${ARTICLES}/clone/${id}?locale=en`]] as const) {
        const response = await as(updater, method, url, {});
        assert.equal(response.status, 403, `${method} ${url}`);
        assert.equal(response.body.error.name, 'PolicyError');
      }
      // A single type never created: its PUT would create it, which update alone does not allow.
      const single = await as(updater, 'PUT', `${HOMEPAGE}?locale=en`, { title: 'Nope' });
      assert.equal(single.status, 403);
      assert.equal((await as(boss, 'GET', `${HOMEPAGE}?locale=en`)).status, 404);
    });
  });
});
