// Runs the compiled test suite: unit and e2e tests on SQLite, then the e2e suite again on
// PostgreSQL and MariaDB/MySQL when their servers can be had (started if they are down).
import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

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
// The suite that runs on every database: e2e files that start their app through the test helper.
const perDatabase = all.filter((file) => file.startsWith(path.join('dist', 'test')) && readFileSync(file, 'utf8').includes('startTestApp('));

/** Runs node's test runner, echoing its output; resolves to its exit code and counts. */
function runSuite(label, files, env) {
  console.log(`\n=== ${label}: ${files.length} test files ===`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-concurrency=2', ...extraArgs, ...files], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let tail = '';
    let partial = '';
    const failures = [];
    let capturing = 0;
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
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
      const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tail)?.[1] ?? 0);
      resolve({ label, code: code ?? 1, pass: count('pass'), fail: count('fail') + count('cancelled'), failures });
    });
  });
}

// One seed for every property test of the run, chosen here and printed first and last, so that a
// failing run (a CI log) can be replayed exactly: TESSERA_PROPERTY_SEED=<seed> npm test.
const propertySeed = process.env.TESSERA_PROPERTY_SEED ?? String(randomInt(-(2 ** 31), 2 ** 31));
console.log(`property tests seed: ${propertySeed} (replay with TESSERA_PROPERTY_SEED=${propertySeed})`);
const common = { TESSERA_PROPERTY_SEED: propertySeed };
const results = [await runSuite('unit and e2e tests on SQLite', all, { ...common, TESSERA_TEST_DB: 'sqlite' })];
const skipped = [];
for (const [kind, label] of [['postgres', 'PostgreSQL'], ['mysql', 'MariaDB/MySQL']]) {
  const ready = spawnSync('bash', [path.join('scripts', 'ensure-database-server.sh'), kind], { stdio: 'inherit' }).status === 0;
  if (ready) results.push(await runSuite(`e2e suite on ${label}`, perDatabase, { ...common, TESSERA_TEST_DB: kind }));
  else skipped.push(label);
}

for (const result of results.filter((each) => each.failures.length > 0)) {
  console.log(`\n=== failures in the ${result.label} ===`);
  console.log(result.failures.join('\n'));
}
console.log('\n=== summary ===');
console.log(`property tests seed: ${propertySeed}`);
for (const result of results) {
  // A failing hook (before/after) fails its suite without counting as a failed test.
  const note = result.code !== 0 && result.fail === 0 ? ' — but the run FAILED (a hook or a file failed to load: see "not ok" above)' : '';
  console.log(`${result.label}: ${result.pass} passed, ${result.fail} failed${note}`);
}
for (const label of skipped) {
  console.log(`!!! SKIPPED: the e2e suite on ${label} did not run: no server answers on 127.0.0.1 and none could be started.`);
}
const pass = results.reduce((sum, result) => sum + result.pass, 0);
const fail = results.reduce((sum, result) => sum + result.fail, 0);
console.log(`${pass} passed, ${fail} failed`);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
