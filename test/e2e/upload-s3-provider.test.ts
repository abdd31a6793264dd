import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readS3ProviderOptions } from '../../src/plugins/upload/s3-provider-options.js';
import { createS3Provider } from '../../src/plugins/upload/s3-provider.js';
import type { UploadProvider } from '../../src/plugins/upload/upload-provider.js';

// s3rver runs in a child process so the memory measured here is the provider's alone, not the
// server's handling of the 50 MB it receives.
const BUCKET = 'tessera-media';
const SERVER_SCRIPT = `
const S3rver = require('s3rver');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1], configureBuckets: [{ name: ${JSON.stringify(BUCKET)} }] });
server.run().then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'), (error) => { console.error(error); process.exit(1); });
`;

function startS3rver(directory: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['-e', SERVER_SCRIPT, directory], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve({ child, port: (JSON.parse(line) as { port: number }).port });
    });
  });
}

/** `size` bytes made chunk by chunk on demand (fresh buffers, as a network body would be), never held whole. */
function generatedStream(size: number, failAfter?: number): Readable & { digest(): string } {
  const hash = createHash('sha256');
  let sent = 0;
  const chunkSize = 64 * 1024;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const length = Math.min(chunkSize, size - sent);
      const chunk = Buffer.allocUnsafe(length);
      for (let i = 0; i < length; i += 4) chunk.writeUInt32LE((sent + i) >>> 0, i);
      sent += length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return Object.assign(stream, { digest: () => hash.digest('hex') });
}

/** `gc()` without starting node with --expose-gc: the flag is set at run time and read from a fresh context. */
function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Fetches a URL, hashing the body as it streams by (the 50 MB object is never buffered here either). */
async function fetchDigest(url: string): Promise<{ status: number; type: string | null; length: number; digest: string }> {
  const response = await fetch(url);
  const hash = createHash('sha256');
  let length = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      hash.update(chunk);
      length += (chunk as Uint8Array).length;
    }
  }
  return { status: response.status, type: response.headers.get('content-type'), length, digest: hash.digest('hex') };
}

