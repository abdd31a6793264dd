import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSigner } from 'fast-jwt';
import type { AppConfig } from '../../src/core/config/app-config.js';
import { createDocumentApi } from '../../src/core/documents/document-api.js';
import { createDocumentService } from '../../src/core/documents/document-service.js';
import { manualClock } from '../helpers/manual-clock.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ADMIN = { email: 'boss@example.com', password: 'Secret123' };
const ENV = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: ADMIN.password };
const SECRET = 'admin-app-test-admin-secret';

async function login(app: TestApp, email: string, password: string): Promise<string> {
  const response = await app.post('/admin/login', { email, password });
  assert.equal(response.status, 200, response.text);
  return response.body.data.token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('admin API: login, admin JWT, admin roles', () => {
  let app: TestApp;
  let boss: string;
  before(async () => {
    app = await startTestApp({ fixture: 'admin-app', env: ENV });
    boss = await login(app, ADMIN.email, ADMIN.password);
  });
  after(() => app.close());

  it('creates the first super-admin from ADMIN_EMAIL / ADMIN_PASSWORD; login answers { token, user } without the password', async () => {
    const response = await app.post('/admin/login', { email: 'BOSS@example.com', password: ADMIN.password });
    assert.equal(response.status, 200);
    assert.match(response.body.data.token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    const { user } = response.body.data;
    assert.equal(user.email, 'boss@example.com');
    assert.deepEqual(user.roles.map((role: { code: string }) => role.code), ['strapi-super-admin']);
    assert.equal(user.isActive, true);
    assert.equal(user.blocked, false);
    assert.ok(!('password' in user));
    assert.ok(!response.text.includes('$2'), 'no bcrypt hash anywhere in the answer');
  });

  it('a bad login never tells whether the email exists', async () => {
    const wrongPassword = await app.post('/admin/login', { email: ADMIN.email, password: 'Wrong1234' });
    const unknownEmail = await app.post('/admin/login', { email: 'nobody@example.com', password: 'Wrong1234' });
    for (const response of [wrongPassword, unknownEmail]) {
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { data: null, error: { status: 400, name: 'ApplicationError', message: 'Invalid credentials', details: {} } });
    }
    for (const body of [{ email: { $ne: '' }, password: 'x' }, { email: ADMIN.email, password: { $gt: '' } }]) {
      const response = await app.post('/admin/login', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.error.message, 'Invalid credentials');
    }
    // A missing email or password is Strapi 5's "Missing credentials" (test/fixtures/strapi-admin/session/login-missing-password.json).
    for (const body of [{ email: ADMIN.email }, { email: ADMIN.email, password: '' }, {}]) {
      const response = await app.post('/admin/login', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body.error, { status: 400, name: 'ApplicationError', message: 'Missing credentials', details: {} });
    }
    const extra = await app.post('/admin/login', { email: ADMIN.email, password: ADMIN.password, role: 'x' });
    assert.equal(extra.status, 400);
    assert.equal(extra.body.error.message, 'Invalid key role');
    const notObject = await app.request('POST', '/admin/login', { rawBody: '[1]', headers: { 'content-type': 'application/json' } });
    assert.equal(notObject.status, 400);
  });

  it('admin routes need an admin JWT: none, malformed, tampered, wrong secret, alg none, expired or an end-user style token → 401', async () => {
    const other = createSigner({ key: 'another-secret', algorithm: 'HS256' })({ id: 1, kind: 'admin' });
    const noKind = createSigner({ key: SECRET, algorithm: 'HS256' })({ id: 1 });
    const expired = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 1000 })({ id: 1, kind: 'admin', iat: Math.floor(Date.now() / 1000) - 3600 });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ id: 1, kind: 'admin' })).toString('base64url')}.`;
    const [head, , signature] = boss.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ id: 2, kind: 'admin' })).toString('base64url')}.${signature}`;
    const headers: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: `Basic ${boss}` },
      bearer('not-a-jwt'),
      bearer(other),
      bearer(noKind),
      bearer(expired),
      bearer(none),
      bearer(tampered),
    ];
    for (const header of headers) {
      for (const url of ['/admin/users/me', '/admin/api-tokens', '/admin/end-users', '/admin/users-permissions/roles', '/admin/admin-users']) {
        const response = await app.get(url, header);
        assert.equal(response.status, 401, `${url} ${JSON.stringify(header)}`);
        assert.equal(response.body.error.name, 'UnauthorizedError');
      }
    }
    const me = await app.get('/admin/users/me', bearer(boss));
    assert.equal(me.status, 200);
    assert.equal(me.body.data.email, ADMIN.email);
  });

  it('a super-admin creates admin users; bad input → 400; the restricted role gets 403 outside end users', async () => {
    const created = await app.request('POST', '/admin/admin-users', {
      headers: bearer(boss),
      body: { email: 'Ed@Example.com', password: 'Editor123', firstname: 'Ed', roles: ['strapi-editor'] },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.email, 'ed@example.com');
    assert.equal(created.body.data.firstname, 'Ed');
    assert.deepEqual(created.body.data.roles.map((role: { code: string }) => role.code), ['strapi-editor']);
    assert.ok(!('password' in created.body.data));

    const bad: [unknown, RegExp][] = [
      [{ email: 'ed@example.com', password: 'Editor123', roles: ['strapi-editor'] }, /Email already taken/],
      [{ email: 'weak@example.com', password: 'short1A' }, /at least 8/],
      [{ email: 'weak@example.com', password: 'alllowercase1' }, /uppercase/],
      [{ email: 'weak@example.com', password: `A1${'a'.repeat(71)}` }, /73 bytes/],
      [{ email: 'not-an-email', password: 'Editor123' }, /valid email/],
      [{ email: 'x@example.com', password: 'Editor123', roles: ['root'] }, /Unknown admin role root/],
      [{ email: 'x@example.com', password: 'Editor123', roles: [] }, /at least one role/],
      [{ email: 'x@example.com', password: 'Editor123', isActive: false }, /Invalid key isActive/],
    ];
    for (const [body, message] of bad) {
      const response = await app.request('POST', '/admin/admin-users', { headers: bearer(boss), body });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(response.body.error.message, message);
    }

    const list = await app.get('/admin/admin-users', bearer(boss));
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.map((user: { email: string }) => user.email), ['boss@example.com', 'ed@example.com']);

    const editor = await login(app, 'ed@example.com', 'Editor123');
    const me = await app.get('/admin/users/me', bearer(editor));
    assert.equal(me.status, 200);
    assert.equal(me.body.data.roles[0].code, 'strapi-editor');
    const forbidden: [string, string, unknown?][] = [
      ['GET', '/admin/api-tokens'],
      ['POST', '/admin/api-tokens', { name: 'x', type: 'read-only' }],
      ['GET', '/admin/api-tokens/1'],
      ['PUT', '/admin/api-tokens/1', { name: 'y' }],
      ['DELETE', '/admin/api-tokens/1'],
      ['POST', '/admin/api-tokens/1/regenerate'],
      ['GET', '/admin/users-permissions/roles'],
      ['POST', '/admin/users-permissions/roles', { name: 'Hackers' }],
      ['PUT', '/admin/users-permissions/roles/1', { permissions: [] }],
      ['DELETE', '/admin/users-permissions/roles/3'],
      ['GET', '/admin/admin-users'],
      ['POST', '/admin/admin-users', { email: 'mine@example.com', password: 'Editor123', roles: ['strapi-super-admin'] }],
    ];
    for (const [method, url, body] of forbidden) {
      const response = await app.request(method, url, { headers: bearer(editor), ...(body === undefined ? {} : { body }) });
      assert.equal(response.status, 403, `${method} ${url}`);
      assert.deepEqual(response.body, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
    }
    const stillOne = await app.get('/admin/admin-users', bearer(boss));
    assert.equal(stillOne.body.data.length, 2, 'the editor created nobody');
    assert.equal((await app.get('/admin/end-users', bearer(editor))).status, 200);
  });

  it('admin routes are not content routes: content permissions and API tokens do not open them', async () => {
    const token = await app.request('POST', '/admin/api-tokens', { headers: bearer(boss), body: { name: 'full', type: 'full-access' } });
    assert.equal(token.status, 201);
    const withToken = await app.get('/admin/api-tokens', bearer(token.body.data.accessKey));
    assert.equal(withToken.status, 401);
  });

  it('end users: listed with their role (never their password), blocked, confirmed and moved to a role', async () => {
    const documents = createDocumentApi(app.app.registry, createDocumentService({ database: app.app.database, registry: app.app.registry }), app.app.locales);
    const roles = await documents('plugin::users-permissions.role').findMany({});
    const authenticated = roles.find((role) => role.type === 'authenticated');
    assert.ok(authenticated);
    const user = await documents('plugin::users-permissions.user').create({
      data: { username: 'reader', email: 'reader@example.com', password: 'Reader123', provider: 'local', confirmed: false, role: authenticated.documentId },
    });
    const custom = await app.request('POST', '/admin/users-permissions/roles', { headers: bearer(boss), body: { name: 'Readers', permissions: [] } });
    assert.equal(custom.status, 201);

    const list = await app.get('/admin/end-users', bearer(boss));
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 1);
    assert.equal(list.body.data[0].username, 'reader');
    assert.equal(list.body.data[0].role.type, 'authenticated');
    assert.ok(!('password' in list.body.data[0]));
    assert.deepEqual(list.body.meta.pagination, { page: 1, pageSize: 25, pageCount: 1, total: 1 });

    const editor = await login(app, 'ed@example.com', 'Editor123');
    const updated = await app.request('PUT', `/admin/end-users/${user.id}`, { headers: bearer(editor), body: { blocked: true, confirmed: true, role: custom.body.data.id } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.data.blocked, true);
    assert.equal(updated.body.data.confirmed, true);
    assert.equal(updated.body.data.role.type, 'readers');
    const byDocumentId = await app.request('PUT', `/admin/end-users/${user.documentId}`, { headers: bearer(editor), body: { blocked: false, role: authenticated.documentId } });
    assert.equal(byDocumentId.status, 200);
    assert.equal(byDocumentId.body.data.blocked, false);
    assert.equal(byDocumentId.body.data.role.type, 'authenticated');

    const bad: [string, unknown, number][] = [
      [`/admin/end-users/${user.id}`, { password: 'Hijack123' }, 400],
      [`/admin/end-users/${user.id}`, { email: 'x@example.com' }, 400],
      [`/admin/end-users/${user.id}`, { blocked: 'yes' }, 400],
      [`/admin/end-users/${user.id}`, { role: 9999 }, 400],
      [`/admin/end-users/${user.id}`, { role: 'nosuchrole' }, 400],
      [`/admin/end-users/${user.id}`, { role: { id: 1 } }, 400],
      ['/admin/end-users/99999', { blocked: true }, 404],
      ['/admin/end-users/NOT-AN-ID', { blocked: true }, 404],
    ];
    for (const [url, body, status] of bad) {
      const response = await app.request('PUT', url, { headers: bearer(boss), body });
      assert.equal(response.status, status, `${url} ${JSON.stringify(body)}: ${response.text}`);
    }
    const after = await documents('plugin::users-permissions.user').findOne({ documentId: user.documentId, populate: { role: true } });
    assert.equal(after?.blocked, false);
    assert.equal(after?.email, 'reader@example.com');
    assert.equal((await app.get('/admin/end-users?page=0', bearer(boss))).status, 400);
    assert.equal((await app.get('/admin/end-users?page=2&pageSize=10', bearer(boss))).body.data.length, 0);
  });

  it('unknown admin routes and methods are 404 in the envelope', async () => {
    const response = await app.get('/admin/nothing-here', bearer(boss));
    assert.equal(response.status, 404);
    assert.equal(response.body.error.name, 'NotFoundError');
  });
});

