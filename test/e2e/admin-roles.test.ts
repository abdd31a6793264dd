import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDocumentApi } from '../../src/core/documents/document-api.js';
import { createDocumentService } from '../../src/core/documents/document-service.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ENV = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Secret123' };

interface RoleView {
  id: number;
  documentId: string;
  name: string;
  type: string;
  description: string | null;
  permissions: string[];
  nbUsers: number;
}

describe('end-user roles and permissions through the admin API', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  const call = (method: string, url: string, body?: unknown) => app.request(method, url, { headers: admin, ...(body === undefined ? {} : { body }) });
  const roles = async (): Promise<RoleView[]> => (await call('GET', '/admin/users-permissions/roles')).body.data as RoleView[];
  const roleOfType = async (type: string): Promise<RoleView> => {
    const role = (await roles()).find((entry) => entry.type === type);
    assert.ok(role, `role ${type}`);
    return role;
  };

  before(async () => {
    app = await startTestApp({ fixture: 'admin-app', env: ENV });
    const login = await app.post('/admin/login', { email: ENV.ADMIN_EMAIL, password: ENV.ADMIN_PASSWORD });
    admin = { authorization: `Bearer ${login.body.data.token}` };
  });
  after(() => app.close());

  it('lists the Public and Authenticated roles with their permissions', async () => {
    const list = await roles();
    assert.deepEqual(list.map((role) => role.type), ['public', 'authenticated']);
    const publicRole = list[0];
    assert.ok(publicRole?.permissions.includes('api::article.article.find'), 'config/permissions grants are in the database');
    assert.ok(publicRole?.permissions.includes('plugin::users-permissions.auth.register'));
    const one = await call('GET', `/admin/users-permissions/roles/${publicRole?.id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.data, publicRole);
    assert.equal((await call('GET', '/admin/users-permissions/roles/999')).status, 404);
    assert.equal((await call('GET', '/admin/users-permissions/roles/x')).status, 404);
  });

  it('a Public permission granted or taken away applies to the next request', async () => {
    assert.equal((await app.get('/api/notes')).status, 403);
    const publicRole = await roleOfType('public');
    const granted = await call('PUT', `/admin/users-permissions/roles/${publicRole.id}`, { permissions: [...publicRole.permissions, 'api::note.note.find'] });
    assert.equal(granted.status, 200, granted.text);
    assert.ok(granted.body.data.permissions.includes('api::note.note.find'));
    assert.equal((await app.get('/api/notes')).status, 200);

    const revoked = await call('PUT', `/admin/users-permissions/roles/${publicRole.id}`, { permissions: publicRole.permissions });
    assert.equal(revoked.status, 200);
    assert.equal((await app.get('/api/notes')).status, 403);
    assert.equal((await app.get('/api/articles')).status, 200);
  });

  it('creates custom roles (type from the name), checks names, types and actions', async () => {
    const created = await call('POST', '/admin/users-permissions/roles', { name: 'Content Éditors', description: 'edit notes', permissions: ['api::note.note.find', 'api::note.note.create'] });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.type, 'content-editors');
    assert.equal(created.body.data.name, 'Content Éditors');
    assert.equal(created.body.data.description, 'edit notes');
    assert.deepEqual(created.body.data.permissions, ['api::note.note.create', 'api::note.note.find']);
    assert.equal(created.body.data.nbUsers, 0);

    const bad: [unknown, RegExp][] = [
      [{ name: 'ab' }, /at least 3/],
      [{}, /name is a required field/],
      [{ name: 'Content Editors' }, /type content-editors already exists/],
      [{ name: 'Publicity', type: 'public' }, /type public already exists/],
      [{ name: 'Weird', type: 'Not A Type' }, /type must be lowercase/],
      [{ name: 'Unknown actions', permissions: ['api::note.note.fly'] }, /Unknown permissions provided: api::note.note.fly/],
      [{ name: 'Not a list', permissions: 'api::note.note.find' }, /permissions must be a list/],
      [{ name: 'Mass', users: [1] }, /Invalid key users/],
    ];
    for (const [body, message] of bad) {
      const response = await call('POST', '/admin/users-permissions/roles', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(response.body.error.message, message);
    }
    const badUpdates: [unknown, RegExp][] = [
      [{ type: 'other' }, /Invalid key type/],
      [{ name: 'x' }, /at least 3/],
      [{ permissions: ['plugin::users-permissions.user.hack'] }, /Unknown permissions/],
    ];
    for (const [body, message] of badUpdates) {
      const response = await call('PUT', `/admin/users-permissions/roles/${created.body.data.id}`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(response.body.error.message, message);
    }
    assert.equal((await call('PUT', '/admin/users-permissions/roles/999', { name: 'Ghost role' })).status, 404);
    const renamed = await call('PUT', `/admin/users-permissions/roles/${created.body.data.id}`, { name: 'Note Editors', description: null });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.data.name, 'Note Editors');
    assert.equal(renamed.body.data.description, null);
    assert.equal(renamed.body.data.type, 'content-editors', 'the type never changes');
    assert.deepEqual(renamed.body.data.permissions, ['api::note.note.create', 'api::note.note.find'], 'permissions not sent are kept');
  });

  it("a role's permissions decide what its users may do; deleting the role moves them to Authenticated", async () => {
    const documents = createDocumentApi(app.app.registry, createDocumentService({ database: app.app.database, registry: app.app.registry }), app.app.locales);
    const editors = await roleOfType('content-editors');
    await documents('plugin::users-permissions.user').create({
      data: { username: 'writer', email: 'writer@example.com', password: 'Writer123', provider: 'local', confirmed: true, role: editors.documentId },
    });
    const login = await app.post('/api/auth/local', { identifier: 'writer@example.com', password: 'Writer123' });
    assert.equal(login.status, 200, login.text);
    const user = { authorization: `Bearer ${login.body.jwt}` };
    assert.equal((await app.request('POST', '/api/notes', { headers: user, body: { data: { body: 'mine' } } })).status, 201);
    assert.equal((await app.request('POST', '/api/articles', { headers: user, body: { data: { title: 'no' } } })).status, 403);

    const widened = await call('PUT', `/admin/users-permissions/roles/${editors.id}`, { permissions: [...editors.permissions, 'api::article.article.create'] });
    assert.equal(widened.status, 200);
    assert.equal((await app.request('POST', '/api/articles', { headers: user, body: { data: { title: 'now yes' } } })).status, 201);
    assert.equal((await roleOfType('content-editors')).nbUsers, 1);

    const authenticatedBefore = await roleOfType('authenticated');
    const deleted = await call('DELETE', `/admin/users-permissions/roles/${editors.id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(deleted.body.data.type, 'content-editors');
    assert.equal((await call('GET', `/admin/users-permissions/roles/${editors.id}`)).status, 404);
    assert.equal((await roleOfType('authenticated')).nbUsers, authenticatedBefore.nbUsers + 1);
    const moved = await documents('plugin::users-permissions.user').findFirst({ filters: { username: { $eq: 'writer' } }, populate: { role: true } });
    assert.equal((moved?.role as { type?: string } | null)?.type, 'authenticated');
    assert.equal((await app.request('POST', '/api/notes', { headers: user, body: { data: { body: 'no more' } } })).status, 403);
    const me = await app.get('/api/users/me', user);
    assert.equal(me.status, 200, 'Authenticated may read itself');
  });

  it('the Public and Authenticated roles cannot be deleted', async () => {
    for (const type of ['public', 'authenticated']) {
      const role = await roleOfType(type);
      const response = await call('DELETE', `/admin/users-permissions/roles/${role.id}`);
      assert.equal(response.status, 400);
      assert.match(response.body.error.message, /cannot be deleted/);
    }
    assert.deepEqual((await roles()).map((role) => role.type), ['public', 'authenticated']);
  });
});
