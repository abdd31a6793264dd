import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * A project written as Strapi 5 writes one (test/fixtures/strapi5-project): keys Tessera does
 * not read are loaded, reported once and kept by the content-type builder; the user extension's
 * fields and relations are served by /api/users and /api/auth/local/register; custom fields
 * registered in register(), mapped in config/server or built in store their underlying types;
 * plugins Tessera does not have are named at start.
 */
const ADMIN = { email: 'boss@example.com', password: 'Secret123' };
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('a Strapi 5 project: schema options, user extension, custom fields, plugins', () => {
  let app: TestApp;
  let dir: string;
  const logs: string[] = [];
  const as = (token: string | null, method: string, url: string, body?: unknown): Promise<TestResponse> =>
    app.request(method, url, { headers: token === null ? {} : { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) });
  const schemaFile = async (relative: string): Promise<Record<string, any>> => JSON.parse(await readFile(path.join(dir, relative), 'utf8')); // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON

  before(async () => {
    // A copy: the builder test writes schema files and uploads write files into the project.
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-strapi5-'));
    await cp(fixturePath('strapi5-project'), dir, { recursive: true });
    app = await startTestApp({ fixture: dir, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, log: (message) => logs.push(message) });
  });
  after(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('says once at start which schema keys it does not use, with their files', async () => {
    const lines = logs.filter((line) => line.startsWith('Schema keys Tessera does not use'));
    assert.equal(lines.length, 1, logs.join('\n'));
    const [line = ''] = lines;
    for (const expected of [
      'src/api/article/content-types/article/schema.json: options.comment, pluginOptions.content-manager, attributes.title.displayName, attributes.title.pluginOptions.seo',
      'attributes.summary.conditions',
      'src/api/task/content-types/task/schema.json: attributes.status.displayName, attributes.meta.column',
      'src/components/shared/seo.json: attributes.metaTitle.displayName',
      'src/extensions/users-permissions/content-types/user/schema.json: info.name, options.timestamps',
    ]) {
      assert.ok(line.includes(expected), `${expected} in ${line}`);
    }
    // Keys Tessera reads are not listed.
    assert.ok(!/attributes\.title\.required|attributes\.rating\.customField|attributes\.author\.inversedBy/.test(line), line);
    await app.get('/api/articles');
    await app.get('/api/tasks');
    assert.equal(logs.filter((entry) => entry.startsWith('Schema keys')).length, 1, 'not repeated per request');
  });

  it('names the configured plugins it does not have, and the extensions it does not apply', () => {
    const plugins = logs.filter((line) => line.includes('configures plugins Tessera does not have'));
    assert.equal(plugins.length, 1, logs.join('\n'));
    assert.match(plugins[0] ?? '', /: seo, ckeditor, scheduler\. Their config is ignored/);
    // `enabled: false` is off in Strapi too: not listed.
    assert.doesNotMatch(plugins[0] ?? '', /documentation/);
    assert.ok(logs.some((line) => line.startsWith('src/extensions/users-permissions/strapi-server.js not run')), logs.join('\n'));
    assert.ok(logs.some((line) => line.startsWith('src/extensions/upload/content-types/folder/schema.json is not applied: Tessera has no content-type plugin::upload.folder')), logs.join('\n'));
  });

  it('stores custom fields as their underlying types, with the attribute rules', async () => {
    const data = {
      title: 'Hello',
      body: '# Markdown',
      color: '#A1B2C3',
      rating: 5,
      teaser: 'A teaser',
      meta: { source: 'import', tags: ['a'] },
      summary: 'Short',
      seo: { metaTitle: 'Hello SEO' },
    };
    const created = await app.post('/api/articles', { data });
    assert.equal(created.status, 201, created.text);
    const documentId = created.body.data.documentId as string;
    const read = await app.get(`/api/articles/${documentId}?status=draft&populate=seo`);
    assert.equal(read.status, 200, read.text);
    const article = read.body.data;
    assert.equal(article.slug, 'hello');
    assert.equal(article.rating, 5);
    assert.equal(article.color, '#A1B2C3');
    assert.equal(article.body, '# Markdown');
    assert.equal(article.teaser, 'A teaser');
    assert.deepEqual(article.meta, { source: 'import', tags: ['a'] });
    assert.equal(article.seo.metaTitle, 'Hello SEO');
    // The registered integer field keeps its min/max; the built-in color string its regex; the mapped one its maxLength.
    for (const [field, value] of [['rating', 7], ['rating', 'five'], ['color', 'red'], ['teaser', 'x'.repeat(61)]] as const) {
      const refused = await app.post('/api/articles', { data: { title: 'Bad', [field]: value } });
      assert.equal(refused.status, 400, `${field}=${String(value)}: ${refused.text}`);
    }
    const filtered = await app.get('/api/articles?status=draft&filters[rating][$gte]=4&fields[0]=title');
    assert.deepEqual(filtered.body.data.map((entry: { title: string }) => entry.title), ['Hello']);
  });

  it('serves attributes named meta and status like any other', async () => {
    for (const [title, status] of [['One', undefined], ['Two', 'done']] as const) {
      const created = await app.post('/api/tasks', { data: { title, meta: `meta of ${title}`, ...(status ? { status } : {}) } });
      assert.equal(created.status, 201, created.text);
    }
    const done = await app.get('/api/tasks?filters[status][$eq]=done&sort=title');
    assert.deepEqual(done.body.data.map((task: { title: string; meta: string }) => [task.title, task.meta]), [['Two', 'meta of Two']]);
    const open = await app.get('/api/tasks?filters[status]=open');
    assert.deepEqual(open.body.data.map((task: { status: string }) => task.status), ['open']);
    assert.equal((await app.post('/api/tasks', { data: { title: 'Bad', status: 'later' } })).status, 400);
  });

  it('serves the user extension: register takes allowedFields, /api/users writes and reads the new fields and relations', async () => {
    const refused = await app.post('/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'Secret123', picture: 1 });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.error.message, 'Invalid parameters: picture');
    const registered = await app.post('/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'Secret123', job: 'Editor' });
    assert.equal(registered.status, 200, registered.text);
    assert.equal(registered.body.user.job, 'Editor');
    const jwt = registered.body.jwt as string;
    const userId = registered.body.user.id as number;

    const upload = new FormData();
    upload.append('files', new Blob([PNG], { type: 'image/png' }), 'ann.png');
    const uploaded = await fetch(`${app.baseUrl}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${jwt}` }, body: upload });
    const files = (await uploaded.json()) as { id: number }[];
    assert.equal(uploaded.status, 201, JSON.stringify(files));
    const pictureId = files[0]?.id;

    const updated = await as(jwt, 'PUT', `/api/users/${userId}`, { job: 'Chief editor', picture: pictureId });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.job, 'Chief editor');
    const unknown = await as(jwt, 'PUT', `/api/users/${userId}`, { hobby: 'chess' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.message, 'Invalid parameters: hobby');

    const article = await app.post('/api/articles', { data: { title: 'By Ann', author: registered.body.user.documentId } });
    assert.equal(article.status, 201, article.text);
    const publish = await app.post(`/api/articles/${article.body.data.documentId}/actions/publish`, {});
    assert.ok(publish.status === 200 || publish.status === 201, publish.text);

    const me = await as(jwt, 'GET', '/api/users/me?populate[0]=picture&populate[1]=articles');
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.job, 'Chief editor');
    assert.equal(me.body.picture.id, pictureId);
    assert.equal(me.body.picture.mime, 'image/png');
    assert.deepEqual(me.body.articles.map((entry: { title: string }) => entry.title), ['By Ann']);

    const withAuthor = await app.get(`/api/articles?filters[author][username][$eq]=ann&populate=author`);
    assert.equal(withAuthor.status, 200, withAuthor.text);
    assert.deepEqual(withAuthor.body.data.map((entry: { title: string; author: { username: string; job: string } }) => [entry.title, entry.author.username, entry.author.job]), [['By Ann', 'ann', 'Chief editor']]);
    assert.equal(withAuthor.body.data[0].author.password, undefined);
  });

  it('keeps the keys it does not use when the content-type builder writes a schema back', async () => {
    const login = await app.post('/admin/login', ADMIN);
    assert.equal(login.status, 200, login.text);
    const boss = login.body.data.token as string;
    const read = await as(boss, 'GET', '/content-type-builder/content-types/api::article.article');
    assert.equal(read.status, 200, read.text);
    const schema = read.body.data.schema;
    assert.equal(schema.attributes.title.displayName, 'Title');
    const { kind, singularName, pluralName, displayName, description, draftAndPublish, pluginOptions, attributes } = schema;
    const body = { contentType: { kind, singularName, pluralName, displayName, description, draftAndPublish, pluginOptions, attributes: { ...attributes, subtitle: { type: 'string', displayName: 'Subtitle' } } } };
    const changed = await as(boss, 'PUT', '/content-type-builder/content-types/api::article.article', body);
    assert.equal(changed.status, 200, changed.text);

    const written = await schemaFile('src/api/article/content-types/article/schema.json');
    assert.deepEqual(written.options, { draftAndPublish: true, comment: '' });
    assert.deepEqual(written.pluginOptions, { 'content-manager': { visible: true } });
    assert.deepEqual(written.attributes.title, { type: 'string', required: true, displayName: 'Title', pluginOptions: { seo: { inSitemap: true } } });
    assert.deepEqual(written.attributes.summary.conditions, { visible: { '==': [{ var: 'rating' }, 5] } });
    assert.deepEqual(written.attributes.rating, { type: 'customField', customField: 'global::rating', min: 1, max: 5 });
    assert.deepEqual(written.attributes.subtitle, { type: 'string', displayName: 'Subtitle' });
    assert.equal(written.attributes.cover.displayName, 'Cover');

    // Served at once, the custom fields still resolved.
    const created = await app.post('/api/articles', { data: { title: 'After the change', subtitle: 'Sub', rating: 3 } });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.subtitle, 'Sub');
    assert.equal((await app.post('/api/articles', { data: { title: 'Bad', rating: 9 } })).status, 400);
  });
});

describe('a Strapi 5 project (schema options, user extension, custom fields) in development and in production', () => {
  for (const mode of ['development', 'production'] as const) {
    it(`${mode}: starts and serves every content-type, the extended user included`, async () => {
      const app = await startTestApp({ fixture: 'strapi5-project', env: { NODE_ENV: mode } });
      try {
        assert.equal(app.app.config.production, mode === 'production');
        const created = await app.post('/api/tasks', { data: { title: `a ${mode} task` } });
        assert.equal(created.status, 201, created.text);
        for (const route of ['/api/articles', '/api/tasks', '/api/users']) {
          const listed = await app.get(route);
          assert.equal(listed.status, 200, `${route}: ${listed.text}`);
        }
        const tasks = await app.get('/api/tasks');
        assert.deepEqual(
          tasks.body.data.map((task: { title: string }) => task.title),
          [`a ${mode} task`],
        );
      } finally {
        await app.close();
      }
    });
  }
});