describe('admin API: configuration', () => {
  it('the first admin from env: both variables or neither, and a weak password stops the start naming the variable', async () => {
    await assert.rejects(startTestApp({ fixture: 'admin-app', env: { ADMIN_EMAIL: 'a@example.com' } }), /ADMIN_EMAIL and ADMIN_PASSWORD/);
    await assert.rejects(startTestApp({ fixture: 'admin-app', env: { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'weak' } }), /ADMIN_PASSWORD: .*at least 8/);
    await assert.rejects(startTestApp({ fixture: 'admin-app', env: { ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'Secret123' } }), /ADMIN_EMAIL: .*valid email/);
  });

  it('production requires ADMIN_JWT_SECRET (or admin auth.secret)', async () => {
    const withoutSecret = (config: AppConfig): AppConfig => ({
      ...config,
      production: true,
      files: { ...config.files, admin: { ...config.files.admin, value: { apiToken: { salt: 'admin-app-test-salt' } } } },
    });
    await assert.rejects(startTestApp({ fixture: 'admin-app', env: { JWT_SECRET: 'jwt-secret-for-tests' }, override: withoutSecret }), /ADMIN_JWT_SECRET/);
    const app = await startTestApp({ fixture: 'admin-app', env: { ...ENV, JWT_SECRET: 'jwt-secret-for-tests', ADMIN_JWT_SECRET: 'from-env' }, override: withoutSecret });
    try {
      const token = await login(app, ADMIN.email, ADMIN.password);
      assert.equal((await app.get('/admin/users/me', bearer(token))).status, 200);
      const foreign = createSigner({ key: SECRET, algorithm: 'HS256' })({ id: 1, kind: 'admin' });
      assert.equal((await app.get('/admin/users/me', bearer(foreign))).status, 401, 'signed with the config file secret, not the env one');
    } finally {
      await app.close();
    }
  });

  it('auth.options.expiresIn sets the admin JWT lifetime (on the app clock); a bad value stops the start', async () => {
    const withExpiry = (expiresIn: unknown) => (config: AppConfig): AppConfig => ({
      ...config,
      files: { ...config.files, admin: { ...config.files.admin, value: { ...config.files.admin.value, auth: { secret: SECRET, options: { expiresIn } } } } },
    });
    await assert.rejects(startTestApp({ fixture: 'admin-app', override: withExpiry('soon') }), /expiresIn/);
    const clock = manualClock();
    const app = await startTestApp({ fixture: 'admin-app', env: ENV, override: withExpiry('1s'), clock });
    try {
      const token = await login(app, ADMIN.email, ADMIN.password);
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { iat: number; exp: number };
      assert.equal(payload.iat, Math.floor(clock.now() / 1000), 'issued at the app clock');
      assert.equal(payload.exp - payload.iat, 1);
      clock.advance(999);
      assert.equal((await app.get('/admin/users/me', bearer(token))).status, 200, 'within its lifetime');
      clock.advance(1);
      assert.equal((await app.get('/admin/users/me', bearer(token))).status, 401, 'expired');
    } finally {
      await app.close();
    }
  });
});
