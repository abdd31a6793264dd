import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { CLI_ENTRY } from '../helpers/cli-entry.js';
import { ROOT } from '../helpers/test-app.js';
import { runTesseraInProcess as inProcess } from '../helpers/cli-in-process.js';
import { childEnv } from '../helpers/tessera-process.js';
import { COMMANDS } from '../../src/server/cli/commands.js';

const projects = createTempProjects('tessera-cli-');
after(() => projects.remove());

const post = (attributes: Record<string, unknown>) => ({ kind: 'collectionType', info: { singularName: 'post', pluralName: 'posts' }, attributes });

/** The CLI exits 1 printing exactly one line: `Tessera could not start: <message>`. */
async function cliStops(dir: string, message: string, env: Record<string, string> = {}): Promise<void> {
  const run = await inProcess(['start', dir], env);
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
      const run = await inProcess(['start', dir]);
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

    it('refuses a folder that is not a project, the current one by default, and creates nothing in it', async () => {
      const empty = projects.write({ 'notes.txt': 'not a project' });
      const expected = `${empty}: not a project folder: it has neither src/ nor config/ (tessera new <dir> creates a project)`;
      for (const args of [['start'], ['develop'], ['build'], ['migrate'], ['api-token:list'], ['admin:create-user', '--email', 'a@example.com', '--password', 'Secret123']]) {
        const run = await inProcess(args, {}, empty);
        assert.equal(run.code, 1, `${args.join(' ')}: ${run.stderr}`);
        assert.ok(run.stderr.endsWith(`${expected}\n`), run.stderr);
        assert.equal(run.stderr.split('\n').length, 2, 'one line');
      }
      assert.deepEqual(readdirSync(empty), ['notes.txt'], 'no .tmp/data.db');
    });

    it('build checks that the project loads, without a database: exit 0, or 1 naming the file', async () => {
      const good = projects.write({ [schemaPath('post')]: post({ title: { type: 'string' } }), 'config/server.js': 'module.exports = ({ env }) => ({ port: env.int("PORT", 1337) });' });
      const built = await inProcess(['build'], {}, good);
      assert.deepEqual([built.code, built.stderr], [0, '']);
      assert.equal(built.stdout.split('\n')[0], `${good} loads (development settings): 1 content-type, 0 components.`);
      assert.equal(existsSync(path.join(good, '.tmp')), false, 'no database opened');
      const broken = projects.write({ [schemaPath('post')]: post({ title: { type: 'strin' } }) });
      const refused = await inProcess(['build', broken]);
      assert.deepEqual([refused.code, refused.stdout, refused.stderr], [1, '', `Tessera could not load the project: ${path.join(broken, schemaPath('post'))}: attribute "title": unknown type "strin"\n`]);
    });

    it('says in one line, naming PORT and HOST, that the port is in use', async () => {
      const dir = projects.write({ [schemaPath('post')]: post({ title: { type: 'string' } }), 'config/database.json': { connection: { client: 'sqlite', connection: { filename: ':memory:' } } } });
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      try {
        const port = (taken.address() as AddressInfo).port;
        await cliStops(dir, `port ${port} on 127.0.0.1 is in use: stop what uses it, or choose another port with the PORT environment variable (HOST chooses the address; config/server sets both)`, { HOST: '127.0.0.1', PORT: String(port) });
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    });
  });

  describe('tessera usage: --help, --version, exit codes', { concurrency: true }, () => {
    it('prints the commands for --help, -h, help and no command, and exits 0', async () => {
      for (const args of [[], ['--help'], ['-h'], ['help']]) {
        const run = await inProcess(args);
        assert.deepEqual([run.code, run.stderr], [0, ''], args.join(' '));
        assert.match(run.stdout, /^Usage: tessera <command> \[options\] \[project folder\]\n/);
        for (const command of COMMANDS) assert.match(run.stdout, new RegExp(`^  ${command.name} `, 'm'));
        assert.match(run.stdout, /Exit codes: 0 done, 1 the command failed .*\n2 a usage error/s);
      }
    });

    it('describes every command with <command> --help (anywhere before --) and help <command>, exiting 0 and touching nothing', async () => {
      for (const command of COMMANDS) {
        for (const args of [[command.name, '--help'], [command.name, '--name', 'x', '-h'], ['help', command.name]]) {
          const run = await inProcess(args, {}, projects.root);
          assert.deepEqual([run.code, run.stderr], [0, ''], args.join(' '));
          assert.ok(run.stdout.startsWith(`Usage: tessera ${command.name} ${command.synopsis}\n\n${command.details}\n`), run.stdout);
        }
      }
      assert.equal(existsSync(path.join(projects.root, '.tmp')), false);
    });

    it('prints the version of package.json for --version, -v and version', async () => {
      const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
      for (const flag of ['--version', '-v', 'version']) assert.deepEqual(await inProcess([flag]), { code: 0, signal: null, stdout: `${version}\n`, stderr: '' });
    });

    it('exits 2 with the error on stderr for an unknown command, an unknown option, a missing or extra argument', async () => {
      const unknown = await inProcess(['serve']);
      assert.deepEqual([unknown.code, unknown.stdout], [2, '']);
      assert.match(unknown.stderr, /^tessera: unknown command "serve" \(commands: new, start, develop, build, migrate, /);
      const cases: [string[], RegExp][] = [
        [['start', '--port', '3000'], /^tessera start: Unknown option '--port'/],
        [['start', 'one', 'two'], /^tessera start: unexpected argument two\nUsage: tessera start \[dir\]\n/],
        [['new'], /^tessera new: missing the folder to create\n/],
        [['api-token:revoke'], /^tessera api-token:revoke: missing the API token name or id\n/],
        [['help', 'serve'], /^tessera: unknown command "serve"\n/],
      ];
      for (const [args, message] of cases) {
        const run = await inProcess(args);
        assert.deepEqual([run.code, run.stdout], [2, ''], args.join(' '));
        assert.match(run.stderr, message);
      }
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
