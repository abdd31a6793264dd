import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../../src/server/app.js';
import type { DatabaseConfig } from '../../src/core/config/app-config.js';
import { manualClock, type ManualClock } from '../helpers/manual-clock.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/test-database.js';
import { after, before, describe, it } from 'node:test';
import { bearer, createUser, roleRow } from '../helpers/auth-fixtures.js';
import { fixturePath, ROOT, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { createAdminPermissionService } from '../../src/transports/admin/admin-permission-service.js';
import { EDITOR_CODE } from '../../src/transports/admin/admin-roles.js';

/**
 * Strapi 5's users-permissions admin routes (`/users-permissions/*`) and the content API's
 * `/api/users-permissions/roles|permissions` over HTTP, compared with the answers recorded
 * from Strapi 5.54 (test/fixtures/strapi-admin/users-permissions): the nested permissions
 * object round trip and its effect on the next content request, bad inputs refused with
 * nothing written, denials for an Editor admin and for users without the role actions.
 */

const ENV = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Secret123' };

type Tree = Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }>;

function recorded<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/strapi-admin/users-permissions', `${name}.json`), 'utf8')) as T;
}

interface Exchange {
  request: { method: string; path: string; body?: unknown };
  status: number;
  response: Record<string, unknown> & { error?: Record<string, unknown> };
}

function exchange(name: string, method: string, url: string): Exchange {
  const file = recorded<{ exchanges: Exchange[] } | Exchange[]>(name);
  const list = Array.isArray(file) ? file : file.exchanges;
  const found = list.find((entry) => entry.request.method === method && entry.request.path === url);
  assert.ok(found, `a recording of ${method} ${url}`);
  return found;
}

const keys = (value: unknown): string[] => Object.keys(value as object).sort();

/** Every action of a tree with its flag, `namespace.controller.action`. */
function flags(tree: Tree): Map<string, boolean> {
  const all = new Map<string, boolean>();
  for (const [namespace, { controllers }] of Object.entries(tree)) {
    for (const [controller, actions] of Object.entries(controllers)) {
      for (const [action, setting] of Object.entries(actions)) all.set(`${namespace}.${controller}.${action}`, setting.enabled);
    }
  }
  return all;
}

const enabled = (tree: Tree): string[] => [...flags(tree)].filter(([, on]) => on).map(([name]) => name).sort();

