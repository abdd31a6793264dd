// `npm run build`'s second step: bundles the editor app (admin/src) with esbuild into
// dist/admin/ — minified, code-split ES modules with content-hashed names under assets/, and
// an index.html that loads the entry. The server serves that folder at /admin
// (src/transports/admin-panel/). The app is type-checked by `tsc -p admin/tsconfig.json`
// first (esbuild only strips types).
//
// The app's unit tests (admin/src/**/*.test.ts: its pure modules) are bundled for Node into
// dist/test/admin-app/, where `npm test`'s runner finds them with the rest (never packed).
//
// `--sizes` also prints the gzip size of each file the login page loads (bench/README.md).
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, 'dist', 'admin');
const assetsDir = path.join(outDir, 'assets');
/** Where the server serves the built files: index.html at /admin, the rest under it. */
const BASE = '/admin/assets/';

rmSync(outDir, { recursive: true, force: true });
mkdirSync(assetsDir, { recursive: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'admin/src/main.tsx' },
  outdir: assetsDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  // The browsers of the last years (ES modules and dynamic import are required anyway).
  target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
});

const outputs = result.metafile.outputs;
const entry = Object.entries(outputs).find(([, output]) => output.entryPoint === 'admin/src/main.tsx');
if (!entry) throw new Error('esbuild produced no output for admin/src/main.tsx');
const [entryPath, entryOutput] = entry;
const url = (file) => BASE + path.relative(assetsDir, path.join(root, file)).split(path.sep).join('/');
// The chunks the entry imports statically load with it: preloading them saves a round trip.
const preloads = entryOutput.imports.filter((item) => item.kind === 'import-statement').map((item) => url(item.path));
const css = entryOutput.cssBundle ? [url(entryOutput.cssBundle)] : [];

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <meta name="robots" content="noindex" />
    <title>Tessera</title>
${css.map((href) => `    <link rel="stylesheet" href="${href}" />`).join('\n')}
${preloads.map((href) => `    <link rel="modulepreload" href="${href}" />`).join('\n')}
    <script type="module" src="${url(entryPath)}"></script>
  </head>
  <body>
    <div id="app"></div>
    <noscript>The Tessera admin panel needs JavaScript.</noscript>
  </body>
</html>
`.replace(/\n{2,}/g, '\n');
writeFileSync(path.join(outDir, 'index.html'), html);

const testsDir = path.join(root, 'dist', 'test', 'admin-app');
rmSync(testsDir, { recursive: true, force: true });
const tests = readdirSync(path.join(root, 'admin', 'src'), { recursive: true })
  .map((file) => String(file))
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('admin', 'src', file));
if (tests.length > 0) {
  await build({
    absWorkingDir: root,
    entryPoints: tests,
    outbase: 'admin/src',
    outdir: testsDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

if (process.argv.includes('--sizes')) {
  // What the browser fetches before the login page shows: the page, its style sheet, the entry
  // and the chunks the entry imports statically (the shell's chunk comes after a login).
  const files = [path.join(outDir, 'index.html'), ...[entryPath, ...entryOutput.imports.filter((item) => item.kind === 'import-statement').map((item) => item.path), ...(entryOutput.cssBundle ? [entryOutput.cssBundle] : [])].map((file) => path.join(root, file))];
  let total = 0;
  let totalJs = 0;
  const rows = files.map((file) => {
    const bytes = readFileSync(file);
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total += gzip;
    if (file.endsWith('.js')) totalJs += gzip;
    return `${path.relative(outDir, file).padEnd(36)} ${String(bytes.length).padStart(8)} B ${String(gzip).padStart(8)} B gzip`;
  });
  const lazy = Object.keys(outputs).filter((file) => file.endsWith('.js') && !files.includes(path.join(root, file)));
  console.log('Before the login page:');
  for (const row of rows) console.log(`  ${row}`);
  console.log(`  JavaScript: ${(totalJs / 1024).toFixed(1)} KB gzip (budget 150 KB); everything: ${(total / 1024).toFixed(1)} KB gzip`);
  console.log('Loaded after a login:');
  for (const file of lazy) {
    const bytes = readFileSync(path.join(root, file));
    console.log(`  ${path.relative(outDir, path.join(root, file)).padEnd(36)} ${String(bytes.length).padStart(8)} B ${String(gzipSync(bytes, { level: 9 }).length).padStart(8)} B gzip`);
  }
}
