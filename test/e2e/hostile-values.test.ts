import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Values a database would refuse, alter or compare differently (issue 15, items 5, 9 and 10):
 * each is refused before any query, with the same 4xx on SQLite, PostgreSQL and MariaDB, and
 * nothing is written. Before the fix these answered 500 on PostgreSQL (NUL, ids past 2^31),
 * 200 with altered text (lone surrogates), 200 (a NUL locale on a relation), matched a padded
 * identifier on MariaDB, and held the event loop for seconds (a backtracking regex).
 */

const ADMIN = { email: 'boss@example.com', password: 'Secret123' };
const ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
const NUL = 'must not contain NUL (U+0000) characters';
const ILL_FORMED = 'must be well-formed Unicode (it contains a lone surrogate, U+D800–U+DFFF)';

/** The tables these requests could write to: "nothing written" compares them whole. */
const TABLES = ['items', 'tags', 'strapi_api_tokens', 'up_roles', 'up_users', 'admin_users', 'i18n_locale'];

function assertRefused(response: TestResponse, status: number, name: string, label: string): void {
  assert.equal(response.status, status, `${label}: ${response.text}`);
  assert.equal(response.body?.data, null, label);
  assert.equal(response.body?.error?.name, name, label);
}

describe('hostile values: refused alike on every database, nothing written', () => {
  let app: TestApp;
  let boss: string;
  let item: { documentId: string; id: number };
  let tag: string;
  const admin = (method: string, url: string, body?: unknown) =>
    app.request(method, url, { headers: { authorization: `Bearer ${boss}` }, ...(body === undefined ? {} : { body }) });
  const snapshot = async () => {
    const rows: Record<string, unknown> = {};
    for (const table of TABLES) rows[table] = await app.app.database.db.selectFrom(table).selectAll().orderBy('id').execute();
    return rows;
  };
  const tagsOfItem = async () => {
    const response = await app.get(`/api/items/${item.documentId}?populate=tags`);
    assert.equal(response.status, 200, response.text);
    return (response.body.data.tags as { documentId: string }[]).map((linked) => linked.documentId);
  };

  before(async () => {
    app = await startTestApp({ fixture: 'hostile-values-app', env: ENV });
    const login = await app.post('/admin/login', ADMIN);
    assert.equal(login.status, 200, login.text);
    boss = login.body.data.token as string;
    const created = await app.post('/api/tags', { data: { name: 'red' } });
    assert.equal(created.status, 201, created.text);
    tag = created.body.data.documentId as string;
    const itemCreated = await app.post('/api/items', { data: { title: 'first', code: 'aaa', tags: [tag] } });
    assert.equal(itemCreated.status, 201, itemCreated.text);
    item = { documentId: itemCreated.body.data.documentId, id: itemCreated.body.data.id };
    const registered = await app.post('/api/auth/local/register', { username: 'bob', email: 'bob@example.com', password: 'Bob-Password-1' });
    assert.equal(registered.status, 200, registered.text);
  });
  after(async () => app?.close());

  describe('item 5: ill-formed Unicode (lone surrogates)', () => {
    it('in a write body → 400 naming the attribute; the text is not stored altered', async () => {
      const before = await snapshot();
      for (const [method, url] of [['POST', '/api/items'], ['PUT', `/api/items/${item.documentId}`]] as const) {
        const response = await app.request(method, url, { body: { data: { title: 'lone \ud800 x' } } });
        assertRefused(response, 400, 'ValidationError', `${method} ${url}`);
        assert.deepEqual(response.body.error.details.errors.map((error: { path: string[]; message: string }) => [error.path, error.message]), [[['title'], `title ${ILL_FORMED}`]]);
      }
      assert.deepEqual(await snapshot(), before);
    });

    it('in a GraphQL filter value → a 400-class error, no rows', async () => {
      const response = await app.post('/graphql', { query: 'query ($t: String) { items(filters: { title: { eq: $t } }) { __typename } }', variables: { t: 'lone \ud800 x' } });
      assert.ok(response.body.errors?.length > 0, response.text);
      assert.match(response.body.errors[0].message, /well-formed Unicode/);
      assert.equal(response.body.errors[0].extensions?.code, 'BAD_USER_INPUT', response.text);
    });

    it('in admin API names (API token, role, locale, admin user) → 400 naming the field', async () => {
      const before = await snapshot();
      const cases: [string, string, unknown, string][] = [
        ['POST', '/admin/api-tokens', { name: 'token \udc00', type: 'read-only' }, 'name'],
        ['POST', '/admin/users-permissions/roles', { name: 'role \ud800', description: 'x' }, 'name'],
        ['POST', '/admin/i18n/locales', { code: 'de', name: 'Deutsch \ud800' }, 'name'],
        ['POST', '/admin/admin-users', { email: 'new@example.com', password: 'Secret123', firstname: '\ud800', roles: ['strapi-editor'] }, 'firstname'],
        ['POST', '/admin/admin-users', { email: 'n\ud800@example.com', password: 'Secret123', roles: ['strapi-editor'] }, 'email'],
      ];
      for (const [method, url, body, field] of cases) {
        const response = await admin(method, url, body);
        assertRefused(response, 400, 'ValidationError', `${method} ${url} ${field}`);
        assert.deepEqual(response.body.error.details.errors[0].path, [field], response.text);
        assert.equal(response.body.error.details.errors[0].message, `${field} ${ILL_FORMED}`);
      }
      assert.deepEqual(await snapshot(), before);
    });
  });

  describe('item 9: values the database refuses are refused before any query', () => {
    it('ids past the 32-bit id column in every :id route → 404 (as an unknown id in range), nothing written', async () => {
      const before = await snapshot();
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/users/:id'],
        ['GET', '/api/upload/files/:id'],
        ['GET', '/admin/api-tokens/:id'],
        ['PUT', '/admin/api-tokens/:id', { name: 'renamed' }],
        ['DELETE', '/admin/api-tokens/:id'],
        ['POST', '/admin/api-tokens/:id/regenerate'],
        ['GET', '/admin/users-permissions/roles/:id'],
        ['PUT', '/admin/users-permissions/roles/:id', { name: 'renamed' }],
        ['DELETE', '/admin/users-permissions/roles/:id'],
        ['PUT', '/admin/i18n/locales/:id', { name: 'renamed' }],
        ['DELETE', '/admin/i18n/locales/:id'],
        ['PUT', '/admin/end-users/:id', { blocked: true }],
      ];
      for (const [method, url, body] of routes) {
        for (const id of ['2147483648', '9999999999', '99999999999999999999', '2147483647']) {
          const path = url.replace(':id', id);
          const response = path.startsWith('/admin') ? await admin(method, path, body) : await app.request(method, path);
          assertRefused(response, 404, 'NotFoundError', `${method} ${path}`);
        }
      }
      assert.deepEqual(await snapshot(), before);
    });

    it('NUL in a PUT body → 400 naming the attribute', async () => {
      const before = await snapshot();
      const response = await app.put(`/api/items/${item.documentId}`, { data: { title: 'a\u0000b' } });
      assertRefused(response, 400, 'ValidationError', 'PUT');
      assert.equal(response.body.error.message, `title ${NUL}`);
      assert.deepEqual(await snapshot(), before);
    });

    it('NUL in the admin login email → 400, not a database error', async () => {
      const response = await app.post('/admin/login', { email: 'boss\u0000@example.com', password: ADMIN.password });
      assertRefused(response, 400, 'ValidationError', 'login');
      assert.equal(response.body.error.message, `email ${NUL}`);
      const lone = await app.post('/admin/login', { email: 'boss\ud800@example.com', password: ADMIN.password });
      assertRefused(lone, 400, 'ValidationError', 'login, lone surrogate');
    });

    it('NUL in admin API names (API token, role, locale, admin user) → 400 naming the field', async () => {
      const before = await snapshot();
      const cases: [string, string, unknown, string][] = [
        ['POST', '/admin/api-tokens', { name: 'tok\u0000en', type: 'read-only' }, 'name'],
        ['POST', '/admin/api-tokens', { name: 'token', description: 'd\u0000', type: 'read-only' }, 'description'],
        ['POST', '/admin/users-permissions/roles', { name: 'ro\u0000le' }, 'name'],
        ['POST', '/admin/i18n/locales', { code: 'de', name: 'De\u0000' }, 'name'],
        ['POST', '/admin/i18n/locales', { code: 'd\u0000e' }, 'code'],
        ['POST', '/admin/admin-users', { email: 'new@example.com', password: 'Secret123', lastname: 'x\u0000', roles: ['strapi-editor'] }, 'lastname'],
        ['POST', '/admin/admin-users', { email: 'ne\u0000w@example.com', password: 'Secret123', roles: ['strapi-editor'] }, 'email'],
        ['POST', '/api/auth/local', { identifier: 'bob\u0000', password: 'x' }, 'identifier'],
      ];
      for (const [method, url, body, field] of cases) {
        const response = url.startsWith('/admin') ? await admin(method, url, body) : await app.request(method, url, { body });
        assertRefused(response, 400, 'ValidationError', `${method} ${url} ${field}`);
        assert.deepEqual(response.body.error.details.errors[0].path, [field], response.text);
        assert.equal(response.body.error.details.errors[0].message, `${field} ${NUL}`);
      }
      assert.deepEqual(await snapshot(), before);
    });

    it('login compares the identifier exactly: trailing spaces do not match (MariaDB compares PAD SPACE)', async () => {
      for (const identifier of ['bob ', 'bob  ', 'bob@example.com ']) {
        const response = await app.post('/api/auth/local', { identifier, password: 'Bob-Password-1' });
        assertRefused(response, 400, 'ValidationError', JSON.stringify(identifier));
        assert.equal(response.body.error.message, 'Invalid identifier or password');
      }
      for (const identifier of ['bob', 'BOB@example.com']) {
        const response = await app.post('/api/auth/local', { identifier, password: 'Bob-Password-1' });
        assert.equal(response.status, 200, `${identifier}: ${response.text}`);
      }
    });

    it('decimals past decimal(65,30) → 400 naming the limit, nothing written', async () => {
      const before = await snapshot();
      const response = await app.put(`/api/items/${item.documentId}`, { data: { amount: `0.${'0'.repeat(30)}1` } });
      assertRefused(response, 400, 'ValidationError', 'decimal');
      assert.equal(response.body.error.message, 'amount must have at most 35 digits before the decimal point and 30 after it');
      assert.deepEqual(await snapshot(), before);
    });

  });

  describe('item 10: a relation item whose locale holds NUL', () => {
    it('PUT connect / set / disconnect with locale "en\\u0000" → 400, the links unchanged', async () => {
      const other = await app.post('/api/tags', { data: { name: 'blue' } });
      assert.equal(other.status, 201, other.text);
      const before = await snapshot();
      const linked = await tagsOfItem();
      const bodies = [
        { connect: [{ documentId: other.body.data.documentId, locale: 'en\u0000' }] },
        { set: [{ documentId: other.body.data.documentId, locale: 'en\u0000' }] },
        { disconnect: [{ documentId: tag, locale: '\u0000' }] },
        { connect: [{ documentId: `${other.body.data.documentId}\u0000` }] },
        { connect: [{ documentId: other.body.data.documentId, locale: 'en\udc00' }] },
      ];
      for (const tags of bodies) {
        const response = await app.put(`/api/items/${item.documentId}`, { data: { tags } });
        assertRefused(response, 400, 'ValidationError', JSON.stringify(tags));
        assert.match(response.body.error.message, /must not contain NUL|well-formed Unicode/, response.text);
      }
      assert.deepEqual(await tagsOfItem(), linked);
      assert.deepEqual(await snapshot(), before);
    });
  });

  // Last: on a backtracking engine this request never answers, and nothing after it would run.
  describe('item 9: attribute regexes', () => {
    it('an admin-defined regex runs in linear time: ^(a+)+$ against 10,000 characters answers, with the right verdict', async () => {
      const before = await snapshot();
      // A backtracking engine explores 2^10000 paths here: this request would never answer.
      const refused = await app.post('/api/items', { data: { title: 'evil', code: `${'a'.repeat(10_000)}!` } });
      assertRefused(refused, 400, 'ValidationError', 'regex');
      assert.equal(refused.body.error.message, 'code must match the following: "/^(a+)+$/"');
      assert.deepEqual(await snapshot(), before);
      const accepted = await app.post('/api/items', { data: { title: 'long', code: 'a'.repeat(10_000) } });
      assert.equal(accepted.status, 201, accepted.text);
      const deleted = await app.del(`/api/items/${accepted.body.data.documentId}`);
      assert.equal(deleted.status, 204, deleted.text);
    });
  });
});
