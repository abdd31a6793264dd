// Runs every compiled test file with node's test runner (unit tests beside the code, e2e in test/).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir, files = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) collect(full, files);
    else if (name.endsWith('.test.js')) files.push(full);
  }
  return files;
}

const files = [...collect('dist/src'), ...collect('dist/test')].sort();
if (files.length === 0) {
  console.error('No test files found under dist/: run the build first.');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...process.argv.slice(2), ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
