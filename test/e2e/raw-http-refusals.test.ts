// @databases: sqlite — malformed HTTP is refused before routing
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rawHttp, type RawResponse } from '../helpers/raw-http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Requests refused by the HTTP layer before any route, sent byte for byte (a client such as
 * fetch would add the Host header these tests leave out). Node answers some of them itself
 * with an empty body or not at all; every one must be the error envelope with a JSON content
 * type, and nothing behind the refusal may run.
 */

function assertEnvelope(response: RawResponse, status: number, name: string): void {
  assert.equal(response.status, status, response.text);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json; charset=utf-8$/, response.text);
  assert.deepEqual(Object.keys(response.body ?? {}), ['data', 'error'], response.text);
  assert.equal(response.body.data, null);
  assert.equal(response.body.error.status, status);
  assert.equal(response.body.error.name, name);
  assert.equal(typeof response.body.error.message, 'string');
  assert.deepEqual(response.body.error.details, {});
}

const body = JSON.stringify({ data: { str: 'written' } });

describe('raw HTTP refusals answer in the error envelope', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'kitchen-sink' });
  });
  after(async () => t?.close());

  const count = async (): Promise<number> => (await t.get('/api/samples')).body.meta.pagination.total;

  it('an HTTP/1.1 request without Host → 400, on the content API, the health check and GraphQL alike; nothing is written', async () => {
    const before = await count();
    for (const request of [
      `POST /api/samples HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      'GET /_health HTTP/1.1\r\n\r\n',
      'GET /graphql?query=%7B__typename%7D HTTP/1.1\r\napollo-require-preflight: true\r\n\r\n',
    ]) {
      const response = await rawHttp(t.baseUrl, request);
      assertEnvelope(response, 400, 'BadRequestError');
      assert.match(response.body.error.message, /Host header/);
      assert.equal(response.headers.get('connection'), 'close');
    }
    assert.equal(await count(), before);
  });

  it('HTTP/1.0 needs no Host: served as before', async () => {
    const response = await rawHttp(t.baseUrl, 'GET /_health HTTP/1.0\r\n\r\n');
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { status: 'ok' });
  });

  it('an Expect header other than 100-continue → 417; nothing is written', async () => {
    const before = await count();
    for (const expect of ['unknown', '200-ok']) {
      const response = await rawHttp(t.baseUrl, `POST /api/samples HTTP/1.1\r\nHost: x\r\nExpect: ${expect}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      assertEnvelope(response, 417, 'ExpectationFailedError');
      assert.match(response.body.error.message, /100-continue/);
    }
    assert.equal(await count(), before);
  });

  it('Expect: 100-continue is met as before', async () => {
    const before = await count();
    const response = await rawHttp(t.baseUrl, `POST /api/samples HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.data.str, 'written');
    assert.equal(await count(), before + 1);
  });

  it('CONNECT → 405 (no proxy here), where Node would drop the connection without a word', async () => {
    const response = await rawHttp(t.baseUrl, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    assertEnvelope(response, 405, 'MethodNotAllowedError');
  });

  it('malformed requests (parser errors) keep their envelope, and the server still answers', async () => {
    const response = await rawHttp(t.baseUrl, 'GET /_health HTTP/3.0\r\nHost: x\r\n\r\n');
    assertEnvelope(response, 400, 'BadRequestError');
    assert.equal((await t.get('/_health')).status, 200);
  });
});
