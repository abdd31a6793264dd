import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { strapi } from '@strapi/client';
import { bearer, createApiToken, createUser, type TestUser } from '../helpers/auth-fixtures.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A Strapi 5 project's own code, written as public Strapi 5 projects write it
 * (test/fixtures/strapi-custom-code-app): a route middleware that sets `ctx.query.populate`, an
 * overridden `find` calling `super.find`, policies (global, of an API with its config, false → 403
 * PolicyError), custom routes with their own controller and service (regex parameter,
 * permission-checked action, `auth: false`), `@strapi/utils` errors, a global middleware of
 * config/middlewares, `strapi.server.routes` in register, and `strapi` in bootstrap. Each
 * assertion is what Strapi answers. Storage is involved (populate, writes): all three databases.
 */
describe('Strapi custom code: routes, controllers, services, policies, middlewares', () => {
  let t: TestApp;
  const logs: string[] = [];
  let full: string;
  let user: TestUser;
  let author: { documentId: string };
  const articles: Record<string, { documentId: string }> = {};

  before(async () => {
    t = await startTestApp({ fixture: 'strapi-custom-code-app', log: (line) => logs.push(line) });
    full = (await createApiToken(t.app, { type: 'full-access' })).token;
    user = await createUser(t.app, 'authenticated');
    const written = await t.request('POST', '/api/authors', { body: { data: { name: 'Ada' } }, headers: bearer(full) });
    assert.equal(written.status, 201, written.text);
    author = written.body.data;
    for (const [title, slug, featured] of [['Zeta news', 'zeta-news', true], ['Alpha news', 'alpha-news', true], ['Plain', 'plain', false]] as const) {
      const created = await t.request('POST', '/api/articles', { body: { data: { title, slug, featured, secret: 'hidden', author: author.documentId } }, headers: bearer(full) });
      assert.equal(created.status, 201, created.text);
      articles[slug] = created.body.data;
    }
  });
  after(async () => {
    await t.close();
  });

  it('bootstrap gets strapi: content-types, config of config/custom.js, services, db.query, plugin services, EE, and a clear error for what Tessera lacks', () => {
    assert.ok(logs.includes('[info] bootstrap: 3 content-types, greeting "Hello", EE false'), logs.join('\n'));
    assert.ok(logs.includes('[info] bootstrap: Hello, bootstrap!'), logs.join('\n'));
    assert.ok(logs.includes('[info] bootstrap: public role "Public", roles authenticated, public, 0 articles'), logs.join('\n'));
    assert.ok(logs.some((line) => line.includes('not supported by Tessera: strapi.telemetry')), logs.join('\n'));
    assert.deepEqual(logs.filter((line) => line.startsWith('Not run:')), []);
  });

  it('a route middleware sets ctx.query.populate before the core find, whose override adds to meta', async () => {
    const list = await t.get('/api/articles?sort=title:asc');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.data.map((article: { title: string; author: { name: string } }) => [article.title, article.author.name]),
      [['Alpha news', 'Ada'], ['Plain', 'Ada'], ['Zeta news', 'Ada']],
    );
    assert.equal(list.body.meta.note, 'from the overridden find');
    assert.deepEqual(list.body.meta.pagination, { page: 1, pageSize: 25, pageCount: 1, total: 3 });
    assert.equal('secret' in list.body.data[0], false, 'private attributes stay out');
    assert.equal(list.headers.get('x-request-tag'), 'tagged', 'the global middleware of config/middlewares ran');
  });

  it('findOne runs its route middleware too; the core action still validates the query', async () => {
    const one = await t.get(`/api/articles/${articles.plain!.documentId}`);
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.data.author.name, 'Ada');
    const bad = await t.get('/api/articles?filters[nope][$eq]=1');
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(bad.body.error, { status: 400, name: 'ValidationError', message: 'Invalid key nope', details: { key: 'nope', path: null, source: 'query', param: 'filters' } });
  });

  it('@strapi/client reads the populated list', async () => {
    const client = strapi({ baseURL: `${t.baseUrl}/api` });
    const found = await client.collection('articles').find({ sort: 'title:asc' });
    assert.equal(found.data.length, 3);
    assert.equal((found.data[0] as unknown as { author: { name: string } }).author.name, 'Ada');
  });

  it('a policy that returns false answers 403 PolicyError and the delete does not happen', async () => {
    const refused = await t.request('DELETE', `/api/articles/${articles.plain!.documentId}`, { headers: bearer(user.jwt) });
    assert.equal(refused.status, 403, refused.text);
    assert.deepEqual(refused.body, { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } });
    assert.equal((await t.get(`/api/articles/${articles.plain!.documentId}`)).status, 200, 'still there');
  });

  it('a policy with its config throws a PolicyError of its own; a passing one lets the core create run (201)', async () => {
    const long = await t.request('POST', '/api/articles', { body: { data: { title: 'x'.repeat(41) } }, headers: bearer(user.jwt) });
    assert.equal(long.status, 403, long.text);
    assert.deepEqual(long.body.error, { status: 403, name: 'PolicyError', message: 'Title longer than 40 characters', details: { policy: 'title-length', max: 40 } });
    const created = await t.request('POST', '/api/articles', { body: { data: { title: 'Short' } }, headers: bearer(user.jwt) });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.title, 'Short');
    const removed = await t.request('DELETE', `/api/articles/${created.body.data.documentId}`, { headers: { ...bearer(user.jwt), 'x-editor': 'yes' } });
    assert.equal(removed.status, 204, removed.text);
    assert.equal((await t.get(`/api/articles/${created.body.data.documentId}`)).status, 404);
  });

  it('the core routes still check the roles: public may not create', async () => {
    const refused = await t.request('POST', '/api/articles', { body: { data: { title: 'Anonymous' } } });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.error.name, 'ForbiddenError');
  });

  it('a custom route (auth: false) runs its controller action and a service override calling super', async () => {
    const featured = await t.get('/api/articles/featured');
    assert.equal(featured.status, 200, featured.text);
    assert.deepEqual(
      featured.body.data.map((article: { title: string }) => article.title),
      ['Alpha news', 'Zeta news'],
    );
    assert.deepEqual(featured.body.meta, {});
    assert.equal('secret' in featured.body.data[0], false, 'sanitizeOutput drops private attributes');
  });

  it('a custom route with a regex parameter, before the core /articles/:id', async () => {
    const found = await t.get('/api/articles/by-slug/zeta-news');
    assert.equal(found.status, 200, found.text);
    assert.equal(found.body.data.title, 'Zeta news');
    assert.equal(found.body.data.author.name, 'Ada', 'its route middleware populated');
    // The action validates the query it was given (this.validateQuery) before replacing its filters.
    const invalid = await t.get('/api/articles/by-slug/zeta-news?filters[nope][$eq]=1');
    assert.equal(invalid.status, 400, invalid.text);
    assert.equal(invalid.body.error.message, 'Invalid key nope');
    const missing = await t.get('/api/articles/by-slug/no-such-slug');
    assert.equal(missing.status, 404, missing.text);
    assert.deepEqual(missing.body, { data: null, error: { status: 404, name: 'NotFoundError', message: 'No article with this slug', details: {} } });
  });

  it('a custom route without auth: false is permission-checked: its action is granted to roles like the core ones', async () => {
    const path = `/api/articles/${articles['alpha-news']!.documentId}/like`;
    const anonymous = await t.request('POST', path);
    assert.equal(anonymous.status, 403, anonymous.text);
    assert.deepEqual(anonymous.body.error, { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
    const liked = await t.request('POST', path, { headers: bearer(user.jwt) });
    assert.equal(liked.status, 200, liked.text);
    assert.deepEqual(liked.body, { data: { documentId: articles['alpha-news']!.documentId, likes: 1, likedBy: user.id } });
    const bad = await t.request('POST', path, { headers: { authorization: 'Bearer nonsense' } });
    assert.equal(bad.status, 401, bad.text);
  });

  it('a plain controller of an API without content-type, its service, config.get and the global strapi', async () => {
    const hello = await t.get('/api/hello?name=Grace');
    assert.equal(hello.status, 200, hello.text);
    assert.deepEqual(hello.body, { message: 'Hello, Grace!' });
    assert.equal(hello.headers.get('x-request-tag'), 'tagged');
    const refused = await t.get('/api/hello/private');
    assert.equal(refused.status, 403, refused.text);
  });

  it('strapi.server.routes() of register serves its route', async () => {
    const ping = await t.get('/api/ping');
    assert.equal(ping.status, 200, ping.text);
    assert.equal(ping.text, 'pong');
  });

  it('a core router action with auth: false is public, whatever the roles say', async () => {
    const empty = await t.get('/api/homepage');
    assert.equal(empty.status, 404, empty.text);
    const put = await t.request('PUT', '/api/homepage?status=draft', { body: { data: { title: 'Welcome' } }, headers: bearer(full) });
    assert.equal(put.status, 200, put.text);
    assert.equal((await t.get('/api/homepage')).status, 404, 'a draft only');
    // The content API's own routes of the type (its version actions) are still served beside the project's.
    const published = await t.request('POST', '/api/homepage/actions/publish', { headers: bearer(full) });
    assert.equal(published.status, 200, published.text);
    const read = await t.get('/api/homepage');
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.data.title, 'Welcome');
    const write = await t.request('PUT', '/api/homepage', { body: { data: { title: 'No' } } });
    assert.equal(write.status, 403, 'only find is public');
  });

  it('errors thrown from @strapi/utils and the ctx helpers answer Strapi\'s envelope and status', async () => {
    const cases: ReadonlyArray<readonly [string, number, string, string, unknown]> = [
      ['application', 400, 'ApplicationError', 'Something is off', { reason: 'test' }],
      ['validation', 400, 'ValidationError', 'Name is required', { errors: [{ path: ['name'], message: 'Name is required', name: 'ValidationError' }] }],
      ['not-found', 404, 'NotFoundError', 'Entity not found', {}],
      ['forbidden', 403, 'ForbiddenError', 'Forbidden access', {}],
      ['unauthorized', 401, 'UnauthorizedError', 'Unauthorized', {}],
      ['policy', 403, 'PolicyError', 'Policy Failed', {}],
      ['too-large', 413, 'PayloadTooLargeError', 'Entity too large', {}],
      ['rate-limit', 429, 'RateLimitError', 'Too many requests, please try again later.', {}],
      ['not-implemented', 501, 'NotImplementedError', 'This feature is not implemented yet', {}],
      ['bad-request', 400, 'BadRequestError', 'Bad name', { field: 'name' }],
      ['conflict', 409, 'ConflictError', 'Already taken', {}],
    ];
    for (const [kind, status, name, message, details] of cases) {
      const answer = await t.get(`/api/hello/errors/${kind}`);
      assert.equal(answer.status, status, `${kind}: ${answer.text}`);
      assert.deepEqual(answer.body, { data: null, error: { status, name, message, details } }, kind);
    }
    const bug = await t.get('/api/hello/errors/bug');
    assert.equal(bug.status, 500, bug.text);
    assert.deepEqual(bug.body, { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } });
  });

  it('a known path with a method no route has answers 405', async () => {
    const wrong = await t.request('PATCH', '/api/articles/featured');
    assert.equal(wrong.status, 405, wrong.text);
  });

  it('close runs destroy with the same strapi, then removes the global', async () => {
    assert.equal(typeof (globalThis as { strapi?: unknown }).strapi, 'object', 'set while the server runs');
    await t.close();
    assert.ok(logs.includes('[info] destroy: global strapi is the one given: true'), logs.join('\n'));
    assert.equal((globalThis as { strapi?: unknown }).strapi, undefined);
  });
});
