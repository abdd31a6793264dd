// @databases: sqlite — packaging: what the npm tarball holds and that the installed CLI serves a new project, not storage
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runTesseraInProcess } from '../helpers/cli-in-process.js';
import { childEnv } from '../helpers/tessera-process.js';
import { ROOT } from '../helpers/test-app.js';
import { HANG_BOUND_MILLIS } from '../helpers/wait-until.js';

const work = mkdtempSync(path.join(tmpdir(), 'tessera-packaging-'));
after(() => rmSync(work, { recursive: true, force: true }));

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly bin: Readonly<Record<string, string>>;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly scripts: Readonly<Record<string, string>>;
}

/** Runs a program to its end (bounded: killed and failed after `millis`). */
function run(command: string, args: readonly string[], cwd: string, millis = 120_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: childEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not end in ${millis} ms\n${stdout}\n${stderr}`));
    }, millis);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Installs the tarball with npm, as a user does (`npm install <tarball>` in the project folder),
 * against the registry with the local cache preferred. Install scripts are skipped: the only one
 * the package's tree needs, better-sqlite3's, downloads its binary from GitHub, which this machine
 * cannot reach, so its addon is copied from this repository's build (the same version: the lock
 * file pins it). When the registry cannot be reached at all (a network error, not an npm
 * refusal), the tarball is placed as npm places a dependency instead: unpacked, its bin linked,
 * and each declared dependency linked from this repository — code that imports an undeclared
 * (dev-only) package still fails there.
 */
async function installTarball(tarball: string, projectDir: string): Promise<void> {
  const installed = await run('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], projectDir, 300_000);
  if (installed.code === 0) {
    const addon = path.join('node_modules', 'better-sqlite3', 'build');
    cpSync(path.join(ROOT, addon), path.join(projectDir, addon), { recursive: true });
    return;
  }
  assert.match(installed.stderr, /ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNREFUSED|ECONNRESET|ENETUNREACH|ENOTCACHED/, `npm install failed:\n${installed.stderr}`);
  const target = path.join(projectDir, 'node_modules', 'tessera-cms');
  mkdirSync(target, { recursive: true });
  const untar = await run('tar', ['xzf', tarball, '-C', target, '--strip-components=1'], projectDir);
  assert.equal(untar.code, 0, untar.stderr);
  const manifest = JSON.parse(readFileSync(path.join(target, 'package.json'), 'utf8')) as Manifest;
  assert.equal(manifest.name, 'tessera-cms');
  for (const dependency of Object.keys(manifest.dependencies)) {
    const link = path.join(projectDir, 'node_modules', dependency);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', dependency), link, 'dir');
  }
  mkdirSync(path.join(projectDir, 'node_modules', '.bin'), { recursive: true });
  for (const [bin, file] of Object.entries(manifest.bin)) {
    chmodSync(path.join(target, file), 0o755);
    symlinkSync(path.join('..', 'tessera-cms', file), path.join(projectDir, 'node_modules', '.bin', bin));
  }
  console.log('# the registry could not be reached: the tarball was unpacked and its dependencies linked instead of installed');
}

describe('packaging: npm pack → tessera new → npm install of the tarball → start', () => {
  it('packs dist/src and the project template without tests, and the installed tessera serves a new project from its folder', { timeout: 900_000 }, async () => {
    // `npm pack` runs `prepare` (scripts/prepare.mjs): an incremental build, quick when dist/ is fresh.
    const packed = await run('npm', ['pack', '--pack-destination', work, '--json'], ROOT, 240_000);
    assert.equal(packed.code, 0, packed.stderr);
    const [pack] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    assert.ok(pack);
    const files = pack.files.map((file) => file.path);
    assert.ok(files.includes('dist/src/server/main.js') && files.includes('examples/blog/src/index.mjs') && files.includes('README.md'), files.join('\n'));
    // The admin app ships built (npm pack ran prepare): nothing is built at install or start.
    assert.ok(files.includes('dist/admin/index.html') && files.some((file) => /^dist\/admin\/assets\/main-[A-Z0-9]+\.js$/.test(file)), files.join('\n'));
    const unwanted = files.filter((file) => /(^|\/)(test|bench)\/|\.test\.js$|\.ts$|\.map$/.test(file));
    assert.deepEqual(unwanted, [], 'no tests, benchmarks, sources or maps');

    const projectDir = path.join(work, 'my-blog');
    const created = await runTesseraInProcess(['new', projectDir], {}, work);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^Created a Tessera project in .+\nNext:\n {2}cd my-blog\n {2}npm install\n {2}npm run develop\n$/);
    const project = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as Manifest;
    assert.deepEqual(project.scripts, { develop: 'tessera develop', start: 'tessera start', tessera: 'tessera' });
    assert.deepEqual(project.dependencies, { 'tessera-cms': `^${pack.filename.replace(/^tessera-cms-|\.tgz$/g, '')}` });
    const env = readFileSync(path.join(projectDir, '.env'), 'utf8');
    assert.match(env, /^JWT_SECRET=[A-Za-z0-9+/]{22}==$/m);
    for (const file of ['config/env/production/database.js', 'config/env/production/server.js', 'config/database.js', 'src/api/article/content-types/article/schema.json']) assert.ok(existsSync(path.join(projectDir, file)), file);
    // Its config, production's included, loads (the project folder is the current one).
    for (const NODE_ENV of ['development', 'production']) {
      const built = await runTesseraInProcess(['build'], { NODE_ENV }, projectDir);
      assert.deepEqual([built.code, built.stderr], [0, ''], NODE_ENV);
      assert.equal(built.stdout.split('\n')[0], `${projectDir} loads (${NODE_ENV} settings): 4 content-types, 7 components, ${path.join(projectDir, 'src', 'index.mjs')}.`);
    }
    const again = await runTesseraInProcess(['new', projectDir], {}, work);
    assert.deepEqual([again.code, again.stderr], [1, `tessera new: ${projectDir} already exists and is not empty: tessera new creates a project in a new or empty folder\n`]);

    await installTarball(path.join(work, pack.filename), projectDir);
    const bin = path.join(projectDir, 'node_modules', '.bin', 'tessera');
    const version = await run(bin, ['--version'], projectDir);
    assert.deepEqual([version.code, version.stdout], [0, `${pack.filename.replace(/^tessera-cms-|\.tgz$/g, '')}\n`]);

    // As `npm start` runs it: the bin, in the project folder, with no folder argument.
    const child = spawn(bin, ['start'], { cwd: projectDir, env: childEnv({ HOST: '127.0.0.1', PORT: '0', PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` }) });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const address = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner in ${HANG_BOUND_MILLIS / 1000} s:\n${stdout}\n${stderr}`)), HANG_BOUND_MILLIS);
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const banner = /^Tessera serves (.+) at (http:\/\/127\.0\.0\.1:\d+)\/api /m.exec(stdout);
          if (!banner) return;
          clearTimeout(timer);
          assert.equal(banner[1], projectDir);
          resolve(banner[2] as string);
        });
        void exited.then(() => reject(new Error(`exited before serving:\n${stdout}\n${stderr}`)));
      });
      const response = await fetch(`${address}/api/articles?sort=title`);
      assert.equal(response.status, 200);
      const body = (await response.json()) as { data: { title: string }[] };
      assert.equal(body.data.length, 3, 'the seed script of the template ran');
      const panel = await fetch(`${address}/admin`, { headers: { accept: 'text/html' } });
      assert.equal(panel.status, 200);
      assert.match(await panel.text(), /<script type="module" src="\/admin\/assets\/main-[A-Z0-9]+\.js"><\/script>/);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exited, 0, stderr);
    assert.ok(readdirSync(path.join(projectDir, '.tmp')).includes('data.db'), 'the database of config/database.js, in the project');
  });
});
