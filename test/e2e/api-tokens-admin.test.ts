import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { API_TOKENS_TABLE } from '../../src/plugins/api-tokens/api-token-tables.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ENV = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Secret123' };
const SALT = 'admin-app-test-salt';
const DAY = 86_400_000;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('API tokens through the admin API', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  const call = (method: string, url: string, body?: unknown) => app.request(method, url, { headers: admin, ...(body === undefined ? {} : { body }) });
  const create = (body: unknown) => call('POST', '/admin/api-tokens', body);
  /** A content API request made with an API token. */
  const api = (token: string, method: string, url: string, body?: unknown) => app.request(method, url, { headers: bearer(token), ...(body === undefined ? {} : { body }) });

  before(async () => {
    app = await startTestApp({ fixture: 'admin-app', env: ENV });
    const login = await app.post('/admin/login', { email: ENV.ADMIN_EMAIL, password: ENV.ADMIN_PASSWORD });
    admin = bearer(login.body.data.token);
  });
  after(() => app.close());

  it('the token is shown once, at creation, and stored only as an HMAC-SHA512 of it', async () => {
    const started = Date.now();
    const created = await create({ name: 'Reader', description: 'for the site', type: 'read-only' });
    assert.equal(created.status, 201, created.text);
    const token = created.body.data;
    assert.match(token.accessKey, /^[0-9a-f]{256}$/);
    assert.equal(token.name, 'Reader');
    assert.equal(token.description, 'for the site');
    assert.equal(token.type, 'read-only');
    assert.deepEqual(token.permissions, []);
    assert.equal(token.lifespan, null);
    assert.equal(token.expiresAt, null);
    assert.equal(token.lastUsedAt, null);
    assert.ok(Date.parse(token.createdAt) >= started - 1000);

    const one = await call('GET', `/admin/api-tokens/${token.id}`);
    assert.equal(one.status, 200);
    assert.ok(!('accessKey' in one.body.data));
    const list = await call('GET', '/admin/api-tokens');
    assert.ok(list.body.data.every((entry: Record<string, unknown>) => !('accessKey' in entry)));
    for (const response of [one, list]) assert.ok(!response.text.includes(token.accessKey));

    const rows = await app.app.database.db.selectFrom(API_TOKENS_TABLE.name).select(['access_key']).where('id', '=', token.id).execute();
    assert.equal(rows[0]?.access_key, createHmac('sha512', SALT).update(token.accessKey).digest('hex'));
  });

  it('lifespan: null or 7, 30, 90 days in ms; expiresAt = now + lifespan; anything else → 400', async () => {
    for (const days of [7, 30, 90]) {
      const before = Date.now();
      const created = await create({ name: `lifespan ${days}`, type: 'read-only', lifespan: days * DAY });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.data.lifespan, days * DAY);
      const expires = Date.parse(created.body.data.expiresAt);
      assert.ok(expires >= before + days * DAY && expires <= Date.now() + days * DAY, created.body.data.expiresAt);
    }
    const unlimited = await create({ name: 'lifespan null', type: 'read-only', lifespan: null });
    assert.equal(unlimited.status, 201);
    assert.equal(unlimited.body.data.expiresAt, null);
    for (const lifespan of [0, 1, 7, -604800000, 604800001, 14 * DAY, '604800000', true, [604800000], 1e308]) {
      const response = await create({ name: `bad lifespan ${JSON.stringify(lifespan)}`, type: 'read-only', lifespan });
      assert.equal(response.status, 400, JSON.stringify(lifespan));
      assert.equal(response.body.error.name, 'ValidationError');
      assert.match(response.body.error.message, /lifespan must be one of: null, 604800000, 2592000000, 7776000000/);
    }
  });

  it('names are required and unique; types are checked; unknown keys are refused', async () => {
    const cases: [unknown, RegExp][] = [
      [{ type: 'read-only' }, /name is a required field/],
      [{ name: '   ', type: 'read-only' }, /name must not be empty/],
      [{ name: 42, type: 'read-only' }, /name must be a string/],
      [{ name: 'x'.repeat(256), type: 'read-only' }, /at most 255/],
      [{ name: 'Reader', type: 'read-only' }, /Name already taken/],
      [{ name: 'no type' }, /type must be one of: read-only, full-access, custom/],
      [{ name: 'bad type', type: 'admin' }, /type must be one of/],
      [{ name: 'with key', type: 'read-only', accessKey: 'a'.repeat(256) }, /Invalid key accessKey/],
      [{ name: 'with expiry', type: 'read-only', expiresAt: '2100-01-01T00:00:00.000Z' }, /Invalid key expiresAt/],
      [[], /JSON object/],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(response.body.error.message, message);
    }
  });

  it('custom tokens take a list of known actions; other types take none', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'c1', type: 'custom' }, /Missing permissions attribute for custom token/],
      [{ name: 'c2', type: 'custom', permissions: ['api::article.article.find', 'api::article.article.explode'] }, /Unknown permissions provided: api::article.article.explode/],
      [{ name: 'c3', type: 'custom', permissions: ['api::nothing.nothing.find'] }, /Unknown permissions provided/],
      [{ name: 'c4', type: 'custom', permissions: 'api::article.article.find' }, /permissions must be a list/],
      [{ name: 'c5', type: 'custom', permissions: [1] }, /permissions must be a list/],
      [{ name: 'c6', type: 'read-only', permissions: ['api::article.article.find'] }, /Non-custom tokens should not reference permissions/],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(response.body.error.message, message);
    }
    const ok = await create({ name: 'custom ok', type: 'custom', permissions: ['api::note.note.find', 'api::article.article.findOne', 'api::note.note.find'] });
    assert.equal(ok.status, 201, ok.text);
    assert.deepEqual(ok.body.data.permissions, ['api::article.article.findOne', 'api::note.note.find']);
    const listed = await call('GET', `/admin/api-tokens/${ok.body.data.id}`);
    assert.deepEqual(listed.body.data.permissions, ['api::article.article.findOne', 'api::note.note.find']);
  });

  it('a read-only token finds but does not write; full-access does everything; custom exactly its actions', async () => {
    const readOnly = (await create({ name: 'ro', type: 'read-only' })).body.data.accessKey as string;
    const full = (await create({ name: 'full', type: 'full-access' })).body.data.accessKey as string;
    const custom = (await create({ name: 'custom', type: 'custom', permissions: ['api::note.note.find', 'api::note.note.create'] })).body.data.accessKey as string;

    const written = await api(full, 'POST', '/api/articles', { data: { title: 'by full access' } });
    assert.equal(written.status, 201, written.text);
    const documentId = written.body.data.documentId as string;
    assert.equal((await api(full, 'PUT', `/api/articles/${documentId}`, { data: { title: 'edited' } })).status, 200);
    assert.equal((await api(full, 'POST', '/api/notes', { data: { body: 'note' } })).status, 201);

    assert.equal((await api(readOnly, 'GET', '/api/articles')).status, 200);
    assert.equal((await api(readOnly, 'GET', `/api/articles/${documentId}`)).status, 200);
    assert.equal((await api(readOnly, 'GET', '/api/notes')).status, 200);
    assert.equal((await api(readOnly, 'POST', '/api/articles', { data: { title: 'no' } })).status, 403);
    assert.equal((await api(readOnly, 'PUT', `/api/articles/${documentId}`, { data: { title: 'no' } })).status, 403);
    assert.equal((await api(readOnly, 'DELETE', `/api/articles/${documentId}`)).status, 403);

    assert.equal((await api(custom, 'GET', '/api/notes')).status, 200);
    assert.equal((await api(custom, 'POST', '/api/notes', { data: { body: 'custom' } })).status, 201);
    assert.equal((await api(custom, 'GET', '/api/articles')).status, 403);
    assert.equal((await api(custom, 'GET', `/api/articles/${documentId}`)).status, 403);
    assert.equal((await api(custom, 'POST', '/api/articles', { data: { title: 'no' } })).status, 403);

    assert.equal((await api(full, 'DELETE', `/api/articles/${documentId}`)).status, 204);
    const unknown = await api('f'.repeat(256), 'GET', '/api/articles');
    assert.equal(unknown.status, 401);
  });

  it('updates change name, description, type and permissions — never the key', async () => {
    const created = (await create({ name: 'changing', type: 'custom', permissions: ['api::note.note.find'] })).body.data;
    const key = created.accessKey as string;
    assert.equal((await api(key, 'GET', '/api/articles')).status, 403);

    const widened = await call('PUT', `/admin/api-tokens/${created.id}`, { permissions: ['api::note.note.find', 'api::article.article.find'], description: 'wider' });
    assert.equal(widened.status, 200, widened.text);
    assert.deepEqual(widened.body.data.permissions, ['api::article.article.find', 'api::note.note.find']);
    assert.equal(widened.body.data.description, 'wider');
    assert.ok(!('accessKey' in widened.body.data));
    assert.equal((await api(key, 'GET', '/api/articles')).status, 200, 'the same key, the new permissions');

    const renamed = await call('PUT', `/admin/api-tokens/${created.id}`, { name: 'changed', type: 'read-only' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.body.data.name, 'changed');
    assert.equal(renamed.body.data.type, 'read-only');
    assert.deepEqual(renamed.body.data.permissions, [], 'a non-custom token keeps no actions');
    assert.equal((await api(key, 'GET', '/api/articles')).status, 200);
    assert.equal((await api(key, 'POST', '/api/notes', { data: { body: 'x' } })).status, 403);

    const bad: [string, unknown, number, RegExp][] = [
      [`/admin/api-tokens/${created.id}`, { accessKey: 'a'.repeat(256) }, 400, /Invalid key accessKey/],
      [`/admin/api-tokens/${created.id}`, { lifespan: 7 * DAY }, 400, /Invalid key lifespan/],
      [`/admin/api-tokens/${created.id}`, { name: 'Reader' }, 400, /Name already taken/],
      [`/admin/api-tokens/${created.id}`, { name: null }, 400, /name must be a string/],
      [`/admin/api-tokens/${created.id}`, { type: 'custom' }, 400, /Missing permissions attribute/],
      [`/admin/api-tokens/${created.id}`, { permissions: ['api::note.note.find'] }, 400, /Non-custom tokens/],
      [`/admin/api-tokens/${created.id}`, { type: 'custom', permissions: ['nope'] }, 400, /Unknown permissions provided: nope/],
      ['/admin/api-tokens/99999', { name: 'ghost' }, 404, /API token not found/],
      ['/admin/api-tokens/abc', { name: 'ghost' }, 404, /API token not found/],
    ];
    for (const [url, body, status, message] of bad) {
      const response = await call('PUT', url, body);
      assert.equal(response.status, status, `${url} ${JSON.stringify(body)}: ${response.text}`);
      assert.match(response.body.error.message, message);
    }
    const same = await call('PUT', `/admin/api-tokens/${created.id}`, { name: 'changed' });
    assert.equal(same.status, 200, 'keeping its own name is no conflict');
    const toCustom = await call('PUT', `/admin/api-tokens/${created.id}`, { type: 'custom', permissions: ['api::article.article.create'] });
    assert.equal(toCustom.status, 200);
    assert.equal((await api(key, 'GET', '/api/articles')).status, 403);
    assert.equal((await api(key, 'POST', '/api/articles', { data: { title: 'custom' } })).status, 201);
  });

  it('regenerate gives a new value (shown once) and the old one stops working; revoke → 401', async () => {
    const created = (await create({ name: 'rotating', type: 'read-only', lifespan: 30 * DAY })).body.data;
    const regenerated = await call('POST', `/admin/api-tokens/${created.id}/regenerate`);
    assert.equal(regenerated.status, 201, regenerated.text);
    const fresh = regenerated.body.data.accessKey as string;
    assert.match(fresh, /^[0-9a-f]{256}$/);
    assert.notEqual(fresh, created.accessKey);
    assert.equal(regenerated.body.data.expiresAt, created.expiresAt, 'regenerating keeps the expiry');
    assert.equal((await api(created.accessKey, 'GET', '/api/articles')).status, 401);
    assert.equal((await api(fresh, 'GET', '/api/articles')).status, 200);

    const revoked = await call('DELETE', `/admin/api-tokens/${created.id}`);
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.data.name, 'rotating');
    assert.ok(!('accessKey' in revoked.body.data));
    assert.equal((await api(fresh, 'GET', '/api/articles')).status, 401);
    assert.equal((await call('GET', `/admin/api-tokens/${created.id}`)).status, 404);
    assert.equal((await call('DELETE', `/admin/api-tokens/${created.id}`)).status, 404);
    assert.equal((await call('POST', `/admin/api-tokens/${created.id}/regenerate`)).status, 404);
    assert.ok(!(await call('GET', '/admin/api-tokens')).body.data.some((token: { name: string }) => token.name === 'rotating'));

    const custom = (await create({ name: 'custom to revoke', type: 'custom', permissions: ['api::note.note.find'] })).body.data;
    assert.equal((await call('DELETE', `/admin/api-tokens/${custom.id}`)).status, 200);
    const orphaned = await app.app.database.db.selectFrom('strapi_api_token_permissions').select('id').where('token_id', '=', custom.id).execute();
    assert.equal(orphaned.length, 0, 'its permission rows went with it');
    const reused = await create({ name: 'custom to revoke', type: 'read-only' });
    assert.equal(reused.status, 201, 'a revoked name is free again');
  });

  it('an expired token → 401 "Token expired"; lastUsedAt is recorded on use', async () => {
    const created = (await create({ name: 'expiring', type: 'read-only', lifespan: 7 * DAY })).body.data;
    assert.equal((await api(created.accessKey, 'GET', '/api/articles')).status, 200);
    const used = await call('GET', `/admin/api-tokens/${created.id}`);
    assert.ok(used.body.data.lastUsedAt !== null, 'lastUsedAt is set by the first use');
    const past = app.app.database.dialect.encode('datetime', new Date(Date.now() - 1000).toISOString());
    await app.app.database.db.updateTable(API_TOKENS_TABLE.name).set({ expires_at: past }).where('id', '=', created.id).execute();
    const expired = await api(created.accessKey, 'GET', '/api/articles');
    assert.equal(expired.status, 401);
    assert.equal(expired.body.error.message, 'Token expired');
  });

  it('creating tokens concurrently with one name: exactly one wins', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => create({ name: 'race', type: 'read-only' })));
    assert.deepEqual(responses.map((response) => response.status).sort(), [201, 400, 400, 400, 400, 400]);
  });
});
