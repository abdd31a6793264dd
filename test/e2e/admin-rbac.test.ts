import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestAdmin, type TestAdmin } from '../helpers/admin-users.js';
import { assertLikeFixture, shapeDifferences, strapiFixture } from '../helpers/strapi-fixture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ENV = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Boss12345!' };
const ARTICLE = 'api::article.article';

describe('admin roles, permissions and users (Strapi 5 routes)', () => {
  let app: TestApp;
  let boss: Record<string, string>;
  let editor: TestAdmin;
  let author: TestAdmin;
  const as = (headers: Record<string, string>, method: string, url: string, body?: unknown) => app.request(method, url, { headers, ...(body === undefined ? {} : { body }) });
  const roleId = async (code: string): Promise<number> => {
    const roles = (await as(boss, 'GET', '/admin/roles')).body.data as { id: number; code: string }[];
    const role = roles.find((entry) => entry.code === code);
    assert.ok(role, code);
    return role.id;
  };

  before(async () => {
    app = await startTestApp({ fixture: 'admin-rbac-app', env: ENV });
    const login = await app.post('/admin/login', { email: ENV.ADMIN_EMAIL, password: ENV.ADMIN_PASSWORD });
    boss = { authorization: `Bearer ${login.body.data.token}` };
    editor = await createTestAdmin(app, ['strapi-editor']);
    author = await createTestAdmin(app, ['strapi-author']);
  });
  after(() => app.close());

  it('GET /admin/permissions: conditions and sections as recorded, subjects with fields (components dotted) and locales', async () => {
    const response = await as(editor.headers, 'GET', '/admin/permissions');
    assertLikeFixture(response, 'rbac', 'permissions');
    const { sections } = response.body.data;
    const article = sections.collectionTypes.subjects.find((subject: { uid: string }) => subject.uid === ARTICLE);
    assert.deepEqual(article.properties.map((property: { value: string }) => property.value), ['fields', 'locales']);
    assert.deepEqual(article.properties[0].children.find((field: { value: string }) => field.value === 'seo').children.map((field: { value: string }) => field.value), ['metaTitle', 'metaDescription']);
    assert.deepEqual(article.properties[1].children, [
      { label: 'English (en)', value: 'en', isDefault: true },
      { label: 'French (fr)', value: 'fr', isDefault: false },
    ]);
    assert.deepEqual(sections.collectionTypes.actions.map((action: { actionId: string }) => action.actionId), [
      'plugin::content-manager.explorer.create',
      'plugin::content-manager.explorer.read',
      'plugin::content-manager.explorer.update',
      'plugin::content-manager.explorer.delete',
      'plugin::content-manager.explorer.publish',
    ]);
    assert.equal((await app.get('/admin/permissions')).status, 401);
  });

  it('GET /admin/roles: the three default roles with usersCount', async () => {
    const response = await as(boss, 'GET', '/admin/roles');
    assertLikeFixture(response, 'rbac', 'roles');
    assert.deepEqual(
      response.body.data.map((role: { code: string; usersCount: number }) => [role.code, role.usersCount]),
      [['strapi-super-admin', 1], ['strapi-editor', 1], ['strapi-author', 1]],
    );
  });

  it('Editor and Author get 403 PolicyError on roles and users routes', async () => {
    const denied: [string, string, unknown?][] = [
      ['GET', '/admin/roles'],
      ['GET', '/admin/roles/1'],
      ['POST', '/admin/roles', { name: 'Sneaky' }],
      ['PUT', '/admin/roles/2', { name: 'Sneaky' }],
      ['DELETE', '/admin/roles/3'],
      ['GET', '/admin/roles/2/permissions'],
      ['PUT', '/admin/roles/2/permissions', { permissions: [] }],
      ['GET', '/admin/users'],
      ['POST', '/admin/users', { email: 'x@example.com', firstname: 'X', roles: [2] }],
      ['DELETE', '/admin/users/1'],
    ];
    for (const who of [editor, author]) {
      for (const [method, url, body] of denied) assertLikeFixture(await as(who.headers, method, url, body), 'rbac', 'roles-as-editor');
    }
    assert.equal((await as(boss, 'GET', '/admin/roles/2/permissions')).body.data.length > 0, true, 'nothing written by the refused PUT');
  });

  it('role CRUD: create (generated code), read, update, refusals as recorded', async () => {
    const created = await as(boss, 'POST', '/admin/roles', { name: 'Tessera Reviewer', description: 'reviews' });
    assertLikeFixture(created, 'rbac', 'roles-create');
    assert.match(created.body.data.code, /^tessera-reviewer-[a-z0-9]+$/);
    const id = created.body.data.id as number;
    assertLikeFixture(await as(boss, 'POST', '/admin/roles', { name: 'Tessera Reviewer' }), 'rbac', 'roles-create-duplicate');
    assertLikeFixture(await as(boss, 'POST', '/admin/roles', {}), 'rbac', 'roles-create-missing-name');
    assertLikeFixture(await as(boss, 'POST', '/admin/roles', { name: 'Tessera X', bogus: 1 }), 'rbac', 'roles-create-unknown-key');
    assertLikeFixture(await as(boss, 'GET', `/admin/roles/${id}`), 'rbac', 'roles-get');
    assertLikeFixture(await as(boss, 'GET', '/admin/roles/99999'), 'rbac', 'roles-get-404');
    assertLikeFixture(await as(boss, 'PUT', `/admin/roles/${id}`, { name: 'Tessera Reviewer 2', description: 'reviews more' }), 'rbac', 'roles-update');
    const superAdmin = await roleId('strapi-super-admin');
    assertLikeFixture(await as(boss, 'PUT', `/admin/roles/${superAdmin}`, { name: 'Super Duper' }), 'rbac', 'roles-update-super-admin');
    assert.equal((await as(boss, 'GET', `/admin/roles/${id}`)).body.data.name, 'Tessera Reviewer 2');
  });

  it('PUT /admin/roles/:id/permissions replaces the set; bad permissions are 400 and write nothing', async () => {
    const id = (await as(boss, 'POST', '/admin/roles', { name: 'Permission Set' })).body.data.id as number;
    const body = strapiFixture('rbac', 'roles-permissions-put').request.body;
    const put = await as(boss, 'PUT', `/admin/roles/${id}/permissions`, body);
    assertLikeFixture(put, 'rbac', 'roles-permissions-put');
    assert.deepEqual(
      put.body.data.map((permission: Record<string, unknown>) => ({ ...permission, id: 0 })),
      [
        { id: 0, action: 'plugin::content-manager.explorer.read', actionParameters: {}, subject: ARTICLE, properties: { fields: ['title', 'seo.metaTitle'], locales: ['en'] }, conditions: ['admin::is-creator'] },
        { id: 0, action: 'plugin::upload.read', actionParameters: {}, subject: null, properties: {}, conditions: [] },
      ],
    );
    assertLikeFixture(await as(boss, 'GET', `/admin/roles/${id}/permissions`), 'rbac', 'roles-permissions-get');
    const refused = async (name: string | null, permissions: unknown, message?: RegExp) => {
      const response = await as(boss, 'PUT', `/admin/roles/${id}/permissions`, permissions);
      if (name !== null) assertLikeFixture(response, 'rbac', name);
      else {
        assert.equal(response.status, 400, response.text);
        assert.match(response.body.error.message, message ?? /./);
      }
    };
    for (const name of ['roles-permissions-unknown-action', 'roles-permissions-unknown-subject', 'roles-permissions-subject-on-plain-action', 'roles-permissions-missing']) {
      await refused(name, strapiFixture('rbac', name).request.body);
    }
    // Stricter than Strapi, which stores unknown fields and drops unknown conditions silently.
    await refused(null, { permissions: [{ action: 'plugin::content-manager.explorer.read', subject: ARTICLE, properties: { fields: ['nope'] }, conditions: [] }] }, /fields has unknown fields: nope/);
    await refused(null, { permissions: [{ action: 'plugin::content-manager.explorer.read', subject: ARTICLE, properties: { locales: ['de'] }, conditions: [] }] }, /unknown locales: de/);
    await refused(null, { permissions: [{ action: 'plugin::content-manager.explorer.read', subject: ARTICLE, properties: {}, conditions: ['admin::nope'] }] }, /Unknown conditions: admin::nope/);
    await refused(null, { permissions: [{ action: 'plugin::content-manager.explorer.delete', subject: ARTICLE, properties: { fields: ['title'] }, conditions: [] }] }, /fields does not apply/);
    await refused(null, { permissions: 'all' }, /array/);
    assert.equal((await as(boss, 'GET', `/admin/roles/${id}/permissions`)).body.data.length, 2, 'nothing written');
    assertLikeFixture(await as(boss, 'PUT', `/admin/roles/${await roleId('strapi-super-admin')}/permissions`, { permissions: [] }), 'rbac', 'roles-permissions-super-admin');
    const superAdminPermissions = await as(boss, 'GET', `/admin/roles/${await roleId('strapi-super-admin')}/permissions`);
    assert.ok(superAdminPermissions.body.data.some((permission: { action: string; subject: string }) => permission.action === 'plugin::content-manager.explorer.publish' && permission.subject === ARTICLE));
  });

  it('a custom role reaches what its permissions grant: users/me/permissions and a settings route', async () => {
    const id = (await as(boss, 'POST', '/admin/roles', { name: 'End-user manager' })).body.data.id as number;
    const code = (await as(boss, 'GET', `/admin/roles/${id}`)).body.data.code as string;
    const manager = await createTestAdmin(app, [code]);
    assert.equal((await as(manager.headers, 'GET', '/admin/end-users')).status, 403);
    assert.deepEqual((await as(manager.headers, 'GET', '/admin/users/me/permissions')).body.data, []);
    await as(boss, 'PUT', `/admin/roles/${id}/permissions`, { permissions: [{ action: 'plugin::users-permissions.users.read', subject: null }] });
    assert.equal((await as(manager.headers, 'GET', '/admin/end-users')).status, 200, 'the next request sees the grant');
    const mine = (await as(manager.headers, 'GET', '/admin/users/me/permissions')).body.data;
    assert.deepEqual(mine.map((permission: { action: string }) => permission.action), ['plugin::users-permissions.users.read']);
    const editorPermissions = await as(editor.headers, 'GET', '/admin/users/me/permissions');
    // The default roles' permissions leave `fields` out (every field, those added later too) where Strapi lists today's.
    assert.deepEqual(shapeDifferences(editorPermissions.body, strapiFixture('rbac', 'users-me-permissions-editor').body).filter((difference) => !difference.endsWith('.properties.fields: missing')), []);
    assert.ok(editorPermissions.body.data.some((permission: { action: string; subject: string; properties: { locales?: string[] } }) => permission.subject === ARTICLE && permission.properties.locales?.join() === 'en,fr'));
  });

  it('role deletion: refused for the Super Admin and roles in use, as recorded; an unknown role is 200 null', async () => {
    const superAdmin = await roleId('strapi-super-admin');
    const superAdminRefusal = strapiFixture('rbac', 'roles-delete-super-admin');
    const refusedSuper = await as(boss, 'DELETE', `/admin/roles/${superAdmin}`);
    assert.equal(refusedSuper.status, 400);
    assert.deepEqual(refusedSuper.body.error.message, superAdminRefusal.body.error.message);
    const inUse = await as(boss, 'DELETE', `/admin/roles/${await roleId('strapi-editor')}`);
    assert.equal(inUse.status, 400);
    assert.equal(inUse.body.error.message, strapiFixture('rbac', 'roles-delete-in-use').body.error.message);
    const id = (await as(boss, 'POST', '/admin/roles', { name: 'Short lived' })).body.data.id as number;
    await as(boss, 'PUT', `/admin/roles/${id}/permissions`, { permissions: [{ action: 'plugin::upload.read', subject: null }] });
    assertLikeFixture(await as(boss, 'DELETE', `/admin/roles/${id}`), 'rbac', 'roles-delete');
    assertLikeFixture(await as(boss, 'DELETE', `/admin/roles/${id}`), 'rbac', 'roles-delete-again');
    const leftover = await app.app.database.db.selectFrom('admin_permissions').select('id').where('role_id', '=', id).execute();
    assert.equal(leftover.length, 0, 'its permissions went with it');
  });

  it('/admin/users: invite, registration-info, register, list, read, update, delete, batch-delete', async () => {
    const editorRole = await roleId('strapi-editor');
    const invited = await as(boss, 'POST', '/admin/users', { email: 'Invitee@Example.com', firstname: 'Sess', lastname: 'Fixture', roles: [editorRole] });
    assertLikeFixture(invited, 'rbac', 'users-create');
    assert.equal(invited.body.data.isActive, false);
    const token = invited.body.data.registrationToken as string;
    assert.equal((await app.post('/admin/login', { email: 'invitee@example.com', password: 'Sess12345!' })).status, 400, 'no password yet');
    assertLikeFixture(await app.get(`/admin/registration-info?registrationToken=${token}`), 'session', 'registration-info');
    assertLikeFixture(await app.get('/admin/registration-info?registrationToken=nope'), 'session', 'registration-info-bad');
    const weak = await app.post('/admin/register', { registrationToken: token, userInfo: { firstname: 'Sess', lastname: 'Fixture', password: 'weak' } });
    assert.equal(weak.status, 400);
    const registered = await app.post('/admin/register', { registrationToken: token, userInfo: { firstname: 'Sess', lastname: 'Fixture', password: 'Sess12345!' } });
    assertLikeFixture(registered, 'session', 'register');
    assert.equal(registered.body.data.user.isActive, true);
    assert.equal((await app.post('/admin/register', { registrationToken: token, userInfo: { firstname: 'Sess', password: 'Sess12345!' } })).status, 400, 'a token works once');
    const id = invited.body.data.id as number;

    assertLikeFixture(await as(boss, 'POST', '/admin/users', { email: 'bad', firstname: 'X', roles: [editorRole] }), 'rbac', 'users-create-bad-email');
    assertLikeFixture(await as(boss, 'POST', '/admin/users', { email: ENV.ADMIN_EMAIL, firstname: 'X', roles: [editorRole] }), 'rbac', 'users-create-duplicate');
    assert.equal((await as(boss, 'POST', '/admin/users', { email: 'y@example.com', firstname: 'Y', roles: [99999] })).status, 400);

    const list = await as(boss, 'GET', '/admin/users?page=1&pageSize=1&sort=email:desc');
    assertLikeFixture(list, 'rbac', 'users-list');
    assert.equal(list.body.data.pagination.pageSize, 1);
    assert.ok(list.body.data.pagination.total >= 4);
    const searched = await as(boss, 'GET', '/admin/users?_q=invitee');
    assert.deepEqual(searched.body.data.results.map((user: { email: string }) => user.email), ['invitee@example.com']);
    assert.equal((await as(boss, 'GET', '/admin/users?sort=password')).status, 400);

    assertLikeFixture(await as(boss, 'GET', `/admin/users/${id}`), 'rbac', 'users-get');
    assertLikeFixture(await as(boss, 'GET', '/admin/users/999'), 'rbac', 'users-get-404');
    const updated = await as(boss, 'PUT', `/admin/users/${id}`, { lastname: 'Fixture2', roles: [editorRole, await roleId('strapi-author')] });
    assertLikeFixture(updated, 'rbac', 'users-update');
    assert.deepEqual(updated.body.data.roles.map((role: { code: string }) => role.code), ['strapi-editor', 'strapi-author']);

    const session = registered.body.data.token as string;
    assert.equal((await app.get('/admin/users/me', { authorization: `Bearer ${session}` })).status, 200);
    assertLikeFixture(await as(boss, 'DELETE', `/admin/users/${id}`), 'rbac', 'users-delete');
    assert.equal((await app.get('/admin/users/me', { authorization: `Bearer ${session}` })).status, 401, 'a deleted user\'s session ends');
    assertLikeFixture(await as(boss, 'DELETE', `/admin/users/${id}`), 'rbac', 'users-delete-again');
    assertLikeFixture(await as(boss, 'POST', '/admin/users/batch-delete', {}), 'rbac', 'users-batch-delete-missing');
    const two = await Promise.all(['one', 'two'].map(async (name) => (await as(boss, 'POST', '/admin/users', { email: `${name}@example.com`, firstname: name, roles: [editorRole] })).body.data.id as number));
    const batch = await as(boss, 'POST', '/admin/users/batch-delete', { ids: two });
    assert.equal(batch.status, 200);
    // Created at once, so their ids may come in either order; the answer lists the deleted users by id.
    assert.deepEqual(batch.body.data.map((user: { id: number }) => user.id), [...two].sort((a, b) => a - b));
  });

  it('blocking a user ends their sessions: the access token and the refresh cookie are refused', async () => {
    const blocked = await createTestAdmin(app, ['strapi-editor']);
    const login = await app.post('/admin/login', { email: blocked.email, password: blocked.password });
    const cookie = login.headers.getSetCookie().find((entry) => entry.startsWith('strapi_admin_refresh='))?.split(';')[0] ?? '';
    assert.equal((await as(boss, 'PUT', `/admin/users/${blocked.user.id}`, { blocked: true })).status, 200);
    assert.equal((await app.get('/admin/users/me', { authorization: `Bearer ${login.body.data.token}` })).status, 401);
    assert.equal((await app.request('POST', '/admin/access-token', { headers: { cookie } })).status, 401);
    assert.equal((await app.post('/admin/login', { email: blocked.email, password: blocked.password })).status, 400);
  });

  it('the last active Super Admin can be neither deleted nor demoted', async () => {
    const me = (await as(boss, 'GET', '/admin/users/me')).body.data as { id: number };
    const deleted = await as(boss, 'DELETE', `/admin/users/${me.id}`);
    assert.equal(deleted.status, 400);
    assert.equal(deleted.body.error.message, 'You must have at least one user with super admin role.');
    const demoted = await as(boss, 'PUT', `/admin/users/${me.id}`, { roles: [await roleId('strapi-editor')] });
    assert.equal(demoted.status, 400);
    assert.equal((await as(boss, 'GET', '/admin/users/me')).body.data.roles[0].code, 'strapi-super-admin', 'nothing written');
  });

  it('the older /admin/admin-users routes still answer (Tessera before Strapi\'s /admin/users)', async () => {
    const list = await as(boss, 'GET', '/admin/admin-users');
    assert.equal(list.status, 200);
    assert.ok(Array.isArray(list.body.data));
    assert.equal((await as(editor.headers, 'GET', '/admin/admin-users')).status, 403);
  });
});
