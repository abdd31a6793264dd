import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The content-type builder's admin API on a real app: definitions written to the project's
 * files (a copy of the fixture in a temporary folder) and served from the next request.
 */
const ADMIN = { email: 'boss@example.com', password: 'Secret123' };
const ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
const BASE = '/content-type-builder';

async function login(app: TestApp, email: string, password: string): Promise<string> {
  const response = await app.post('/admin/login', { email, password });
  assert.equal(response.status, 200, response.text);
  return response.body.data.token as string;
}

/** Every file of the project's src folder with its content: what "nothing written" compares. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(path.join(dir, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = await readFile(file, 'utf8');
  }
  return files;
}

describe('content-type builder API', () => {
  let app: TestApp;
  let dir: string;
  let boss: string;
  let editor: string;
  let token: string;
  const as = (who: string | null, method: string, url: string, body?: unknown): Promise<TestResponse> =>
    app.request(method, url, { headers: who === null ? {} : { authorization: `Bearer ${who}` }, ...(body === undefined ? {} : { body }) });
  const admin = (method: string, url: string, body?: unknown) => as(boss, method, `${BASE}${url}`, body);
  const api = (method: string, url: string, body?: unknown) => as(token, method, `/api${url}`, body);
  const schemaFile = async (relative: string): Promise<unknown> => JSON.parse(await readFile(path.join(dir, relative), 'utf8'));

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-ctb-'));
    await cp(fixturePath('admin-app'), dir, { recursive: true });
    app = await startTestApp({ fixture: dir, env: ENV });
    boss = await login(app, ADMIN.email, ADMIN.password);
    const created = await as(boss, 'POST', '/admin/admin-users', { email: 'ed@example.com', password: 'Editor123', roles: ['strapi-editor'] });
    assert.equal(created.status, 201, created.text);
    editor = await login(app, 'ed@example.com', 'Editor123');
    const apiToken = await as(boss, 'POST', '/admin/api-tokens', { name: 'full', type: 'full-access' });
    assert.equal(apiToken.status, 201, apiToken.text);
    token = apiToken.body.data.accessKey as string;
  });
  after(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('needs an admin JWT (401); reading takes any admin, changing a super-admin (403)', async () => {
    for (const url of ['/content-types', '/content-types/api::article.article', '/components', '/component-categories']) {
      assert.equal((await as(null, 'GET', `${BASE}${url}`)).status, 401, url);
      assert.equal((await as('not-a-jwt', 'GET', `${BASE}${url}`)).status, 401, url);
      assert.equal((await as(editor, 'GET', `${BASE}${url}`)).status, 200, url);
    }
    const body = { contentType: { singularName: 'sneaky', pluralName: 'sneakies', displayName: 'Sneaky', attributes: {} } };
    assert.equal((await as(null, 'POST', `${BASE}/content-types`, body)).status, 401);
    assert.equal((await as(token, 'POST', `${BASE}/content-types`, body)).status, 401, 'an API token is not an admin');
    assert.equal((await as(editor, 'POST', `${BASE}/content-types`, body)).status, 403);
    assert.equal((await as(editor, 'DELETE', `${BASE}/content-types/api::note.note?confirm=true`)).status, 403);
    assert.equal((await as(editor, 'PUT', `${BASE}/component-categories/x`, { name: 'y' })).status, 403);
    assert.equal((await admin('GET', '/content-types/api::sneaky.sneaky')).status, 404);
  });

  it('lists the project types and the built-in ones (not editable)', async () => {
    const list = await admin('GET', '/content-types');
    assert.equal(list.status, 200);
    const byUid = new Map(list.body.data.map((type: { uid: string }) => [type.uid, type]));
    assert.deepEqual(byUid.get('api::article.article'), {
      uid: 'api::article.article',
      editable: true,
      schema: {
        kind: 'collectionType',
        collectionName: 'articles',
        singularName: 'article',
        pluralName: 'articles',
        displayName: 'Article',
        description: '',
        draftAndPublish: false,
        pluginOptions: {},
        attributes: { title: { type: 'string' } },
      },
    });
    const user = byUid.get('plugin::users-permissions.user') as { editable: boolean; plugin: string };
    assert.equal(user.editable, false);
    assert.equal(user.plugin, 'users-permissions');
    assert.equal((await admin('PUT', '/content-types/plugin::users-permissions.user', { contentType: { singularName: 'user', pluralName: 'users', displayName: 'User', attributes: {} } })).status, 400);
  });

  it('creates a content-type: the schema.json is written, listed, read and served by /api at once', async () => {
    const created = await admin('POST', '/content-types', {
      contentType: { singularName: 'product', pluralName: 'products', displayName: 'Product', description: 'Things we sell', attributes: { title: { type: 'string', required: true }, stock: { type: 'integer' } } },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.uid, 'api::product.product');
    assert.equal(typeof created.body.data.version, 'number');
    assert.deepEqual(created.body.data.impacts, []);
    const file = path.join('src', 'api', 'product', 'content-types', 'product', 'schema.json');
    assert.ok(created.body.data.files.includes(file), JSON.stringify(created.body.data.files));
    assert.deepEqual(await schemaFile(file), {
      kind: 'collectionType',
      collectionName: 'products',
      info: { singularName: 'product', pluralName: 'products', displayName: 'Product', description: 'Things we sell' },
      options: { draftAndPublish: false },
      pluginOptions: {},
      attributes: { title: { type: 'string', required: true }, stock: { type: 'integer' } },
    });
    const read = await admin('GET', '/content-types/api::product.product');
    assert.equal(read.status, 200);
    assert.equal(read.body.data.schema.description, 'Things we sell');
    assert.ok((await admin('GET', '/content-types')).body.data.some((type: { uid: string }) => type.uid === 'api::product.product'));

    const document = await api('POST', '/products', { data: { title: 'Lamp', stock: 3 } });
    assert.equal(document.status, 201, document.text);
    assert.equal(document.body.data.title, 'Lamp');
    const missing = await api('POST', '/products', { data: { stock: 1 } });
    assert.equal(missing.status, 400, 'the required rule applies at once');
    const list = await api('GET', '/products');
    assert.deepEqual(list.body.data.map((item: { title: string }) => item.title), ['Lamp']);
  });

  it('adds, renames (confirmed) and removes (confirmed) attributes with data present', async () => {
    const base = { singularName: 'product', pluralName: 'products', displayName: 'Product' };
    const added = await admin('PUT', '/content-types/api::product.product', { contentType: { ...base, attributes: { title: { type: 'string', required: true }, stock: { type: 'integer' }, color: { type: 'string' } } } });
    assert.equal(added.status, 200, added.text);
    assert.deepEqual(added.body.data.impacts, []);
    const [lamp] = (await api('GET', '/products')).body.data;
    assert.equal((await api('PUT', `/products/${lamp.documentId}`, { data: { color: 'red' } })).status, 200);

    const renameBody = { contentType: { ...base, attributes: { name: { type: 'string', required: true }, stock: { type: 'integer' }, color: { type: 'string' } } }, renames: { title: 'name' } };
    const plan = await admin('POST', '/content-types/api::product.product/plan', renameBody);
    assert.equal(plan.status, 200, plan.text);
    assert.ok(plan.body.data.impacts.some((impact: { attribute: string }) => impact.attribute === 'title'), plan.text);
    const before = await snapshot(dir);
    const unconfirmed = await admin('PUT', '/content-types/api::product.product', renameBody);
    assert.equal(unconfirmed.status, 400, unconfirmed.text);
    assert.deepEqual(await snapshot(dir), before, 'nothing written without confirmation');
    assert.equal((await api('GET', '/products')).body.data[0].title, 'Lamp');
    const renamed = await admin('PUT', '/content-types/api::product.product', { ...renameBody, confirm: true });
    assert.equal(renamed.status, 200, renamed.text);
    const afterRename = (await api('GET', '/products')).body.data[0];
    assert.equal(afterRename.name, 'Lamp', 'the data moved with the attribute');
    assert.ok(!('title' in afterRename));

    const removeBody = { contentType: { ...base, attributes: { name: { type: 'string', required: true }, stock: { type: 'integer' } } } };
    const refused = await admin('PUT', '/content-types/api::product.product', removeBody);
    assert.equal(refused.status, 400, refused.text);
    assert.equal((await api('GET', '/products')).body.data[0].color, 'red');
    const removed = await admin('PUT', '/content-types/api::product.product?confirm=true', removeBody);
    assert.equal(removed.status, 200, removed.text);
    assert.ok(removed.body.data.impacts.some((impact: { attribute: string; change: string }) => impact.attribute === 'color' && impact.change === 'delete-attribute'));
    assert.ok(!('color' in (await api('GET', '/products')).body.data[0]));
    assert.equal((await api('PUT', `/products/${lamp.documentId}`, { data: { color: 'blue' } })).status, 400, 'the removed attribute is refused in bodies');
  });

  it('components and categories: create, use, rename a category (refused while its components are in use), delete', async () => {
    const created = await admin('POST', '/components', { component: { category: 'shared', displayName: 'Seo Data', icon: 'search', attributes: { metaTitle: { type: 'string' } } } });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.uid, 'shared.seo-data');
    assert.deepEqual(await schemaFile(path.join('src', 'components', 'shared', 'seo-data.json')), {
      collectionName: 'components_shared_seo_data',
      info: { displayName: 'Seo Data', icon: 'search' },
      options: {},
      attributes: { metaTitle: { type: 'string' } },
    });
    assert.equal((await admin('POST', '/components', { component: { category: 'shared', displayName: 'seo-data', attributes: {} } })).status, 400, 'exists');
    assert.deepEqual((await admin('GET', '/component-categories')).body.data, ['shared']);
    assert.equal((await admin('GET', '/components/shared.seo-data')).body.data.schema.displayName, 'Seo Data');

    const base = { singularName: 'product', pluralName: 'products', displayName: 'Product' };
    const withSeo = await admin('PUT', '/content-types/api::product.product', { contentType: { ...base, attributes: { name: { type: 'string', required: true }, stock: { type: 'integer' }, seo: { type: 'component', component: 'shared.seo-data' } } } });
    assert.equal(withSeo.status, 200, withSeo.text);
    const [lamp] = (await api('GET', '/products')).body.data;
    // No populate: a write of a component without relations once took the single-UPDATE path and was lost.
    const written = await api('PUT', `/products/${lamp.documentId}`, { data: { seo: { metaTitle: 'A lamp' } } });
    assert.equal(written.status, 200, written.text);
    const readBack = await api('GET', `/products/${lamp.documentId}?populate=seo`);
    assert.equal(readBack.body.data.seo?.metaTitle, 'A lamp', readBack.text);

    // Components in use keep their category (their items name them by uid): refused, nothing changed.
    const refused = await admin('PUT', '/component-categories/shared?confirm=true', { name: 'meta' });
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.body.error.message, /in use cannot be renamed yet/);
    assert.deepEqual((await admin('GET', '/component-categories')).body.data, ['shared']);
    const kept = await api('GET', `/products/${lamp.documentId}?populate=seo`);
    assert.equal(kept.body.data.seo?.metaTitle, 'A lamp', kept.text);
    // A category whose components nothing uses moves.
    assert.equal((await admin('POST', '/components', { component: { category: 'spare', displayName: 'Note', attributes: { text: { type: 'string' } } } })).status, 201);
    const moved = await admin('PUT', '/component-categories/spare', { name: 'meta' });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(moved.body.data.uids, { 'spare.note': 'meta.note' });
    assert.deepEqual((await admin('GET', '/component-categories')).body.data, ['meta', 'shared']);

    assert.equal((await admin('DELETE', '/component-categories/meta?confirm=true')).status, 200);
    const deleted = await admin('DELETE', '/component-categories/shared?confirm=true');
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual((await admin('GET', '/components')).body.data, []);
    assert.ok(!('seo' in (await admin('GET', '/content-types/api::product.product')).body.data.schema.attributes), 'the attribute using it went with it');
    assert.equal((await api('GET', '/products?populate=seo')).status, 400);
  });

  it('a relation with targetAttribute creates the inverse side; deleting the target removes the relation', async () => {
    const brand = await admin('POST', '/content-types', { contentType: { singularName: 'brand', pluralName: 'brands', displayName: 'Brand', attributes: { label: { type: 'string' } } } });
    assert.equal(brand.status, 201, brand.text);
    const base = { singularName: 'product', pluralName: 'products', displayName: 'Product' };
    const related = await admin('PUT', '/content-types/api::product.product', {
      contentType: { ...base, attributes: { name: { type: 'string', required: true }, stock: { type: 'integer' }, brand: { type: 'relation', relation: 'manyToOne', target: 'api::brand.brand', targetAttribute: 'products' } } },
    });
    assert.equal(related.status, 200, related.text);
    assert.deepEqual((await admin('GET', '/content-types/api::brand.brand')).body.data.schema.attributes.products, { type: 'relation', relation: 'oneToMany', target: 'api::product.product', mappedBy: 'brand' });
    assert.deepEqual((await schemaFile(path.join('src', 'api', 'product', 'content-types', 'product', 'schema.json')) as { attributes: Record<string, unknown> }).attributes.brand, {
      type: 'relation',
      relation: 'manyToOne',
      target: 'api::brand.brand',
      inversedBy: 'products',
    });

    const acme = await api('POST', '/brands', { data: { label: 'Acme' } });
    assert.equal(acme.status, 201, acme.text);
    const [lamp] = (await api('GET', '/products')).body.data;
    assert.equal((await api('PUT', `/products/${lamp.documentId}`, { data: { brand: acme.body.data.documentId } })).status, 200);
    const withProducts = await api('GET', `/brands/${acme.body.data.documentId}?populate=products`);
    assert.deepEqual(withProducts.body.data.products.map((item: { name: string }) => item.name), ['Lamp']);

    const before = await snapshot(dir);
    assert.equal((await admin('DELETE', '/content-types/api::brand.brand')).status, 400, 'documents would be lost: confirmation needed');
    assert.deepEqual(await snapshot(dir), before);
    const dry = await admin('DELETE', '/content-types/api::brand.brand?dryRun=true');
    assert.equal(dry.status, 200);
    assert.ok(dry.body.data.impacts.length > 0);
    const deleted = await admin('DELETE', '/content-types/api::brand.brand?confirm=true');
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(deleted.body.data.uid, 'api::brand.brand');
    assert.equal((await admin('GET', '/content-types/api::brand.brand')).status, 404);
    assert.ok(!('brand' in (await admin('GET', '/content-types/api::product.product')).body.data.schema.attributes));
    assert.equal((await api('GET', '/brands')).status, 404);
    assert.equal((await api('GET', '/products')).status, 200);
  });

  it('every invalid definition → 400 with details, nothing written to disk or served', async () => {
    const before = await snapshot(dir);
    const types = (await admin('GET', '/content-types')).body;
    const type = (attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ contentType: { singularName: 'gadget', pluralName: 'gadgets', displayName: 'Gadget', attributes, ...extra } });
    const cases: [string, string, unknown, string[]][] = [
      ['POST', '/content-types', type({ title: { type: 'strin' } }), ['contentType', 'attributes', 'title', 'type']],
      ['POST', '/content-types', type({ title: { type: 'string', maxLength: 'ten' } }), ['contentType', 'attributes', 'title', 'maxLength']],
      // Attribute regexes run on RE2 (linear time): a backreference cannot be expressed there.
      ['POST', '/content-types', type({ code: { type: 'string', regex: '^(a)\\1$' } }), ['contentType', 'attributes', 'code', 'regex']],
      ['POST', '/content-types', type({ title: { type: 'string' } }, { colour: 'red' }), ['contentType', 'colour']],
      ['POST', '/content-types', type({ createdAt: { type: 'string' } }), ['contentType', 'attributes', 'createdAt']],
      ['POST', '/content-types', type({ owner: { type: 'relation', relation: 'oneToOne', target: 'api::nope.nope' } }), ['contentType', 'attributes', 'owner', 'target']],
      ['POST', '/content-types', type({ part: { type: 'component', component: 'shared.nope' } }), ['contentType', 'attributes', 'part', 'component']],
      ['POST', '/content-types', type({}, { singularName: 'Gadget' }), ['contentType', 'singularName']],
      ['POST', '/content-types', type({}, { pluralName: 'gadget' }), ['contentType', 'pluralName']],
      ['POST', '/content-types', type({}, { pluralName: 'articles', collectionName: 'gadgets' }), ['contentType', 'pluralName']],
      ['POST', '/content-types', type({}, { singularName: 'user', pluralName: 'people' }), ['contentType', 'singularName']],
      ['POST', '/content-types', type({}, { singularName: 'article', pluralName: 'gadgets' }), ['contentType', 'singularName']],
      ['POST', '/content-types', { contentType: { singularName: 'gadget' } }, ['contentType', 'pluralName']],
      ['PUT', '/content-types/api::article.article', { contentType: { singularName: 'article', pluralName: 'articles', displayName: 'A', attributes: { title: { type: 'string', unique: 'yes' } } } }, ['contentType', 'attributes', 'title', 'unique']],
      ['POST', '/components', { component: { category: 'Bad Category', displayName: 'X', attributes: {} } }, ['component', 'category']],
      ['POST', '/components', { component: { category: 'shared', displayName: 'X', attributes: { zone: { type: 'dynamiczone', components: ['shared.x'] } } } }, ['component', 'attributes', 'zone']],
    ];
    for (const [method, url, body, pathInBody] of cases) {
      const response = await admin(method, url, body);
      assert.equal(response.status, 400, `${method} ${url} ${JSON.stringify(body)} → ${response.text}`);
      assert.equal(response.body.error.name, 'ValidationError');
      assert.deepEqual(response.body.error.details.errors[0].path, pathInBody, `${JSON.stringify(body)} → ${response.text}`);
    }
    const notJson = await app.request('POST', `${BASE}/content-types`, { rawBody: '[1]', headers: { authorization: `Bearer ${boss}`, 'content-type': 'application/json' } });
    assert.equal(notJson.status, 400);
    assert.deepEqual(await snapshot(dir), before, 'no file written');
    assert.deepEqual((await admin('GET', '/content-types')).body, types, 'the served model is unchanged');
    assert.equal((await api('GET', '/gadgets')).status, 404);
  });

  it('a change needing confirmation says what works; a DELETE takes ?confirm=true or { confirm: true }, and an empty JSON body', async () => {
    const CONFIRM = 'This change affects stored data; send the request again with ?confirm=true to apply it';
    const emptyJson = (url: string) => app.request('DELETE', `${BASE}${url}`, { rawBody: '', headers: { authorization: `Bearer ${boss}`, 'content-type': 'application/json' } });
    for (const name of ['gizmo', 'widget']) {
      const created = await admin('POST', '/content-types', { contentType: { singularName: name, pluralName: `${name}s`, displayName: name, attributes: { label: { type: 'string' } } } });
      assert.equal(created.status, 201, created.text);
      assert.equal((await api('POST', `/${name}s`, { data: { label: 'Kept' } })).status, 201);
    }

    const refused = await emptyJson('/content-types/api::gizmo.gizmo');
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.error.message, CONFIRM);
    assert.ok(refused.body.error.details.impacts.length > 0, refused.text);
    const put = await admin('PUT', '/content-types/api::gizmo.gizmo', { contentType: { singularName: 'gizmo', pluralName: 'gizmos', displayName: 'gizmo', attributes: {} } });
    assert.equal(put.body.error.message, CONFIRM, 'the same words for every route');
    assert.equal((await api('GET', '/gizmos')).body.data[0].label, 'Kept');

    const badFlag = await admin('DELETE', '/content-types/api::gizmo.gizmo', { confirm: 'yes' });
    assert.equal(badFlag.status, 400, badFlag.text);
    assert.deepEqual(badFlag.body.error.details.errors[0].path, ['confirm']);
    const inBody = await admin('DELETE', '/content-types/api::gizmo.gizmo', { confirm: true });
    assert.equal(inBody.status, 200, inBody.text);
    assert.equal((await api('GET', '/gizmos')).status, 404);

    const inQuery = await emptyJson('/content-types/api::widget.widget?confirm=true');
    assert.equal(inQuery.status, 200, inQuery.text);
    assert.equal((await api('GET', '/widgets')).status, 404);
  });

  it('deletes a content-type with its file', async () => {
    const deleted = await admin('DELETE', '/content-types/api::note.note?confirm=true');
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(Object.keys(deleted.body.data).sort(), ['impacts', 'uid', 'version']);
    const files = await snapshot(dir);
    assert.ok(!Object.keys(files).some((file) => file.includes(`${path.sep}note${path.sep}`)), Object.keys(files).join(', '));
    assert.equal((await api('GET', '/notes')).status, 404);
  });
});
