// @databases: sqlite — 404/405 for unknown routes and methods are answered by the router, before storage
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Requests that miss every route: unknown paths (404), known paths with a method they lack
 * (405 + Allow), and paths the router itself refuses. Each is one line in a table; every
 * answer is a 4xx in the error envelope and nothing is written.
 */

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const METHOD_NOT_ALLOWED = { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } };

const COLLECTION_ALLOW = 'GET, POST, HEAD';
const DOCUMENT_ALLOW = 'GET, PUT, DELETE, HEAD';
const SINGLE_ALLOW = DOCUMENT_ALLOW;

/** [method, url] → 404. `:id` is replaced by an existing sample's documentId. */
const UNKNOWN_ROUTES: readonly (readonly [string, string])[] = [
  ['GET', '/api/nope'],
  ['POST', '/api/nope'],
  ['PUT', '/api/nope/:id'],
  ['DELETE', '/api/nope/:id'],
  ['GET', '/nope'],
  ['GET', '/'],
  ['GET', '/api'],
  ['POST', '/api'],
  ['GET', '/samples'],
  ['GET', '/api/sample'],
  ['GET', '/api/Samples'],
  ['GET', '/api/samples/:id/extra'],
  ['DELETE', '/api/samples/:id/extra'],
  ['GET', '/api//samples'],
  ['GET', '/api/samples/:id/actions/unknown'],
  ['GET', '/api/settings'],
  ['GET', '/api/setting/:id'],
  ['GET', '/api/samples/..%2F..%2Fetc%2Fpasswd'],
  ['GET', '/api/samples/%00'],
  ['GET', '/api/__proto__'],
  ['GET', '/api/constructor'],
  ['PATCH', '/api/nope'],
  ['OPTIONS', '/nope'],
];

/** [method, url, Allow] → 405. */
const WRONG_METHODS: readonly (readonly [string, string, string])[] = [
  ['PATCH', '/api/samples', COLLECTION_ALLOW],
  ['PUT', '/api/samples', COLLECTION_ALLOW],
  ['DELETE', '/api/samples', COLLECTION_ALLOW],
  ['OPTIONS', '/api/samples', COLLECTION_ALLOW],
  ['QUERY', '/api/samples', COLLECTION_ALLOW],
  ['POST', '/api/samples/:id', DOCUMENT_ALLOW],
  ['PATCH', '/api/samples/:id', DOCUMENT_ALLOW],
  ['OPTIONS', '/api/samples/:id', DOCUMENT_ALLOW],
  ['POST', '/api/setting', SINGLE_ALLOW],
  ['PATCH', '/api/setting', SINGLE_ALLOW],
  ['OPTIONS', '/api/setting', SINGLE_ALLOW],
  // A forbidden type still tells which methods exist: the method is checked before permissions.
  ['PATCH', '/api/secrets', COLLECTION_ALLOW],
  ['POST', '/api/secrets/:id', DOCUMENT_ALLOW],
];

/**
 * The same on every other registered path, whoever registered it: the admin API, the
 * users-permissions routes, the plugins' routes, GraphQL, the health checks. `/admin/login`
 * answered 404 to a GET.
 */
const WRONG_METHODS_ELSEWHERE: readonly (readonly [string, string, string])[] = [
  ['GET', '/admin/login', 'POST'],
  ['PUT', '/admin/login', 'POST'],
  ['PATCH', '/admin/api-tokens', 'GET, POST, HEAD'],
  ['POST', '/admin/api-tokens/1', 'GET, PUT, DELETE, HEAD'],
  ['DELETE', '/admin/users/me', 'GET, PUT, HEAD'],
  ['PATCH', '/admin/users-permissions/roles/1', 'GET, PUT, DELETE, HEAD'],
  ['DELETE', '/admin/i18n/locales', 'GET, POST, HEAD'],
  ['DELETE', '/content-type-builder/content-types', 'GET, POST, HEAD'],
  ['GET', '/api/auth/local', 'POST'],
  ['DELETE', '/api/users/me', 'GET, HEAD'],
  ['POST', '/api/i18n/locales', 'GET, HEAD'],
  ['GET', '/api/upload', 'POST'],
  ['PUT', '/api/upload/files', 'GET, HEAD'],
  ['PUT', '/graphql', 'GET, POST, HEAD'],
  ['POST', '/_health', 'GET, HEAD'],
];

