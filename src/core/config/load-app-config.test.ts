import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DefinitionError } from '../shared/errors.js';
import { DEFAULT_REST_CONFIG } from './app-config.js';
import { loadAppConfig } from './load-app-config.js';

const root = mkdtempSync(path.join(tmpdir(), 'tessera-config-'));
after(() => rmSync(root, { recursive: true, force: true }));

let projects = 0;
/** A project folder holding only the given config files (name → source text). */
function project(files: Record<string, string>): string {
  const dir = path.join(root, `p${(projects += 1)}`);
  mkdirSync(path.join(dir, 'config'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, 'config', name), text);
  return dir;
}

const load = (dir: string, env: Record<string, string> = {}) => loadAppConfig({ projectDir: dir, env });

async function rejects(dir: string, file: string, problem: string | RegExp, env: Record<string, string> = {}): Promise<void> {
  await assert.rejects(load(dir, env), (error: unknown) => {
    assert.ok(error instanceof DefinitionError, `expected a DefinitionError, got ${String(error)}`);
    assert.equal(error.file, file);
    if (typeof problem === 'string') assert.equal(error.problem, problem);
    else assert.match(error.problem, problem);
    return true;
  });
}

describe('loadAppConfig: defaults', () => {
  it('gives every default for a project without config files', async () => {
    const dir = project({});
    assert.deepEqual(await load(dir), {
      projectDir: dir,
      server: { host: '0.0.0.0', port: 1337, bodyLimit: 1048576, shutdownTimeout: 10000, proxy: false },
      database: { client: 'sqlite', filename: path.join(dir, '.tmp', 'data.db') },
      rest: DEFAULT_REST_CONFIG,
      permissions: {},
      logger: false,
      production: false,
      env: {},
      files: {
        ...Object.fromEntries(['server', 'plugins', 'admin'].map((name) => [name, { file: path.join(dir, 'config', name), value: {} }])),
        middlewares: { file: path.join(dir, 'config', 'middlewares'), value: undefined },
      },
    });
  });
});

describe('loadAppConfig: every file form', () => {
  const forms: Record<string, string> = {
    'api.json': '{ "rest": { "prefix": "/v1" } }',
    'api.mjs': "export default { rest: { prefix: '/v1' } };",
    'api.js': "export default ({ env }) => ({ rest: { prefix: env('PREFIX', '/nope') } });",
    'api.cjs': "module.exports = { rest: { prefix: '/v1' } };",
    'api.ts': "interface Api { rest: { prefix: string } }\nconst api: Api = { rest: { prefix: '/v1' } };\nexport default api;",
  };
  for (const [name, text] of Object.entries(forms)) {
    it(`reads config/${name}`, async () => {
      assert.equal((await load(project({ [name]: text }), { PREFIX: '/v1' })).rest.prefix, '/v1');
    });
  }

  it('reads CommonJS module.exports, object or function, in a .js file', async () => {
    assert.equal((await load(project({ 'api.js': "module.exports = { rest: { defaultLimit: 7 } };" }))).rest.defaultLimit, 7);
    const dir = project({ 'api.js': "module.exports = ({ env }) => ({ rest: { defaultLimit: env.int('LIMIT', 1) } });" });
    assert.equal((await load(dir, { LIMIT: '9' })).rest.defaultLimit, 9);
  });

  it('calls an exported function with { env } and awaits it', async () => {
    const dir = project({
      'server.ts': "export default async ({ env }: { env: (key: string, fallback?: string) => string }) => ({ host: env('BIND', 'localhost') });",
    });
    assert.equal((await load(dir)).server.host, 'localhost');
    assert.equal((await load(dir, { BIND: '127.0.0.2' })).server.host, '127.0.0.2');
  });

  it('reads named exports as the object', async () => {
    assert.equal((await load(project({ 'api.mjs': "export const rest = { maxLimit: 50 };" }))).rest.maxLimit, 50);
  });

  it('prefers .ts over .mjs, .js, .cjs and .json', async () => {
    const dir = project({
      'api.json': '{ "rest": { "defaultLimit": 5 } }',
      'api.js': 'export default { rest: { defaultLimit: 4 } };',
      'api.mjs': 'export default { rest: { defaultLimit: 3 } };',
      'api.ts': 'export default { rest: { defaultLimit: 2 } };',
    });
    assert.equal((await load(dir)).rest.defaultLimit, 2);
  });

  it('reloads a changed .js/.mjs file (tessera develop restarts in the same process)', async () => {
    const dir = project({ 'api.mjs': "export default { rest: { prefix: '/first' } };" });
    assert.equal((await load(dir)).rest.prefix, '/first');
    writeFileSync(path.join(dir, 'config', 'api.mjs'), "export default { rest: { prefix: '/second' } };");
    assert.equal((await load(dir)).rest.prefix, '/second');
  });
});

