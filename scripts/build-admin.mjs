// `npm run build`'s last step: bundles the editor app (admin/src) with esbuild into
// dist/admin/ — minified, code-split ES modules with content-hashed names under assets/ (each
// with its .br and .gz), and an index.html that loads the entry. The server serves that folder at /admin
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
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

// The brand mark as the tab's icon, inline (the default security policy allows data: images):
// no /favicon.ico request, which the server would answer with a 404.
const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="13" height="13" rx="3" fill="#4945ff"/><rect x="17" y="2" width="13" height="13" rx="3" fill="#4945ff" opacity=".55"/><rect x="2" y="17" width="13" height="13" rx="3" fill="#4945ff" opacity=".55"/><rect x="17" y="17" width="13" height="13" rx="3" fill="#4945ff" opacity=".3"/></svg>')}`;
const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <meta name="robots" content="noindex" />
    <title>Tessera</title>
    <link rel="icon" type="image/svg+xml" href="${icon}" />
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

// Each asset compressed once, here, at the highest levels (the server has no compression of its
// own): @fastify/static sends the .br or .gz beside a file to a browser that accepts it.
for (const file of Object.keys(outputs)) {
  const bytes = readFileSync(path.join(root, file));
  writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  writeFileSync(path.join(root, `${file}.gz`), gzipSync(bytes, { level: 9 }));
}

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
  // gzip -9 is the budget's measure; brotli is what the server sends to browsers that take it.
  const staticImports = entryOutput.imports.filter((item) => item.kind === 'import-statement').map((item) => item.path);
  const before = [path.join(outDir, 'index.html'), ...[entryPath, ...staticImports, ...(entryOutput.cssBundle ? [entryOutput.cssBundle] : [])].map((file) => path.join(root, file))];
  const measure = (file) => {
    const bytes = readFileSync(file);
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
  };
  const row = ({ file, raw, gzip, br }) => `  ${path.relative(outDir, file).padEnd(30)} ${String(raw).padStart(7)} B ${String(gzip).padStart(7)} B gzip ${String(br).padStart(7)} B br`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows = before.map(measure);
  const js = rows.filter((item) => item.file.endsWith('.js'));
  const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);
  console.log('Before the login page:');
  for (const item of rows) console.log(row(item));
  console.log(`  JavaScript: ${kb(sum(js, 'gzip'))} gzip, ${kb(sum(js, 'br'))} br (budget: 150 KB gzip); everything: ${kb(sum(rows, 'gzip'))} gzip, ${kb(sum(rows, 'br'))} br`);
  console.log('Loaded after a login:');
  for (const file of Object.keys(outputs).map((output) => path.join(root, output)).filter((file) => !before.includes(file))) console.log(row(measure(file)));
}
