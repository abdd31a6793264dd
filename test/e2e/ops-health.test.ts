import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ServerDatabaseConfig } from '../../src/core/config/app-config.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { waitUntil } from '../helpers/wait-until.js';
import { runTessera } from '../helpers/tessera-process.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKind } from '../helpers/test-database.js';

const kind = testDatabaseKind();

describe('GET /_health and GET /_ready', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('/_health answers 200 { status: ok } without touching the database', async () => {
    const before = t.app.database.counter.count;
    const response = await t.get('/_health');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { status: 'ok' });
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(t.app.database.counter.count, before, 'no statement for /_health');
  });

  it('/_ready answers 200 { status: ready } after one trivial query', async () => {
    const before = t.app.database.counter.count;
    const response = await t.get('/_ready');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { status: 'ready' });
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(t.app.database.counter.count, before + 1, 'exactly one statement for /_ready');
  });

  it('needs no credentials and no permission: an Authorization header changes nothing', async () => {
    // The content API answers 401 to any credential until tokens exist; the probes ignore it.
    assert.equal((await t.get('/api/samples', { authorization: 'Bearer nope' })).status, 401);
    for (const url of ['/_health', '/_ready']) {
      const response = await t.get(url, { authorization: 'Bearer nope' });
      assert.equal(response.status, 200, url);
    }
  });

  it('lives outside the API prefix, answers HEAD and a trailing slash, and refuses other methods with 405', async () => {
    assert.equal((await t.get('/api/_health')).status, 404);
    assert.equal((await t.get('/_health/')).status, 200);
    const head = await t.request('HEAD', '/_ready');
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    const post = await t.request('POST', '/_health', { body: {} });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    assert.deepEqual(post.body, { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } });
  });

  it('answers many probes in a row (no rate limit)', async () => {
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => t.get(i % 2 === 0 ? '/_health' : '/_ready')));
    assert.deepEqual(new Set(responses.map((response) => response.status)), new Set([200]));
  });
});

describe('GET /_ready when the database is gone (SQLite: closed)', { skip: kind !== 'sqlite' && 'the server databases are cut off through a proxy below' }, () => {
  it('answers 503 ServiceUnavailableError in the envelope; /_health still 200', async () => {
    const t = await startTestApp();
    try {
      await t.app.database.close();
      const ready = await t.get('/_ready');
      assert.equal(ready.status, 503);
      assert.equal(ready.body.data, null);
      assert.deepEqual(Object.keys(ready.body.error), ['status', 'name', 'message', 'details']);
      assert.equal(ready.body.error.status, 503);
      assert.equal(ready.body.error.name, 'ServiceUnavailableError');
      assert.equal(ready.body.error.message, 'Database unavailable: driver has already been destroyed');
      assert.equal(ready.headers.get('cache-control'), 'no-store');
      assert.equal((await t.get('/_health')).status, 200);
    } finally {
      await t.close();
    }
  });
});

/** A TCP proxy in front of the database server, that the test can cut and restore. */
async function startProxy(target: () => { host: string; port: number }, port = 0): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const { host, port: targetPort } = target();
    const upstream = net.connect(targetPort, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** Polls `url` until it answers `status` (the server's state follows the database's, in another process). */
async function until(t: TestApp, url: string, status: number): Promise<Awaited<ReturnType<TestApp['get']>>> {
  return waitUntil(`${url} answering ${status}`, async () => {
    const response = await t.get(url);
    return response.status === status ? response : undefined;
  }, 50);
}

describe('GET /_ready when the database server is unreachable', { skip: kind === 'sqlite' && 'SQLite has no server to lose' }, () => {
  it('answers 503 naming the problem (no credentials) while the server is cut off, and 200 again once it is back', async () => {
    let target = { host: '127.0.0.1', port: 0 };
    let proxy = await startProxy(() => target);
    const t = await startTestApp({
      override: (config) => {
        const database = config.database as ServerDatabaseConfig;
        target = { host: database.connection.host ?? '127.0.0.1', port: database.connection.port ?? 0 };
        // Pool connections go through the proxy; a short acquire timeout keeps the test quick.
        // The local PostgreSQL trusts loopback, so a password it ignores shows none leaks out.
        const password = kind === 'postgres' ? { password: 'not-a-secret-9f3k' } : {};
        return {
          ...config,
          database: { ...database, connection: { ...database.connection, host: '127.0.0.1', port: proxy.port, ...password }, pool: { ...database.pool, acquireTimeoutMillis: 2000 } },
        };
      },
    }).catch(async (error: unknown) => {
      await proxy.cut();
      throw error;
    });
    try {
      assert.equal((await t.get('/_ready')).status, 200);

      await proxy.cut();
      const down = await until(t, '/_ready', 503);
      assert.equal(down.status, 503);
      assert.equal(down.body.data, null);
      assert.equal(down.body.error.status, 503);
      assert.equal(down.body.error.name, 'ServiceUnavailableError');
      assert.match(down.body.error.message, /^Database unavailable: /);
      assert.doesNotMatch(down.text, /not-a-secret-9f3k/);
      assert.equal((await t.get('/_health')).status, 200, '/_health does not depend on the database');
      // Content requests fail the same way, in the envelope, instead of a 500 or a hang.
      const content = await t.get('/api/samples');
      assert.equal(content.status, 503);
      assert.equal(content.body.error.name, 'ServiceUnavailableError');

      proxy = await startProxy(() => target, proxy.port);
      const back = await until(t, '/_ready', 200);
      assert.deepEqual([back.status, back.body], [200, { status: 'ready' }]);
      assert.equal((await t.get('/api/samples')).status, 200);
    } finally {
      await proxy.cut();
      await t.close();
    }
  });
});

describe('tessera start with the database down', { skip: kind !== 'sqlite' && 'needs no database: runs once, in the SQLite pass' }, () => {
  const projects = createTempProjects('tessera-health-');
  after(() => projects.remove());

  for (const client of ['postgres', 'mysql']) {
    it(`stops with one line naming the problem, not a stack trace (${client})`, { timeout: 30_000 }, async () => {
      const dir = projects.write({
        [schemaPath('post')]: { kind: 'collectionType', info: { singularName: 'post', pluralName: 'posts' }, attributes: { title: { type: 'string' } } },
        'config/database.json': { connection: { client, connection: { host: '127.0.0.1', port: 1, user: 'app', password: 'pw-7h2k', database: 'cms' } } },
      });
      const run = await runTessera(['start', dir]);
      assert.deepEqual([run.code, run.stdout, run.stderr], [1, '', 'Tessera could not start: Database unavailable: connect ECONNREFUSED 127.0.0.1:1\n']);
    });
  }
});
