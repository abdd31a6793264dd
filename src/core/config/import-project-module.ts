import { createHash } from 'node:crypto';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Imports a module of a project folder: `.js`/`.mjs` as they are; `.ts` compiled first (type
 * annotations stripped) to a hidden ESM file beside the original, so its relative imports
 * resolve as written, and removed again once loaded.
 */
export async function importProjectModule(file: string): Promise<Record<string, unknown>> {
  const source = await readFile(file, 'utf8');
  if (!file.endsWith('.ts')) {
    // Node caches modules by URL for the life of the process: without a version in the URL,
    // `tessera develop` (and any second createApp) kept serving the first-loaded config/index.
    const version = createHash('sha1').update(source).digest('hex');
    return (await import(`${pathToFileURL(file).href}?v=${version}`)) as Record<string, unknown>;
  }
  // Loaded only for TypeScript projects: most projects never pay for the compiler's memory.
  const { transform } = await import('sucrase');
  const { code } = transform(source, { transforms: ['typescript'], filePath: file });
  const out = path.join(path.dirname(file), `.${path.basename(file, '.ts')}.tessera-${process.pid}-${Date.now()}.mjs`);
  await writeFile(out, code);
  try {
    return (await import(pathToFileURL(out).href)) as Record<string, unknown>;
  } finally {
    await unlink(out).catch(() => undefined);
  }
}
