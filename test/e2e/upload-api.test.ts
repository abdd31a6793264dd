import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { AppConfig } from '../../src/core/config/app-config.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';

/** A throw-away copy of the fixture, so uploads never land in the repository. */
async function projectCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tessera-upload-app-'));
  await cp(fixturePath('upload-app'), dir, { recursive: true });
  return dir;
}

const grantPublic = (config: AppConfig): AppConfig => ({
  ...config,
  permissions: { ...config.permissions, public: { ...config.permissions.public, 'plugin::upload.content-api': ['upload', 'find', 'findOne', 'destroy'] } },
});

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);

interface Part {
  readonly name: string;
  readonly body: Buffer | string;
  readonly type?: string;
}

function form(files: readonly Part[], fileInfo?: unknown, field = 'files'): FormData {
  const data = new FormData();
  for (const file of files) data.append(field, new Blob([file.body], { type: file.type ?? 'application/octet-stream' }), file.name);
  if (fileInfo !== undefined) data.append('fileInfo', typeof fileInfo === 'string' ? fileInfo : JSON.stringify(fileInfo));
  return data;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

async function send(app: TestApp, url: string, body: FormData | string, method = 'POST', headers: Record<string, string> = {}) {
  const response = await fetch(app.baseUrl + url, { method, body, headers });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  return { status: response.status, headers: response.headers, body: parseBody(text) as any };
}

const MEDIA_FIELDS = ['id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt'];

describe('upload API (local provider)', () => {
  let app: TestApp;
  let project: string;
  const uploads = () => path.join(project, 'public', 'uploads');
  const stored = async () => (await readdir(uploads()).catch(() => [] as string[])).filter((name) => !name.startsWith('.')).sort();
  const exists = (file: string) => stat(file).then(() => true, () => false);

  before(async () => {
    project = await projectCopy();
    app = await startTestApp({ fixture: project, override: grantPublic });
  });
  after(async () => {
    await app.close();
    await rm(project, { recursive: true, force: true });
  });

  it('names stored files as Strapi does, transliterating letters instead of dropping them', async () => {
    const response = await send(app, '/api/upload', form([{ name: 'Łódź Straße.txt', body: 'hello\n' }, { name: 'notes.txt', body: 'hi\n' }], [{}, { name: 'Crème brûlée' }]));
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const [polish, renamed] = response.body;
    assert.match(polish.hash, /^Lodz_Strasse_[0-9a-f]{10}$/);
    assert.equal(polish.url, `/uploads/${polish.hash}.txt`);
    assert.match(renamed.hash, /^Creme_brulee_[0-9a-f]{10}$/);
    assert.equal(renamed.name, 'Crème brûlée');
  });

  it('uploads several files with fileInfo and answers 201 with a bare array', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    const webp = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#00ff00' } }).webp().toBuffer();
    const response = await send(app, '/api/upload', form([
      { name: 'Holiday Photo.JPG', body: jpeg, type: 'image/jpeg' },
      { name: 'tiny.webp', body: webp },
      { name: 'doc.pdf', body: PDF },
      { name: 'notes.txt', body: 'hello world\n' },
    ], [{ alternativeText: 'A blue photo', caption: 'Blue', focalPoint: { x: 1, y: 2 } }, { name: 'renamed.webp' }]));
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.ok(Array.isArray(response.body));
    assert.equal(response.body.length, 4);
    const [photo, tiny, pdf, text] = response.body;
    for (const file of response.body) {
      for (const field of MEDIA_FIELDS) assert.ok(field in file, `${field} missing`);
      assert.equal(file.provider, 'local');
      assert.equal(file.url, `/uploads/${file.hash}${file.ext}`);
      assert.equal(file.previewUrl, null);
      assert.ok(!('folderPath' in file));
    }
    assert.equal(photo.name, 'Holiday Photo.JPG');
    assert.equal(photo.alternativeText, 'A blue photo');
    assert.equal(photo.caption, 'Blue');
    assert.deepEqual(photo.focalPoint, { x: 1, y: 2 });
    assert.equal(photo.ext, '.jpg');
    assert.equal(photo.mime, 'image/jpeg');
    // Strapi's file names: slugify(basename, { separator: '_', lowercase: false }) + 10 hex digits.
    assert.match(photo.hash, /^Holiday_Photo_[0-9a-f]{10}$/);
    assert.match(tiny.hash, /^renamed_[0-9a-f]{10}$/);
    assert.equal(photo.width, 1200);
    assert.equal(photo.height, 800);
    assert.equal(photo.size, Math.round(jpeg.length / 10) / 100);
    assert.equal(tiny.name, 'renamed.webp');
    assert.equal(tiny.mime, 'image/webp');
    assert.equal(tiny.width, 100);
    assert.equal(pdf.mime, 'application/pdf');
    assert.equal(pdf.ext, '.pdf');
    assert.equal(pdf.width, null);
    assert.equal(pdf.formats, null);
    assert.equal(text.mime, 'text/plain');
    assert.equal(text.ext, '.txt');
    assert.equal(text.size, 0.01);

    assert.deepEqual(Object.keys(photo.formats).sort(), ['large', 'medium', 'small', 'thumbnail']);
    assert.deepEqual([photo.formats.thumbnail.width, photo.formats.thumbnail.height], [234, 156]);
    assert.deepEqual([photo.formats.large.width, photo.formats.large.height], [1000, 667]);
    assert.deepEqual([photo.formats.small.width, photo.formats.small.height], [500, 333]);
    assert.equal(photo.formats.small.name, 'small_Holiday Photo.JPG');
    assert.equal(tiny.formats, null, 'an image too small for any format has none, as in Strapi 5');
    const names = await stored();
    for (const file of response.body) assert.ok(names.includes(`${file.hash}${file.ext}`), `${file.hash}${file.ext} not on disk`);
    // Formats, when the image module makes them: each stored and described as the spec's table.
    for (const [formatName, format] of Object.entries<Record<string, unknown>>(photo.formats ?? {})) {
      assert.deepEqual(Object.keys(format).sort(), ['ext', 'hash', 'height', 'mime', 'name', 'path', 'size', 'sizeInBytes', 'url', 'width']);
      assert.equal(format.hash, `${formatName}_${photo.hash}`);
      assert.equal(format.url, `/uploads/${formatName}_${photo.hash}${format.ext as string}`);
      assert.equal(format.path, null);
      assert.ok(names.includes(`${formatName}_${photo.hash}${format.ext as string}`));
    }
  });

  it('serves stored files with caching headers, 304 and 404, and refuses traversal', async () => {
    const body = await png(40, 30);
    const [file] = (await send(app, '/api/upload', form([{ name: 'served.png', body }]))).body;
    const response = await fetch(app.baseUrl + file.url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/png');
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.ok(response.headers.get('last-modified'));
    const etag = response.headers.get('etag');
    assert.ok(etag);
    // What was stored: the PNG as the media library's sizeOptimization (Strapi's default: on) re-encoded it, never larger.
    const served = Buffer.from(await response.arrayBuffer());
    assert.deepEqual(served.subarray(0, 8), body.subarray(0, 8));
    assert.ok(served.length <= body.length);
    assert.equal(file.size, Math.round(served.length / 10) / 100);
    const again = await fetch(app.baseUrl + file.url, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);

    const missing = await app.get('/uploads/nothing_here.png');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.name, 'NotFoundError');
    for (const url of ['/uploads/..%2f..%2fpackage.json', '/uploads/%2e%2e/config/permissions.json', '/uploads/..%5cpackage.json', '/uploads/%2fetc%2fpasswd', '/uploads/.hidden']) {
      assert.equal((await app.get(url)).status, 404, url);
    }
  });

  it('lists files with filters, sort, fields and pagination, and finds one by id', async () => {
    await send(app, '/api/upload', form([{ name: 'list-a.txt', body: 'a' }, { name: 'list-b.txt', body: 'bb' }]));
    const list = await app.get('/api/upload/files?filters[name][$startsWith]=list-&sort=name:desc&fields[0]=name&fields[1]=size');
    assert.equal(list.status, 200);
    assert.ok(Array.isArray(list.body));
    assert.deepEqual(list.body.map((file: { name: string }) => file.name), ['list-b.txt', 'list-a.txt']);
    assert.deepEqual(Object.keys(list.body[0]).sort(), ['documentId', 'id', 'name', 'size']);
    const paged = await app.get('/api/upload/files?pagination[pageSize]=1&sort=id:asc');
    assert.equal(paged.body.length, 1);
    const bad = await app.get('/api/upload/files?filters[nope][$eq]=1');
    assert.equal(bad.status, 400);

    const one = await app.get(`/api/upload/files/${list.body[0].id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.name, 'list-b.txt');
    for (const id of ['999999', 'abc', '0', '-1']) {
      const missing = await app.get(`/api/upload/files/${id}`);
      assert.equal(missing.status, 404, id);
      assert.equal(missing.body.error.message, 'file.notFound');
    }
  });

  it('replaces a file: same id, new hash and url, old objects gone', async () => {
    const [original] = (await send(app, '/api/upload', form([{ name: 'before.png', body: await png(300, 200) }], { alternativeText: 'kept' }))).body;
    const oldKeys = [`${original.hash}${original.ext}`, ...Object.values<{ hash: string; ext: string }>(original.formats ?? {}).map((f) => `${f.hash}${f.ext}`)];
    const replaced = await send(app, `/api/upload?id=${original.id}`, form([{ name: 'after.jpg', body: await sharp({ create: { width: 60, height: 50, channels: 3, background: '#000' } }).jpeg().toBuffer() }]));
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.equal(replaced.body.id, original.id);
    assert.equal(replaced.body.documentId, original.documentId);
    assert.notEqual(replaced.body.hash, original.hash);
    assert.equal(replaced.body.name, 'after.jpg');
    assert.equal(replaced.body.mime, 'image/jpeg');
    assert.equal(replaced.body.width, 60);
    assert.equal(replaced.body.alternativeText, 'kept');
    const names = await stored();
    for (const key of oldKeys) assert.ok(!names.includes(key), `${key} still stored`);
    assert.ok(names.includes(`${replaced.body.hash}${replaced.body.ext}`));
    assert.equal((await fetch(app.baseUrl + original.url)).status, 404);
  });

  it('updates fileInfo without a file', async () => {
    const [file] = (await send(app, '/api/upload', form([{ name: 'info.txt', body: 'x' }]))).body;
    const updated = await send(app, `/api/upload?id=${file.id}`, form([], { name: 'Renamed.txt', alternativeText: 'alt', caption: 'cap' }));
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.name, 'Renamed.txt');
    assert.equal(updated.body.alternativeText, 'alt');
    assert.equal(updated.body.caption, 'cap');
    assert.equal(updated.body.hash, file.hash);
    const missing = await send(app, '/api/upload?id=999999', form([], { caption: 'x' }));
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.message, 'file.notFound');
  });

  it('deletes a file: 200 with the object, row and stored objects gone', async () => {
    const [file] = (await send(app, '/api/upload', form([{ name: 'doomed.png', body: await png(400, 300) }]))).body;
    const keys = [`${file.hash}${file.ext}`, ...Object.values<{ hash: string; ext: string }>(file.formats ?? {}).map((f) => `${f.hash}${f.ext}`)];
    for (const key of keys) assert.ok(await exists(path.join(uploads(), key)));
    const deleted = await app.del(`/api/upload/files/${file.id}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.id, file.id);
    assert.equal(deleted.body.hash, file.hash);
    for (const key of keys) assert.ok(!(await exists(path.join(uploads(), key))), `${key} still on disk`);
    assert.equal((await app.get(`/api/upload/files/${file.id}`)).status, 404);
    assert.equal((await app.del(`/api/upload/files/${file.id}`)).status, 404);
  });

  describe('bad inputs: 4xx and nothing stored', () => {
    async function refused(body: FormData | string, status: number, message?: RegExp, url = '/api/upload', headers: Record<string, string> = {}) {
      const before = await stored();
      const rowsBefore = (await app.get('/api/upload/files?pagination[pageSize]=100')).body.length;
      const response = await send(app, url, body, 'POST', headers);
      assert.equal(response.status, status, JSON.stringify(response.body));
      assert.equal(response.body.data, null);
      if (message) assert.match(response.body.error.message, message);
      assert.deepEqual(await stored(), before);
      assert.equal((await app.get('/api/upload/files?pagination[pageSize]=100')).body.length, rowsBefore);
      const leftovers = (await readdir(uploads()).catch(() => [] as string[])).filter((name) => name.endsWith('.part'));
      assert.deepEqual(leftovers, []);
      return response;
    }

    it('no files, a zero-byte file → 400 Files are empty', async () => {
      await refused(form([]), 400, /Files are empty/);
      await refused(form([{ name: 'empty.txt', body: '' }]), 400, /Files are empty/);
      await refused(form([{ name: 'ok.txt', body: 'fine' }, { name: 'empty.txt', body: '' }]), 400, /Files are empty/);
    });

    it('a file over sizeLimit → 413 naming it', async () => {
      const response = await refused(form([{ name: 'ok.txt', body: 'fine' }, { name: 'big.txt', body: 'x'.repeat(300_001) }]), 413, /big\.txt exceeds size limit of 300000/);
      assert.equal(response.body.error.name, 'PayloadTooLargeError');
    });

    it('malformed multipart, wrong fields, bad fileInfo → 400 or 413', async () => {
      await refused('--xyz\r\ncontent-disposition: form-data; name="files"; filename="a.txt"\r\n\r\nabc', 400, undefined, '/api/upload', { 'content-type': 'multipart/form-data; boundary=xyz' });
      await refused(JSON.stringify({ files: [] }), 400, undefined, '/api/upload', { 'content-type': 'application/json' });
      await refused(form([{ name: 'a.txt', body: 'abc' }], undefined, 'file'), 400, /Unknown multipart field "file"/);
      const extra = form([{ name: 'a.txt', body: 'abc' }]);
      extra.append('other', 'x');
      await refused(extra, 400, /Unknown multipart field "other"/);
      await refused(form([{ name: 'a.txt', body: 'abc' }], '{not json'), 400, /fileInfo must be a JSON string/);
      await refused(form([{ name: 'a.txt', body: 'abc' }], { unknown: 1 }), 400, /Invalid key unknown/);
      await refused(form([{ name: 'a.txt', body: 'abc' }], { focalPoint: 'middle' }), 400, /focalPoint/);
      await refused(form([{ name: 'a.txt', body: 'abc' }], [{}, {}]), 400, /fileInfo describes 2 files/);
      // Stored in text columns: NUL would be a 500 on PostgreSQL, a lone surrogate stored altered.
      await refused(form([{ name: 'a.txt', body: 'abc' }], { caption: 'a\u0000b' }), 400, /^fileInfo\.caption must not contain NUL \(U\+0000\) characters$/);
      await refused(form([{ name: 'a.txt', body: 'abc' }], { alternativeText: 'lone \ud800' }), 400, /^fileInfo\.alternativeText must be well-formed Unicode/);
      await refused(form([{ name: 'a.txt', body: 'abc' }], { name: 'x\udc00.txt' }), 400, /^fileInfo\.name must be well-formed Unicode/);
      await refused(form([{ name: 'a.txt', body: 'abc' }], { caption: 'x'.repeat(200_000) }), 413, /fileInfo is too large/);
      await refused(form([{ name: 'a.txt', body: 'abc' }]), 400, /Invalid key foo/, '/api/upload?foo=1');
    });

    it('mime spoofing and corrupt images → 400', async () => {
      await refused(form([{ name: 'innocent.png', body: ELF, type: 'image/png' }]), 400, /does not match/);
      await refused(form([{ name: 'photo.jpg', body: await png(20, 20) }]), 400, /does not match/);
      await refused(form([{ name: 'picture.png', body: 'just text' }]), 400, /does not match/);
      await refused(form([{ name: 'paper.pdf', body: await png(20, 20) }]), 400, /does not match/);
      await refused(form([{ name: 'readme.txt', body: ELF }]), 400, /does not match/);
      const truncated = (await png(300, 300)).subarray(0, 120);
      await refused(form([{ name: 'broken.png', body: truncated }]), 400, /corrupt or truncated/);
    });

    it('a failed replace keeps the file as it was', async () => {
      const [file] = (await send(app, '/api/upload', form([{ name: 'stays.png', body: await png(30, 30) }]))).body;
      const truncated = (await png(300, 300)).subarray(0, 120);
      await refused(form([{ name: 'broken.png', body: truncated }]), 400, /corrupt or truncated/, `/api/upload?id=${file.id}`);
      await refused(form([{ name: 'a.txt', body: 'a' }, { name: 'b.txt', body: 'b' }]), 400, /exactly one file/, `/api/upload?id=${file.id}`);
      const still = await app.get(`/api/upload/files/${file.id}`);
      assert.equal(still.body.hash, file.hash);
      assert.equal((await fetch(app.baseUrl + file.url)).status, 200);
    });

    it('keeps only the base name of a path-like file name, without control characters', async () => {
      const response = await send(app, '/api/upload', form([{ name: '../../etc/pa\u0007sswd', body: 'root:x:0:0' }, { name: '..\\..\\win.ini', body: '[x]' }]));
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body[0].name, 'passwd');
      assert.equal(response.body[1].name, 'win.ini');
      assert.ok(await exists(path.join(uploads(), `${response.body[0].hash}${response.body[0].ext}`)));
      assert.ok(!(await exists(path.join(project, 'etc'))));
    });
  });
});