describe('loadAppConfig: server', () => {
  it('lets HOST and PORT override config/server', async () => {
    const dir = project({ 'server.js': "export default ({ env }) => ({ host: 'file.host', port: env.int('OTHER_PORT', 4000) });" });
    assert.deepEqual((await load(dir)).server, { host: 'file.host', port: 4000, bodyLimit: 1048576, shutdownTimeout: 10000, proxy: false });
    assert.deepEqual((await load(dir, { HOST: '127.0.0.1', PORT: '5000' })).server, { host: '127.0.0.1', port: 5000, bodyLimit: 1048576, shutdownTimeout: 10000, proxy: false });
    assert.equal((await load(dir, { PORT: '' })).server.port, 4000, 'an empty PORT is unset');
  });

  it('reads http.bodyLimit and logger', async () => {
    const config = await load(project({ 'server.json': '{ "http": { "bodyLimit": 2048 }, "logger": true }' }));
    assert.equal(config.server.bodyLimit, 2048);
    assert.equal(config.logger, true);
  });

  it('reads shutdownTimeout and rejects a negative or fractional one', async () => {
    assert.equal((await load(project({ 'server.json': '{ "shutdownTimeout": 2500 }' }))).server.shutdownTimeout, 2500);
    assert.equal((await load(project({ 'server.json': '{ "shutdownTimeout": 0 }' }))).server.shutdownTimeout, 0);
    await rejects(project({ 'server.json': '{ "shutdownTimeout": -1 }' }), path.join(root, `p${projects}`, 'config', 'server'), 'shutdownTimeout must be a number of milliseconds >= 0, got -1');
    await rejects(project({ 'server.json': '{ "shutdownTimeout": 1.5 }' }), path.join(root, `p${projects}`, 'config', 'server'), 'shutdownTimeout must be an integer');
  });

  it('reads proxy as a boolean or in Strapi\'s { koa: true } form', async () => {
    assert.equal((await load(project({ 'server.json': '{ "proxy": true }' }))).server.proxy, true);
    assert.equal((await load(project({ 'server.json': '{ "proxy": { "koa": true } }' }))).server.proxy, true);
    assert.equal((await load(project({}))).server.proxy, false);
    await rejects(project({ 'server.json': '{ "proxy": "yes" }' }), path.join(root, `p${projects}`, 'config', 'server'), 'proxy must be a boolean');
  });

  it('rejects a bad port, naming where it came from', async () => {
    const dir = project({ 'server.json': '{ "port": "http" }' });
    const file = path.join(dir, 'config', 'server');
    await rejects(dir, file, 'port must be an integer');
    await rejects(project({ 'server.json': '{ "port": 70000 }' }), path.join(root, `p${projects}`, 'config', 'server'), 'port must be between 0 and 65535, got 70000');
    await rejects(project({}), 'environment variable PORT', 'port must be an integer', { PORT: 'abc' });
    await rejects(project({}), 'environment variable PORT', 'port must be between 0 and 65535, got -1', { PORT: '-1' });
  });
});

describe('loadAppConfig: api.rest', () => {
  it('reads every rest key', async () => {
    const dir = project({ 'api.json': '{ "rest": { "prefix": "/v1/", "defaultLimit": 10, "maxLimit": 20, "withCount": false, "strictParams": false, "maxResponseItems": 500 } }' });
    assert.deepEqual((await load(dir)).rest, { prefix: '/v1', defaultLimit: 10, maxLimit: 20, withCount: false, strictParams: false, maxResponseItems: 500 });
  });

  it('defaults to Strapi\'s rest settings: strictParams off unless the project turns it on', async () => {
    assert.deepEqual((await load(project({}))).rest, { prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, maxResponseItems: 100_000 });
    assert.equal((await load(project({ 'api.json': '{ "rest": { "strictParams": true } }' }))).rest.strictParams, true);
  });

  it('reads maxLimit null or below 1 as no maximum', async () => {
    assert.equal((await load(project({ 'api.json': '{ "rest": { "maxLimit": null } }' }))).rest.maxLimit, null);
    assert.equal((await load(project({ 'api.json': '{ "rest": { "maxLimit": 0 } }' }))).rest.maxLimit, null);
  });

  it('rejects bad rest values', async () => {
    let dir = project({ 'api.json': '{ "rest": { "prefix": "api" } }' });
    await rejects(dir, path.join(dir, 'config', 'api'), 'rest.prefix must be a path such as "/api"');
    dir = project({ 'api.json': '{ "rest": { "defaultLimit": 2.5 } }' });
    await rejects(dir, path.join(dir, 'config', 'api'), 'rest.defaultLimit must be an integer');
    dir = project({ 'api.json': '{ "rest": { "withCount": "yes" } }' });
    await rejects(dir, path.join(dir, 'config', 'api'), 'rest.withCount must be a boolean');
    dir = project({ 'api.json': '{ "rest": { "strictParams": 1 } }' });
    await rejects(dir, path.join(dir, 'config', 'api'), 'rest.strictParams must be a boolean');
    dir = project({ 'api.json': '{ "rest": { "maxResponseItems": 0 } }' });
    await rejects(dir, path.join(dir, 'config', 'api'), 'rest.maxResponseItems must be at least 1');
    dir = project({ 'api.json': '{ "rest": { "cache": { "store": "disk" } } }' });
    await rejects(dir, path.join(dir, 'config', 'api'), 'rest.cache.store must be "memory" or "redis"');
  });

  it('reads rest.cache only when present (absent: no key at all, the cache off)', async () => {
    const config = (await load(project({ 'api.json': '{ "rest": { "cache": { "store": "memory", "ttl": 60, "cacheControl": { "sMaxAge": 30 } } } }' }))).rest.cache;
    assert.equal(config?.store, 'memory');
    assert.equal(config?.ttlMs, 60_000);
    assert.equal(config?.cacheControl.default?.sMaxAge, 30);
    assert.equal((await load(project({}))).rest.cache, undefined);
  });
});

