// Runs the compiled test suite: unit and e2e tests on SQLite, and the storage suite (e2e files
// that start an app through the test helper, less those marked `// @databases: sqlite`) on
// PostgreSQL and MariaDB/MySQL when their servers can be had (started if they are down).
// On a machine with 4 or more cores the passes run at the same time; with fewer they run one
// after the other (on 2 cores, three passes at once took 1,476 s where one after the other
// took ~700 s, and the cluster tests' bounds failed). TESSERA_TEST_SERIAL=1 or 0 forces either.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

function collect(dir, files = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) collect(full, files);
    else if (name.endsWith('.test.js')) files.push(full);
  }
  return files;
}

const extraArgs = process.argv.slice(2);
const all = [...collect('dist/src'), ...collect('dist/test')].sort();
if (all.length === 0) {
  console.error('No test files found under dist/: run the build first.');
  process.exit(1);
}

/**
 * The storage suite, run on every database: e2e files that start their app through the test
 * helper, unless the file's header says `// @databases: sqlite — <why>` (its assertions are about
 * something storage does not change: validation, headers, tokens, transports). See test/README.md.
 */
const SQLITE_ONLY = /^\/\/ @databases: sqlite\b/m;
const perDatabase = all.filter((file) => {
  if (!file.startsWith(path.join('dist', 'test'))) return false;
  const text = readFileSync(file, 'utf8');
  return text.includes('startTestApp(') && !SQLITE_ONLY.test(text);
});

// A test that hangs fails on its own instead of holding the run until CI's limit. Node 20 applies
// the bound to each file as a whole too, and a busy 2-core machine (load 30) ran single files for
// more than 5 minutes: 20 minutes, which only a hang reaches.
const timeoutArgs = extraArgs.some((arg) => arg.startsWith('--test-timeout')) ? [] : ['--test-timeout=1200000'];
const serial = process.env.TESSERA_TEST_SERIAL === undefined ? availableParallelism() < 4 : process.env.TESSERA_TEST_SERIAL === '1';
const durationsDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-durations-'));

/**
 * The files a pass gives node's runner. Each test process pays for its imports (≈0.5 s: the
 * server, Fastify, mercurius, Kysely…) and starts with a cold JIT: with one process per file
 * (node's own way) that was about half of the suite's CPU time (30 e2e files took 53 s of CPU in
 * 30 processes, 27 s in one). So a pass runs its files in a few processes: one generated file per
 * group that imports each test file inside a suite of its own, named after the file (its
 * top-level hooks stay scoped to its tests; the files run one after the other). Groups are
 * balanced by size, more of them than runner slots so that an unlucky group does not end the
 * pass alone. TESSERA_TEST_ISOLATE=1 gives every file its own process again (to chase a test
 * that leaks into another).
 */
const groupsDir = path.join(durationsDir, 'groups');
mkdirSync(groupsDir);
function grouped(kind, files, count) {
  if (process.env.TESSERA_TEST_ISOLATE === '1' || files.length <= count) return files;
  // Unit tests (dist/src) are mostly pure and quick for their size.
  const weight = (file) => statSync(file).size * (file.startsWith(path.join('dist', 'src')) ? 0.3 : 1);
  const groups = Array.from({ length: count }, () => ({ weight: 0, files: [] }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = groups.reduce((best, group) => (group.weight < best.weight ? group : best));
    lightest.files.push(file);
    lightest.weight += weight(file);
  }
  return groups.map((group, index) => {
    const groupFile = path.join(groupsDir, `${kind}-${index + 1}.test.mjs`);
    const entries = group.files.sort().map((file) => [file, pathToFileURL(path.resolve(file)).href]);
    writeFileSync(groupFile, `import { describe } from 'node:test';
for (const [name, url] of ${JSON.stringify(entries)}) describe(name, async () => {
  await import(url);
});
`);
    return groupFile;
  });
}

/**
 * Runs node's test runner on `files`; resolves to its exit code, counts, failures and the output
 * (echoed as it comes when the passes run in series, kept for the end of the pass otherwise).
 */
function runSuite(label, files, env) {
  const header = `\n=== ${label}: ${files.length} test files ===`;
  const processes = grouped(env.TESSERA_TEST_DB, files, env.TESSERA_TEST_DB === 'sqlite' ? 8 : 4);
  if (serial) console.log(header);
  const durationsFile = path.join(durationsDir, `${env.TESSERA_TEST_DB}.tsv`);
  const reporters = ['--test-reporter=tap', '--test-reporter-destination=stdout', `--test-reporter=${path.resolve('scripts/file-durations.mjs')}`, `--test-reporter-destination=${durationsFile}`];
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--test', '--test-concurrency=2', ...timeoutArgs, ...reporters, ...extraArgs, ...processes], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    let tail = '';
    let partial = '';
    const failures = [];
    let capturing = 0;
    child.stderr.on('data', (chunk) => (serial ? process.stderr.write(chunk) : output.push(chunk)));
    child.stdout.on('data', (chunk) => {
      if (serial) process.stdout.write(chunk);
      else output.push(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
      // Failures are kept so that the summary repeats them: a CI log is often read from its end.
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (/^\s*not ok \d+ /.test(line) && failures.length < 400) {
          failures.push(line);
          capturing = 24;
        } else if (capturing > 0 && failures.length < 400) {
          failures.push(line);
          capturing -= 1;
        }
      }
    });
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!serial) {
        console.log(header);
        for (const chunk of output) process.stdout.write(chunk);
      }
      const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tail)?.[1] ?? 0);
      let slowest = [];
      try {
        slowest = readFileSync(durationsFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split('\t'))
          .filter(([, , file]) => !file.startsWith(groupsDir))
          .sort((a, b) => Number(b[1]) - Number(a[1]))
          .slice(0, 10);
      } catch {
        // no test reported (the pass failed to start): nothing to rank
      }
      resolve({ label, code: code ?? 1, pass: count('pass'), fail: count('fail') + count('cancelled'), failures, seconds, slowest });
    });
  });
}

