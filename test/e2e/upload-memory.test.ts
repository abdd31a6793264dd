// @databases: sqlite — the memory an upload stream holds; the file rows are covered by upload-api on every database
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Uploads stream to the provider: a 200 MB file never sits in the server's memory. The body is
 * generated chunk by chunk on the client side of the same process, so the RSS measured is the
 * server's plus a few chunks. Each sample first collects garbage: V8 frees the chunks that went
 * through (client's and server's alike) lazily, and without it RSS measures when the collector
 * ran rather than what is held.
 */

/** `gc()` without starting node with --expose-gc: the flag is set at run time and read from a fresh context. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const SIZE = 200 * 1024 * 1024;
const CHUNK = 64 * 1024;
const BOUNDARY = 'tessera-memory-test-boundary';

/** A multipart body with one `files` part of SIZE bytes, streamed (never whole in memory). */
function multipartBody(): Readable {
  const head = Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="files"; filename="big.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return Readable.from(
    (function* () {
      yield head;
      // One chunk sent again and again: the server never sees the bytes' identity, only their count.
      const chunk = Buffer.from(Array.from({ length: CHUNK }, (_, index) => index % 251));
      for (let sent = 0; sent < SIZE; sent += CHUNK) yield sent + CHUNK <= SIZE ? chunk : chunk.subarray(0, SIZE - sent);
      yield tail;
    })(),
  );
}

/**
 * POSTs a streamed body with node:http (fetch, given a stream, keeps every chunk it sent until
 * the response: it would measure the client, not the server).
 */
function postStream(url: string, body: Readable, contentType: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { 'content-type': contentType } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    body.pipe(request);
  });
}

describe('upload memory', () => {
  let t: TestApp;
  let project: string;

  before(async () => {
    project = mkdtempSync(path.join(tmpdir(), 'tessera-upload-memory-'));
    cpSync(fixturePath('upload-memory-app'), project, { recursive: true });
    t = await startTestApp({ fixture: project });
  });
  after(async () => {
    await t.close();
    rmSync(project, { recursive: true, force: true });
  });

  it('a 200 MB upload grows the server process RSS by less than 50 MB', async () => {
    // Warm up the route (multipart parser, provider) so first-use allocations are not counted.
    const small = new FormData();
    small.append('files', new Blob([new Uint8Array(1024).fill(65)], { type: 'text/plain' }), 'warm.txt');
    assert.equal((await fetch(`${t.baseUrl}/api/upload`, { method: 'POST', body: small })).status, 201);

    const gc = collector();
    gc();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    // A full collection every second: a server holding the file would grow by its whole size over
    // the upload, which samples a second apart see; collecting every 100 ms kept a busy machine's
    // share of a core in the collector and the upload crawling (50 kB/s).
    const sampler = setInterval(() => {
      gc();
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 1000);
    try {
      const { status, text } = await postStream(`${t.baseUrl}/api/upload`, multipartBody(), `multipart/form-data; boundary=${BOUNDARY}`);
      assert.equal(status, 201, text);
      const [file] = JSON.parse(text) as { size: number; url: string }[];
      assert.ok(file, 'one file in the answer');
      // `size` is in kB of 1000 bytes, as the reference reports it.
      assert.equal(Math.round(file.size), Math.round(SIZE / 1000));
      const stored = path.join(project, 'public', file.url);
      assert.ok(existsSync(stored), `stored at ${stored}`);
      assert.equal(statSync(stored).size, SIZE);
    } finally {
      clearInterval(sampler);
    }
    const growth = (peak - baseline) / (1024 * 1024);
    assert.ok(growth < 50, `RSS grew by ${growth.toFixed(1)} MB during the upload (baseline ${(baseline / 1048576).toFixed(1)} MB)`);
    // Only the two uploaded files are left: no temp files in the uploads folder.
    assert.equal(readdirSync(path.join(project, 'public', 'uploads')).length, 2);
  });
});
