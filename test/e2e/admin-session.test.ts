import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { manualClock } from '../helpers/manual-clock.js';
import { assertLikeFixture, shapeDifferences, strapiFixture } from '../helpers/strapi-fixture.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { waitUntil } from '../helpers/wait-until.js';

const ADMIN = { email: 'first@example.com', firstname: 'Ada', lastname: 'Admin', password: 'Admin12345!' };
const DEVICE_A = '11111111-1111-4111-8111-111111111111';
const DEVICE_B = '22222222-2222-4222-8222-222222222222';
const MINUTE = 60_000;

const refreshCookie = (response: TestResponse): string | undefined => response.headers.getSetCookie().find((cookie) => cookie.startsWith('strapi_admin_refresh='));
const cookieValue = (cookie: string | undefined): string => (cookie ?? '').split(';')[0]?.slice('strapi_admin_refresh='.length) ?? '';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const payload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('admin session (Strapi 5): register-admin, login, refresh cookie, logout, reset', () => {
  let app: TestApp;
  const clock = manualClock();
  const logs: string[] = [];
  const login = (body: Record<string, unknown>) => app.post('/admin/login', body);
  const refresh = (cookie: string | undefined) => app.request('POST', '/admin/access-token', cookie === undefined ? {} : { headers: { cookie: `strapi_admin_refresh=${cookieValue(cookie)}` } });
  const me = (token: string) => app.get('/admin/users/me', bearer(token));

  before(async () => {
    app = await startTestApp({ fixture: 'admin-rbac-app', clock, log: (message) => logs.push(message) });
  });
  after(() => app.close());

  it('GET /admin/init before and after the first admin; register-admin once, then 400', async () => {
    const before = await app.get('/admin/init');
    assert.deepEqual(before.body, { data: { uuid: false, hasAdmin: false, menuLogo: null, authLogo: null } });
    const registered = await app.post('/admin/register-admin', ADMIN);
    assertLikeFixture(registered, 'session', 'register');
    assert.deepEqual(registered.body.data.user.roles.map((role: { code: string }) => role.code), ['strapi-super-admin']);
    assert.ok(refreshCookie(registered));
    assert.equal((await me(registered.body.data.token)).status, 200);
    const again = await app.post('/admin/register-admin', { ...ADMIN, email: 'second@example.com' });
    assertLikeFixture(again, 'session', 'register-admin-again');
    const after = await app.get('/admin/init');
    assertLikeFixture(after, 'session', 'init');
    assert.equal(after.body.data.hasAdmin, true);
  });

  it('login: {token, accessToken, user} as recorded; the cookie is HttpOnly, SameSite=Lax, Path=/admin, a session cookie', async () => {
    const response = await login({ email: ADMIN.email, password: ADMIN.password });
    assertLikeFixture(response, 'session', 'login');
    assert.equal(response.body.data.token, response.body.data.accessToken);
    const claims = payload(response.body.data.token);
    assert.deepEqual(Object.keys(claims).sort(), ['exp', 'iat', 'sessionId', 'type', 'userId']);
    assert.equal(claims.type, 'access');
    assert.equal(Number(claims.exp) - Number(claims.iat), 30 * 60, 'access tokens live 30 minutes');
    const cookie = refreshCookie(response) ?? '';
    assert.match(cookie, /; Path=\/admin; SameSite=Lax; HttpOnly$/);
    assert.doesNotMatch(cookie, /Expires|Secure/);
    const refreshClaims = payload(cookieValue(cookie));
    assert.equal(refreshClaims.type, 'refresh');
    assert.equal(Number(refreshClaims.exp) * 1000, clock.now() + 2 * 60 * MINUTE, 'a session without rememberMe: 2 h idle');
  });

  it('rememberMe: a persistent cookie for 14 days (the idle refresh lifespan)', async () => {
    const response = await login({ email: ADMIN.email, password: ADMIN.password, rememberMe: true, deviceId: DEVICE_A });
    assert.equal(response.status, 200);
    const cookie = refreshCookie(response) ?? '';
    assert.match(cookie, new RegExp(`; Path=/admin; Expires=${new Date(clock.now() + 14 * 24 * 60 * MINUTE).toUTCString()}; SameSite=Lax; HttpOnly$`));
  });

  it('login failures are 400 ApplicationError as recorded; a deviceId must be a UUID', async () => {
    assertLikeFixture(await login({ email: ADMIN.email, password: 'Wrong12345!' }), 'session', 'login-wrong-password');
    assertLikeFixture(await login({ email: ADMIN.email }), 'session', 'login-missing-password');
    assertLikeFixture(await login({ email: ADMIN.email, password: ADMIN.password, deviceId: 'not-a-uuid' }), 'session', 'login-bad-device-id');
  });

  it('/admin/access-token rotates: a new token and cookie; the spent cookie is refused; no cookie is 401', async () => {
    const first = await login({ email: ADMIN.email, password: ADMIN.password });
    const cookie = refreshCookie(first);
    const rotated = await refresh(cookie);
    assertLikeFixture(rotated, 'session', 'access-token');
    const next = refreshCookie(rotated);
    assert.ok(next && next !== cookie);
    assert.notEqual(payload(rotated.body.data.token).sessionId, payload(first.body.data.token).sessionId);
    assert.equal((await me(rotated.body.data.token)).status, 200);
    assert.equal((await me(first.body.data.token)).status, 200, 'the older access token lives until it expires, as in Strapi');
    assert.deepEqual((await refresh(cookie)).body.error, { status: 401, name: 'UnauthorizedError', message: 'Invalid refresh token', details: {} });
    assertLikeFixture(await refresh(undefined), 'session', 'access-token-missing');
    assert.equal((await refresh('strapi_admin_refresh=garbage')).status, 401);
    assert.equal((await refresh(next)).status, 200);
  });

  it('access tokens expire after 30 minutes; the refresh cookie then gives a new one; an idle session ends after 2 h', async () => {
    const response = await login({ email: ADMIN.email, password: ADMIN.password });
    clock.advance(30 * MINUTE);
    assert.equal((await me(response.body.data.token)).status, 401);
    const renewed = await refresh(refreshCookie(response));
    assert.equal(renewed.status, 200);
    assert.equal((await me(renewed.body.data.token)).status, 200);
    clock.advance(2 * 60 * MINUTE);
    assert.equal((await refresh(refreshCookie(renewed))).status, 401, 'idle for 2 h');
  });

  it('logout with a deviceId ends that device only; without, every session; the cookie is expired', async () => {
    const a = await login({ email: ADMIN.email, password: ADMIN.password, deviceId: DEVICE_A });
    const b = await login({ email: ADMIN.email, password: ADMIN.password, deviceId: DEVICE_B });
    const out = await app.request('POST', '/admin/logout', { headers: bearer(a.body.data.token), body: { deviceId: DEVICE_A } });
    assertLikeFixture(out, 'session', 'logout');
    assert.match(refreshCookie(out) ?? '', /^strapi_admin_refresh=; Path=\/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; HttpOnly$/);
    assertLikeFixture(await me(a.body.data.token), 'session', 'me-after-logout');
    assert.equal((await refresh(refreshCookie(a))).status, 401);
    assert.equal((await me(b.body.data.token)).status, 200, 'the other device stays');
    const c = await login({ email: ADMIN.email, password: ADMIN.password });
    assert.equal((await app.request('POST', '/admin/logout', { headers: bearer(c.body.data.token) })).status, 200);
    assert.equal((await me(b.body.data.token)).status, 401);
    assert.equal((await me(c.body.data.token)).status, 401);
    assert.equal((await app.request('POST', '/admin/logout', {})).status, 401);
  });

  it('GET /admin/users/me/sessions lists the usable sessions, the current one first; DELETE ends one', async () => {
    const a = await login({ email: ADMIN.email, password: ADMIN.password, deviceId: DEVICE_A });
    clock.advance(1000);
    const b = await login({ email: ADMIN.email, password: ADMIN.password, deviceId: DEVICE_B });
    const list = await app.get('/admin/users/me/sessions', bearer(a.body.data.token));
    assertLikeFixture(list, 'session', 'sessions-list');
    const sessions = list.body.data as { id: string; deviceId: string; current: boolean }[];
    assert.deepEqual(sessions.slice(0, 2).map((session) => [session.deviceId, session.current]), [[DEVICE_A, true], [DEVICE_B, false]]);
    const other = String(payload(b.body.data.token).sessionId);
    const own = String(payload(a.body.data.token).sessionId);
    const remove = (id: string) => app.request('DELETE', `/admin/users/me/sessions/${id}`, { headers: bearer(a.body.data.token) });
    assertLikeFixture(await remove(other), 'session', 'sessions-delete');
    assert.equal((await me(b.body.data.token)).status, 401);
    assertLikeFixture(await remove(other), 'session', 'sessions-delete-again');
    assertLikeFixture(await remove(own), 'session', 'sessions-delete-current');
    assert.equal((await me(a.body.data.token)).status, 401);
  });

  it('GET/PUT /admin/users/me: names change; a new password needs the current one', async () => {
    const token = (await login({ email: ADMIN.email, password: ADMIN.password })).body.data.token as string;
    assertLikeFixture(await me(token), 'session', 'users-me');
    const put = (body: unknown) => app.request('PUT', '/admin/users/me', { headers: bearer(token), body });
    const renamed = await put({ firstname: 'Sessy' });
    assertLikeFixture(renamed, 'session', 'users-me-put');
    assert.equal(renamed.body.data.firstname, 'Sessy');
    assertLikeFixture(await put({ password: 'Other12345!' }), 'session', 'users-me-put-no-current-password');
    assertLikeFixture(await put({ password: 'Other12345!', currentPassword: 'Wrong12345!' }), 'session', 'users-me-put-wrong-current-password');
    assertLikeFixture(await put({ nope: 1 }), 'session', 'users-me-put-unknown-key');
    assert.equal((await put({ roles: [1] })).body.error.message, 'this field has unspecified keys: roles');
    assert.equal((await put({ password: 'Other12345!', currentPassword: ADMIN.password })).status, 200);
    assert.equal((await login({ email: ADMIN.email, password: ADMIN.password })).status, 400);
    assert.equal((await login({ email: ADMIN.email, password: 'Other12345!' })).status, 200);
    assert.equal((await put({ password: ADMIN.password, currentPassword: 'Other12345!' })).status, 200);
    const information = await app.get('/admin/information', bearer(token));
    assert.equal(information.status, 200);
    // Minimal: the project's dependencies are not listed (Tessera has no Strapi packages to name).
    assert.deepEqual(shapeDifferences(information.body, strapiFixture('session', 'information').body).filter((difference) => !difference.startsWith('$.data.dependencies.')), []);
    assert.equal((await app.get('/admin/information')).status, 401);
  });

  it('forgot-password is always 204 and mails a link; reset-password sets the password once and ends other sessions', async () => {
    const other = (await login({ email: ADMIN.email, password: ADMIN.password })).body.data.token as string;
    assert.equal((await app.post('/admin/forgot-password', { email: 'nobody@example.com' })).status, 204);
    assertLikeFixture(await app.post('/admin/forgot-password', {}), 'session', 'forgot-password-missing-email');
    assert.equal((await app.post('/admin/forgot-password', { email: ADMIN.email })).status, 204);
    const mail = await waitUntil('the reset mail', () => logs.find((line) => line.includes(`to ${ADMIN.email}`) && line.includes('reset-password?code=')));
    const code = /reset-password\?code=(\w+)/.exec(mail)?.[1] ?? '';
    assertLikeFixture(await app.post('/admin/reset-password', { resetPasswordToken: 'nope', password: 'Reset12345!' }), 'session', 'reset-password-bad-token');
    assert.equal((await app.post('/admin/reset-password', { resetPasswordToken: code, password: 'weak' })).status, 400);
    const reset = await app.post('/admin/reset-password', { resetPasswordToken: code, password: 'Reset12345!' });
    assert.equal(reset.status, 200, reset.text);
    assert.deepEqual(Object.keys(reset.body.data).sort(), ['token', 'user']);
    assert.ok(refreshCookie(reset));
    assert.equal((await me(reset.body.data.token)).status, 200);
    assert.equal((await me(other)).status, 401, 'other sessions ended');
    assert.equal((await app.post('/admin/reset-password', { resetPasswordToken: code, password: 'Again12345!' })).status, 400, 'a token works once');
    assert.equal((await login({ email: ADMIN.email, password: 'Reset12345!' })).status, 200);
  });
});
