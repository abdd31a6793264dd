import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { CLI_ENTRY } from '../helpers/cli-entry.js';
import { ROOT } from '../helpers/test-app.js';
import { childEnv, runTessera } from '../helpers/tessera-process.js';

const projects = createTempProjects('tessera-cli-');
after(() => projects.remove());

const post = (attributes: Record<string, unknown>) => ({ kind: 'collectionType', info: { singularName: 'post', pluralName: 'posts' }, attributes });

/** The CLI exits 1 printing exactly one line: `Tessera could not start: <message>`. */
async function cliStops(dir: string, message: string): Promise<void> {
  const run = await runTessera(['start', dir]);
  assert.equal(run.stderr, `Tessera could not start: ${message}\n`);
  assert.equal(run.stdout, '');
  assert.equal(run.code, 1);
}

describe('tessera CLI', { concurrency: true }, () => {
  describe('tessera start on a broken project', { concurrency: true }, () => {
    it('names the schema file and the attribute of an unknown type', async () => {
      const dir = projects.write({ [schemaPath('post')]: post({ title: { type: 'strin' } }) });
      await cliStops(dir, `${path.join(dir, schemaPath('post'))}: attribute "title": unknown type "strin"`);
    });

    it('names a schema.json that is not JSON', async () => {
      const dir = projects.write({ [schemaPath('post')]: '{ "attributes": ' });
      const run = await runTessera(['start', dir]);
      assert.match(run.stderr, new RegExp(`^Tessera could not start: ${path.join(dir, schemaPath('post')).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON: .+\n$`));
      assert.equal(run.code, 1);
    });

    it('names a config file that throws', async () => {
      const dir = projects.write({ [schemaPath('post')]: post({}), 'config/server.js': "throw new Error('boom');" });
      await cliStops(dir, `${path.join(dir, 'config/server.js')}: could not be loaded: boom`);
    });

    it('names a GraphQL policy that has no file, and where it was expected, in one line', async () => {
      const index = "export default { register({ strapi }) { strapi.plugin('graphql').service('extension').use({ resolversConfig: { 'Query.posts': { policies: ['global::is-weekday'] } } }); } };\n";
      const dir = projects.write({ [schemaPath('post')]: post({ title: { type: 'string' } }), 'src/index.js': index });
      await cliStops(
        dir,
        `${path.join(dir, 'src/index.js')}: GraphQL extension: resolversConfig["Query.posts"].policies names the policy "global::is-weekday", which does not exist: add the file src/policies/is-weekday.ts (or .js, .mjs) to the project, exporting (policyContext, config, { strapi }) => boolean`,
      );
    });

    it('refuses a folder that does not exist, without creating it', async () => {
      const dir = path.join(projects.root, 'no-such-project');
      await cliStops(dir, `${dir}: no such project folder`);
      assert.equal(existsSync(dir), false);
    });
  });

  describe('tessera usage', { concurrency: true }, () => {
    it('prints usage and exits 2 for an unknown command', async () => {
      const unknown = await runTessera(['serve']);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stdout, /^Usage: tessera <command> \[project folder\]\n/);
      assert.equal(unknown.stderr, '');
    });
  });

  describe('tessera start on a valid project', () => {
    it('serves it at HOST:PORT from the environment and stops cleanly on SIGTERM', async () => {
      const dir = projects.write({
        [schemaPath('post')]: post({ title: { type: 'string' } }),
        'config/server.json': { host: '0.0.0.0', port: 1 },
        'config/database.json': { connection: { client: 'sqlite', connection: { filename: ':memory:' } } },
        'config/permissions.json': { public: { 'api::post.post': ['find'] } },
        'src/index.mjs': "export async function bootstrap({ documents }) { await documents('api::post.post').create({ data: { title: 'from the CLI' } }); }",
      });
      const child = spawn(process.execPath, [...CLI_ENTRY, 'start', dir], { cwd: ROOT, env: childEnv({ HOST: '127.0.0.1', PORT: '0' }) });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      try {
        const banner = await new Promise<RegExpMatchArray>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no banner in 15 s: ${stdout} ${stderr}`)), 15_000);
          child.stdout.on('data', (chunk: Buffer) => {
            stdout += chunk.toString();
            const match = /^Tessera serves (.+) at (http:\/\/127\.0\.0\.1:\d+)\/api \(1 content-type, ready in \d+ ms\)\n/.exec(stdout);
            if (match) {
              clearTimeout(timer);
              resolve(match);
            }
          });
          child.on('close', () => reject(new Error(`exited before serving: ${stdout} ${stderr}`)));
        });
        assert.equal(banner[1], dir);
        const response = await fetch(`${banner[2]}/api/posts`);
        assert.equal(response.status, 200);
        const body = (await response.json()) as { data: { title: string }[] };
        assert.deepEqual(body.data.map((item) => item.title), ['from the CLI']);
      } finally {
        child.kill('SIGTERM');
      }
      assert.deepEqual(await exited, { code: 0, signal: null });
      assert.equal(stderr, '');
    });
  });
});
