import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAdminClient } from './admin-client';
import { ApiError } from './api-error';
import { createSessionStore } from './session-store';

/** Web Storage over a Map (Node has none). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

interface Call {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
}

/** A server that knows one valid access token; /admin/access-token hands out `refreshTo` (or 401 when null). */
function fakeServer(valid: { token: string }, refreshTo: string | null) {
  const calls: Call[] = [];
  const fetch = async (path: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method: init?.method ?? 'GET', path: String(path), authorization: headers.authorization });
    if (path === '/admin/access-token') {
      if (refreshTo === null) return Response.json({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing refresh token', details: {} } }, { status: 401 });
      valid.token = refreshTo;
      return Response.json({ data: { token: refreshTo } });
    }
    if (headers.authorization !== `Bearer ${valid.token}`) return Response.json({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } }, { status: 401 });
    return Response.json({ data: { ok: path } });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

function setup(token: string | null, valid: string, refreshTo: string | null) {
  const session = createSessionStore({ session: memoryStorage(), local: memoryStorage() });
  if (token !== null) session.setToken(token);
  const server = fakeServer({ token: valid }, refreshTo);
  let lost = 0;
  const client = createAdminClient({ session, fetch: server.fetch, onSessionLost: () => void (lost += 1) });
  return { session, server, client, lost: () => lost };
}

describe('the admin API client', () => {
  it('sends the access token as a Bearer header', async () => {
    const { client, server } = setup('a1', 'a1', null);
    assert.deepEqual(await client.request('GET', '/admin/users/me'), { data: { ok: '/admin/users/me' } });
    assert.deepEqual(server.calls, [{ method: 'GET', path: '/admin/users/me', authorization: 'Bearer a1' }]);
  });

  it('on a 401: one POST /admin/access-token, then the request again with the new token', async () => {
    const { client, server, session, lost } = setup('expired', 'a2', 'a2');
    assert.deepEqual(await client.request('GET', '/content-manager/init'), { data: { ok: '/content-manager/init' } });
    assert.deepEqual(server.calls.map((call) => `${call.method} ${call.path} ${call.authorization ?? '-'}`), ['GET /content-manager/init Bearer expired', 'POST /admin/access-token -', 'GET /content-manager/init Bearer a2']);
    assert.equal(session.token.value, 'a2');
    assert.equal(lost(), 0);
  });

  it('shares one refresh between requests refused at the same time (the server rotates the cookie on each)', async () => {
    const { client, server } = setup('expired', 'a2', 'a2');
    await Promise.all([client.request('GET', '/admin/users/me'), client.request('GET', '/content-manager/init'), client.request('GET', '/admin/users/me/permissions')]);
    assert.equal(server.calls.filter((call) => call.path === '/admin/access-token').length, 1);
  });

  it('ends the session when the refresh is refused: the 401 is thrown, the token forgotten', async () => {
    const { client, session, lost } = setup('expired', 'a2', null);
    await assert.rejects(client.request('GET', '/admin/users/me'), (error: unknown) => error instanceof ApiError && error.status === 401 && error.message === 'Missing or invalid credentials');
    assert.equal(session.token.value, null);
    assert.equal(lost(), 1);
  });

  it('never retries a public route, nor sends it a token', async () => {
    const { client, server } = setup('a1', 'other', 'a3');
    await assert.rejects(client.request('POST', '/admin/login', { auth: false, body: {} }), (error: unknown) => error instanceof ApiError && error.status === 401);
    assert.deepEqual(server.calls, [{ method: 'POST', path: '/admin/login', authorization: undefined }]);
  });

  it('reports a network failure as status 0', async () => {
    const session = createSessionStore({ session: memoryStorage(), local: memoryStorage() });
    const client = createAdminClient({ session, onSessionLost: () => undefined, fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof globalThis.fetch });
    await assert.rejects(client.request('GET', '/admin/init', { auth: false }), (error: unknown) => error instanceof ApiError && error.status === 0 && error.kind === 'NetworkError');
  });

  it('gives each browser a version 4 UUID as its device id, kept in localStorage', () => {
    const local = memoryStorage();
    const first = createSessionStore({ session: memoryStorage(), local });
    assert.match(first.deviceId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(createSessionStore({ session: memoryStorage(), local }).deviceId, first.deviceId);
  });
});
