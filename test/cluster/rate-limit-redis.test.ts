import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createApp, type App } from '../../src/server/app.js';
import type { DatabaseConfig } from '../../src/core/config/app-config.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/test-database.js';
import { waitUntil } from '../helpers/wait-until.js';
import { fixturePath } from '../helpers/test-app.js';

/**
 * The auth rate limit shared by two Tessera apps on one database through the local Redis
 * (127.0.0.1:6379), as two instances behind a load balancer; and what happens when Redis is
 * unreachable (fail-open: requests are served uncounted, a warning is logged, never a 500).
 * Runs on the database TESSERA_TEST_DB names (SQLite: a shared file).
 */

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `tessera-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
const PROJECT = fixturePath('security-app/default');

interface Started {
  readonly app: App;
  readonly baseUrl: string;
  readonly logs: string[];
}

async function start(database: DatabaseConfig, env: Record<string, string>): Promise<Started> {
  const logs: string[] = [];
  const app = await createApp({
    projectDir: PROJECT,
    env,
    log: (message) => logs.push(message),
    override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database }),
  });
  return { app, baseUrl: await app.listen(), logs };
}

async function login(baseUrl: string): Promise<{ status: number; remaining: string | null; body: unknown }> {
  const response = await fetch(`${baseUrl}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'someone', password: 'guess' }) });
  return { status: response.status, remaining: response.headers.get('x-ratelimit-remaining'), body: await response.json() };
}

describe('rate limit shared through Redis', () => {
  let database: TestDatabase;
  let sqliteDir: string | undefined;
  let shared: DatabaseConfig;
  before(async () => {
    if (testDatabaseKind() === 'sqlite') {
      sqliteDir = mkdtempSync(path.join(tmpdir(), 'tessera-rl-'));
      shared = { client: 'sqlite', filename: path.join(sqliteDir, 'data.db') };
      database = { config: shared, drop: async () => undefined };
    } else {
      database = await createTestDatabase();
      shared = database.config;
    }
  });
  after(async () => {
    const redis = new Redis(REDIS);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await database?.drop();
    if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
  });

  it('6 calls to one instance and 4 to the other pass; the 11th, on either, is 429', async () => {
    const env = { RATE_LIMIT_REDIS: REDIS, RATE_LIMIT_PREFIX: PREFIX };
    const a = await start(shared, env);
    const b = await start(shared, env);
    try {
      for (let call = 1; call <= 6; call += 1) {
        const reply = await login(a.baseUrl);
        assert.notEqual(reply.status, 429, `call ${call} to A`);
        assert.equal(reply.remaining, String(10 - call));
      }
      for (let call = 7; call <= 10; call += 1) {
        const reply = await login(b.baseUrl);
        assert.notEqual(reply.status, 429, `call ${call} to B`);
        assert.equal(reply.remaining, String(10 - call));
      }
      const refused = await login(b.baseUrl);
      assert.deepEqual(
        { status: refused.status, body: refused.body },
        { status: 429, body: { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } } },
      );
      assert.equal((await login(a.baseUrl)).status, 429);
      assert.ok(a.logs.some((line) => /Redis at redis:\/\/127\.0\.0\.1:6379/.test(line)), a.logs.join('\n'));
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });

  it('REDIS_URL alone selects the Redis store', async () => {
    const email = `${PREFIX}user@example.com`;
    const a = await start(shared, { REDIS_URL: REDIS });
    const b = await start(shared, { REDIS_URL: REDIS });
    const forgot = (baseUrl: string) => fetch(`${baseUrl}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    try {
      for (let call = 1; call <= 10; call += 1) assert.notEqual((await forgot(call % 2 === 0 ? a.baseUrl : b.baseUrl)).status, 429, `call ${call}`);
      assert.equal((await forgot(a.baseUrl)).status, 429);
      assert.equal((await forgot(b.baseUrl)).status, 429);
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
      const redis = new Redis(REDIS);
      const keys = await redis.keys(`tessera:ratelimit:${email}*`);
      assert.equal(keys.length, 1, 'the counter is in Redis under the default prefix');
      await redis.del(...keys);
      await redis.quit();
    }
  });

  it('an unreachable Redis at start: the app starts, requests are served uncounted, one warning', async () => {
    const { app, baseUrl, logs } = await start(shared, { RATE_LIMIT_REDIS: 'redis://127.0.0.1:1', RATE_LIMIT_PREFIX: PREFIX });
    try {
      // Served, uncounted, on every call: no request waits for Redis (a command would time out
      // after 500 ms by the client's settings; how fast the machine answers is not asserted).
      for (let call = 1; call <= 12; call += 1) {
        const reply = await login(baseUrl);
        assert.ok(reply.status !== 429 && reply.status < 500, `call ${call}: ${reply.status}`);
        assert.equal(reply.remaining, null);
      }
      assert.equal(logs.filter((line) => /Redis is unreachable/.test(line)).length, 1, logs.join('\n'));
    } finally {
      await app.close();
    }
  });

  it('Redis lost while running: served without counting, counted again once it is back', async () => {
    const proxy = await startProxy(6379);
    const { app, baseUrl, logs } = await start(shared, { RATE_LIMIT_REDIS: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_PREFIX: `${PREFIX}lost:` });
    try {
      assert.equal((await login(baseUrl)).remaining, '9');
      proxy.pause();
      for (let call = 1; call <= 12; call += 1) {
        const reply = await login(baseUrl);
        assert.ok(reply.status !== 429 && reply.status < 500, `call ${call} while down: ${reply.status}`);
      }
      assert.ok(logs.some((line) => /Redis is unreachable/.test(line)), logs.join('\n'));
      proxy.resume();
      // ioredis reconnects in the background (at most 2 s between attempts).
      await waitUntil('requests counted again after Redis came back', async () => (await login(baseUrl)).remaining ?? undefined, 100);
    } finally {
      await app.close();
      await proxy.close();
    }
  });
});

/** A TCP proxy to Redis that can drop every connection and refuse new ones, then accept again. */
async function startProxy(targetPort: number): Promise<{ port: number; pause(): void; resume(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let paused = false;
  const server: Server = createServer((client) => {
    if (paused) return void client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return {
    port: address.port,
    pause() {
      paused = true;
      for (const socket of sockets) socket.destroy();
    },
    resume() {
      paused = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
