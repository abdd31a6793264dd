// @databases: sqlite — serving the app's files and page reads no storage.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { AppConfig } from '../../src/core/config/app-config.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const INDEX = '<!doctype html><html><head><script type="module" src="/admin/assets/main-ABCD1234.js"></script></head><body><div id="app"></div></body></html>';

/** A built app as scripts/build-admin.mjs lays it out, small enough to check byte for byte. */
function builtPanel(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-admin-panel-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'main-ABCD1234.js'), 'console.log(1);\n');
  writeFileSync(path.join(dir, 'assets', 'main-ABCD1234.js.br'), brotliCompressSync('console.log(1);\n'));
  writeFileSync(path.join(dir, 'assets', 'main-ABCD1234.js.gz'), gzipSync('console.log(1);\n'));
  writeFileSync(path.join(dir, 'assets', 'main-ABCD1234.css'), 'body{}\n');
  return dir;
}

/** A GET over node:http, which leaves the body as sent (fetch decompresses it). */
function rawGet(baseUrl: string, url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(baseUrl + url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

function adminConfig(value: Record<string, unknown>): (config: AppConfig) => AppConfig {
  return (config) => ({ ...config, files: { ...config.files, admin: { ...config.files.admin, value: { ...config.files.admin.value, ...value } } } });
}

describe('the admin panel at /admin', () => {
  let panel: string;
  let app: TestApp;
  before(async () => {
    panel = builtPanel();
    app = await startTestApp({ fixture: 'admin-app', adminPanelDir: panel });
  });
  after(async () => {
    await app.close();
    rmSync(panel, { recursive: true, force: true });
  });

  it('answers a browser at /admin and at the app\'s own addresses with its page, never cached without revalidation', async () => {
    for (const url of ['/admin', '/admin/', '/admin/auth/login', '/admin/content-manager/collection-types/api::article.article', '/admin/plugins/upload']) {
      const response = await app.get(url, { accept: BROWSER });
      assert.equal(response.status, 200, url);
      assert.equal(response.text, INDEX, url);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8', url);
      assert.equal(response.headers.get('cache-control'), 'no-cache', url);
      // The security headers of every answer (the app runs under the strict default policy: no inline script).
      assert.match(response.headers.get('content-security-policy') ?? '', /script-src 'self'/, url);
    }
    const head = await app.request('HEAD', '/admin/auth/login', { headers: { accept: BROWSER } });
    assert.equal(head.status, 200);
  });

  it('serves the hashed assets as immutable for a year, and a missing one as the JSON 404', async () => {
    const script = await app.get('/admin/assets/main-ABCD1234.js');
    assert.equal(script.status, 200);
    assert.equal(script.text, 'console.log(1);\n');
    assert.match(script.headers.get('content-type') ?? '', /^(text|application)\/javascript/);
    assert.equal(script.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    // The build's compressed copies, chosen by Accept-Encoding (raw HTTP: fetch would decompress them out of sight).
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const compressed = await rawGet(app.baseUrl, '/admin/assets/main-ABCD1234.js', { 'accept-encoding': encoding });
      assert.equal(compressed.headers['content-encoding'], encoding);
      assert.match(String(compressed.headers.vary), /accept-encoding/i);
      assert.equal(compressed.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(decode(compressed.body).toString(), 'console.log(1);\n');
    }
    const plain = await rawGet(app.baseUrl, '/admin/assets/main-ABCD1234.js', {});
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), 'console.log(1);\n');
    const css = await app.get('/admin/assets/main-ABCD1234.css');
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
    for (const url of ['/admin/assets/missing-0000.js', '/admin/assets/../index.html', '/admin/assets/']) {
      const missing = await app.get(url, { accept: '*/*' });
      assert.equal(missing.status, 404, url);
      assert.equal(missing.body.error.name, 'NotFoundError', url);
    }
  });

  it('leaves the admin API its routes and its JSON: a browser gets JSON from an API route, an API call never gets the page', async () => {
    const me = await app.get('/admin/users/me', { accept: BROWSER });
    assert.equal(me.status, 401);
    assert.match(me.headers.get('content-type') ?? '', /^application\/json/);
    const login = await app.request('POST', '/admin/login', { body: { email: 'nobody@example.com', password: 'Nope12345' }, headers: { accept: BROWSER } });
    assert.match(login.headers.get('content-type') ?? '', /^application\/json/);
    assert.notEqual(login.status, 404);
    // Unmatched, but not a browser navigation: the JSON 404 of any unknown path.
    for (const [method, accept] of [['GET', 'application/json'], ['GET', '*/*'], ['GET', 'application/json, text/html'], ['POST', BROWSER], ['DELETE', BROWSER]] as const) {
      const response = await app.request(method, '/admin/no-such-route', { headers: { accept } });
      assert.equal(response.status, 404, `${method} ${accept}`);
      assert.equal(response.body.error.name, 'NotFoundError', `${method} ${accept}`);
    }
    const bare = await app.get('/admin/no-such-route');
    assert.equal(bare.status, 404);
    // Outside /admin nothing changes.
    const outside = await app.get('/administrator', { accept: BROWSER });
    assert.equal(outside.status, 404);
    assert.equal(outside.body.error.name, 'NotFoundError');
  });
});

describe('config/admin serveAdminPanel', () => {
  it('false: no page, no assets, the admin API as before', async () => {
    const panel = builtPanel();
    const app = await startTestApp({ fixture: 'admin-app', adminPanelDir: panel, override: adminConfig({ serveAdminPanel: false }) });
    try {
      for (const url of ['/admin', '/admin/auth/login', '/admin/assets/main-ABCD1234.js']) {
        const response = await app.get(url, { accept: BROWSER });
        assert.equal(response.status, 404, url);
        assert.equal(response.body.error.name, 'NotFoundError', url);
      }
      assert.equal((await app.get('/admin/users/me')).status, 401);
    } finally {
      await app.close();
      rmSync(panel, { recursive: true, force: true });
    }
  });

  it('not a boolean: the start stops, naming the file', async () => {
    await assert.rejects(
      startTestApp({ fixture: 'admin-app', override: adminConfig({ serveAdminPanel: 'yes' }) }),
      (error: Error) => error.name === 'DefinitionError' && /admin.*: serveAdminPanel must be true or false, not "yes"$/.test(error.message),
    );
  });

  it('an app that was not built: said at start, and /admin stays the JSON 404', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'tessera-admin-panel-'));
    const said: string[] = [];
    const app = await startTestApp({ fixture: 'admin-app', adminPanelDir: empty, log: (message) => said.push(message) });
    try {
      assert.ok(said.includes(`The admin panel is not built (no ${empty}/index.html): run npm run build to serve it at /admin.`), said.join('\n'));
      const response = await app.get('/admin', { accept: BROWSER });
      assert.equal(response.status, 404);
    } finally {
      await app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
