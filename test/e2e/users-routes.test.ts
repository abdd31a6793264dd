import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The users-permissions routes (reference §7) with the default settings: register, login,
 * /users/me, the /users CRUD under permissions (the fixture's `manager` role holds them),
 * blocked users, mass assignment and injection attempts.
 */

const PRIVATE_KEYS = ['password', 'resetPasswordToken', 'confirmationToken'];

function bearer(jwt: string): Record<string, string> {
  return { authorization: `Bearer ${jwt}` };
}

function assertError(response: TestResponse, status: number, name: string, message?: string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.data, null);
  assert.equal(response.body.error.name, name, response.text);
  if (message !== undefined) assert.equal(response.body.error.message, message);
}

function assertPublicUser(user: Record<string, unknown>): void {
  for (const key of PRIVATE_KEYS) assert.equal(key in user, false, `${key} must never be output`);
  assert.equal(typeof user.id, 'number');
  assert.equal(typeof user.documentId, 'string');
}

describe('users-permissions routes', () => {
  let t: TestApp;
  let manager: string;
  let alice: { jwt: string; id: number };
  const as = (jwt: string) => ({
    get: (url: string) => t.request('GET', url, { headers: bearer(jwt) }),
    post: (url: string, body: unknown) => t.request('POST', url, { body, headers: bearer(jwt) }),
    put: (url: string, body: unknown) => t.request('PUT', url, { body, headers: bearer(jwt) }),
    del: (url: string) => t.request('DELETE', url, { headers: bearer(jwt) }),
  });
  const userCount = async (): Promise<number> => (await as(manager).get('/api/users/count')).body as number;

  before(async () => {
    t = await startTestApp({ fixture: 'users-app' });
    const login = await t.post('/api/auth/local', { identifier: 'manager', password: 'Manager-pass-1' });
    assert.equal(login.status, 200, login.text);
    manager = login.body.jwt;
  });
  after(() => t.close());

  describe('POST /api/auth/local/register', () => {
    it('creates a confirmed user with the authenticated role and answers { jwt, user }', async () => {
      const response = await t.post('/api/auth/local/register', { username: 'alice', email: 'Alice@Example.COM', password: 'Alice-pass-1' });
      assert.equal(response.status, 200, response.text);
      assert.equal(typeof response.body.jwt, 'string');
      assert.deepEqual(Object.keys(response.body).sort(), ['jwt', 'user']);
      const { user } = response.body;
      assertPublicUser(user);
      assert.equal(user.username, 'alice');
      assert.equal(user.email, 'alice@example.com', 'emails are stored lower-cased');
      assert.equal(user.provider, 'local');
      assert.equal(user.confirmed, true);
      assert.equal(user.blocked, false);
      assert.equal('role' in user, false, 'role only when populated');
      alice = { jwt: response.body.jwt, id: user.id };
      const me = await as(manager).get(`/api/users/${user.id}?populate=role`);
      assert.equal(me.status, 200, me.text);
      assert.equal(me.body.role.type, 'authenticated');
      // The password is stored as a bcrypt hash.
      const row = await t.app.database.db.selectFrom('up_users').select('password').where('id', '=', user.id).executeTakeFirstOrThrow();
      assert.match(String(row.password), /^\$2[aby]\$10\$/);
    });

    it('refuses a taken username or email, in any case and crosswise', async () => {
      for (const body of [
        { username: 'alice', email: 'other@example.com', password: 'Other-pass-1' },
        { username: 'alice2', email: 'ALICE@example.com', password: 'Other-pass-1' },
        { username: 'alice@example.com', email: 'x@example.com', password: 'Other-pass-1' },
        { username: 'manager', email: 'y@example.com', password: 'Other-pass-1' },
      ]) {
        assertError(await t.post('/api/auth/local/register', body), 400, 'ApplicationError', 'Email or Username are already taken');
      }
    });

    it('refuses keys outside username, email, password: mass assignment creates nothing', async () => {
      const before = await userCount();
      assertError(await t.post('/api/auth/local/register', { username: 'bob', email: 'bob@example.com', password: 'Bob-pass-12', foo: 1 }), 400, 'ValidationError', 'Invalid parameters: foo');
      for (const key of ['role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken', 'id', 'documentId']) {
        const value = key === 'role' ? 1 : key === 'confirmed' || key === 'blocked' ? true : 'x';
        const response = await t.post('/api/auth/local/register', { username: 'mallory', email: 'mallory@example.com', password: 'Mallory-pass-1', [key]: value });
        assertError(response, 400, 'ValidationError', `Invalid parameters: ${key}`);
      }
      assertError(
        await t.post('/api/auth/local/register', { username: 'mallory', email: 'mallory@example.com', password: 'Mallory-pass-1', role: { connect: [1] }, blocked: false }),
        400,
        'ValidationError',
        'Invalid parameters: role, blocked',
      );
      assert.equal(await userCount(), before);
    });

    it('checks the fields: required, email format, types, 72 bytes of password', async () => {
      const missing = await t.post('/api/auth/local/register', { username: 'bob' });
      assertError(missing, 400, 'ValidationError', '2 errors occurred');
      assert.deepEqual(missing.body.error.details.errors.map((error: { path: string[] }) => error.path[0]).sort(), ['email', 'password']);
      assertError(await t.post('/api/auth/local/register', { username: 'bob', email: 'not-an-email', password: 'Bob-pass-12' }), 400, 'ValidationError', 'email must be a valid email');
      assertError(await t.post('/api/auth/local/register', { username: 'bob', email: 'bob@example.com', password: 'x'.repeat(73) }), 400, 'ValidationError', 'Password must be less than 73 bytes');
      // 72 bytes of multi-byte characters pass; 74 bytes do not.
      assertError(await t.post('/api/auth/local/register', { username: 'bob', email: 'bob@example.com', password: 'é'.repeat(37) }), 400, 'ValidationError', 'Password must be less than 73 bytes');
      assertError(await t.post('/api/auth/local/register', { username: { $ne: null }, email: 'bob@example.com', password: 'Bob-pass-12' }), 400, 'ValidationError');
      assertError(await t.post('/api/auth/local/register', { username: 'bo', email: 'bob@example.com', password: 'Bob-pass-12' }), 400, 'ValidationError');
      assertError(await t.request('POST', '/api/auth/local/register', { body: ['x'] }), 400, 'ValidationError');
      const ok = await t.post('/api/auth/local/register', { username: 'bob', email: 'bob@example.com', password: 'é'.repeat(36) });
      assert.equal(ok.status, 200, ok.text);
      const login = await t.post('/api/auth/local', { identifier: 'bob', password: 'é'.repeat(36) });
      assert.equal(login.status, 200, login.text);
    });
  });

  describe('POST /api/auth/local', () => {
    it('logs in by email (any case) or username and answers { jwt, user }', async () => {
      for (const identifier of ['alice', 'alice@example.com', 'ALICE@EXAMPLE.COM']) {
        const response = await t.post('/api/auth/local', { identifier, password: 'Alice-pass-1' });
        assert.equal(response.status, 200, response.text);
        assertPublicUser(response.body.user);
        assert.equal(response.body.user.id, alice.id);
        const me = await as(response.body.jwt).get('/api/users/me');
        assert.equal(me.body.id, alice.id);
      }
    });

    it('the username is matched exactly', async () => {
      assertError(await t.post('/api/auth/local', { identifier: 'ALICE', password: 'Alice-pass-1' }), 400, 'ValidationError', 'Invalid identifier or password');
    });

    it('refuses a wrong password or an unknown user with one message', async () => {
      assertError(await t.post('/api/auth/local', { identifier: 'alice', password: 'wrong-password' }), 400, 'ValidationError', 'Invalid identifier or password');
      assertError(await t.post('/api/auth/local', { identifier: 'nobody', password: 'Alice-pass-1' }), 400, 'ValidationError', 'Invalid identifier or password');
      assertError(await t.post('/api/auth/local', { identifier: 'alice', password: 'x'.repeat(100) }), 400, 'ValidationError', 'Invalid identifier or password');
    });

    it('injection through the login fields never logs in', async () => {
      const attempts: unknown[] = [
        { identifier: { $ne: null }, password: { $ne: null } },
        { identifier: 'alice', password: { $ne: null } },
        { identifier: { $or: [{ username: 'alice' }] }, password: 'x' },
        { identifier: ['alice'], password: 'Alice-pass-1' },
        { identifier: 'alice', password: ['Alice-pass-1'] },
        { identifier: true, password: 1 },
        { identifier: "' or 1=1 --", password: "' or 1=1 --" },
        { identifier: "alice' --", password: 'x' },
        { identifier: 'alice" OR "1"="1', password: 'x' },
        { identifier: '%', password: 'x' },
        { identifier: 'alice\u0000', password: 'Alice-pass-1' },
        { identifier: '', password: '' },
        {},
      ];
      for (const body of attempts) {
        const response = await t.post('/api/auth/local', body);
        assert.equal(response.status, 400, `${JSON.stringify(body)} → ${response.text}`);
        assert.equal(response.body.jwt, undefined);
        assert.equal(response.body.error.name, 'ValidationError');
      }
      assert.equal((await t.request('POST', '/api/auth/local', { rawBody: '{"identifier":', headers: { 'content-type': 'application/json' } })).status, 400);
    });
  });

  describe('GET /api/users/me', () => {
    it('answers the bare user, with fields and populate', async () => {
      const me = await as(alice.jwt).get('/api/users/me');
      assert.equal(me.status, 200);
      assert.equal(me.body.data, undefined, 'not wrapped in data');
      assertPublicUser(me.body);
      const fields = await as(alice.jwt).get('/api/users/me?fields[0]=username');
      assert.deepEqual(fields.body, { id: alice.id, documentId: me.body.documentId, username: 'alice' });
      assertError(await as(alice.jwt).get('/api/users/me?fields[0]=password'), 400, 'ValidationError', 'Invalid key password');
    });

    it('Public → 403; a bad token → 401; writing /users/me is not a route', async () => {
      assertError(await t.get('/api/users/me'), 403, 'ForbiddenError', 'Forbidden');
      assertError(await t.get('/api/users/me', bearer('not.a.jwt')), 401, 'UnauthorizedError');
      const [header, payload] = alice.jwt.split('.');
      assertError(await t.get('/api/users/me', bearer(`${header}.${payload}.forged`)), 401, 'UnauthorizedError');
      const put = await as(alice.jwt).put('/api/users/me', { role: 1, confirmed: true, blocked: false });
      assert.equal(put.status, 405);
    });
  });

  describe('/api/users CRUD', () => {
    it('an authenticated user without the grants gets 403 on every route', async () => {
      for (const [method, url] of [
        ['GET', '/api/users'],
        ['GET', '/api/users/count'],
        ['GET', `/api/users/${alice.id}`],
        ['POST', '/api/users'],
        ['PUT', `/api/users/${alice.id}`],
        ['DELETE', `/api/users/${alice.id}`],
      ] as const) {
        const response = await t.request(method, url, { headers: bearer(alice.jwt), ...(method === 'POST' || method === 'PUT' ? { body: { username: 'x' } } : {}) });
        assertError(response, 403, 'ForbiddenError', 'Forbidden');
        assertError(await t.request(method, url, method === 'POST' || method === 'PUT' ? { body: { username: 'x' } } : {}), 403, 'ForbiddenError');
      }
    });

    it('GET /api/users: a bare array with filters, sort, pagination, fields and populate', async () => {
      const all = await as(manager).get('/api/users?sort=username:asc');
      assert.equal(all.status, 200, all.text);
      assert.ok(Array.isArray(all.body));
      assert.deepEqual(all.body.map((user: { username: string }) => user.username), ['alice', 'bob', 'manager']);
      for (const user of all.body) assertPublicUser(user);
      const filtered = await as(manager).get('/api/users?filters[username][$eq]=alice&fields[0]=email');
      assert.deepEqual(filtered.body, [{ id: alice.id, documentId: filtered.body[0].documentId, email: 'alice@example.com' }]);
      const page = await as(manager).get('/api/users?sort=username:desc&pagination[pageSize]=1&pagination[page]=2');
      assert.deepEqual(page.body.map((user: { username: string }) => user.username), ['bob']);
      const populated = await as(manager).get('/api/users?filters[role][type][$eq]=manager&populate=role');
      assert.equal(populated.body.length, 1);
      assert.equal(populated.body[0].role.type, 'manager');
      // Private attributes are unknown to the query: no oracle on password hashes or codes.
      assertError(await as(manager).get('/api/users?filters[password][$startsWith]=$2'), 400, 'ValidationError', 'Invalid key password');
      assertError(await as(manager).get('/api/users?filters[resetPasswordToken][$null]=false'), 400, 'ValidationError', 'Invalid key resetPasswordToken');
      assertError(await as(manager).get('/api/users?sort=password'), 400, 'ValidationError');
    });

    it('GET /api/users/count: a number, filtered', async () => {
      const count = await as(manager).get('/api/users/count');
      assert.equal(count.status, 200);
      assert.equal(count.text, '3');
      assert.equal((await as(manager).get('/api/users/count?filters[username][$startsWith]=a')).body, 1);
    });

    it('GET /api/users/:id: the user by numeric id; unknown → 404', async () => {
      const one = await as(manager).get(`/api/users/${alice.id}?populate=role`);
      assert.equal(one.status, 200);
      assert.equal(one.body.username, 'alice');
      assert.equal(one.body.role.type, 'authenticated');
      assertPublicUser(one.body);
      assertError(await as(manager).get('/api/users/9999'), 404, 'NotFoundError');
      assertError(await as(manager).get(`/api/users/${one.body.documentId}`), 404, 'NotFoundError');
      assertError(await as(manager).get('/api/users/1%20or%201=1'), 404, 'NotFoundError');
    });

    let carolId: number;
    it('POST /api/users: 201 with the default role; unique username and email', async () => {
      const created = await as(manager).post('/api/users', { username: 'carol', email: 'Carol@Example.com', password: 'Carol-pass-1' });
      assert.equal(created.status, 201, created.text);
      assertPublicUser(created.body);
      assert.equal(created.body.email, 'carol@example.com');
      assert.equal(created.body.provider, 'local');
      carolId = created.body.id;
      assert.equal((await as(manager).get(`/api/users/${carolId}?populate=role`)).body.role.type, 'authenticated');
      const login = await t.post('/api/auth/local', { identifier: 'carol', password: 'Carol-pass-1' });
      assert.equal(login.status, 200);
      assertError(await as(manager).post('/api/users', { username: 'carol', email: 'c2@example.com', password: 'Carol-pass-1' }), 400, 'ApplicationError', 'Username already taken');
      assertError(await as(manager).post('/api/users', { username: 'carol2', email: 'CAROL@example.com', password: 'Carol-pass-1' }), 400, 'ApplicationError', 'Email already taken');
      assertError(await as(manager).post('/api/users', { username: 'carol2', email: 'c2@example.com', password: 'Carol-pass-1', provider: 'github' }), 400, 'ValidationError', 'Invalid parameters: provider');
      assertError(await as(manager).post('/api/users', { username: 'carol2', email: 'c2@example.com', password: 'Carol-pass-1', resetPasswordToken: 'abc' }), 400, 'ValidationError', 'Invalid parameters: resetPasswordToken');
      assertError(await as(manager).post('/api/users', { username: 'carol2', email: 'c2@example.com' }), 400, 'ValidationError', 'password is a required field');
      assertError(await as(manager).post('/api/users', { username: 'carol2', email: 'c2@example.com', password: 'p'.repeat(80) }), 400, 'ValidationError', 'Password must be less than 73 bytes');
    });

    it('PUT /api/users/:id: partial update, unique checks, password re-hashed', async () => {
      const updated = await as(manager).put(`/api/users/${carolId}`, { username: 'caroline', password: 'Caroline-pass-1' });
      assert.equal(updated.status, 200, updated.text);
      assert.equal(updated.body.username, 'caroline');
      assertPublicUser(updated.body);
      assert.equal((await t.post('/api/auth/local', { identifier: 'caroline', password: 'Caroline-pass-1' })).status, 200);
      assert.equal((await t.post('/api/auth/local', { identifier: 'caroline', password: 'Carol-pass-1' })).status, 400);
      assertError(await as(manager).put(`/api/users/${carolId}`, { username: 'alice' }), 400, 'ApplicationError', 'Username already taken');
      assertError(await as(manager).put(`/api/users/${carolId}`, { email: 'ALICE@example.com' }), 400, 'ApplicationError', 'Email already taken');
      assertError(await as(manager).put(`/api/users/${carolId}`, { password: '' }), 400, 'ValidationError', 'password.notNull');
      assertError(await as(manager).put(`/api/users/${carolId}`, { provider: 'github' }), 400, 'ValidationError', 'Invalid parameters: provider');
      assertError(await as(manager).put('/api/users/9999', { username: 'zed' }), 404, 'NotFoundError');
      // Its own email may be sent again.
      assert.equal((await as(manager).put(`/api/users/${carolId}`, { email: 'carol@example.com' })).status, 200);
    });

    it('a user cannot change their own role, confirmed or blocked state', async () => {
      const me = await as(manager).get('/api/users/me?populate=role');
      const authenticated = (await as(manager).get(`/api/users/${alice.id}?populate=role`)).body.role.id;
      for (const body of [{ role: authenticated }, { blocked: true }, { confirmed: false }]) {
        assertError(await as(manager).put(`/api/users/${me.body.id}`, body), 403, 'ForbiddenError');
      }
      const after = await as(manager).get('/api/users/me?populate=role');
      assert.deepEqual(after.body, me.body);
    });

    it('blocking a user: login refused, existing tokens refused', async () => {
      const bob = await t.post('/api/auth/local', { identifier: 'bob', password: 'é'.repeat(36) });
      assert.equal(bob.status, 200);
      const blocked = await as(manager).put(`/api/users/${bob.body.user.id}`, { blocked: true });
      assert.equal(blocked.status, 200, blocked.text);
      assert.equal(blocked.body.blocked, true);
      assertError(await t.post('/api/auth/local', { identifier: 'bob', password: 'é'.repeat(36) }), 400, 'ApplicationError', 'Your account has been blocked by an administrator');
      assertError(await as(bob.body.jwt).get('/api/users/me'), 401, 'UnauthorizedError');
      // A wrong password still gets the generic message: blocked state is not told to strangers.
      assertError(await t.post('/api/auth/local', { identifier: 'bob', password: 'wrong-pass' }), 400, 'ValidationError', 'Invalid identifier or password');
    });

    it('role changes by the manager take effect', async () => {
      const roles = (await as(manager).get('/api/users?filters[username][$eq]=manager&populate=role')).body;
      const managerRole = roles[0].role.id;
      const promoted = await as(manager).put(`/api/users/${carolId}`, { role: managerRole });
      assert.equal(promoted.status, 200, promoted.text);
      const carol = await t.post('/api/auth/local', { identifier: 'caroline', password: 'Caroline-pass-1' });
      assert.equal((await as(carol.body.jwt).get('/api/users/count')).status, 200);
    });

    it('DELETE /api/users/:id answers the deleted user; its token stops working', async () => {
      const carol = await t.post('/api/auth/local', { identifier: 'caroline', password: 'Caroline-pass-1' });
      const deleted = await as(manager).del(`/api/users/${carolId}`);
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal(deleted.body.username, 'caroline');
      assertPublicUser(deleted.body);
      assertError(await as(manager).get(`/api/users/${carolId}`), 404, 'NotFoundError');
      assertError(await as(manager).del(`/api/users/${carolId}`), 404, 'NotFoundError');
      assertError(await as(carol.body.jwt).get('/api/users/me'), 401, 'UnauthorizedError');
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('checks the current password, the confirmation and that the password changes', async () => {
      const url = '/api/auth/change-password';
      assertError(await t.post(url, { currentPassword: 'Alice-pass-1', password: 'New-pass-12', passwordConfirmation: 'New-pass-12' }), 403, 'ForbiddenError');
      assertError(await as(alice.jwt).post(url, { currentPassword: 'wrong-one', password: 'New-pass-12', passwordConfirmation: 'New-pass-12' }), 400, 'ValidationError', 'The provided current password is invalid');
      assertError(await as(alice.jwt).post(url, { currentPassword: 'Alice-pass-1', password: 'New-pass-12', passwordConfirmation: 'Other-pass-12' }), 400, 'ValidationError', 'Passwords do not match');
      assertError(await as(alice.jwt).post(url, { currentPassword: 'Alice-pass-1', password: 'Alice-pass-1', passwordConfirmation: 'Alice-pass-1' }), 400, 'ValidationError', 'Your new password must be different than your current password');
      assertError(await as(alice.jwt).post(url, { currentPassword: 'Alice-pass-1', password: 'n'.repeat(73), passwordConfirmation: 'n'.repeat(73) }), 400, 'ValidationError', 'Password must be less than 73 bytes');
      assertError(await as(alice.jwt).post(url, { currentPassword: 'Alice-pass-1', password: 'New-pass-12', passwordConfirmation: 'New-pass-12', role: 1 }), 400, 'ValidationError', 'this field has unspecified keys: role');
      assertError(await as(alice.jwt).post(url, { currentPassword: { $ne: null }, password: 'New-pass-12', passwordConfirmation: 'New-pass-12' }), 400, 'ValidationError');
      const changed = await as(alice.jwt).post(url, { currentPassword: 'Alice-pass-1', password: 'New-pass-12', passwordConfirmation: 'New-pass-12' });
      assert.equal(changed.status, 200, changed.text);
      assert.deepEqual(Object.keys(changed.body).sort(), ['jwt', 'user']);
      assertPublicUser(changed.body.user);
      assert.equal((await as(changed.body.jwt).get('/api/users/me')).body.id, alice.id);
      assert.equal((await t.post('/api/auth/local', { identifier: 'alice', password: 'New-pass-12' })).status, 200);
      assertError(await t.post('/api/auth/local', { identifier: 'alice', password: 'Alice-pass-1' }), 400, 'ValidationError', 'Invalid identifier or password');
    });
  });

  describe('forgot-password and send-email-confirmation bodies', () => {
    it('forgot-password: always { ok: true }; unknown keys and bad emails → 400', async () => {
      assert.deepEqual((await t.post('/api/auth/forgot-password', { email: 'nobody@example.com' })).body, { ok: true });
      assert.deepEqual((await t.post('/api/auth/forgot-password', { email: 'alice@example.com' })).body, { ok: true });
      assertError(await t.post('/api/auth/forgot-password', { email: 'alice@example.com', role: 1 }), 400, 'ValidationError', 'this field has unspecified keys: role');
      assertError(await t.post('/api/auth/forgot-password', { email: { $ne: null } }), 400, 'ValidationError');
      assertError(await t.post('/api/auth/forgot-password', { email: 'not-an-email' }), 400, 'ValidationError');
    });

    it('reset-password: a wrong code and injection attempts are refused', async () => {
      const body = { password: 'Some-pass-12', passwordConfirmation: 'Some-pass-12' };
      assertError(await t.post('/api/auth/reset-password', { ...body, code: 'nope' }), 400, 'ValidationError', 'Incorrect code provided');
      assertError(await t.post('/api/auth/reset-password', { ...body, code: { $ne: null } }), 400, 'ValidationError');
      assertError(await t.post('/api/auth/reset-password', { ...body, code: "' or 1=1 --" }), 400, 'ValidationError', 'Incorrect code provided');
      assertError(await t.post('/api/auth/reset-password', { ...body, code: null }), 400, 'ValidationError', 'code is a required field');
    });

    it('email-confirmation: a missing or wrong code is refused', async () => {
      assertError(await t.get('/api/auth/email-confirmation'), 400, 'ValidationError', 'confirmation is a required field');
      assertError(await t.get('/api/auth/email-confirmation?confirmation=abc'), 400, 'ValidationError', 'Invalid token');
      assertError(await t.get('/api/auth/email-confirmation?confirmation[$ne]=x'), 400, 'ValidationError');
    });

    it('send-email-confirmation: unknown email → sent: true; confirmed user → 400', async () => {
      assert.deepEqual((await t.post('/api/auth/send-email-confirmation', { email: 'nobody@example.com' })).body, { email: 'nobody@example.com', sent: true });
      assertError(await t.post('/api/auth/send-email-confirmation', { email: 'alice@example.com' }), 400, 'ApplicationError', 'Already confirmed');
    });
  });
});
