// `npm run prepare`: npm runs it after `npm install`/`npm ci` in a clone, before `npm pack` and
// `npm publish`, and when a project installs Tessera from a git URL (npm installs the clone's
// devDependencies and runs this before packing it). Each needs dist/: build it — the server
// (tsc) and the editor app (dist/admin, which the package ships: nothing is built at install
// or start of an installed package). tsc is incremental (dist/.tsbuildinfo); the app's bundle
// takes under a second.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  // Installed without devDependencies (npm ci --omit=dev): nothing to build with.
  if (existsSync(path.join(root, 'dist', 'src', 'server', 'main.js'))) process.exit(0);
  console.error('tessera: dist/ is missing and TypeScript is not installed: run npm install (with devDependencies), then npm run build.');
  process.exit(1);
}
const steps = [
  [tsc, '-p', path.join(root, 'tsconfig.json')],
  [tsc, '-p', path.join(root, 'admin', 'tsconfig.json')],
  [tsc, '-p', path.join(root, 'admin', 'tsconfig.test.json')],
  [path.join(root, 'scripts', 'build-admin.mjs')],
];
for (const args of steps) {
  const step = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