describe('upload API permissions', () => {
  let app: TestApp;
  let project: string;
  before(async () => {
    project = await projectCopy();
    app = await startTestApp({ fixture: project });
  });
  after(async () => {
    await app.close();
    await rm(project, { recursive: true, force: true });
  });

  it('answers 403 to a role without the plugin::upload.content-api actions, and stores nothing', async () => {
    assert.equal((await send(app, '/api/upload', form([{ name: 'a.txt', body: 'abc' }]))).status, 403);
    assert.equal((await app.get('/api/upload/files')).status, 403);
    assert.equal((await app.get('/api/upload/files/1')).status, 403);
    assert.equal((await app.del('/api/upload/files/1')).status, 403);
    assert.equal((await send(app, '/api/upload?id=1', form([], { caption: 'x' }))).status, 403);
    assert.deepEqual(await readdir(path.join(project, 'public', 'uploads')).catch(() => []), []);
    assert.equal((await app.request('PUT', '/api/upload/files/1')).status, 405);
  });
});

describe('upload API storage failures', () => {
  it('a provider that cannot write answers 5xx and records no row', async () => {
    const project = await projectCopy();
    // public/uploads is a file: the local provider cannot create its folder.
    await mkdir(path.join(project, 'public'), { recursive: true });
    await writeFile(path.join(project, 'public', 'uploads'), 'not a folder');
    const app = await startTestApp({ fixture: project, override: grantPublic });
    try {
      const response = await send(app, '/api/upload', form([{ name: 'a.txt', body: 'abc' }]));
      assert.equal(response.status, 500);
      assert.equal(response.body.data, null);
      assert.deepEqual((await app.get('/api/upload/files')).body, []);
    } finally {
      await app.close();
      await rm(project, { recursive: true, force: true });
    }
  });
});