describe('the aws-s3 upload provider against s3rver', () => {
  let directory: string;
  let server: ChildProcess;
  let endpoint: string;
  let provider: UploadProvider;

  const optionsFor = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    endpoint,
    bucket: BUCKET,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    ...extra,
  });

  before(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'tessera-s3rver-'));
    const started = await startS3rver(directory);
    server = started.child;
    endpoint = `http://127.0.0.1:${started.port}`;
    provider = createS3Provider(optionsFor({ prefix: '/media/' }));
  });

  after(async () => {
    await provider?.close?.();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill();
      await exited;
    }
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('creating the provider does not load the AWS SDK (local-provider projects never pay for it)', () => {
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes(`${path.sep}@aws-sdk${path.sep}`));
    assert.deepEqual(loaded, []);
  });

  it('uploads a small object under the prefix; its url serves it back with its content type', async () => {
    const text = 'hello from tessera\n';
    const stored = await provider.upload({ key: 'notes_a1b2c3.txt', body: Readable.from([Buffer.from(text)]), mime: 'text/plain', size: text.length });
    assert.equal(stored.url, `${endpoint}/${BUCKET}/media/notes_a1b2c3.txt`);
    assert.deepEqual(stored.providerMetadata, { bucket: BUCKET, key: 'media/notes_a1b2c3.txt' });
    const response = await fetch(stored.url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/plain');
    assert.equal(await response.text(), text);
  });

  it('streams a 50 MB generated body as a multipart upload without buffering it', async () => {
    const size = 50 * 1024 * 1024;
    // V8 frees dropped buffers lazily (a collection every ~64 MB of external memory), so unforced
    // RSS would show the collector's slack, not what the upload holds. Collecting at each sample
    // measures what is retained: with 5 MB parts and the default queue of 1, the part in flight
    // and the next one being assembled, 15–25 MB. A buffered body would hold all 50 MB. What is
    // held is read from the buffers' own count, not RSS: RSS also holds what the allocator keeps
    // after a collection (the same run measured 25 MB one day and 43 MB on a busy machine).
    const collect = garbageCollector();
    collect();
    const baseline = process.memoryUsage();
    let peakBuffers = baseline.arrayBuffers;
    const sampler = setInterval(() => {
      collect();
      peakBuffers = Math.max(peakBuffers, process.memoryUsage().arrayBuffers);
    }, 50);
    const body = generatedStream(size);
    let stored;
    try {
      stored = await provider.upload({ key: 'big_d4e5f6.bin', body, mime: 'application/octet-stream', size });
    } finally {
      clearInterval(sampler);
    }
    const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
    assert.ok(peakBuffers - baseline.arrayBuffers < 30 * 1024 * 1024, `${mb(peakBuffers - baseline.arrayBuffers)} MB of buffers held while uploading 50 MB`);

    const fetched = await fetchDigest(stored.url);
    assert.equal(fetched.status, 200);
    assert.equal(fetched.type, 'application/octet-stream');
    assert.equal(fetched.length, size);
    assert.equal(fetched.digest, body.digest(), 'the stored bytes are the generated ones');
  });

  it('delete removes the object; deleting it again, or a key never stored, is fine', async () => {
    const stored = await provider.upload({ key: 'gone_0a0b0c.txt', body: Readable.from([Buffer.from('bye')]), mime: 'text/plain' });
    assert.equal((await fetch(stored.url)).status, 200);
    await provider.delete({ key: 'gone_0a0b0c.txt', providerMetadata: stored.providerMetadata });
    assert.equal((await fetchDigest(stored.url)).status, 404);
    await provider.delete({ key: 'gone_0a0b0c.txt', providerMetadata: stored.providerMetadata });
    await provider.delete({ key: 'never_stored.txt', providerMetadata: null });

    // Without metadata the key is found from the prefix.
    const big = `${endpoint}/${BUCKET}/media/big_d4e5f6.bin`;
    await provider.delete({ key: 'big_d4e5f6.bin', providerMetadata: null });
    assert.equal((await fetchDigest(big)).status, 404);
  });

  it('a body that fails midway rejects the upload and leaves nothing under the key', async () => {
    const body = generatedStream(20 * 1024 * 1024, 12 * 1024 * 1024); // fails after two full parts
    await assert.rejects(provider.upload({ key: 'broken_111111.bin', body, mime: 'application/octet-stream' }), /client went away/);
    assert.equal((await fetchDigest(`${endpoint}/${BUCKET}/media/broken_111111.bin`)).status, 404);
  });

  it('refuses unsafe keys before reaching the server', async () => {
    for (const key of ['../etc/passwd', '/abs.txt', 'a//b.txt', 'a\\b.txt', '']) {
      await assert.rejects(provider.upload({ key, body: Readable.from([Buffer.from('x')]), mime: 'text/plain' }), /unsafe key/, key);
    }
  });

  it('builds urls from baseUrl with no double slashes, and from a prefix-less config', async () => {
    const cdn = createS3Provider(optionsFor({ baseUrl: 'https://cdn.example.com/assets/', prefix: 'uploads' }));
    try {
      const stored = await cdn.upload({ key: 'logo_222222.svg', body: Readable.from([Buffer.from('<svg/>')]), mime: 'image/svg+xml' });
      assert.equal(stored.url, 'https://cdn.example.com/assets/uploads/logo_222222.svg');
      assert.deepEqual(stored.providerMetadata, { bucket: BUCKET, key: 'uploads/logo_222222.svg' });
      const direct = await fetch(`${endpoint}/${BUCKET}/uploads/logo_222222.svg`);
      assert.equal(direct.headers.get('content-type'), 'image/svg+xml');
      await direct.arrayBuffer();
      await cdn.delete({ key: 'logo_222222.svg', providerMetadata: stored.providerMetadata });
    } finally {
      await cdn.close?.();
    }

    const bare = createS3Provider(optionsFor());
    try {
      const stored = await bare.upload({ key: 'root_333333.txt', body: Readable.from([Buffer.from('root')]), mime: 'text/plain' });
      assert.equal(stored.url, `${endpoint}/${BUCKET}/root_333333.txt`);
      assert.equal(await (await fetch(stored.url)).text(), 'root');
    } finally {
      await bare.close?.();
    }
  });

  it('accepts the Strapi aws-s3 provider option layout (s3Options, params.Bucket, rootPath)', async () => {
    const strapiStyle = createS3Provider({
      rootPath: 'legacy',
      s3Options: { endpoint, forcePathStyle: true, region: 'eu-west-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, params: { Bucket: BUCKET } },
    });
    try {
      const stored = await strapiStyle.upload({ key: 'old_444444.txt', body: Readable.from([Buffer.from('old')]), mime: 'text/plain' });
      assert.equal(stored.url, `${endpoint}/${BUCKET}/legacy/old_444444.txt`);
      assert.equal(await (await fetch(stored.url)).text(), 'old');
    } finally {
      await strapiStyle.close?.();
    }
  });

  it('a closed provider refuses further work', async () => {
    const closing = createS3Provider(optionsFor());
    await closing.close?.();
    await assert.rejects(closing.upload({ key: 'late.txt', body: Readable.from([Buffer.from('x')]), mime: 'text/plain' }), /closed/);
  });

  it('bad options throw at creation, naming the option', () => {
    const bad: readonly [unknown, RegExp][] = [
      [undefined, /upload\.config\.providerOptions is required/],
      [{ endpoint }, /upload\.config\.providerOptions\.bucket is required/],
      [{ bucket: '' }, /upload\.config\.providerOptions\.bucket is required/],
      [{ bucket: 'a/b' }, /upload\.config\.providerOptions\.bucket is not a valid bucket name/],
      [{ bucket: BUCKET, endpoint: 'localhost:9000' }, /upload\.config\.providerOptions\.endpoint must be an absolute/],
      [{ bucket: BUCKET, endpoint: 'ftp://host' }, /upload\.config\.providerOptions\.endpoint must be an absolute/],
      [{ bucket: BUCKET, region: 5 }, /upload\.config\.providerOptions\.region must be a string/],
      [{ bucket: BUCKET, forcePathStyle: 'yes' }, /upload\.config\.providerOptions\.forcePathStyle must be true or false/],
      [{ bucket: BUCKET, credentials: { accessKeyId: 'k' } }, /upload\.config\.providerOptions\.credentials\.secretAccessKey is required/],
      [{ bucket: BUCKET, credentials: 'k:s' }, /upload\.config\.providerOptions\.credentials must be an object/],
      [{ bucket: BUCKET, prefix: 'a/../b' }, /upload\.config\.providerOptions\.prefix must not contain/],
      [{ bucket: BUCKET, acl: 'world' }, /upload\.config\.providerOptions\.acl must be one of/],
      [{ bucket: BUCKET, baseUrl: '/relative' }, /upload\.config\.providerOptions\.baseUrl must be an absolute/],
      [{ bucket: BUCKET, partSize: 1024 }, /upload\.config\.providerOptions\.partSize must be an integer/],
    ];
    for (const [options, message] of bad) assert.throws(() => createS3Provider(options), message, JSON.stringify(options));
  });

  it('default public urls follow the addressing style', () => {
    const cases: readonly [Record<string, unknown>, string][] = [
      [{ bucket: 'b1', region: 'eu-west-3' }, 'https://b1.s3.eu-west-3.amazonaws.com/k.txt'],
      [{ bucket: 'b1', endpoint: 'https://minio.example.com/', forcePathStyle: true }, 'https://minio.example.com/b1/k.txt'],
      [{ bucket: 'b1', endpoint: 'https://r2.example.com' }, 'https://b1.r2.example.com/k.txt'],
    ];
    // These hosts do not exist: the url base is read from the options alone.
    for (const [options, url] of cases) assert.equal(`${readS3ProviderOptions(options).baseUrl}/k.txt`, url);
  });
});
