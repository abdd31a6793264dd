// @databases: sqlite — 401/403 are decided before documents or query
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Who may call what: `secrets` has no public grant (403 on every route, existing document or
 * not); any Authorization header is a credential nobody can verify yet (401 on every route).
 */

const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
const UNAUTHORIZED = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };
const SECRET_ID = 'secretdocumentid00000001';

interface Route {
  readonly method: string;
  readonly url: string;
  readonly body?: unknown;
}

function routesOf(plural: string, documentId: string, data: Record<string, unknown>): Route[] {
  return [
    { method: 'GET', url: `/api/${plural}` },
    { method: 'POST', url: `/api/${plural}`, body: { data } },
    { method: 'GET', url: `/api/${plural}/${documentId}` },
    { method: 'PUT', url: `/api/${plural}/${documentId}`, body: { data } },
    { method: 'DELETE', url: `/api/${plural}/${documentId}` },
  ];
}

describe('access control on every route', () => {
  let t: TestApp;
  let sampleId: string;
  before(async () => {
    t = await startTestApp();
    // The type is private, so its document is written beside the API, in the database's own date format.
    const { db, dialect } = t.app.database;
    const stamp = dialect.encode('datetime', '2024-01-01T00:00:00.000Z');
    await db.insertInto('secrets').values({ document_id: SECRET_ID, value: 'classified', created_at: stamp, updated_at: stamp, published_at: stamp }).execute();
    sampleId = (await t.post('/api/samples', { data: { str: 'Public' } })).body.data.documentId;
    assert.equal((await t.put('/api/setting', { data: { siteName: 'Site' } })).status, 200);
  });
  after(() => t.close());

  /** Every table's rows, to prove a refused request wrote nothing. */
  async function snapshot(): Promise<unknown[]> {
    const { db } = t.app.database;
    return Promise.all(['secrets', 'samples', 'settings'].map((table) => db.selectFrom(table).selectAll().orderBy('id').execute()));
  }

  describe('the non-public secrets type → 403', () => {
    const routes = [...routesOf('secrets', SECRET_ID, { value: 'leak' }), ...routesOf('secrets', 'nosuchdocumentid00000000', { value: 'leak' }).slice(2)];
    for (const { method, url, body } of routes) {
      it(`${method} ${url}`, async () => {
        const before = await snapshot();
        const response = await t.request(method, url, body === undefined ? {} : { body });
        assert.deepEqual({ status: response.status, body: response.body }, { status: 403, body: FORBIDDEN });
        assert.deepEqual(await snapshot(), before);
      });
    }

    it('a bad query on a forbidden type is still a 403: permission is checked before the query is read', async () => {
      const response = await t.get('/api/secrets?filters[nope]=1');
      assert.deepEqual({ status: response.status, body: response.body }, { status: 403, body: FORBIDDEN });
    });
  });

  describe('an Authorization header → 401, before permissions, documents or query', () => {
    const routes = (): Route[] => [
      ...routesOf('samples', sampleId, { str: 'changed' }),
      ...routesOf('samples', 'nosuchdocumentid00000000', { str: 'changed' }).slice(2),
      ...routesOf('secrets', SECRET_ID, { value: 'leak' }),
      { method: 'GET', url: '/api/setting' },
      { method: 'PUT', url: '/api/setting', body: { data: { siteName: 'changed' } } },
      { method: 'DELETE', url: '/api/setting' },
      { method: 'GET', url: '/api/samples?filters[nope]=1' },
    ];
    for (const authorization of ['Bearer x', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x', 'Basic dXNlcjpwYXNz', 'x']) {
      it(`Authorization: ${authorization}`, async () => {
        for (const { method, url, body } of routes()) {
          const before = await snapshot();
          const response = await t.request(method, url, { ...(body === undefined ? {} : { body }), headers: { authorization } });
          assert.deepEqual({ route: `${method} ${url}`, status: response.status, body: response.body }, { route: `${method} ${url}`, status: 401, body: UNAUTHORIZED });
          assert.deepEqual(await snapshot(), before, `${method} ${url} wrote something`);
        }
      });
    }

    it('an empty Authorization header is no credential: the Public role applies', async () => {
      const response = await t.get('/api/samples', { authorization: '' });
      assert.equal(response.status, 200);
    });
  });
});
