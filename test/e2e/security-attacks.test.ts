// @databases: sqlite — attacks on JWTs, passwords and the login rate limit: token and hash checks, not SQL
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Attack cases against the auth layer (issue 5): forged and stale JWTs, injection through the
 * login fields, brute force, mass assignment through registration and the users API, bad
 * Authorization schemes, and CORS on the auth routes. Each must end in a 4xx, nothing changed.
 */

/** The fixture's users-permissions jwtSecret (config/plugins.js). */
const SECRET = 'security-app-test-secret-0123456789';

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function signJwt(payload: Record<string, unknown>, { secret = SECRET, alg = 'HS256' }: { secret?: string; alg?: string } = {}): string {
  const head = `${base64url({ alg, typ: 'JWT' })}.${base64url(payload)}`;
  const hmac = alg === 'HS512' ? 'sha512' : 'sha256';
  return `${head}.${createHmac(hmac, secret).update(head).digest('base64url')}`;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const now = () => Math.floor(Date.now() / 1000);

function assertUnauthorized(response: TestResponse, label: string): void {
  assert.equal(response.status, 401, `${label}: ${response.text}`);
  assert.equal(response.body?.data, null, label);
  assert.equal(response.body?.error?.name, 'UnauthorizedError', label);
}

describe('attacks on the auth layer', () => {
  let app: TestApp;
  let victim: { id: number; documentId: string; jwt: string };
  let other: { id: number; jwt: string };

  before(async () => {
    // Rate limit raised: these tests log in more than ten times; brute force is tested on its own app.
    app = await startTestApp({ fixture: 'security-app/default', env: { RATE_LIMIT_MAX: '1000' } });
    const registered = await app.post('/api/auth/local/register', { username: 'victim', email: 'victim@example.com', password: 'Correct-Horse-1' });
    assert.equal(registered.status, 200, registered.text);
    victim = { id: registered.body.user.id, documentId: registered.body.user.documentId, jwt: registered.body.jwt };
    const second = await app.post('/api/auth/local/register', { username: 'other', email: 'other@example.com', password: 'Other-Password-2' });
    assert.equal(second.status, 200, second.text);
    other = { id: second.body.user.id, jwt: second.body.jwt };
  });
  after(async () => app?.close());

  it('the genuine token works (the baseline for everything below)', async () => {
    const me = await app.get('/api/users/me', bearer(victim.jwt));
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.id, victim.id);
    // A token we sign with the right secret is accepted too: the forgeries below fail for their flaw alone.
    const ours = await app.get('/api/users/me', bearer(signJwt({ id: victim.id, iat: now(), exp: now() + 600 })));
    assert.equal(ours.status, 200, ours.text);
  });

  it('JWTs: tampered payload, expired, alg none, wrong secret, other algorithm, garbage → 401 and no fallback to Public', async () => {
    const [header, , signature] = victim.jwt.split('.');
    const forged: Record<string, string> = {
      'tampered payload (other user id, original signature)': `${header}.${base64url({ id: other.id, iat: now() })}.${signature}`,
      'tampered signature': `${victim.jwt.slice(0, -4)}${victim.jwt.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
      expired: signJwt({ id: victim.id, iat: now() - 7200, exp: now() - 3600 }),
      'alg none, no signature': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ id: victim.id, iat: now() })}.`,
      'alg none, signature kept': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ id: victim.id, iat: now() })}.${signature}`,
      'alg NONE': `${base64url({ alg: 'NONE', typ: 'JWT' })}.${base64url({ id: victim.id })}.`,
      'wrong secret': signJwt({ id: victim.id, iat: now(), exp: now() + 600 }, { secret: 'not-the-secret' }),
      'HS512 with the right secret': signJwt({ id: victim.id, iat: now(), exp: now() + 600 }, { alg: 'HS512' }),
      'id as a string': signJwt({ id: String(victim.id), iat: now(), exp: now() + 600 }),
      'id as an object': signJwt({ id: { $ne: null }, iat: now(), exp: now() + 600 }),
      'no id': signJwt({ iat: now(), exp: now() + 600 }),
      'unknown user id': signJwt({ id: 987654, iat: now(), exp: now() + 600 }),
      'not a JWT': 'abc.def.ghi',
      'two parts': `${header}.${signature}`,
      'SQL in the token': "' OR 1=1 --",
    };
    for (const [label, token] of Object.entries(forged)) {
      assertUnauthorized(await app.get('/api/users/me', bearer(token)), label);
      // The content API (the Public role may find articles) must not fall back to Public either.
      assertUnauthorized(await app.get('/api/articles', bearer(token)), `${label} on /api/articles`);
    }
  });

  it('bad Authorization schemes → 401', async () => {
    const schemes: Record<string, string> = {
      Basic: `Basic ${Buffer.from('victim:Correct-Horse-1').toString('base64')}`,
      'empty Bearer': 'Bearer',
      'Bearer and spaces': 'Bearer    ',
      'Bearer with two tokens': `Bearer ${victim.jwt} ${victim.jwt}`,
      'token without a scheme': victim.jwt,
      'Digest': 'Digest username="victim"',
      'Token scheme': `Token ${victim.jwt}`,
    };
    for (const [label, authorization] of Object.entries(schemes)) {
      assertUnauthorized(await app.get('/api/users/me', { authorization }), label);
      assertUnauthorized(await app.get('/api/articles', { authorization }), `${label} on /api/articles`);
    }
  });

  it('a deleted user\'s token → 401', async () => {
    const doomed = await app.post('/api/auth/local/register', { username: 'doomed', email: 'doomed@example.com', password: 'Doomed-Password-3' });
    assert.equal(doomed.status, 200, doomed.text);
    assert.equal((await app.get('/api/users/me', bearer(doomed.body.jwt))).status, 200);
    await app.app.database.db.deleteFrom('up_users').where('id', '=', doomed.body.user.id).execute();
    assertUnauthorized(await app.get('/api/users/me', bearer(doomed.body.jwt)), 'deleted user');
  });

  it('SQL and operator injection through the login fields → 400, no jwt', async () => {
    const attempts: readonly unknown[] = [
      { identifier: { $ne: null }, password: { $ne: null } },
      { identifier: { $ne: null }, password: 'Correct-Horse-1' },
      { identifier: 'victim@example.com', password: { $ne: null } },
      { identifier: 'victim@example.com', password: { $gt: '' } },
      { identifier: "' OR 1=1 --", password: "' OR 1=1 --" },
      { identifier: "victim' --", password: 'x' },
      { identifier: 'victim@example.com" OR "1"="1', password: 'x' },
      { identifier: '%', password: 'Correct-Horse-1' },
      { identifier: 'vic%', password: 'Correct-Horse-1' },
      { identifier: 'VICTIM_', password: 'Correct-Horse-1' },
      { identifier: ['victim', 'other'], password: 'Correct-Horse-1' },
      { identifier: 'victim', password: ['Correct-Horse-1'] },
      { identifier: 'victim', password: 'Correct-Horse-1\u0000' },
      { identifier: 'victim', password: 'x'.repeat(100) },
      { identifier: 'victim' },
      { identifier: 12, password: 34 },
      {},
      [],
      'identifier=victim',
    ];
    for (const body of attempts) {
      const response = await app.post('/api/auth/local', body);
      assert.equal(response.status, 400, `${JSON.stringify(body)} → ${response.status} ${response.text}`);
      assert.equal(response.body?.data, null);
      assert.equal(response.body?.jwt, undefined);
      assert.ok(!response.text.includes('"jwt"'), response.text);
    }
    // Injection through the query string of the login route changes nothing either.
    const viaQuery = await app.request('POST', '/api/auth/local?identifier[$ne]=x&password[$ne]=x', { body: { identifier: 'victim', password: 'wrong' } });
    assert.equal(viaQuery.status, 400);
    // Still only the two users, untouched; the genuine login still works.
    const login = await app.post('/api/auth/local', { identifier: 'victim@example.com', password: 'Correct-Horse-1' });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.body.user.id, victim.id);
  });

  it('mass assignment of role, confirmed, blocked through register → 400, no user created', async () => {
    const roles = await app.app.database.db.selectFrom('up_roles').select(['id', 'document_id', 'type']).execute();
    const authenticatedRole = roles.find((role) => role.type === 'authenticated');
    const anyOther = roles.find((role) => role.type !== 'authenticated') ?? authenticatedRole;
    assert.ok(anyOther);
    const count = async () => Number((await app.app.database.db.selectFrom('up_users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const extras: readonly Record<string, unknown>[] = [
      { role: anyOther.document_id },
      { role: anyOther.id },
      { role: { connect: [anyOther.document_id] } },
      { confirmed: false },
      { blocked: true },
      { provider: 'github' },
      { resetPasswordToken: 'known-code' },
      { confirmationToken: 'known-code' },
      { id: 1 },
      { documentId: victim.documentId },
      { __proto__: { role: 1 }, admin: true },
    ];
    for (const [index, extra] of extras.entries()) {
      const response = await app.post('/api/auth/local/register', { username: `mass${index}`, email: `mass${index}@example.com`, password: 'Mass-Password-9', ...extra });
      assert.equal(response.status, 400, `${JSON.stringify(extra)} → ${response.status} ${response.text}`);
      assert.equal(response.body?.jwt, undefined);
      assert.equal((await app.post('/api/auth/local', { identifier: `mass${index}@example.com`, password: 'Mass-Password-9' })).status, 400);
    }
    // A raw "__proto__" key (JSON.stringify drops it when set as above) is refused as a whole request.
    const proto = await app.request('POST', '/api/auth/local/register', {
      rawBody: '{"username":"proto","email":"proto@example.com","password":"Mass-Password-9","__proto__":{"role":1}}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(proto.status, 400, proto.text);
    assert.equal(await count(), before);
  });

  it('mass assignment through the users API by the user itself → refused, nothing changed', async () => {
    const beforeMe = await app.get('/api/users/me?populate=role', bearer(victim.jwt));
    assert.equal(beforeMe.status, 200, beforeMe.text);
    for (const body of [{ role: 1 }, { confirmed: false }, { blocked: true }, { username: 'renamed' }]) {
      for (const url of [`/api/users/${victim.id}`, '/api/users/me']) {
        const response = await app.request('PUT', url, { body, headers: bearer(victim.jwt) });
        assert.ok(response.status >= 400 && response.status < 500, `PUT ${url} ${JSON.stringify(body)} → ${response.status}`);
      }
    }
    const created = await app.request('POST', '/api/users', { body: { username: 'x', email: 'x@example.com', password: 'Xxxxxxx-1', role: 1, confirmed: true }, headers: bearer(victim.jwt) });
    assert.ok(created.status === 403 || created.status === 400, `POST /api/users → ${created.status}`);
    const afterMe = await app.get('/api/users/me?populate=role', bearer(victim.jwt));
    assert.deepEqual(afterMe.body, beforeMe.body);
  });

  it('CORS on the auth routes: preflight answered, headers on the real call', async () => {
    const preflight = await app.request('OPTIONS', '/api/auth/local', {
      headers: { origin: 'https://front.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    const login = await app.request('POST', '/api/auth/local', { body: { identifier: 'victim', password: 'Correct-Horse-1' }, headers: { origin: 'https://front.example.com' } });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.headers.get('access-control-allow-origin'), '*');
    assert.ok(login.headers.get('content-security-policy'));
    assert.equal(login.headers.get('x-content-type-options'), 'nosniff');
  });
});

describe('brute force on login hits the rate limit', () => {
  it('the 11th attempt within a minute is 429, even with the right password; other addresses are not affected', async () => {
    const app = await startTestApp({ fixture: 'security-app/default' });
    try {
      const registered = await app.post('/api/auth/local/register', { username: 'target', email: 'target@example.com', password: 'Target-Password-1' });
      assert.equal(registered.status, 200, registered.text);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const response = await app.post('/api/auth/local', { identifier: attempt % 2 ? 'target' : 'target@example.com', password: `guess-${attempt}` });
        assert.equal(response.status, 400, `attempt ${attempt}: ${response.text}`);
      }
      const blocked = await app.post('/api/auth/local', { identifier: 'target', password: 'Target-Password-1' });
      assert.deepEqual(
        { status: blocked.status, body: blocked.body },
        { status: 429, body: { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } } },
      );
      assert.equal(blocked.headers.get('x-ratelimit-remaining'), '0');
      // Password reset guessing is limited the same way.
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        assert.equal((await app.post('/api/auth/reset-password', { code: `guess-${attempt}`, password: 'New-Password-1', passwordConfirmation: 'New-Password-1' })).status, 400);
      }
      assert.equal((await app.post('/api/auth/reset-password', { code: 'guess', password: 'New-Password-1', passwordConfirmation: 'New-Password-1' })).status, 429);
      // The rest of the API is served as usual.
      assert.equal((await app.get('/api/articles')).status, 200);
    } finally {
      await app.close();
    }
  });
});