describe('unknown routes and methods', () => {
  let t: TestApp;
  let documentId: string;
  before(async () => {
    t = await startTestApp();
    documentId = (await t.post('/api/samples', { data: { str: 'Keep me', int: 1 } })).body.data.documentId;
    assert.equal((await t.put('/api/setting', { data: { siteName: 'Site' } })).status, 200);
  });
  after(() => t.close());

  async function snapshot(): Promise<unknown[]> {
    const { db } = t.app.database;
    return Promise.all(['samples', 'settings'].map((table) => db.selectFrom(table).selectAll().orderBy('id').execute()));
  }

  const expand = (url: string) => url.replace(':id', documentId);
  const withBody = (method: string) => (['GET', 'HEAD'].includes(method) ? {} : { body: { data: { str: 'written', siteName: 'written' } } });

  describe('404 in the envelope', () => {
    for (const [method, url] of UNKNOWN_ROUTES) {
      it(`${method} ${url}`, async () => {
        const before = await snapshot();
        const response = await t.request(method, expand(url), withBody(method));
        assert.deepEqual({ status: response.status, body: response.body }, { status: 404, body: NOT_FOUND });
        assert.deepEqual(await snapshot(), before);
      });
    }
  });

  describe('405 in the envelope, with an Allow header', () => {
    for (const [method, url, allow] of WRONG_METHODS) {
      it(`${method} ${url}`, async () => {
        const before = await snapshot();
        const response = await t.request(method, expand(url), withBody(method));
        assert.deepEqual(
          { status: response.status, allow: response.headers.get('allow'), body: response.body },
          { status: 405, allow, body: METHOD_NOT_ALLOWED },
        );
        assert.deepEqual(await snapshot(), before);
      });
    }
  });

  describe('405 with an Allow header on every registered path, not only the content API', () => {
    for (const [method, url, allow] of WRONG_METHODS_ELSEWHERE) {
      it(`${method} ${url}`, async () => {
        const before = await snapshot();
        const response = await t.request(method, url, withBody(method));
        assert.deepEqual(
          { status: response.status, allow: response.headers.get('allow'), body: response.body },
          { status: 405, allow, body: METHOD_NOT_ALLOWED },
        );
        assert.deepEqual(await snapshot(), before);
      });
    }
  });

  it('HEAD answers like GET without a body', async () => {
    for (const url of ['/api/samples', `/api/samples/${documentId}`, '/api/setting']) {
      const response = await t.request('HEAD', url);
      assert.equal(response.status, 200, url);
      assert.equal(response.text, '', url);
    }
  });

  it('a trailing slash is the same route', async () => {
    const response = await t.get('/api/samples/');
    assert.equal(response.status, 200);
    assert.equal(response.body.data.length, 1);
  });

  describe('paths the router refuses', () => {
    it('a documentId longer than the router allows → 4xx envelope', async () => {
      const response = await t.get(`/api/samples/${'a'.repeat(300)}`);
      assert.equal(response.status, 414);
      assert.deepEqual(Object.keys(response.body), ['data', 'error']);
      assert.equal(response.body.error.name, 'URITooLongError');
    });

    it('malformed percent-encoding in the path → 400 envelope', async () => {
      const response = await t.get('/api/samples/%E0%A4%A');
      assert.deepEqual({ status: response.status, name: response.body?.error?.name }, { status: 400, name: 'BadRequestError' });
    });

    it('a request line or headers past the HTTP parser limit → 431 envelope', async () => {
      const response = await t.get(`/api/samples?filters[str]=${'x'.repeat(70_000)}`);
      assert.deepEqual(response.body, {
        data: null,
        error: { status: 431, name: 'RequestHeaderFieldsTooLargeError', message: 'Request header fields too large', details: {} },
      });
    });

    it('the refused requests never reach a handler: nothing is written, the server still answers', async () => {
      const before = await snapshot();
      for (const url of [`/api/samples/${'a'.repeat(300)}`, '/api/samples/%E0%A4%A', `/api/samples?filters[str]=${'x'.repeat(70_000)}`]) {
        const response = await t.request('PUT', url, { body: { data: { str: 'written' } } });
        assert.ok(response.status >= 400 && response.status < 500, `${url.slice(0, 40)}: ${response.status}`);
      }
      assert.deepEqual(await snapshot(), before);
      assert.equal((await t.get('/api/samples')).status, 200);
    });
  });
});