// One seed for every property test of the run, chosen here and printed first and last, so that a
// failing run (a CI log) can be replayed exactly: TESSERA_PROPERTY_SEED=<seed> npm test.
const propertySeed = process.env.TESSERA_PROPERTY_SEED ?? String(randomInt(-(2 ** 31), 2 ** 31));
console.log(`property tests seed: ${propertySeed} (replay with TESSERA_PROPERTY_SEED=${propertySeed})`);
// PostgreSQL apps start from template databases synced once per schema in this run (see
// test/helpers/test-database.ts); they are named after the run and dropped at its end.
const templatesRun = randomBytes(4).toString('hex');
const common = { TESSERA_PROPERTY_SEED: propertySeed, TESSERA_TEST_TEMPLATES: templatesRun };
const passes = [{ label: 'unit and e2e tests on SQLite', files: all, env: { ...common, TESSERA_TEST_DB: 'sqlite' } }];
const skipped = [];
for (const [kind, label] of [['postgres', 'PostgreSQL'], ['mysql', 'MariaDB/MySQL']]) {
  const ready = spawnSync('bash', [path.join('scripts', 'ensure-database-server.sh'), kind], { stdio: 'inherit' }).status === 0;
  if (ready) passes.push({ label: `storage suite on ${label}`, files: perDatabase, env: { ...common, TESSERA_TEST_DB: kind } });
  else skipped.push(label);
}
if (!serial) console.log(`Running ${passes.length} passes at once; each pass's output follows when it ends.`);
const results = [];
if (serial) for (const each of passes) results.push(await runSuite(each.label, each.files, each.env));
else results.push(...(await Promise.all(passes.map((each) => runSuite(each.label, each.files, each.env)))));
// TESSERA_TEST_DURATIONS=<dir> keeps every file's figures (summed ms, span ms, file; one .tsv per pass).
if (process.env.TESSERA_TEST_DURATIONS) cpSync(durationsDir, process.env.TESSERA_TEST_DURATIONS, { recursive: true });
rmSync(durationsDir, { recursive: true, force: true });
if (passes.some((each) => each.env.TESSERA_TEST_DB === 'postgres')) await dropTemplates();

/** Drops this run's PostgreSQL template databases. */
async function dropTemplates() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: process.env.PGHOST ?? '127.0.0.1', port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? 'postgres', password: process.env.PGPASSWORD ?? '', database: 'postgres' });
  try {
    await client.connect();
    const { rows } = await client.query("select datname from pg_database where datname like 'tessera\\_tpl\\_' || $1 || '\\_%'", [templatesRun]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } catch (error) {
    console.log(`(the template databases of this run could not be dropped: ${error.message})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

for (const result of results.filter((each) => each.failures.length > 0)) {
  console.log(`\n=== failures in the ${result.label} ===`);
  console.log(result.failures.join('\n'));
}
console.log("\n=== slowest test files (time held in the runner, from the file's start to its last event) ===");
for (const result of results) {
  console.log(`${result.label}:`);
  for (const [ms, span, file] of result.slowest) console.log(`  ${(Number(span) / 1000).toFixed(1).padStart(7)} s  (node: ${(Number(ms) / 1000).toFixed(1)} s)  ${path.relative(process.cwd(), file)}`);
}
console.log('\n=== summary ===');
console.log(`property tests seed: ${propertySeed}`);
for (const result of results) {
  // A failing hook (before/after) fails its suite without counting as a failed test.
  const note = result.code !== 0 && result.fail === 0 ? ' — but the run FAILED (a hook or a file failed to load: see "not ok" above)' : '';
  console.log(`${result.label}: ${result.pass} passed, ${result.fail} failed (${result.seconds} s)${note}`);
}
for (const label of skipped) {
  console.log(`!!! SKIPPED: the storage suite on ${label} did not run: no server answers on 127.0.0.1 and none could be started.`);
}
const pass = results.reduce((sum, result) => sum + result.pass, 0);
const fail = results.reduce((sum, result) => sum + result.fail, 0);
console.log(`${pass} passed, ${fail} failed`);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
