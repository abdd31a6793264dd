// `npm run prepare`: npm runs it after `npm install`/`npm ci` in a clone, before `npm pack` and
// `npm publish`, and when a project installs Tessera from a git URL (npm installs the clone's
// devDependencies and runs this before packing it). Each needs dist/: build it. The build is
// incremental (dist/.tsbuildinfo), so the `npm run build` of `npm test` right after `npm ci`
// finds nothing left to do: CI does not build twice.
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
const build = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json')], { cwd: root, stdio: 'inherit' });
process.exit(build.status ?? 1);
