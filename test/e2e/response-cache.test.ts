import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createDocumentsApi } from '../../src/compat/documents/create-documents-api.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { waitUntil } from '../helpers/wait-until.js';
import { bearer, createApiToken, createUser } from '../helpers/auth-fixtures.js';
import { readResponseCacheConfig } from '../../src/core/config/response-cache-config.js';

const cacheConfig = (purgeUrl: string) =>
  readResponseCacheConfig(
    { enabled: true, store: 'memory', cacheControl: { sMaxAge: 60, staleWhileRevalidate: 30, types: { 'api::author.author': { sMaxAge: 5 } } }, purge: { url: purgeUrl, headers: { 'x-purge-token': 'secret' } } },
    'config/api',
  );

const ADMIN = { ADMIN_EMAIL: 'cache-boss@example.com', ADMIN_PASSWORD: 'Secret123' };

/**
 * The response cache over HTTP (memory store): hits and misses, 304, Cache-Control, no sharing
 * with authenticated requests, and invalidation by every kind of write.
 */
describe('response cache (rest.cache, memory store)', () => {
  let t: TestApp;
  let plain: TestApp;
  let projectDir: string;
  let purges: WebhookReceiver;

  before(async () => {
    purges = await startWebhookReceiver();
    const CACHE = cacheConfig(purges.url);
    // A copy: the model change below writes the project's files.
    projectDir = await mkdtemp(path.join(tmpdir(), 'tessera-cache-'));
    await cp(fixturePath('relations'), projectDir, { recursive: true });
    t = await startTestApp({ fixture: projectDir, env: ADMIN, override: (config) => ({ ...config, rest: { ...config.rest, ...(CACHE ? { cache: CACHE } : {}) } }) });
    plain = await startTestApp({ fixture: 'relations' });
  });
  after(async () => {
    await t.close();
    await plain.close();
    await rm(projectDir, { recursive: true, force: true });
    await purges.close();
  });

  async function create(plural: string, data: Record<string, unknown>): Promise<string> {
    const response = await t.post(`/api/${plural}`, { data });
    assert.equal(response.status, 201, response.text);
    return response.body.data.documentId;
  }

  it('a second identical public read is a hit with the same body, ETag and Cache-Control', async () => {
    await create('articles', { title: 'cache-a1' });
    const first = await t.get('/api/articles?sort=title');
    const second = await t.get('/api/articles?sort=title');
    assert.equal(first.headers.get('x-tessera-cache'), 'miss');
    assert.equal(second.headers.get('x-tessera-cache'), 'hit');
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('etag'), first.headers.get('etag'));
    assert.equal(first.headers.get('cache-control'), 'public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    assert.equal(second.headers.get('cache-control'), 'public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    assert.match(second.headers.get('surrogate-key') ?? '', /api::article\.article/);
    const author = await t.get('/api/authors');
    assert.equal(author.headers.get('cache-control'), 'public, max-age=0, s-maxage=5, stale-while-revalidate=30');
  });

  it('If-None-Match → 304 without a body, on a hit and on a miss; cache off too', async () => {
    for (const app of [t, plain]) {
      const first = await app.get('/api/articles?sort=id');
      const tag = first.headers.get('etag');
      assert.ok(tag);
      const again = await app.get('/api/articles?sort=id', { 'if-none-match': tag });
      assert.equal(again.status, 304);
      assert.equal(again.text, '');
      const other = await app.get('/api/articles?sort=id', { 'if-none-match': 'W/"other"' });
      assert.equal(other.status, 200);
    }
  });

  it('an authenticated request is never answered from the cache, nor stored', async () => {
    const url = '/api/articles?sort=title&fields[0]=title';
    await t.get(url);
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    const bad = await t.get(url, { authorization: 'Bearer not-a-token' });
    assert.equal(bad.status, 401);
    assert.equal(bad.headers.get('x-tessera-cache'), null);
    // A user whose role may not read articles: its own answer (403), not the public one.
    const user = await createUser(t.app, 'authenticated');
    const denied = await t.get(url, bearer(user.jwt));
    assert.equal(denied.status, 403, denied.text);
    assert.equal(denied.headers.get('x-tessera-cache'), null);
    // A full-access token: read fresh, not stored for the public either.
    const { token } = await createApiToken(t.app, { type: 'full-access' });
    const full = await t.get(`${url}&status=published`, bearer(token));
    assert.equal(full.status, 200, full.text);
    assert.equal(full.headers.get('x-tessera-cache'), null);
    assert.equal(full.headers.get('cache-control'), null);
    assert.equal((await t.get(`${url}&status=published`)).headers.get('x-tessera-cache'), 'miss');
  });

  it('GraphQL over GET is kept too', async () => {
    const query = encodeURIComponent('{ categories(sort: "name") { data { attributes { name } } } }');
    const headers = { 'x-apollo-operation-name': 'q' };
    const first = await t.get(`/graphql?query=${query}`, headers);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers.get('x-tessera-cache'), 'miss');
    assert.equal((await t.get(`/graphql?query=${query}`, headers)).headers.get('x-tessera-cache'), 'hit');
    const refused = await t.get(`/graphql?query=${query}`);
    assert.equal(refused.status, 400, 'the CSRF check still runs before the cache');
  });

  it('a write to the type invalidates its lists; a write to another type does not', async () => {
    const url = '/api/articles?sort=title&fields[0]=title';
    await t.get(url);
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    await create('tags', { label: 'cache-unrelated' });
    await create('categories', { name: 'cache-unrelated' });
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit', 'a category write does not touch an unpopulated article list');
    const id = await create('articles', { title: 'cache-a2' });
    const after = await t.get(url);
    assert.equal(after.headers.get('x-tessera-cache'), 'miss');
    assert.ok(after.body.data.some((article: { documentId: string }) => article.documentId === id));
  });

  it('a relation changed from the inverse side invalidates the pages that populate it', async () => {
    const article = await create('articles', { title: 'cache-inverse' });
    const author = await create('authors', { name: 'cache-author' });
    const url = `/api/articles/${article}?populate[author][fields][0]=name`;
    assert.equal((await t.get(url)).body.data.author, null);
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    const put = await t.put(`/api/authors/${author}`, { data: { articles: [article] } });
    assert.equal(put.status, 200, put.text);
    const after = await t.get(url);
    assert.equal(after.headers.get('x-tessera-cache'), 'miss');
    assert.equal(after.body.data.author.name, 'cache-author');
    const unchanged = await plain.get(url);
    assert.equal(unchanged.status, 404, 'the uncached server has its own database');
  });

  it('writes through strapi.documents() and GraphQL invalidate; GraphQL queries are cached, mutations never', async () => {
    const url = '/api/authors?sort=name&fields[0]=name';
    await t.get(url);
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    await createDocumentsApi({ model: t.app.model, locales: t.app.locales })('api::author.author').create({ data: { name: 'cache-by-code' } });
    const after = await t.get(url);
    assert.equal(after.headers.get('x-tessera-cache'), 'miss');
    assert.ok(after.body.data.some((author: { name: string }) => author.name === 'cache-by-code'));

    const query = { query: '{ authors(sort: "name", pagination: { limit: 100 }) { data { attributes { name } } } }' };
    const first = await t.post('/graphql', query);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers.get('x-tessera-cache'), 'miss');
    const second = await t.post('/graphql', query);
    assert.equal(second.headers.get('x-tessera-cache'), 'hit');
    assert.equal(second.text, first.text);
    const mutation = { query: 'mutation { createAuthor(data: { name: "cache-by-graphql" }) { data { attributes { name } } } }' };
    const created = await t.post('/graphql', mutation);
    assert.equal(created.status, 200, created.text);
    assert.equal(created.headers.get('x-tessera-cache'), null);
    const third = await t.post('/graphql', query);
    assert.equal(third.headers.get('x-tessera-cache'), 'miss');
    assert.ok(third.body.data.authors.data.some((author: { attributes: { name: string } }) => author.attributes.name === 'cache-by-graphql'));
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'miss', 'the GraphQL write invalidated the REST list too');
  });

  it('each invalidation calls the purge hook with its surrogate keys', async () => {
    const id = await create('tags', { label: 'cache-purge' });
    const call = await waitUntil('the purge of tags', () => purges.calls.find((received) => JSON.stringify(received.body) === JSON.stringify({ keys: ['api::tag.tag'] })));
    assert.equal(call.headers['x-purge-token'], 'secret');
    assert.ok(id);
    await t.app.auth.permissionsChanged();
    await waitUntil('the purge of everything', () => purges.calls.find((received) => JSON.stringify(received.body) === JSON.stringify({ keys: ['tessera'] })));
  });

  it('a permission of the Public role revoked through the admin API: the cached answer goes at once', async () => {
    const login = await t.post('/admin/login', { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD });
    assert.equal(login.status, 200, login.text);
    const admin = { authorization: `Bearer ${login.body.data.token}` };
    const roles = await t.request('GET', '/admin/users-permissions/roles', { headers: admin });
    const publicRole = (roles.body.data as { id: number; type: string; permissions: string[] }[]).find((role) => role.type === 'public');
    assert.ok(publicRole);
    assert.ok(publicRole.permissions.includes('api::category.category.find'));
    const url = '/api/categories?sort=name&fields[0]=name';
    await t.get(url);
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    const revoke = await t.request('PUT', `/admin/users-permissions/roles/${publicRole.id}`, { headers: admin, body: { permissions: publicRole.permissions.filter((action) => action !== 'api::category.category.find') } });
    assert.equal(revoke.status, 200, revoke.text);
    assert.equal((await t.get(url)).status, 403);
    const grant = await t.request('PUT', `/admin/users-permissions/roles/${publicRole.id}`, { headers: admin, body: { permissions: publicRole.permissions } });
    assert.equal(grant.status, 200, grant.text);
    assert.equal((await t.get(url)).status, 200);
  });

  it('a permission change of the Public role drops every answer', async () => {
    const url = '/api/categories?sort=name';
    await t.get(url);
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    await t.app.auth.permissionsChanged();
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'miss');
  });

  it('a model change drops every answer', async () => {
    const url = '/api/categories?sort=name';
    await t.get(url);
    assert.equal((await t.get(url)).headers.get('x-tessera-cache'), 'hit');
    const source = t.app.modelRuntime.source().types.find((type) => type.uid === 'api::category.category');
    assert.ok(source);
    const definition = { ...source.definition, attributes: { ...source.definition.attributes, cacheNote: { type: 'string' } } };
    await t.app.modelRuntime.apply([{ kind: 'putType', uid: 'api::category.category', definition }], { confirm: true });
    const after = await t.get(url);
    assert.equal(after.headers.get('x-tessera-cache'), 'miss');
    assert.ok(after.body.data.every((category: Record<string, unknown>) => 'cacheNote' in category));
  });

  it('a write made while a read runs: the read\'s answer is not served after the write committed', async () => {
    const url = '/api/tags?sort=label&fields[0]=label';
    for (let round = 0; round < 20; round += 1) {
      const name = `cache-race-${round}`;
      // Both at once: the read may see the tag or not, but the next read must.
      await Promise.all([t.get(url), t.post('/api/tags', { data: { label: name } }), t.get(url)]);
      const next = await t.get(url);
      assert.ok(next.body.data.some((tag: { label: string }) => tag.label === name), `round ${round}: stale after the write`);
    }
  });
});