describe('loadAppConfig: database', () => {
  it('resolves the filename against the project folder, and keeps :memory: and absolute paths', async () => {
    let dir = project({ 'database.js': "export default ({ env }) => ({ connection: { client: 'sqlite', connection: { filename: env('DATABASE_FILENAME', 'data/app.db') } } });" });
    assert.deepEqual((await load(dir)).database, { client: 'sqlite', filename: path.join(dir, 'data', 'app.db') });
    assert.deepEqual((await load(dir, { DATABASE_FILENAME: '/abs/x.db' })).database, { client: 'sqlite', filename: '/abs/x.db' });
    dir = project({ 'database.json': '{ "connection": { "client": "better-sqlite3", "connection": { "filename": ":memory:" } } }' });
    assert.deepEqual((await load(dir)).database, { client: 'sqlite', filename: ':memory:' });
  });

  it('rejects another client and a bad filename', async () => {
    let dir = project({ 'database.json': '{ "connection": { "client": "oracle" } }' });
    await rejects(dir, path.join(dir, 'config', 'database'), 'connection.client "oracle" is not supported (supported: sqlite, postgres, mysql)');
    dir = project({ 'database.json': '{ "connection": { "connection": { "filename": "" } } }' });
    await rejects(dir, path.join(dir, 'config', 'database'), 'connection.connection.filename must be a path');
  });
});

describe('loadAppConfig: permissions', () => {
  it("keeps action lists and '*' for subjects and actions", async () => {
    const dir = project({ 'permissions.js': "export default { public: { '*': ['find'], 'api::a.a': '*' }, authenticated: { '*': '*' } };" });
    assert.deepEqual((await load(dir)).permissions, { public: { '*': ['find'], 'api::a.a': '*' }, authenticated: { '*': '*' } });
  });

  it('rejects malformed grants', async () => {
    let dir = project({ 'permissions.json': '{ "public": ["find"] }' });
    await rejects(dir, path.join(dir, 'config', 'permissions'), 'role "public" must map subjects to action lists');
    dir = project({ 'permissions.json': '{ "public": { "api::a.a": "find" } }' });
    await rejects(dir, path.join(dir, 'config', 'permissions'), 'public.api::a.a must be an array of action names or "*"');
    dir = project({ 'permissions.json': '{ "public": { "api::a.a": [1] } }' });
    await rejects(dir, path.join(dir, 'config', 'permissions'), 'public.api::a.a must be an array of action names or "*"');
  });
});

describe('loadAppConfig: broken files', () => {
  it('names a file that throws', async () => {
    const dir = project({ 'server.js': "throw new Error('boom');" });
    await rejects(dir, path.join(dir, 'config', 'server.js'), 'could not be loaded: boom');
  });

  it('names a config function that throws', async () => {
    const dir = project({ 'api.mjs': "export default ({ env }) => env.json('SETTINGS');" });
    await rejects(dir, path.join(dir, 'config', 'api.mjs'), /^could not be loaded: Invalid JSON in environment variable SETTINGS: /, { SETTINGS: '{' });
  });

  it('names a file with a syntax error', async () => {
    const dir = project({ 'api.ts': 'export default { rest: { prefix: ' });
    await rejects(dir, path.join(dir, 'config', 'api.ts'), /^could not be loaded: /);
  });

  it('names a JSON file that is not JSON', async () => {
    const dir = project({ 'api.json': '{ rest: }' });
    await rejects(dir, path.join(dir, 'config', 'api.json'), /^could not be loaded: .*JSON/);
  });

  it('names a file that exports a non-object', async () => {
    for (const [name, text] of [
      ['api.mjs', 'export default 42;'],
      ['api.js', 'export default null;'],
      ['api.cjs', 'module.exports = undefined;'],
      ['api.js', 'export default ["rest"];'],
      ['api.json', 'null'],
      ['api.ts', 'export default () => "rest";'],
      ['api.cjs', 'module.exports = async () => null;'],
    ] as const) {
      const dir = project({ [name]: text });
      await rejects(dir, path.join(dir, 'config', name), 'must export an object or a function returning one');
    }
  });
});
