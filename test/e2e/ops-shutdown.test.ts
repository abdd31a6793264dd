import assert from 'node:assert/strict';
import net from 'node:net';
import { after, describe, it } from 'node:test';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { HANG_BOUND_MILLIS, waitUntil } from '../helpers/wait-until.js';
import { startTestApp } from '../helpers/test-app.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/test-database.js';
import { databaseConfigFile, startTessera } from '../helpers/tessera-process.js';

const kind = testDatabaseKind();

interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The final (non-1xx) responses in what a connection received, in order. */
function parseResponses(raw: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    const body = Buffer.from(rest.slice(end + 4)).subarray(0, length).toString();
    rest = Buffer.from(rest.slice(end + 4)).subarray(length).toString();
    if (status >= 200) responses.push({ status, headers, body });
  }
  return responses;
}

/**
 * A request held in flight by the client: its head is sent with `Expect: 100-continue`, and the
 * server's `100 Continue` proves it has the request; the body follows when the test says so.
 */
interface HeldRequest {
  /** Resolves once the server has answered 100 Continue (bounded: 5 s). */
  readonly accepted: Promise<void>;
  /** Sends the body, and anything to pipeline after it. */
  send(more?: string): void;
  /** Everything the connection received, once the server closed it (bounded: 15 s). */
  readonly closed: Promise<string>;
}

