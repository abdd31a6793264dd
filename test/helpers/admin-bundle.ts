import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './test-app.js';

/**
 * Modules of the editor app (admin/src) for a test: bundled by esbuild as the app's build does
 * (TSX for Preact, bundler resolution), since tsc compiles the app for browsers only and the
 * server's tests never import it. `source` is an entry module written relative to admin/src.
 */
export async function bundleAdminModules(source: string, platform: 'node' | 'browser'): Promise<string> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'tessera-admin-bundle-'));
  await build({
    absWorkingDir: ROOT,
    stdin: { contents: source, resolveDir: path.join(ROOT, 'admin', 'src'), loader: 'tsx', sourcefile: 'test-entry.tsx' },
    outfile: path.join(outdir, 'entry.js'),
    bundle: true,
    format: 'esm',
    platform,
    target: platform === 'node' ? 'node20' : 'chrome111',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    loader: { '.css': 'css' },
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return path.join(outdir, 'entry.js');
}

/** The bundle of `source` imported into this Node process. */
export async function importAdminModules<T>(source: string): Promise<T> {
  return (await import(pathToFileURL(await bundleAdminModules(source, 'node')).href)) as T;
}
