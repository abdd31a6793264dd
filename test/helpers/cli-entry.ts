import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './test-app.js';

/** Whether every source file under src/ has a compiled twin in dist/ at least as new as itself. */
function distIsFresh(dir = path.join(ROOT, 'src')): boolean {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const source = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!distIsFresh(source)) return false;
    } else if (entry.name.endsWith('.ts')) {
      const compiled = statSync(path.join(ROOT, 'dist', path.relative(ROOT, source)).replace(/\.ts$/, '.js'), { throwIfNoEntry: false });
      if (!compiled || compiled.mtimeMs < statSync(source).mtimeMs) return false;
    }
  }
  return true;
}

/**
 * Node arguments that run the CLI as a user does: the compiled entry in dist/ (npm test builds
 * first). When dist/ is older than the sources (tsx --test while editing), src/server/main.ts runs
 * through tsx instead, so that a stale build can never make a test pass; that is about three
 * times slower.
 */
export const CLI_ENTRY: readonly string[] =
  fileURLToPath(import.meta.url).includes(`${path.sep}dist${path.sep}`) || distIsFresh()
    ? [path.join(ROOT, 'dist', 'src', 'server', 'main.js')]
    : ['--import', 'tsx', path.join(ROOT, 'src', 'server', 'main.ts')];
