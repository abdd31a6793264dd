import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DefinitionError } from '../shared/errors.js';
import { loadAppConfig } from './load-app-config.js';

/**
 * A project folder is read as Strapi 5 reads it: `.env` under the real environment,
 * `config/env/<NODE_ENV>/` merged over `config/`, and `.ts`/`.js` evaluated with Strapi's
 * semantics (CommonJS, `__dirname` of the compiled file in a TypeScript project).
 */

const root = mkdtempSync(path.join(tmpdir(), 'tessera-project-files-'));
after(() => rmSync(root, { recursive: true, force: true }));

let projects = 0;
/** A project folder holding these files (path inside the project → text). */
function project(files: Record<string, string>): string {
  const dir = path.join(root, `p${(projects += 1)}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  mkdirSync(path.join(dir, 'config'), { recursive: true });
  return dir;
}

const load = (dir: string, env: Record<string, string> = {}) => loadAppConfig({ projectDir: dir, env });

/** Every file under a folder, relative to it. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const API_FROM_ENV = "export default ({ env }) => ({ rest: { defaultLimit: env.int('LIMIT', 1), prefix: env('PREFIX', '/api') } });";

describe('.env', () => {
  it('is read from the project folder: env() and config.env see it', async () => {
    const dir = project({ '.env': 'LIMIT=7\n# a comment\nPREFIX="/v2"\nJWT_SECRET=from-file\n', 'config/api.js': API_FROM_ENV });
    const config = await load(dir);
    assert.equal(config.rest.defaultLimit, 7);
    assert.equal(config.rest.prefix, '/v2');
    assert.equal(config.env.JWT_SECRET, 'from-file');
  });

  it('loses to a variable set in the environment (dotenv does not override)', async () => {
    const dir = project({ '.env': 'LIMIT=7\nPREFIX=/v2\nSECRET=from-file\n', 'config/api.js': API_FROM_ENV });
    const config = await load(dir, { LIMIT: '9' });
    assert.equal(config.rest.defaultLimit, 9);
    assert.equal(config.rest.prefix, '/v2');
    assert.equal((await load(dir, { SECRET: '' })).env.SECRET, '', 'set but empty is set: the file does not fill it in');
  });

  it('ENV_PATH names another file (relative to the project folder), which replaces .env', async () => {
    const dir = project({ '.env': 'LIMIT=7\n', 'env/staging.env': 'LIMIT=8\n', 'config/api.js': API_FROM_ENV });
    assert.equal((await load(dir, { ENV_PATH: 'env/staging.env' })).rest.defaultLimit, 8);
    assert.equal((await load(dir, { ENV_PATH: path.join(dir, 'env', 'staging.env') })).rest.defaultLimit, 8);
  });

  it('an ENV_PATH that names no file stops the start, naming it', async () => {
    const dir = project({ '.env': 'LIMIT=7\n' });
    await assert.rejects(load(dir, { ENV_PATH: 'missing.env' }), (error: unknown) => {
      assert.ok(error instanceof DefinitionError);
      assert.equal(error.file, path.join(dir, 'missing.env'));
      assert.match(error.problem, /ENV_PATH/);
      return true;
    });
  });

  it('may set NODE_ENV, which chooses config/env/<NODE_ENV> and production mode', async () => {
    const dir = project({ '.env': 'NODE_ENV=production\n', 'config/api.json': '{ "rest": { "defaultLimit": 5 } }', 'config/env/production/api.json': '{ "rest": { "defaultLimit": 6 } }' });
    const config = await load(dir);
    assert.equal(config.production, true);
    assert.equal(config.rest.defaultLimit, 6);
    assert.equal((await load(dir, { NODE_ENV: 'development' })).rest.defaultLimit, 5, 'the environment wins here too');
  });

  it('never leaks between two projects loaded in one process, and leaves process.env alone', async () => {
    const first = project({ '.env': 'LIMIT=11\nTESSERA_DOTENV_PROBE=first\n', 'config/api.js': API_FROM_ENV });
    const second = project({ '.env': 'PREFIX=/second\n', 'config/api.js': API_FROM_ENV });
    const [a, b] = await Promise.all([load(first), load(second)]);
    assert.deepEqual([a.rest.defaultLimit, a.rest.prefix], [11, '/api']);
    assert.deepEqual([b.rest.defaultLimit, b.rest.prefix], [1, '/second']);
    assert.equal(b.env.TESSERA_DOTENV_PROBE, undefined);
    assert.equal(process.env.TESSERA_DOTENV_PROBE, undefined);
  });
});

describe('config/env/<NODE_ENV>', () => {
  const files = {
    'config/server.ts': "export default ({ env }) => ({ host: env('HOST_NAME', 'base.host'), port: 4000, http: { bodyLimit: 10 }, app: { keys: ['a', 'b'] } });",
    'config/env/production/server.ts': "export default { port: 4001, proxy: true, app: { keys: ['p'] } };",
    'config/env/production/api.js': "module.exports = { rest: { defaultLimit: 2 } };",
    'config/env/development/api.json': '{ "rest": { "defaultLimit": 3 } }',
  };

  it('production: each file merged deeply over the base file of its name (and used alone where there is no base)', async () => {
    const config = await load(project(files), { NODE_ENV: 'production' });
    assert.deepEqual(config.server, { host: 'base.host', port: 4001, bodyLimit: 10, shutdownTimeout: 10000, proxy: true });
    assert.deepEqual(config.files.server.value.app, { keys: ['p', 'b'] }, 'arrays merge index by index, as lodash merge does');
    assert.equal(config.rest.defaultLimit, 2);
  });

  it('development is the default NODE_ENV; another environment\'s files are not read', async () => {
    const config = await load(project(files));
    assert.equal(config.production, false);
    assert.deepEqual(config.server, { host: 'base.host', port: 4000, bodyLimit: 10, shutdownTimeout: 10000, proxy: false });
    assert.equal(config.rest.defaultLimit, 3);
  });

  it('merges an array export (config/middlewares) index by index', async () => {
    const dir = project({
      'config/middlewares.js': "module.exports = ['strapi::logger', 'strapi::errors', 'strapi::cors'];",
      'config/env/production/middlewares.js': "module.exports = ['strapi::logger', { name: 'strapi::errors' }];",
    });
    assert.deepEqual((await load(dir, { NODE_ENV: 'production' })).files.middlewares.value, ['strapi::logger', { name: 'strapi::errors' }, 'strapi::cors']);
  });

  it('a NODE_ENV that is not a folder name reads no folder', async () => {
    const dir = project({ 'config/api.json': '{ "rest": { "defaultLimit": 5 } }', 'config/env/x/api.json': '{ "rest": { "defaultLimit": 6 } }' });
    assert.equal((await load(dir, { NODE_ENV: '../env/x' })).rest.defaultLimit, 5);
  });
});

describe('project modules: evaluated with Strapi\'s semantics', () => {
  it('TypeScript project: __dirname and __filename are those of the compiled file (tsconfig outDir), relative imports resolve from the source', async () => {
    const dir = project({
      'tsconfig.json': '{\n  // JSONC, as create-strapi-app writes it\n  "compilerOptions": { "outDir": "build", "module": "CommonJS" },\n}\n',
      'config/database.ts': [
        "import path from 'path';",
        'export default ({ env }: { env: (key: string, fallback: string) => string }) => ({',
        "  connection: { client: 'sqlite', connection: { filename: path.join(__dirname, '..', '..', env('DATABASE_FILENAME', '.tmp/data.db')) } },",
        '});',
      ].join('\n'),
      'config/server.ts': "import { where } from './helpers/where';\nexport default { seen: { dir: __dirname, file: __filename, helper: where(), required: typeof require('node:path').join } };",
      'config/helpers/where.ts': 'export const where = (): string => __dirname;',
    });
    const config = await load(dir);
    assert.deepEqual(config.database, { client: 'sqlite', filename: path.join(dir, '.tmp', 'data.db') });
    assert.deepEqual(config.files.server.value.seen, {
      dir: path.join(dir, 'build', 'config'),
      file: path.join(dir, 'build', 'config', 'server.js'),
      helper: path.join(dir, 'build', 'config', 'helpers'),
      required: 'function',
    });
    const before = tree(dir);
    assert.ok(!before.some((file) => file.startsWith('build')), 'nothing is compiled to disk');
  });

  it('TypeScript project without outDir: dist, as create-strapi-app sets it', async () => {
    const dir = project({ 'tsconfig.json': '{ "compilerOptions": {} }', 'config/server.ts': 'export default { host: __dirname };' });
    assert.equal((await load(dir)).server.host, path.join(dir, 'dist', 'config'));
  });

  it('JavaScript project: CommonJS .js with require, module.exports and its own __dirname', async () => {
    const dir = project({
      'package.json': '{ "name": "js-project" }',
      'config/server.js': "const path = require('path');\nconst extra = require('./extra');\nmodule.exports = ({ env }) => ({ host: path.basename(__dirname) + ':' + extra.name });",
      'config/extra.js': "exports.name = 'extra';",
    });
    assert.equal((await load(dir)).server.host, 'config:extra');
  });

  it("resolves '@strapi/strapi' (factories) and '@strapi/database' to Tessera's own, and drops type-only imports", async () => {
    const dir = project({
      'tsconfig.json': '{}',
      'config/server.ts': "import type { Core } from '@strapi/strapi';\nimport { factories } from '@strapi/strapi';\nexport default factories.defineServerConfig(({ env }: Core.Config.Shared.ConfigParams) => ({ host: env('BIND', 'h') }));",
      'config/database.js': "const { isDatabaseClientKind } = require('@strapi/database');\nmodule.exports = { connection: { client: isDatabaseClientKind('sqlite') && !isDatabaseClientKind('oracle') ? 'sqlite' : 'oracle' } };",
    });
    const config = await load(dir, { BIND: 'bound' });
    assert.equal(config.server.host, 'bound');
    assert.equal(config.database.client, 'sqlite');
  });

  it('another package that cannot be found names the file and the package', async () => {
    const dir = project({ 'config/api.ts': "import { nothing } from 'no-such-package-anywhere';\nexport default { rest: nothing };" });
    await assert.rejects(load(dir), (error: unknown) => {
      assert.ok(error instanceof DefinitionError);
      assert.equal(error.file, path.join(dir, 'config', 'api.ts'));
      assert.match(error.problem, /no-such-package-anywhere/);
      return true;
    });
  });

  it('reloads every kind of file after a change, writing nothing into the project', async () => {
    for (const extension of ['ts', 'js', 'mjs', 'cjs']) {
      const text = (prefix: string) => (extension === 'cjs' ? `module.exports = { rest: { prefix: '${prefix}' } };` : `export default { rest: { prefix: '${prefix}' } };`);
      const dir = project({ [`config/api.${extension}`]: text('/first') });
      assert.equal((await load(dir)).rest.prefix, '/first', extension);
      writeFileSync(path.join(dir, 'config', `api.${extension}`), text('/second'));
      assert.equal((await load(dir)).rest.prefix, '/second', extension);
      assert.deepEqual(tree(dir), [path.join('config', `api.${extension}`)]);
    }
  });

  it('reloads the files a project file imports, whatever their kind', async () => {
    for (const extension of ['ts', 'js', 'mjs', 'cjs']) {
      const text = (prefix: string) => (extension === 'cjs' ? `module.exports = { prefix: '${prefix}' };` : `export default { prefix: '${prefix}' };`);
      const dir = project({ 'config/api.js': `const rest = require('./rest.${extension}');\nmodule.exports = { rest: rest.default ?? rest };`, [`config/rest.${extension}`]: text('/first') });
      assert.equal((await load(dir)).rest.prefix, '/first', extension);
      writeFileSync(path.join(dir, 'config', `rest.${extension}`), text('/second'));
      assert.equal((await load(dir)).rest.prefix, '/second', extension);
    }
  });
});
