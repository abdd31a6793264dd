// @databases: sqlite — JWT and API-token verification; the token rows they read are plain lookups covered on every database by api-tokens-admin
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_TOKENS_TABLE } from '../../src/plugins/api-tokens/api-token-tables.js';
import { createKeyValueStore } from '../../src/core/store/key-value-store.js';
import { bearer, createApiToken, createUser, jwtSecret, signJwt } from '../helpers/auth-fixtures.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Credentials that must not work: forged, tampered, expired and `alg: none` JWTs, tokens of
 * deleted, blocked and unconfirmed users, expired and revoked API tokens, other schemes — each
 * a 401 in the envelope (never the Public role), and API tokens' lastUsedAt written at most hourly.
 */

const unauthorized = (message: string) => ({ status: 401, body: { data: null, error: { status: 401, name: 'UnauthorizedError', message, details: {} } } });
const INVALID = unauthorized('Missing or invalid credentials');
const HOUR = 3_600_000;

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('user JWTs', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'permissions-app' });
  });
  after(() => t.close());

  async function call(headers: Record<string, string>) {
    const response = await t.get('/api/articles', headers);
    return { status: response.status, body: response.body };
  }

  it('a valid JWT of a user with a role works', async () => {
    const user = await createUser(t.app, 'authenticated');
    assert.equal((await call(bearer(user.jwt))).status, 200);
    assert.equal((await call({ authorization: `bearer ${user.jwt}` })).status, 200, 'the scheme is case-insensitive');
  });

  it('tampered payload, tampered signature, wrong secret, another algorithm, alg none, expired, garbage → 401', async () => {
    const user = await createUser(t.app, 'authenticated');
    const other = await createUser(t.app, 'editor');
    const [header, , signature] = user.jwt.split('.') as [string, string, string];
    const now = Math.floor(Date.now() / 1000);
    const forged = [
      `${header}.${b64url({ id: other.id, iat: now, exp: now + 3600 })}.${signature}`,
      `${user.jwt.slice(0, -2)}${user.jwt.endsWith('AA') ? 'BB' : 'AA'}`,
      await signJwt(t.app, { id: user.id }, { secret: 'not-the-secret-at-all-0123456789' }),
      await signJwt(t.app, { id: user.id }, { algorithm: 'HS512' }),
      `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ id: user.id, iat: now, exp: now + 3600 })}.`,
      `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ id: user.id, iat: now, exp: now + 3600 })}`,
      await signJwt(t.app, { id: user.id }, { clock: Date.now() - 31 * 86_400_000, expiresInMs: 30 * 86_400_000 }),
      await signJwt(t.app, { id: user.id }, { clock: Date.now() - 2000, expiresInMs: 1000 }),
      await signJwt(t.app, { id: String(user.id) }),
      await signJwt(t.app, { sub: user.id }),
      'a.b.c',
      '....',
    ];
    for (const token of forged) assert.deepEqual(await call(bearer(token)), INVALID, token);
    // Never a fall-back to Public, even where Public may read.
    assert.equal((await call({})).status, 200);
  });

  it('other schemes and malformed headers → 401', async () => {
    const user = await createUser(t.app, 'authenticated');
    for (const authorization of [`Bearer\t${user.jwt}\t\tx`, `Basic ${Buffer.from('a:b').toString('base64')}`, `Token ${user.jwt}`, 'Bearer', 'Bearer ', `Bearer ${user.jwt} extra`, user.jwt]) {
      assert.deepEqual(await call({ authorization }), INVALID, authorization);
    }
  });

  it('the token of a deleted user → 401 "Invalid credentials"', async () => {
    const user = await createUser(t.app, 'authenticated');
    assert.equal((await call(bearer(user.jwt))).status, 200);
    await t.app.database.db.deleteFrom('up_users').where('id', '=', user.id).execute();
    assert.deepEqual(await call(bearer(user.jwt)), unauthorized('Invalid credentials'));
  });

  it('a blocked user → 401 "Invalid credentials"', async () => {
    const user = await createUser(t.app, 'authenticated', { blocked: true });
    assert.deepEqual(await call(bearer(user.jwt)), unauthorized('Invalid credentials'));
  });

  it('an unconfirmed user → 401 "Invalid credentials" only while email confirmation is on', async () => {
    const user = await createUser(t.app, 'authenticated', { confirmed: false });
    const store = createKeyValueStore(t.app.database);
    const saved = await store.get('users-permissions.advanced');
    assert.equal((await call(bearer(user.jwt))).status, 200);
    await store.set('users-permissions.advanced', { ...(saved as object | null), email_confirmation: true });
    try {
      assert.deepEqual(await call(bearer(user.jwt)), unauthorized('Invalid credentials'));
      const confirmed = await createUser(t.app, 'authenticated', { confirmed: true });
      assert.equal((await call(bearer(confirmed.jwt))).status, 200);
    } finally {
      await store.set('users-permissions.advanced', { ...(saved as object | null), email_confirmation: false });
    }
    assert.equal((await call(bearer(user.jwt))).status, 200);
  });

  it('a validly signed id that no row can have → 401, not a database error', async () => {
    for (const id of [0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      assert.deepEqual(await call(bearer(await signJwt(t.app, { id }))), unauthorized('Invalid credentials'), String(id));
    }
  });

  it('a user without a role holds no permission: 403', async () => {
    const user = await createUser(t.app, null);
    assert.deepEqual((await call(bearer(user.jwt))).status, 403);
  });

  it('the secret is the configured one: a token signed with it is accepted', async () => {
    const user = await createUser(t.app, 'authenticated');
    assert.equal((await call(bearer(await signJwt(t.app, { id: user.id }, { secret: await jwtSecret(t.app) })))).status, 200);
  });
});

