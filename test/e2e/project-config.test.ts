import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApp, type App } from '../../src/server/app.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';

/**
 * Projects whose config files take each supported form, started with createApp as the CLI
 * does (configuration from the files and the env map, no test override), served over HTTP.
 */
const projects = createTempProjects('tessera-project-config-');
after(() => projects.remove());

const collection = (singularName: string, pluralName: string) => ({ kind: 'collectionType', info: { singularName, pluralName }, attributes: { title: { type: 'string' } } });
const MEMORY_DB = { connection: { client: 'sqlite', connection: { filename: ':memory:' } } };

interface Running {
  readonly app: App;
  readonly logs: string[];
  request(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}

async function run(dir: string, env: Record<string, string>): Promise<Running> {
  const logs: string[] = [];
  const app = await createApp({ projectDir: dir, env, log: (message) => logs.push(message) });
  const base = await app.listen();
  return {
    app,
    logs,
    async request(method, url, body) {
      const response = await fetch(base + url, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
  };
}

const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const forbidden = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };

describe('a project configured with .ts, CommonJS .js and .json files and a src/index.ts seeding through { strapi }', () => {
  let t: Running;
  before(async () => {
    const dir = projects.write({
      [schemaPath('post')]: collection('post', 'posts'),
      [schemaPath('note')]: collection('note', 'notes'),
      [schemaPath('about')]: { kind: 'singleType', info: { singularName: 'about', pluralName: 'abouts' }, attributes: { title: { type: 'string' } } },
      'config/api.ts': [
        'interface Env { int(key: string, fallback?: number): number }',
        'export default ({ env }: { env: Env }) => ({',
        "  rest: { prefix: '/v1', defaultLimit: env.int('DEFAULT_LIMIT', 25), maxLimit: 3, withCount: false, strictParams: false },",
        '});',
      ].join('\n'),
      'config/permissions.js': "module.exports = { public: { '*': ['find', 'findOne'], 'api::note.note': '*' } };",
      'config/database.json': MEMORY_DB,
      'src/index.ts': [
        "type Strapi = { documents(uid: string): { create(params: { data: Record<string, unknown> }): Promise<unknown> } };",
        'export default {',
        '  register() {},',
        '  async bootstrap({ strapi }: { strapi: Strapi }): Promise<void> {',
        "    for (const title of ['p1', 'p2', 'p3', 'p4', 'p5']) await strapi.documents('api::post.post').create({ data: { title } });",
        "    await strapi.documents('api::about.about').create({ data: { title: 'About us' } });",
        '  },',
        '};',
      ].join('\n'),
    }, 'typescript');
    t = await run(dir, { HOST: '127.0.0.1', PORT: '0', DEFAULT_LIMIT: '2' });
  });
  after(() => t.app.close());

  it('reads every api.rest key', () => {
    assert.deepEqual(t.app.config.rest, { prefix: '/v1', defaultLimit: 2, maxLimit: 3, withCount: false, strictParams: false, maxResponseItems: 100_000 });
  });

  it('serves routes under the custom prefix only', async () => {
    assert.equal((await t.request('GET', '/v1/posts')).status, 200);
    assert.deepEqual(await t.request('GET', '/api/posts'), { status: 404, body: notFound });
  });

  it('pages with defaultLimit, clamps at maxLimit and leaves out counts without withCount', async () => {
    const first = await t.request('GET', '/v1/posts');
    assert.deepEqual(first.body.data.map((post: { title: string }) => post.title), ['p1', 'p2']);
    assert.deepEqual(first.body.meta, { pagination: { page: 1, pageSize: 2 } });
    const clamped = await t.request('GET', '/v1/posts?pagination[pageSize]=50');
    assert.deepEqual(clamped.body.data.map((post: { title: string }) => post.title), ['p1', 'p2', 'p3']);
    assert.deepEqual(clamped.body.meta, { pagination: { page: 1, pageSize: 3 } });
    const counted = await t.request('GET', '/v1/posts?pagination[withCount]=true');
    assert.deepEqual(counted.body.meta, { pagination: { page: 1, pageSize: 2, pageCount: 3, total: 5 } });
  });

  it('ignores unknown query parameters when strictParams is false', async () => {
    const response = await t.request('GET', '/v1/posts?foo=bar&utm_source=x');
    assert.equal(response.status, 200);
    assert.equal(response.body.data.length, 2);
  });

  it("grants the actions listed for the '*' subject on every type, and '*' actions on one type", async () => {
    assert.equal((await t.request('GET', '/v1/about')).body.data.title, 'About us');
    assert.deepEqual(await t.request('POST', '/v1/posts', { data: { title: 'nope' } }), { status: 403, body: forbidden });
    assert.deepEqual(await t.request('PUT', '/v1/about', { data: { title: 'nope' } }), { status: 403, body: forbidden });
    const created = await t.request('POST', '/v1/notes', { data: { title: 'note' } });
    assert.equal(created.status, 201);
    assert.equal((await t.request('DELETE', `/v1/notes/${created.body.data.documentId}`)).status, 204);
  });
});

describe('a project configured with ESM .js function files and a src/index.js seeding through { documents }', () => {
  let t: Running;
  let dir: string;
  before(async () => {
    dir = projects.write({
      'package.json': { type: 'module' },
      [schemaPath('post')]: collection('post', 'posts'),
      'config/server.js': "export default ({ env }) => ({ host: env('SERVER_HOST', 'bad host name'), port: env.int('SERVER_PORT', 9) });",
      'config/database.js': "export default ({ env }) => ({ connection: { client: 'sqlite', connection: { filename: env('DB', '.tmp/data.db') } } });",
      'config/permissions.mjs': "export default ({ env }) => ({ public: { [env('SUBJECT', 'api::post.post')]: env.array('ACTIONS') } });",
      'src/index.js': [
        'export async function bootstrap({ documents, log }) {',
        "  const posts = documents('api::post.post');",
        "  if ((await posts.count()) === 0) await posts.create({ data: { title: 'seeded' } });",
        "  log.info('seeded');",
        '}',
      ].join('\n'),
    }, 'javascript');
    t = await run(dir, { HOST: '127.0.0.1', PORT: '0', DB: 'storage/app.db', ACTIONS: '[find,findOne]' });
  });
  after(() => t.app.close());

  it('lets HOST and PORT override config/server', () => {
    assert.equal(t.app.config.server.host, '127.0.0.1');
    assert.equal(t.app.config.server.port, 0);
  });

  it('puts the database file relative to the project folder', () => {
    assert.deepEqual(t.app.config.database, { client: 'sqlite', filename: path.join(dir, 'storage', 'app.db') });
    assert.ok(existsSync(path.join(dir, 'storage', 'app.db')));
  });

  it('reads permissions built with env.array', async () => {
    assert.deepEqual(t.app.config.permissions, { public: { 'api::post.post': ['find', 'findOne'] } });
    assert.equal((await t.request('POST', '/api/posts', { data: { title: 'x' } })).status, 403);
  });

  it('ran bootstrap with the document API and the log', async () => {
    assert.deepEqual(t.logs, ['seeded']);
    const list = await t.request('GET', '/api/posts');
    assert.deepEqual(list.body.data.map((post: { title: string }) => post.title), ['seeded']);
    assert.deepEqual(list.body.meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } });
  });

  it('ignores unknown query parameters when config/api leaves strictParams out, as Strapi does', async () => {
    assert.equal(t.app.config.rest.strictParams, false);
    // A Strapi 4 style preview request, as real front ends still send it.
    const response = await t.request('GET', '/api/posts?publicationState=preview&foo=bar');
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body.data.map((post: { title: string }) => post.title), ['seeded']);
  });
});

describe('a project with a src/index.mjs default export seeding through strapi.documents', () => {
  it('seeds at start and serves the document', async () => {
    const dir = projects.write({
      [schemaPath('page')]: { kind: 'singleType', info: { singularName: 'page', pluralName: 'pages' }, attributes: { title: { type: 'string' } } },
      'config/permissions.json': { public: { '*': '*' } },
      'config/database.mjs': `export default ${JSON.stringify(MEMORY_DB)};`,
      'src/index.mjs': "export default { async bootstrap({ strapi }) { await strapi.documents('api::page.page').create({ data: { title: 'Home' } }); } };",
    }, 'mjs');
    const t = await run(dir, { HOST: '127.0.0.1', PORT: '0' });
    try {
      const page = await t.request('GET', '/api/page');
      assert.equal(page.status, 200);
      assert.equal(page.body.data.title, 'Home');
    } finally {
      await t.app.close();
    }
  });
});
