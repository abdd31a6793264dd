import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DefinitionError } from '../../../core/shared/errors.js';
import type { PolicyContext } from './extension-types.js';
import { loadProjectMiddlewares, loadProjectPolicies } from './load-project-extensions.js';

const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tessera-ext-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

const services = { strapi: undefined, tessera: undefined };

describe('loadProjectPolicies / loadProjectMiddlewares', () => {
  it('registers src/policies and src/middlewares files as global::<name>, with the built-in policies', async () => {
    const dir = await project({
      'src/policies/is-title.ts': 'export default (ctx: { args: { title?: string } }, config: { title: string }): boolean => ctx.args.title === config.title;\n',
      'src/policies/always.mjs': 'export default { handler: () => true };\n',
      'src/policies/notes.md': 'not a module',
      'src/policies/.hidden.mjs': 'throw new Error("must not load");\n',
      'src/middlewares/suffix.js': 'export default (options) => async (next, ...rest) => `${await next(...rest)}${options.suffix}`;\n',
    });
    const policies = await loadProjectPolicies(dir);
    assert.deepEqual([...policies.keys()].sort(), ['global::always', 'global::is-title', 'plugin::users-permissions.isAuthenticated']);
    const context = { args: { title: 'a' } } as unknown as PolicyContext;
    assert.equal(policies.get('global::is-title')?.(context, { title: 'a' }, services), true);
    assert.equal(policies.get('global::always')?.(context, {}, services), true);
    const middlewares = await loadProjectMiddlewares(dir);
    assert.deepEqual([...middlewares.keys()], ['global::suffix']);
    const middleware = middlewares.get('global::suffix')?.({ suffix: '!' }, services);
    assert.equal(await middleware?.(() => 'hi', undefined, {}, {} as never, {} as never), 'hi!');
  });

  it('has only the built-in policies and no middlewares without the folders', async () => {
    const dir = await project({});
    assert.deepEqual([...(await loadProjectPolicies(dir)).keys()], ['plugin::users-permissions.isAuthenticated']);
    assert.equal((await loadProjectMiddlewares(dir)).size, 0);
  });

  it('refuses a module without a function, two files of one name, and a module that fails to load', async () => {
    await assert.rejects(loadProjectPolicies(await project({ 'src/policies/x.mjs': 'export default 1;\n' })), (error: unknown) => error instanceof DefinitionError && /must export a function/.test(error.message));
    await assert.rejects(loadProjectPolicies(await project({ 'src/policies/x.mjs': 'export default () => 1;\n', 'src/policies/x.js': 'export default () => 1;\n' })), /another file already defines "x"/);
    await assert.rejects(loadProjectMiddlewares(await project({ 'src/middlewares/y.mjs': 'throw new Error("boom");\n' })), /could not be loaded: boom/);
  });
});
