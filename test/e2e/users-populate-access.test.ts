import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { strapi } from '@strapi/client';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The users routes limit a query to what the caller may read exactly as the content routes do
 * (issue 14, item 7): populating `role` needs `find` on roles — on /users/me too — and is left
 * out silently otherwise; filters through it are refused. The fixture's `manager` role has
 * `find` on roles; `clerk` and Authenticated do not.
 */

function bearer(jwt: string): Record<string, string> {
  return { authorization: `Bearer ${jwt}` };
}

describe('users routes: populate and filters follow the caller’s find permissions', () => {
  let t: TestApp;
  let manager: string;
  let alice: { jwt: string; id: number };
  let clerk: { jwt: string; id: number };

  before(async () => {
    t = await startTestApp({ fixture: 'users-app' });
    manager = (await t.post('/api/auth/local', { identifier: 'manager', password: 'Manager-pass-1' })).body.jwt;
    const registered = await t.post('/api/auth/local/register', { username: 'alice', email: 'alice@example.com', password: 'Alice-pass-1' });
    assert.equal(registered.status, 200, registered.text);
    alice = { jwt: registered.body.jwt, id: registered.body.user.id };
    const role = await t.app.database.db.selectFrom('up_roles').select('id').where('type', '=', 'clerk').executeTakeFirstOrThrow();
    const created = await t.request('POST', '/api/users', { body: { username: 'clara', email: 'clara@example.com', password: 'Clara-pass-1', role: Number(role.id) }, headers: bearer(manager) });
    assert.equal(created.status, 201, created.text);
    const login = await t.post('/api/auth/local', { identifier: 'clara', password: 'Clara-pass-1' });
    assert.equal(login.status, 200, login.text);
    clerk = { jwt: login.body.jwt, id: created.body.id };
  });
  after(() => t.close());

  it('GET /api/users/me?populate=role without find on roles: 200, the role left out', async () => {
    for (const { jwt, id } of [alice, clerk]) {
      const me = await t.get('/api/users/me?populate=role', bearer(jwt));
      assert.equal(me.status, 200, me.text);
      assert.equal(me.body.id, id);
      assert.equal('role' in me.body, false, `role must not be output: ${me.text}`);
    }
    const managed = await t.get('/api/users/me?populate=role', bearer(manager));
    assert.equal(managed.body.role.type, 'manager', 'with find on roles the role is populated');
  });

  it('GET /api/users and /api/users/:id?populate=role without find on roles: the role left out', async () => {
    const list = await t.get('/api/users?populate=role&sort=username', bearer(clerk.jwt));
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.map((user: { username: string }) => user.username), ['alice', 'clara', 'manager']);
    for (const user of list.body) assert.equal('role' in user, false, JSON.stringify(user));
    const one = await t.get(`/api/users/${alice.id}?populate[role][fields][0]=type`, bearer(clerk.jwt));
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.username, 'alice');
    assert.equal('role' in one.body, false);
    assert.equal((await t.get(`/api/users/${alice.id}?populate=role`, bearer(manager))).body.role.type, 'authenticated');
  });

  it('filtering or sorting users through role without find on roles → 400 Invalid key role', async () => {
    for (const query of ['filters[role][type][$eq]=manager', 'sort=role.type']) {
      const response = await t.get(`/api/users?${query}`, bearer(clerk.jwt));
      assert.equal(response.status, 400, `${query} → ${response.text}`);
      assert.equal(response.body.error.message, 'Invalid key role');
    }
    assert.equal((await t.get('/api/users?filters[role][type][$eq]=manager', bearer(manager))).status, 200);
  });

  it('fields naming the role relation → 400 Invalid key role', async () => {
    const response = await t.get('/api/users/me?fields[0]=role', bearer(alice.jwt));
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(response.body.error, { status: 400, name: 'ValidationError', message: 'Invalid key role', details: { key: 'role', path: 'role', source: 'query', param: 'fields' } });
  });

  it('@strapi/client: /users/me?populate=role and users.findOne leave the role out', async () => {
    const client = strapi({ baseURL: `${t.baseUrl}/api`, auth: alice.jwt });
    const me = (await (await client.fetch('/users/me?populate=role')).json()) as Record<string, unknown>;
    assert.equal(me.id, alice.id);
    assert.equal('role' in me, false);
    const asClerk = strapi({ baseURL: `${t.baseUrl}/api`, auth: clerk.jwt });
    const one = (await asClerk.collection('users').findOne(alice.id, { populate: 'role' })) as unknown as Record<string, unknown>;
    assert.equal(one.username, 'alice');
    assert.equal('role' in one, false);
    const asManager = strapi({ baseURL: `${t.baseUrl}/api`, auth: manager });
    const managed = (await (await asManager.fetch('/users/me?populate=role')).json()) as { role?: { type: string } };
    assert.equal(managed.role?.type, 'manager');
  });
});
