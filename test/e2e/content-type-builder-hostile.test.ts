import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * What the content-type builder refuses from a super-admin who means harm or makes a mistake
 * (issue 15): tables Tessera or the database owns, names the features' routes take, tables the
 * database cannot hold; and a type it creates can be granted at once (no restart).
 */
const ADMIN = { email: 'boss@example.com', password: 'Secret123' };
const BASE = '/content-type-builder';

/** Every file of the project's src folder with its content: what "nothing written" compares. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(path.join(dir, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[path.relative(dir, path.join(entry.parentPath, entry.name))] = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return files;
}

function type(singularName: string, pluralName: string, attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { contentType: { singularName, pluralName, displayName: singularName, attributes, ...extra } };
}

function assertRefused(response: TestResponse, path: readonly string[], message: RegExp): void {
  assert.equal(response.status, 400, response.text);
  assert.equal(response.body.data, null);
  assert.equal(response.body.error.name, 'ValidationError');
  assert.match(response.body.error.message, message);
  const errors = response.body.error.details.errors as { path: string[]; message: string }[];
  assert.ok(errors.some((error) => JSON.stringify(error.path) === JSON.stringify(path)), JSON.stringify(errors));
}

describe('content-type builder: hostile definitions', () => {
  let app: TestApp;
  let dir: string;
  let boss: string;
  let fullToken: string;
  const as = (who: string | null, method: string, url: string, body?: unknown): Promise<TestResponse> =>
    app.request(method, url, { headers: who === null ? {} : { authorization: `Bearer ${who}` }, ...(body === undefined ? {} : { body }) });
  const builder = (method: string, url: string, body?: unknown) => as(boss, method, `${BASE}${url}`, body);

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-ctb-hostile-'));
    await cp(fixturePath('admin-app'), dir, { recursive: true });
    app = await startTestApp({ fixture: dir, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    const login = await app.post('/admin/login', ADMIN);
    assert.equal(login.status, 200, login.text);
    boss = login.body.data.token as string;
    const token = await as(boss, 'POST', '/admin/api-tokens', { name: 'full', type: 'full-access' });
    assert.equal(token.status, 201, token.text);
    fullToken = token.body.data.accessKey as string;
  });
  after(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses a collectionName of Tessera's own tables, of the database's, and derived names taking them; nothing is written", async () => {
    const before = await snapshot(dir);
    const own = ['tessera_store', 'admin_users', 'admin_roles', 'strapi_api_tokens', 'strapi_api_token_permissions', 'up_permissions', 'i18n_locale', 'tessera_locks', 'up_users', 'files', 'up_users_role_lnk', 'ADMIN_USERS'];
    for (const collectionName of own) {
      assertRefused(await builder('POST', '/content-types', type('grab', 'grabs', { key: { type: 'string' }, value: { type: 'json' } }, { collectionName })), ['contentType', 'collectionName'], new RegExp(`"${collectionName}"`));
    }
    for (const collectionName of ['pg_class', 'pg_authid', 'sqlite_master', 'information_schema', 'mysql']) {
      for (const dryRun of ['', '?dryRun=true']) {
        assertRefused(await builder('POST', `/content-types${dryRun}`, type('grab', 'grabs', { title: { type: 'string' } }, { collectionName })), ['contentType', 'collectionName'], /not available|reserved by the database/);
      }
    }
    // admin + usersRoles: the link table would be admin_users_roles_lnk, the admin users' roles.
    const link = await builder('POST', '/content-types', type('grab', 'grabs', { usersRoles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article' } }, { collectionName: 'admin' }));
    assertRefused(link, ['contentType', 'attributes', 'usersRoles'], /link table "admin_users_roles_lnk" collides with a name of Tessera's own storage/);
    // A table named like a system index (PostgreSQL and SQLite keep indexes among tables).
    assertRefused(await builder('POST', '/content-types', type('grab', 'grabs', {}, { collectionName: 'admin_users_email_uq' })), ['contentType', 'collectionName'], /admin_users_email_uq/);
    // A component cannot take one either.
    const component = await builder('POST', '/components', { component: { category: 'evil', displayName: 'Store', collectionName: 'tessera_store', attributes: { key: { type: 'string' } } } });
    assertRefused(component, ['component', 'collectionName'], /tessera_store/);

    assert.deepEqual(await snapshot(dir), before, 'no file written');
    assert.equal((await builder('GET', '/content-types/api::grab.grab')).status, 404);
    // The secrets' table and the admins' are intact: an admin still logs in, a token still reads.
    assert.equal((await app.post('/admin/login', ADMIN)).status, 200);
    assert.equal((await as(fullToken, 'GET', '/api/articles')).status, 200);
    assert.equal((await as(fullToken, 'GET', '/api/grabs')).status, 404);
  });

  it('refuses singular and plural names that the routes under /api take (upload, auth, users, i18n, connect, users-permissions)', async () => {
    for (const plural of ['upload', 'auth', 'users', 'i18n', 'connect', 'users-permissions']) {
      assertRefused(await builder('POST', '/content-types', type(`${plural}-item`, plural, { title: { type: 'string' } })), ['contentType', 'pluralName'], new RegExp(`pluralName "${plural}"`));
    }
    for (const singular of ['upload', 'auth', 'i18n', 'connect']) {
      const response = await builder('POST', '/content-types', type(singular, `${singular}-things`, { title: { type: 'string' } }, { kind: 'singleType' }));
      assertRefused(response, ['contentType', 'singularName'], new RegExp(`singularName "${singular}" is taken by a route`));
    }
    // The features' routes still answer as theirs.
    assert.equal((await as(fullToken, 'GET', '/api/i18n/locales')).status, 200);
  });

  it("refuses a type with more columns than the database holds (400 naming the limit), writing nothing", async () => {
    const before = await snapshot(dir);
    const attributes = Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`field${index}`, { type: 'integer' }]));
    for (const dryRun of ['?dryRun=true', '']) {
      const response = await builder('POST', `/content-types${dryRun}`, type('wide', 'wides', attributes));
      assertRefused(response, ['api::wide.wide'], /api::wide\.wide: (SQLite|PostgreSQL|MySQL\/MariaDB \(InnoDB\)) allows at most (2000|1600|1017) columns in a table; table "wides" would have 5007/);
    }
    assert.deepEqual(await snapshot(dir), before, 'no file written');
    assert.equal((await as(fullToken, 'GET', '/api/wides')).status, 404);
    // One column under every database's count is accepted where its row fits.
    const narrow = await builder('POST', '/content-types', type('narrow', 'narrows', Object.fromEntries(Array.from({ length: 900 }, (_, index) => [`n${index}`, { type: 'boolean' }]))));
    assert.equal(narrow.status, 201, narrow.text);
  });

  it('refuses a row too large for MySQL/MariaDB before writing (elsewhere the type is created)', async () => {
    const attributes = Object.fromEntries(Array.from({ length: 70 }, (_, index) => [`s${index}`, { type: 'string' }]));
    const response = await builder('POST', '/content-types', type('long-row', 'long-rows', attributes));
    if (process.env.TESSERA_TEST_DB === 'mysql') {
      assertRefused(response, ['api::long-row.long-row'], /MySQL\/MariaDB cannot hold table "long_rows": Row size too large/);
      assert.equal((await as(fullToken, 'GET', '/api/long-rows')).status, 404);
    } else {
      assert.equal(response.status, 201, response.text);
    }
  });

  it('a type created at run time can be granted to a role and to a custom API token at once, and read with them', async () => {
    const created = await builder('POST', '/content-types', type('gadget', 'gadgets', { name: { type: 'string' } }));
    assert.equal(created.status, 201, created.text);
    const stored = await as(fullToken, 'POST', '/api/gadgets', { data: { name: 'Widget' } });
    assert.equal(stored.status, 201, stored.text);

    const custom = await as(boss, 'POST', '/admin/api-tokens', { name: 'gadgets-reader', type: 'custom', permissions: ['api::gadget.gadget.find'] });
    assert.equal(custom.status, 201, custom.text);
    const reader = custom.body.data.accessKey as string;
    const read = await as(reader, 'GET', '/api/gadgets');
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body.data.map((item: { name: string }) => item.name), ['Widget']);
    assert.equal((await as(reader, 'POST', '/api/gadgets', { data: { name: 'x' } })).status, 403, 'only find was granted');

    assert.equal((await as(null, 'GET', '/api/gadgets')).status, 403);
    const roles = await as(boss, 'GET', '/admin/users-permissions/roles');
    assert.equal(roles.status, 200, roles.text);
    const publicRole = (roles.body.data as { id: number; type: string; permissions: string[] }[]).find((role) => role.type === 'public');
    assert.ok(publicRole);
    const granted = await as(boss, 'PUT', `/admin/users-permissions/roles/${publicRole.id}`, { permissions: [...publicRole.permissions, 'api::gadget.gadget.find'] });
    assert.equal(granted.status, 200, granted.text);
    const open = await as(null, 'GET', '/api/gadgets');
    assert.equal(open.status, 200, open.text);
    assert.equal(open.body.data.length, 1);
    // Actions the type does not have stay unknown.
    const unknown = await as(boss, 'POST', '/admin/api-tokens', { name: 'bad', type: 'custom', permissions: ['api::gadget.gadget.publish'] });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error.message, /Unknown permissions provided: api::gadget\.gadget\.publish/);
  });
});
