// @databases: sqlite — password hashing off the event loop
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * bcrypt runs on libuv's thread pool, not on the event loop (issue 15, item 3: 150 concurrent
 * registrations stalled every request for 10.7 s). No clock is involved: the test occupies every
 * thread of the pool, so that no hash can finish, sends a burst of password requests, waits
 * until the server has read all of them, and then asks `/_health`. It must be answered while
 * every request of the burst is still pending; once the pool is free, the burst completes.
 * With bcrypt on the main thread the burst's hashes ran as soon as their bodies were read, ahead
 * of `/_health`, and the burst was answered first.
 */
const BURST = 24;

/**
 * Blocks every thread of libuv's pool with an `open()` of a FIFO that has no writer yet; work
 * queued after these opens (the hashes) waits behind them. Resolves to the release.
 */
function holdThreadPool(): () => Promise<void> {
  const size = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-pool-'));
  const fifos = Array.from({ length: size }, (_, index) => path.join(dir, `held-${index}`));
  for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
  const readers = fifos.map((fifo) => fs.promises.open(fifo, 'r'));
  return async () => {
    const writers: number[] = [];
    for (const fifo of fifos) {
      // ENXIO until the pool thread's open() is waiting as the FIFO's reader.
      for (;;) {
        try {
          writers.push(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
    for (const reader of await Promise.all(readers)) await reader.close();
    for (const writer of writers) fs.closeSync(writer);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/** Resolves once the server has read the whole body of `count` requests to `url`. */
function bodiesRead(t: TestApp, url: string, count: number): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    const server = t.app.fastify.server;
    const onRequest = (request: { url?: string; on(event: 'end', listener: () => void): unknown }) => {
      if (request.url !== url) return;
      request.on('end', () => {
        read += 1;
        if (read === count) {
          server.off('request', onRequest);
          resolve();
        }
      });
    };
    server.on('request', onRequest);
  });
}

async function healthWhileHashing(t: TestApp, url: string, body: (index: number) => unknown): Promise<TestResponse[]> {
  const release = holdThreadPool();
  let finished = 0;
  const read = bodiesRead(t, url, BURST);
  const burst = Array.from({ length: BURST }, (_, index) =>
    t.post(url, body(index)).then((response) => {
      finished += 1;
      return response;
    }),
  );
  try {
    await read;
    const health = await t.get('/_health');
    assert.equal(health.status, 200);
    assert.equal(finished, 0, `/_health was answered after ${finished} of the ${BURST} password requests: their hashing held the event loop`);
  } finally {
    await release();
  }
  return Promise.all(burst);
}

describe('password hashing does not hold the event loop', { skip: process.platform === 'win32' && 'needs mkfifo' }, () => {
  let t: TestApp;
  before(async () => {
    // The users-app fixture turns the auth rate limit off: the burst comes from one address.
    t = await startTestApp({ fixture: 'users-app' });
  });
  after(async () => t?.close());

  it(`/_health answers while ${BURST} registrations wait for their hashes, and they all complete`, async () => {
    const responses = await healthWhileHashing(t, '/api/auth/local/register', (index) => ({ username: `burst${index}`, email: `burst${index}@example.com`, password: `Burst-pass-${index}` }));
    for (const response of responses) assert.equal(response.status, 200, response.text);
    const login = await t.post('/api/auth/local', { identifier: 'burst7@example.com', password: 'Burst-pass-7' });
    assert.equal(login.status, 200, 'the hashes stored by the burst verify');
  });

  it(`/_health answers while ${BURST} logins (known and unknown accounts) wait for bcrypt`, async () => {
    const responses = await healthWhileHashing(t, '/api/auth/local', (index) => ({ identifier: index % 2 === 0 ? `burst${index}@example.com` : `nobody${index}@example.com`, password: 'Wrong-pass-1' }));
    for (const response of responses) assert.deepEqual([response.status, (response.body as { error?: { message?: string } }).error?.message], [400, 'Invalid identifier or password']);
  });
});