describe('API tokens', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'permissions-app' });
  });
  after(() => t.close());

  async function lastUsed(id: number): Promise<number | null> {
    const row = await t.app.database.db.selectFrom(API_TOKENS_TABLE.name).select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow();
    // Every dialect returns instants as ISO 8601 text.
    return row.last_used_at === null ? null : Date.parse(String(row.last_used_at));
  }

  it('an expired token → 401 "Token expired"; one expiring later works', async () => {
    const expired = await createApiToken(t.app, { type: 'full-access', expiresAt: new Date(Date.now() - 1000).toISOString() });
    const response = await t.get('/api/categories', bearer(expired.token));
    assert.deepEqual({ status: response.status, body: response.body }, unauthorized('Token expired'));
    const valid = await createApiToken(t.app, { type: 'full-access', expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    assert.equal((await t.get('/api/categories', bearer(valid.token))).status, 200);
  });

  it('an unknown or revoked token → 401, and an expired one never writes', async () => {
    const token = await createApiToken(t.app, { type: 'full-access' });
    assert.equal((await t.get('/api/categories', bearer(token.token))).status, 200);
    await t.app.database.db.deleteFrom(API_TOKENS_TABLE.name).where('id', '=', token.id).execute();
    for (const value of [token.token, 'f'.repeat(256), token.token.toUpperCase(), token.token.slice(1)]) {
      const response = await t.get('/api/categories', bearer(value));
      assert.deepEqual({ status: response.status, body: response.body }, INVALID);
    }
    const expired = await createApiToken(t.app, { type: 'custom', actions: ['api::article.article.create'], expiresAt: new Date(Date.now() - 1000).toISOString() });
    const response = await t.request('POST', '/api/articles', { body: { data: { title: 'x' } }, headers: bearer(expired.token) });
    assert.equal(response.status, 401);
    assert.equal(await lastUsed(expired.id), null);
  });

  it('lastUsedAt: written on first use, not again within the hour, again when older than an hour', async () => {
    const token = await createApiToken(t.app, { type: 'read-only' });
    assert.equal(await lastUsed(token.id), null);
    const start = Date.now();
    assert.equal((await t.get('/api/articles', bearer(token.token))).status, 200);
    const first = await lastUsed(token.id);
    assert.ok(first !== null && first >= start - 1000 && first <= Date.now() + 1000, `first use recorded (${first})`);
    for (let i = 0; i < 3; i += 1) assert.equal((await t.get('/api/articles', bearer(token.token))).status, 200);
    assert.equal(await lastUsed(token.id), first, 'not rewritten within the hour');

    const old = new Date(Date.now() - HOUR - 60_000).toISOString();
    await t.app.database.db.updateTable(API_TOKENS_TABLE.name).set({ last_used_at: t.app.database.dialect.encode('datetime', old) }).where('id', '=', token.id).execute();
    assert.equal((await t.get('/api/articles', bearer(token.token))).status, 200);
    const refreshed = await lastUsed(token.id);
    assert.ok(refreshed !== null && refreshed > Date.parse(old) + HOUR, 'rewritten once older than an hour');

    const recent = new Date(Date.now() - HOUR + 60_000).toISOString();
    await t.app.database.db.updateTable(API_TOKENS_TABLE.name).set({ last_used_at: t.app.database.dialect.encode('datetime', recent) }).where('id', '=', token.id).execute();
    assert.equal((await t.get('/api/articles', bearer(token.token))).status, 200);
    assert.equal(await lastUsed(token.id), Date.parse(recent), 'fifty-nine minutes old: left alone');
  });

  it('a token is checked before the JWT strategy, and a JWT-looking value is never looked up as a token', async () => {
    const token = await createApiToken(t.app, { type: 'custom', actions: ['api::category.category.find'] });
    assert.equal((await t.get('/api/categories', bearer(token.token))).status, 200);
    assert.equal((await t.get('/api/articles', bearer(token.token))).status, 403, 'custom: exactly its actions');
    // (The first JWT of an instance may read the generated secret once.)
    assert.equal((await t.get('/api/categories', bearer('x.y.z'))).status, 401);
    const before = t.app.database.counter.count;
    assert.equal((await t.get('/api/categories', bearer('x.y.z'))).status, 401);
    assert.equal(t.app.database.counter.count, before, 'a malformed JWT costs no statement');
  });
});
