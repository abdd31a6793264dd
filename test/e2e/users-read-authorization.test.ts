import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The users routes and the GraphQL users query read through the one read-authorization stage
 * (auth/authorize-read.ts), as the content routes do (issue 16 item 1): a caller without `find`
 * on roles cannot filter or sort users by `role.*` — which would tell who holds a role — and is
 * answered exactly as a content route answers a filter through a type it may not find:
 * 400 `Invalid key role`. A populated role it may not find is left out (the content routes'
 * rule and Strapi 5.54's recorded answer, fixtures strapi-reference/issue-14/07-me-populate-role).
 * The fixture's `manager` role has `find` on roles, `clerk` has not.
 */

const bearer = (jwt: string): Record<string, string> => ({ authorization: `Bearer ${jwt}` });
const invalidKey = (key: string, param: string) => ({ status: 400, name: 'ValidationError', message: `Invalid key ${key}`, details: { key, path: null, source: 'query', param } });
const usernames = (response: TestResponse): string[] => (response.body as { username: string }[]).map((user) => user.username);

describe('users: reads through role need find on roles (REST and GraphQL)', () => {
  let t: TestApp;
  let manager: string;
  let clerk: string;

  before(async () => {
    // clerk may also count, so that /users/count is checked as the lists are.
    t = await startTestApp({
      fixture: 'users-app',
      override: (config) => ({ ...config, permissions: { ...config.permissions, clerk: { 'plugin::users-permissions.user': ['me', 'find', 'findOne', 'count'] } } }),
    });
    manager = (await t.post('/api/auth/local', { identifier: 'manager', password: 'Manager-pass-1' })).body.jwt;
    const registered = await t.post('/api/auth/local/register', { username: 'alice', email: 'alice@example.com', password: 'Alice-pass-1' });
    assert.equal(registered.status, 200, registered.text);
    const role = await t.app.database.db.selectFrom('up_roles').select('id').where('type', '=', 'clerk').executeTakeFirstOrThrow();
    const created = await t.request('POST', '/api/users', { body: { username: 'clara', email: 'clara@example.com', password: 'Clara-pass-1', role: Number(role.id) }, headers: bearer(manager) });
    assert.equal(created.status, 201, created.text);
    const login = await t.post('/api/auth/local', { identifier: 'clara', password: 'Clara-pass-1' });
    assert.equal(login.status, 200, login.text);
    clerk = login.body.jwt;
  });
  after(() => t.close());

  it('without find on roles: filters through role → 400 Invalid key role, as on the content routes', async () => {
    for (const path of [
      '/api/users?filters[role][type][$eq]=authenticated',
      '/api/users?filters[role][id][$notNull]=true',
      '/api/users?filters[$or][0][username][$eq]=x&filters[$or][1][role][type][$eq]=authenticated',
      '/api/users?filters[$not][role][name][$startsWith]=A',
      '/api/users/count?filters[role][type][$eq]=authenticated',
      '/api/users/me?filters[role][type][$eq]=authenticated',
    ]) {
      const response = await t.get(path, bearer(clerk));
      assert.equal(response.status, 400, `${path} → ${response.text}`);
      assert.deepEqual(response.body, { data: null, error: invalidKey('role', 'filters') }, path);
    }
  });

  it('without find on roles: sort through role → 400 Invalid key role', async () => {
    for (const path of ['/api/users?sort=role.name', '/api/users?sort[0]=username&sort[1]=role.type:desc']) {
      const response = await t.get(path, bearer(clerk));
      assert.equal(response.status, 400, `${path} → ${response.text}`);
      assert.deepEqual(response.body, { data: null, error: invalidKey('role', 'sort') }, path);
    }
  });

  it('without find on roles: populate=role → 200, the role left out (filters inside it are pruned with it)', async () => {
    for (const path of ['/api/users?populate=role&sort=username', '/api/users?populate[role][filters][type][$eq]=authenticated&sort=username']) {
      const response = await t.get(path, bearer(clerk));
      assert.equal(response.status, 200, `${path} → ${response.text}`);
      assert.deepEqual(usernames(response), ['alice', 'clara', 'manager']);
      for (const user of response.body) assert.equal('role' in user, false, JSON.stringify(user));
    }
  });

  it('with find on roles: filters, sort and populate through role answer the right users', async () => {
    const filtered = await t.get('/api/users?filters[role][type][$eq]=authenticated', bearer(manager));
    assert.equal(filtered.status, 200, filtered.text);
    assert.deepEqual(usernames(filtered), ['alice']);
    const clerks = await t.get('/api/users?filters[role][type][$in][0]=clerk&filters[role][type][$in][1]=manager&sort=username', bearer(manager));
    assert.deepEqual(usernames(clerks), ['clara', 'manager']);
    const count = await t.get('/api/users/count?filters[role][type][$eq]=authenticated', bearer(manager));
    assert.equal(count.body, 1, count.text);
    const sorted = await t.get('/api/users?sort[0]=role.type:desc&populate=role', bearer(manager));
    assert.equal(sorted.status, 200, sorted.text);
    assert.deepEqual(sorted.body.map((user: { username: string; role: { type: string } }) => [user.username, user.role.type]), [
      ['manager', 'manager'],
      ['clara', 'clerk'],
      ['alice', 'authenticated'],
    ]);
  });

  // The entity shape (this fixture's): { data: [{ attributes }] }.
  const USERS_BY_ROLE = '{ usersPermissionsUsers(filters: { role: { type: { eq: "authenticated" } } }) { data { attributes { username } } } }';
  const USERS_BY_ROLE_SORT = '{ usersPermissionsUsers(sort: ["role.type:desc"]) { data { attributes { username } } } }';
  const names = (response: TestResponse): string[] => response.body.data.usersPermissionsUsers.data.map((user: { attributes: { username: string } }) => user.attributes.username);
  const graphql = (query: string, jwt: string) => t.request('POST', '/graphql', { body: { query }, headers: bearer(jwt) });

  it('GraphQL usersPermissionsUsers: filters and sorts through role without find on roles → BAD_USER_INPUT Invalid key role', async () => {
    for (const [query, param] of [[USERS_BY_ROLE, 'filters'], [USERS_BY_ROLE_SORT, 'sort']] as const) {
      const response = await graphql(query, clerk);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.data?.usersPermissionsUsers ?? null, null, response.text);
      const error = response.body.errors?.[0];
      assert.ok(error, response.text);
      assert.equal(error.message, 'Invalid key role', response.text);
      assert.equal(error.extensions.code, 'BAD_USER_INPUT', response.text);
      assert.deepEqual(error.extensions.error, { name: 'ValidationError', message: 'Invalid key role', details: invalidKey('role', param).details });
    }
  });

  it('GraphQL usersPermissionsUsers: with find on roles the filter answers the role’s users', async () => {
    const response = await graphql(USERS_BY_ROLE, manager);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.errors, undefined, response.text);
    assert.deepEqual(names(response), ['alice']);
    const sorted = await graphql(USERS_BY_ROLE_SORT, manager);
    assert.equal(sorted.body.errors, undefined, sorted.text);
    assert.deepEqual(names(sorted), ['manager', 'clara', 'alice']);
  });
});