function holdRequest(port: number, method: string, url: string, body: string): HeldRequest {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let markAccepted: () => void = () => undefined;
  let failAccepted: (error: Error) => void = () => undefined;
  const accepted = new Promise<void>((resolve, reject) => {
    markAccepted = resolve;
    failAccepted = reject;
  });
  const acceptTimer = setTimeout(() => failAccepted(new Error(`no 100 Continue for ${method} ${url} in ${HANG_BOUND_MILLIS / 1000} s`)), HANG_BOUND_MILLIS);
  const closed = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server did not close the connection of ${method} ${url} in ${HANG_BOUND_MILLIS / 1000} s; got:\n${received}`));
    }, HANG_BOUND_MILLIS);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    if (received.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
      clearTimeout(acceptTimer);
      markAccepted();
    }
  });
  socket.write(`${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`);
  return { accepted, send: (more = '') => socket.write(body + more), closed };
}

/** Resolves once a new connection to the port is refused. */
async function refusesConnections(port: number): Promise<void> {
  await waitUntil(`port ${port} refusing connections during the shutdown`, () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    }),
  );
}

const body = (title: string): string => JSON.stringify({ data: { str: title, pass: 'correct horse battery staple' } });

describe('App.close: graceful shutdown in process', () => {
  it('lets a request in flight finish, answers /_ready 503 on its connection meanwhile, and refuses new connections', { timeout: 30_000 }, async () => {
    const t = await startTestApp();
    let closing: Promise<void> | undefined;
    try {
      const created = await t.post('/api/samples', { data: { str: 'first' } });
      assert.equal(created.status, 201);
      const port = Number(new URL(t.baseUrl).port);
      const held = holdRequest(port, 'PUT', `/api/samples/${created.body.data.documentId}`, body('second'));
      await held.accepted;

      let closed = false;
      closing = t.app.close().then(() => {
        closed = true;
      });
      await refusesConnections(port);
      // The body (whose password costs a bcrypt hash) arrives after the shutdown began, and a
      // readiness probe comes pipelined behind it on the same connection.
      held.send('GET /_ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const [put, ready, ...others] = parseResponses(await held.closed);
      assert.equal(put?.status, 200);
      assert.equal(JSON.parse(put?.body ?? '{}').data.str, 'second');
      assert.equal(ready?.status, 503);
      assert.deepEqual(JSON.parse(ready?.body ?? '{}'), { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'Shutting down', details: {} } });
      assert.equal(ready?.headers.connection, 'close');
      assert.deepEqual(others, []);
      await closing;
      assert.equal(closed, true);
    } finally {
      await (closing ?? t.close());
      await t.close();
    }
  });

  it('closes connections still busy when server.shutdownTimeout has passed', { timeout: 30_000 }, async () => {
    const t = await startTestApp({ override: (config) => ({ ...config, server: { ...config.server, shutdownTimeout: 300 } }) });
    try {
      const port = Number(new URL(t.baseUrl).port);
      const held = holdRequest(port, 'POST', '/api/samples', body('never sent'));
      await held.accepted;
      const started = performance.now();
      await t.app.close();
      const took = performance.now() - started;
      assert.ok(took >= 280, `close waited for the grace period (${Math.round(took)} ms)`);
      assert.ok(took < 3000, `close did not wait much longer (${Math.round(took)} ms)`);
      assert.equal(parseResponses(await held.closed).length, 0, 'the unfinished request got no response; its connection was closed');
    } finally {
      await t.close();
    }
  });
});

const projects = createTempProjects('tessera-shutdown-');
after(() => projects.remove());

/** A project served by a real `tessera start`, on the database under test. */
async function project(server: Record<string, unknown>): Promise<{ dir: string; database: TestDatabase }> {
  const database = kind === 'sqlite' ? { config: { client: 'sqlite' as const, filename: ':memory:' }, drop: async () => undefined } : await createTestDatabase(kind);
  const dir = projects.write({
    [schemaPath('note')]: { kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes' }, attributes: { title: { type: 'string' }, secret: { type: 'password' } } },
    'config/server.json': server,
    'config/database.json': databaseConfigFile(database.config),
    'config/permissions.json': { public: { 'api::note.note': '*' } },
  });
  return { dir, database };
}

describe('tessera start: SIGTERM', () => {
  it('finishes the requests in flight, refuses new connections, and exits 0 within the grace period', { timeout: 60_000 }, async () => {
    const { dir, database } = await project({ shutdownTimeout: 5000 });
    try {
      const tessera = await startTessera(dir);
      try {
        const created = await fetch(`${tessera.url}/api/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'zero' } }) });
        assert.equal(created.status, 201);
        const { documentId } = ((await created.json()) as { data: { documentId: string } }).data;
        const noteBody = (title: string): string => JSON.stringify({ data: { title, secret: 'correct horse battery staple' } });
        const held = [
          holdRequest(tessera.port, 'PUT', `/api/notes/${documentId}`, noteBody('one')),
          holdRequest(tessera.port, 'POST', '/api/notes', noteBody('two')),
          holdRequest(tessera.port, 'POST', '/api/notes', noteBody('three')),
        ];
        await Promise.all(held.map((request) => request.accepted));

        const signalled = performance.now();
        tessera.child.kill('SIGTERM');
        await tessera.waitForOutput(/^SIGTERM: shutting down \(requests in flight get up to 5000 ms\)…$/m);
        await refusesConnections(tessera.port);
        for (const request of held) request.send();
        const responses = await Promise.all(held.map(async (request) => parseResponses(await request.closed)));
        assert.deepEqual(responses.map((list) => list.map((response) => response.status)), [[200], [201], [201]]);
        assert.deepEqual(responses.map((list) => JSON.parse(list[0]?.body ?? '{}').data.title), ['one', 'two', 'three']);
        assert.ok(responses.every((list) => !('secret' in JSON.parse(list[0]?.body ?? '{}').data)));

        assert.deepEqual(await tessera.exited, { code: 0, signal: null });
        const took = performance.now() - signalled;
        assert.ok(took < 5000, `exited within the grace period (${Math.round(took)} ms)`);
        assert.equal(tessera.stderr(), '');
      } finally {
        tessera.child.kill('SIGKILL');
      }
    } finally {
      await database.drop();
    }
  });

  it('closes what is still running when the grace period ends, and still exits 0', { timeout: 60_000 }, async () => {
    const { dir, database } = await project({ shutdownTimeout: 500 });
    try {
      const tessera = await startTessera(dir);
      try {
        const held = holdRequest(tessera.port, 'POST', '/api/notes', JSON.stringify({ data: { title: 'never finished' } }));
        await held.accepted;
        const signalled = performance.now();
        tessera.child.kill('SIGTERM');
        assert.deepEqual(await tessera.exited, { code: 0, signal: null });
        const took = performance.now() - signalled;
        assert.ok(took >= 450, `waited for the grace period (${Math.round(took)} ms)`);
        assert.ok(took < 4000, `exited soon after it (${Math.round(took)} ms)`);
        assert.deepEqual(parseResponses(await held.closed), []);
        assert.equal(tessera.stderr(), '');
      } finally {
        tessera.child.kill('SIGKILL');
      }
    } finally {
      await database.drop();
    }
  });

  it('stops on SIGINT too', { timeout: 60_000 }, async () => {
    const { dir, database } = await project({});
    try {
      const tessera = await startTessera(dir);
      try {
        assert.equal((await fetch(`${tessera.url}/_ready`)).status, 200);
        tessera.child.kill('SIGINT');
        assert.deepEqual(await tessera.exited, { code: 0, signal: null });
        assert.match(tessera.stdout(), /^SIGINT: shutting down \(requests in flight get up to 10000 ms\)…$/m);
      } finally {
        tessera.child.kill('SIGKILL');
      }
    } finally {
      await database.drop();
    }
  });
});