describe("Strapi's users-permissions admin routes", () => {
  let app: TestApp;
  let boss: Record<string, string>;
  let editor: Record<string, string>;
  const call = (method: string, url: string, body?: unknown, headers = boss): Promise<TestResponse> => app.request(method, url, { headers, ...(body === undefined ? {} : { body }) });
  const roles = async (): Promise<{ id: number; type: string; name: string; nb_users: number }[]> => (await call('GET', '/users-permissions/roles')).body.roles;
  const roleOf = async (type: string): Promise<{ id: number; type: string; name: string; nb_users: number }> => {
    const found = (await roles()).find((role) => role.type === type);
    assert.ok(found, `role ${type}`);
    return found;
  };
  const treeOf = async (id: number): Promise<Tree> => (await call('GET', `/users-permissions/roles/${id}`)).body.role.permissions as Tree;

  before(async () => {
    app = await startTestApp({ fixture: 'admin-app', env: ENV });
    const login = await app.post('/admin/login', { email: ENV.ADMIN_EMAIL, password: ENV.ADMIN_PASSWORD });
    boss = bearer(login.body.data.token);
    const created = await call('POST', '/admin/admin-users', { email: 'ed@example.com', password: 'Editor123', firstname: 'Ed', roles: ['strapi-editor'] });
    assert.equal(created.status, 201, created.text);
    editor = bearer((await app.post('/admin/login', { email: 'ed@example.com', password: 'Editor123' })).body.data.token);
  });
  after(() => app.close());

  it('GET /users-permissions/roles and /roles/:id in the recorded shapes; 404 "Role not found"', async () => {
    const list = await call('GET', '/users-permissions/roles');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(keys(list.body), ['roles']);
    const theirs = recorded<{ response: { roles: object[] } }>('roles-list').response.roles[0];
    for (const role of list.body.roles) assert.deepEqual(keys(role), keys(theirs));
    assert.deepEqual(list.body.roles.map((role: { type: string }) => role.type).sort(), ['authenticated', 'public']);

    const publicRole = await roleOf('public');
    const one = await call('GET', `/users-permissions/roles/${publicRole.id}`);
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(keys(one.body), ['role']);
    assert.deepEqual(keys(one.body.role), keys(recorded<{ response: { role: object } }>('role-get').response.role));
    const tree = one.body.role.permissions as Tree;
    assert.deepEqual(tree['api::article']?.controllers.article?.find, { enabled: true, policy: '' }, 'config/permissions grants Public article find');
    assert.deepEqual(tree['api::note']?.controllers.note?.find, { enabled: false, policy: '' });
    assert.deepEqual(Object.keys(tree['plugin::users-permissions']?.controllers ?? {}).sort(), ['auth', 'permissions', 'role', 'user']);

    for (const id of ['999999', 'x']) {
      const missing = await call('GET', `/users-permissions/roles/${id}`);
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, recorded<{ response: object }>('role-get-404').response);
    }
  });

  it('GET /users-permissions/permissions: every known action, none enabled, shaped as the recording', async () => {
    const response = await call('GET', '/users-permissions/permissions');
    assert.equal(response.status, 200);
    const tree = response.body.permissions as Tree;
    assert.deepEqual(enabled(tree), []);
    const theirs = recorded<{ response: { permissions: Tree } }>('permissions').response.permissions;
    // The same namespaces where both have them, and the same actions for a type and for users-permissions' users.
    assert.deepEqual(Object.keys(tree['api::article']?.controllers.article ?? {}), Object.keys(theirs['api::article']?.controllers.article ?? {}));
    for (const name of Object.keys(theirs['plugin::users-permissions']?.controllers.role ?? {})) assert.ok(tree['plugin::users-permissions']?.controllers.role?.[name], `role.${name}`);
    assert.equal((await call('GET', '/users-permissions/permissions', undefined, editor)).status, 200, 'any admin');
    const policies = await call('GET', '/users-permissions/policies');
    assert.deepEqual(policies.body, recorded<{ response: object }>('policies').response);
    const routes = await call('GET', '/users-permissions/routes');
    const theirRoutes = recorded<{ response: { routes: Record<string, object[]> } }>('routes').response.routes;
    assert.deepEqual(routes.body.routes['api::article'], theirRoutes['api::article']);
    assert.ok(routes.body.routes['plugin::users-permissions'].some((route: { handler: string }) => route.handler === 'role.createRole'));
  });

  it('POST creates a role from the nested object ({ok:true}, type from the name); PUT then GET gives the same tree', async () => {
    const created = await call('POST', '/users-permissions/roles', { name: 'Upi18n Editor', description: 'made by upi18n', permissions: { 'api::note': { controllers: { note: { find: { enabled: true }, findOne: { enabled: true, policy: '' } } } } }, users: [] });
    assert.equal(created.status, 200, created.text);
    assert.deepEqual(created.body, exchange('roles-writes', 'POST', '/users-permissions/roles').response);
    const role = await roleOf('upi_18_n_editor');
    assert.equal(role.name, 'Upi18n Editor');
    assert.equal(role.nb_users, 0);
    assert.deepEqual(enabled(await treeOf(role.id)), ['api::note.note.find', 'api::note.note.findOne']);

    const tree = await treeOf(role.id);
    const next = structuredClone(tree);
    const set = (namespace: string, controller: string, action: string, on: boolean) => {
      const entry = next[namespace]?.controllers[controller]?.[action];
      assert.ok(entry, `${namespace}.${controller}.${action} in the tree`);
      entry.enabled = on;
    };
    set('api::note', 'note', 'find', false);
    set('api::note', 'note', 'create', true);
    set('api::article', 'article', 'find', true);
    set('plugin::users-permissions', 'user', 'me', true);
    // As Strapi's admin form sends it: the form's values, the tree and `users: []`.
    const updated = await call('PUT', `/users-permissions/roles/${role.id}`, { name: 'Upi18n Editors', description: 'changed', permissions: next, users: [] });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body, { ok: true });
    const read = await call('GET', `/users-permissions/roles/${role.id}`);
    assert.deepEqual(read.body.role.permissions, next, 'PUT then GET: the same tree');
    assert.equal(read.body.role.name, 'Upi18n Editors');
    assert.equal(read.body.role.description, 'changed');
    assert.equal(read.body.role.type, 'upi_18_n_editor', 'the type never changes');

    const kept = await call('PUT', `/users-permissions/roles/${role.id}`, { description: 'only the description' });
    assert.equal(kept.status, 200);
    assert.deepEqual((await call('GET', `/users-permissions/roles/${role.id}`)).body.role.permissions, next, 'a PUT without permissions keeps them (Strapi removes them all)');
  });

  it('a granted action takes effect on the content API at once, for the users of the role', async () => {
    const role = await roleOf('upi_18_n_editor');
    const user = await createUser(app.app, 'upi_18_n_editor');
    assert.equal((await app.get('/api/notes', bearer(user.jwt))).status, 403, 'note find is off');
    const tree = await treeOf(role.id);
    const note = tree['api::note']?.controllers.note;
    assert.ok(note?.find);
    note.find.enabled = true;
    assert.equal((await call('PUT', `/users-permissions/roles/${role.id}`, { permissions: tree })).status, 200);
    assert.equal((await app.get('/api/notes', bearer(user.jwt))).status, 200, 'granted: the next request is allowed');
    note.find.enabled = false;
    assert.equal((await call('PUT', `/users-permissions/roles/${role.id}`, { permissions: tree })).status, 200);
    assert.equal((await app.get('/api/notes', bearer(user.jwt))).status, 403, 'taken away: the next request is refused');
    assert.equal((await roleOf('upi_18_n_editor')).nb_users, 1);
  });

  it('bad bodies: 400 in the envelope, nothing written (Strapi stores them all)', async () => {
    const role = await roleOf('upi_18_n_editor');
    const before = await roles();
    const treeBefore = await treeOf(role.id);
    const bad: unknown[] = [
      { description: 'no name' },
      { name: '' },
      { name: '!!!' },
      { name: 'Upi18n Editor', description: 'same type again' },
      { name: 'Publicity', type: 'public' },
      { name: 'Weird', type: 'Not A Type' },
      { name: 'Upi18n Bad', permissions: { 'api::nope': { controllers: { x: { find: { enabled: true } } } } } },
      { name: 'Upi18n Bad2', permissions: 'nope' },
      { name: 'Upi18n Bad3', permissions: { 'api::note': { controllers: { note: { find: { enabled: 'yes' } } } } } },
      { name: 'Upi18n Bad4', users: [1] },
      { name: 'Upi18n Bad5', extra: true },
      { name: 42 },
    ];
    for (const body of bad) {
      const response = await call('POST', '/users-permissions/roles', body);
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
      assert.equal(response.body.data, null);
      assert.ok(['ValidationError', 'ApplicationError'].includes(response.body.error.name), response.text);
    }
    const badUpdates: unknown[] = [{ type: 'other' }, { name: 7 }, { permissions: [] }, { permissions: { 'plugin::users-permissions': { controllers: { user: { hack: { enabled: true } } } } } }];
    for (const body of badUpdates) {
      const response = await call('PUT', `/users-permissions/roles/${role.id}`, body);
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
    }
    assert.equal((await call('PUT', '/users-permissions/roles/999999', { name: 'Ghost' })).status, 404);
    assert.deepEqual(await roles(), before, 'no role was created or changed');
    assert.deepEqual(await treeOf(role.id), treeBefore);
  });

  it("DELETE: the role's users move to Public; the Public role is refused as in Strapi, Authenticated too", async () => {
    const role = await roleOf('upi_18_n_editor');
    const publicRole = await roleOf('public');
    const refused = await call('DELETE', `/users-permissions/roles/${publicRole.id}`);
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, exchange('roles-writes', 'DELETE', '/users-permissions/roles/2').response);
    const authenticated = await roleOf('authenticated');
    assert.equal((await call('DELETE', `/users-permissions/roles/${authenticated.id}`)).status, 400);
    const missing = await call('DELETE', '/users-permissions/roles/999999');
    assert.deepEqual(missing.body, exchange('roles-writes', 'DELETE', '/users-permissions/roles/999').response);

    const deleted = await call('DELETE', `/users-permissions/roles/${role.id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.body, { ok: true });
    assert.equal((await call('GET', `/users-permissions/roles/${role.id}`)).status, 404);
    assert.equal((await roleOf('public')).nb_users, 1, 'its user is now in Public');
  });

  it('an Editor admin is refused every role and settings route (403), and nothing is written', async () => {
    const publicRole = await roleOf('public');
    const attempts: [string, string, unknown?][] = [
      ['GET', '/users-permissions/roles'],
      ['GET', `/users-permissions/roles/${publicRole.id}`],
      ['POST', '/users-permissions/roles', { name: 'Editors role' }],
      ['PUT', `/users-permissions/roles/${publicRole.id}`, { name: 'Hacked' }],
      ['DELETE', `/users-permissions/roles/${publicRole.id}`],
      ['GET', '/users-permissions/advanced'],
      ['PUT', '/users-permissions/advanced', { allow_register: false }],
      ['GET', '/users-permissions/email-templates'],
      ['PUT', '/users-permissions/email-templates', { 'email-templates': {} }],
      ['GET', '/users-permissions/providers'],
      ['PUT', '/users-permissions/providers', { providers: {} }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(method, url, body, editor);
      assert.equal(response.status, 403, `${method} ${url}: ${response.text}`);
      assert.deepEqual(response.body.error, { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} }, "Strapi's route-policy refusal");
    }
    assert.equal((await roleOf('public')).name, 'Public');
    assert.equal((await call('GET', '/users-permissions/advanced')).body.settings.allow_register, true);
    assert.equal((await app.get('/users-permissions/roles')).status, 401);
  });

  it("granted to the Editor role (stored admin permissions), the read routes answer the Editor", async () => {
    const { db } = app.app.database;
    const editorRole = await db.selectFrom('admin_roles').select('id').where('code', '=', EDITOR_CODE).executeTakeFirstOrThrow();
    const service = createAdminPermissionService(app.app.database);
    const current = await service.ofRoles([Number(editorRole.id)]);
    const added = ['plugin::users-permissions.roles.read', 'plugin::users-permissions.advanced-settings.read'].map((action) => ({ action, subject: null, properties: {}, conditions: [] }));
    await app.app.database.transaction((trx) => service.replace(trx, Number(editorRole.id), [...current.map(({ action, subject, properties, conditions }) => ({ action, subject, properties, conditions })), ...added]));
    assert.equal((await call('GET', '/users-permissions/roles', undefined, editor)).status, 200);
    assert.equal((await call('GET', '/users-permissions/advanced', undefined, editor)).status, 200);
    assert.equal((await call('POST', '/users-permissions/roles', { name: 'Still not' }, editor)).status, 403, 'read is not create');
    assert.equal((await call('PUT', '/users-permissions/advanced', { allow_register: false }, editor)).status, 403);
    await app.app.database.transaction((trx) => service.replace(trx, Number(editorRole.id), current.map(({ action, subject, properties, conditions }) => ({ action, subject, properties, conditions }))));
    assert.equal((await call('GET', '/users-permissions/roles', undefined, editor)).status, 403, 'taken away');
  });

  it('advanced settings: GET in the recorded shape, PUT {ok:true} and checked', async () => {
    const theirs = recorded<{ response: { settings: object; roles: object[] } }>('advanced').response;
    const got = await call('GET', '/users-permissions/advanced');
    assert.equal(got.status, 200);
    assert.deepEqual(got.body.settings, theirs.settings);
    assert.deepEqual(keys(got.body.roles[0]), keys(theirs.roles[0]));
    const bad: unknown[] = [{}, { unique_email: 'maybe' }, { default_role: 'nope' }, { default_role: 'public' }, { email_reset_password: 'javascript:alert(1)' }, { extra: true }];
    for (const body of bad) {
      const response = await call('PUT', '/users-permissions/advanced', body);
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    assert.deepEqual((await call('PUT', '/users-permissions/advanced', {})).body.error.message, 'Request body cannot be empty');
    assert.deepEqual((await call('GET', '/users-permissions/advanced')).body.settings, theirs.settings, 'nothing was written');
    const put = await call('PUT', '/users-permissions/advanced', { ...theirs.settings, allow_register: false });
    assert.deepEqual(put.body, { ok: true });
    assert.equal((await call('GET', '/users-permissions/advanced')).body.settings.allow_register, false);
    const register = await app.post('/api/auth/local/register', { username: 'newbie', email: 'newbie@example.com', password: 'Newbie123' });
    assert.equal(register.status, 400, 'registration is off at once');
    assert.equal(register.body.error.message, 'Register action is currently disabled');
    await call('PUT', '/users-permissions/advanced', theirs.settings);
  });

  it('email templates: GET in the recorded shape; PUT then GET gives them back; bad ones refused', async () => {
    const theirs = recorded<{ response: Record<string, { display: string; icon: string; options: Record<string, unknown> }> }>('email-templates').response;
    const got = await call('GET', '/users-permissions/email-templates');
    assert.equal(got.status, 200);
    assert.deepEqual(keys(got.body), keys(theirs));
    for (const name of Object.keys(theirs)) {
      assert.deepEqual({ ...got.body[name], options: keys(got.body[name].options) }, { ...theirs[name], options: keys(theirs[name]?.options) });
      assert.equal(got.body[name].options.message, theirs[name]?.options.message);
    }
    const changed = structuredClone(got.body);
    changed.reset_password.options.object = 'Your new password';
    changed.reset_password.options.from = { name: 'Upi18n', email: 'upi18n@example.com' };
    const put = await call('PUT', '/users-permissions/email-templates', { 'email-templates': changed });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body, { ok: true });
    assert.deepEqual((await call('GET', '/users-permissions/email-templates')).body, changed);
    const bad: unknown[] = [{}, { 'email-templates': 'x' }, { 'email-templates': { reset_password: changed.reset_password } }, { 'email-templates': { ...changed, other: {} } }, { templates: changed }];
    for (const body of bad) assert.equal((await call('PUT', '/users-permissions/email-templates', body)).status, 400, JSON.stringify(body));
    assert.deepEqual((await call('GET', '/users-permissions/email-templates')).body, changed, 'nothing was written');
  });

  it('providers: the email provider only (Tessera has no OAuth login); PUT accepts it, refuses the others', async () => {
    const got = await call('GET', '/users-permissions/providers');
    assert.deepEqual(got.body, { email: recorded<{ response: { email: object } }>('providers').response.email });
    assert.deepEqual((await call('PUT', '/users-permissions/providers', { providers: got.body })).body, { ok: true });
    for (const body of [{}, { providers: { github: { enabled: true } } }, { providers: { email: { enabled: false } } }]) {
      assert.equal((await call('PUT', '/users-permissions/providers', body)).status, 400, JSON.stringify(body));
    }
  });
});

describe("the content API's /api/users-permissions/roles", () => {
  let app: TestApp;
  let user: Record<string, string>;
  const ACTIONS = ['find', 'findOne', 'createRole', 'updateRole', 'deleteRole'].map((action) => `plugin::users-permissions.role.${action}`);

  before(async () => {
    app = await startTestApp({ fixture: 'admin-app', env: ENV });
    // A role holding the role actions, as an admin would grant them, and a user in it.
    const login = await app.post('/admin/login', { email: ENV.ADMIN_EMAIL, password: ENV.ADMIN_PASSWORD });
    const boss = bearer(login.body.data.token);
    const made = await app.request('POST', '/admin/users-permissions/roles', { headers: boss, body: { name: 'Role Managers', permissions: [...ACTIONS, 'plugin::users-permissions.permissions.getPermissions'] } });
    assert.equal(made.status, 201, made.text);
    user = bearer((await createUser(app.app, 'role-managers')).jwt);
  });
  after(() => app.close());

  it('answers as the admin routes do, to a user granted the role actions (the seed script of issue 20)', async () => {
    const list = await app.get('/api/users-permissions/roles', user);
    assert.equal(list.status, 200, list.text);
    const theirs = exchange('content-api-roles', 'GET', '/api/users-permissions/roles').response as { roles: object[] };
    assert.deepEqual(keys(list.body), keys(theirs));
    assert.deepEqual(keys(list.body.roles[0]), keys(theirs.roles[0]));

    const created = await app.request('POST', '/api/users-permissions/roles', { headers: user, body: { name: 'Upi18n Api Role', description: 'via api', permissions: { 'api::article': { controllers: { article: { find: { enabled: true } } } } } } });
    assert.equal(created.status, 200, created.text);
    assert.deepEqual(created.body, exchange('content-api-roles', 'POST', '/api/users-permissions/roles').response);
    const role = await roleRow(app.app, 'upi_18_n_api_role');
    const one = await app.get(`/api/users-permissions/roles/${role.id}`, user);
    assert.equal(one.status, 200);
    assert.deepEqual(enabled(one.body.role.permissions), ['api::article.article.find']);
    const updated = await app.request('PUT', `/api/users-permissions/roles/${role.id}`, { headers: user, body: { name: 'Upi18n Api Role 2', description: 'changed', permissions: {} } });
    assert.deepEqual(updated.body, { ok: true });
    assert.deepEqual(enabled((await app.get(`/api/users-permissions/roles/${role.id}`, user)).body.role.permissions), []);
    const publicRole = await roleRow(app.app, 'public');
    const refused = await app.request('DELETE', `/api/users-permissions/roles/${publicRole.id}`, { headers: user });
    assert.deepEqual(refused.body, exchange('content-api-roles', 'DELETE', '/api/users-permissions/roles/2').response);
    const deleted = await app.request('DELETE', `/api/users-permissions/roles/${role.id}`, { headers: user });
    assert.deepEqual(deleted.body, { ok: true });
    const gone = await app.get(`/api/users-permissions/roles/${role.id}`, user);
    assert.deepEqual(gone.body, exchange('content-api-roles', 'GET', '/api/users-permissions/roles/999').response);
    const permissions = await app.get('/api/users-permissions/permissions', user);
    assert.equal(permissions.status, 200);
    assert.deepEqual(enabled(permissions.body.permissions), []);
  });

  it('403 for Public and for users without the actions; 401 for a bad token', async () => {
    const other = bearer((await createUser(app.app, 'authenticated')).jwt);
    for (const headers of [{}, other]) {
      assert.equal((await app.get('/api/users-permissions/roles', headers)).status, 403);
      const created = await app.request('POST', '/api/users-permissions/roles', { headers, body: { name: 'Sneaky' } });
      assert.equal(created.status, 403);
    }
    assert.equal((await app.get('/api/users-permissions/roles', bearer('nope.nope.nope'))).status, 401);
    assert.equal((await app.request('GET', '/api/users-permissions/roles', { headers: user })).body.roles.some((role: { name: string }) => role.name === 'Sneaky'), false);
  });
});

describe('a nested permissions PUT on one instance, on every instance', () => {
  const kind = testDatabaseKind();
  let database: TestDatabase;
  before(async () => {
    if (kind !== 'sqlite') database = await createTestDatabase(kind);
    else {
      const dir = mkdtempSync(path.join(tmpdir(), 'tessera-upi18n-'));
      database = { config: { client: 'sqlite', filename: path.join(dir, 'data.db') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    }
  });
  after(() => database.drop());

  async function startOn(config: DatabaseConfig, clock?: ManualClock): Promise<{ app: App; base: string }> {
    const app = await createApp({
      projectDir: fixturePath('admin-app'),
      env: ENV,
      ...(clock ? { clock } : {}),
      override: (base) => ({ ...base, server: { ...base.server, host: '127.0.0.1', port: 0 }, database: config }),
    });
    return { app, base: await app.listen() };
  }

  const fetchJson = async (url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> => {
    const response = await fetch(url, init);
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
  };

  it('applies to the next request here, and to the other instance at its next change-feed read', async () => {
    const a = await startOn(database.config);
    const clock = manualClock();
    const b = await startOn(database.config, clock);
    try {
      const login = await fetchJson(`${a.base}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ENV.ADMIN_EMAIL, password: ENV.ADMIN_PASSWORD }) });
      const admin = { authorization: `Bearer ${(login.body.data as { token: string }).token}`, 'content-type': 'application/json' };
      const publicRole = await roleRow(a.app, 'public');
      const role = (await fetchJson(`${a.base}/users-permissions/roles/${publicRole.id}`, { headers: admin })).body.role as { permissions: Tree };
      const note = role.permissions['api::note']?.controllers.note;
      assert.ok(note?.find);
      assert.equal((await fetchJson(`${b.base}/api/notes`)).status, 403);
      note.find.enabled = true;
      const put = await fetchJson(`${a.base}/users-permissions/roles/${publicRole.id}`, { method: 'PUT', headers: admin, body: JSON.stringify({ permissions: role.permissions }) });
      assert.deepEqual(put, { status: 200, body: { ok: true } });
      assert.equal((await fetchJson(`${a.base}/api/notes`)).status, 200, 'this instance: at once');
      clock.advance(b.app.feed.followDelayMs - 1);
      await b.app.feed.idle();
      assert.equal((await fetchJson(`${b.base}/api/notes`)).status, 403, 'no read before the follow delay has passed');
      clock.advance(1);
      await b.app.feed.idle();
      assert.equal((await fetchJson(`${b.base}/api/notes`)).status, 200, 'the other instance reloaded its permissions');
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});
