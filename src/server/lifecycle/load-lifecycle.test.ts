import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadLifecycle, type LifecycleContext } from './load-lifecycle.js';

const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function project(index: string | undefined): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tessera-lifecycle-'));
  dirs.push(dir);
  await mkdir(path.join(dir, 'src'));
  if (index !== undefined) await writeFile(path.join(dir, 'src', 'index.mjs'), index);
  return dir;
}

const base: LifecycleContext = { documents: () => ({}) as never, log: { info: () => undefined, warn: () => undefined } };

describe('loadLifecycle', () => {
  it('calls register with strapi.plugin(name).service(name), then bootstrap', async () => {
    const dir = await project(`
      export const calls = [];
      export default {
        register({ strapi, tessera }) { globalThis.__lifecycleCalls = [['register', strapi.plugin('graphql').service('extension'), tessera === strapi]]; },
        bootstrap({ strapi }) { globalThis.__lifecycleCalls.push(['bootstrap', typeof strapi.documents]); },
      };
    `);
    const lifecycle = await loadLifecycle(dir);
    const extension = { name: 'extension service' };
    await lifecycle.register({ ...base, plugin: () => ({ service: () => extension }) });
    await lifecycle.bootstrap(base);
    const calls = (globalThis as { __lifecycleCalls?: unknown[] }).__lifecycleCalls;
    assert.deepEqual(calls, [['register', extension, true], ['bootstrap', 'function']]);
  });

  it('gives a clear error when a plugin is asked for without plugins', async () => {
    const lifecycle = await loadLifecycle(await project('export function register({ strapi }) { strapi.plugin("graphql"); }\n'));
    await assert.rejects(lifecycle.register(base), /Plugin "graphql" is not available/);
  });

  it('has no-op functions without src/index or without the exports', async () => {
    const none = await loadLifecycle(await project(undefined));
    await none.register(base);
    await none.bootstrap(base);
    const empty = await loadLifecycle(await project('export const other = 1;\n'));
    await empty.register(base);
  });

  it('refuses a register that is not a function', async () => {
    await assert.rejects(loadLifecycle(await project('export const register = 1;\n')), /"register" must be a function/);
  });
});
