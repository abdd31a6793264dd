import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// The sources are read, also when this runs compiled from dist/src/server/cli.
const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url))).replace(`${path.sep}dist${path.sep}src${path.sep}`, `${path.sep}src${path.sep}`);

/** The modules `file` imports when it is loaded (static imports; `import type` and `import()` excluded), as source paths. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    const specifier = match[1] as string;
    found.push(specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts') : specifier);
  }
  return found;
}

describe('the process entry starts fast', () => {
  it('loads no package and not the server for --help, --version and usage errors: commands are imported when they run', () => {
    const seen = new Set<string>();
    const queue = [path.join(SERVER, 'main.ts')];
    const packages = new Set<string>();
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const imported of staticImports(file)) {
        if (imported.startsWith('/')) queue.push(imported);
        else if (!imported.startsWith('node:')) packages.add(imported);
      }
    }
    assert.deepEqual([...packages], []);
    const loaded = [...seen].map((file) => path.relative(SERVER, file)).sort();
    assert.deepEqual(loaded, ['../core/shared/errors.ts', 'cli/cli-error.ts', 'cli/commands.ts', 'cli/package-root.ts', 'cli/package-version.ts', 'cli/parse-command-args.ts', 'cli/run-cli.ts', 'main.ts']);
  });
});
