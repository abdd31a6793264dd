import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A large legitimate populated answer is written as a stream (issue 15, item 2): its text is
 * made chunk by chunk as the client reads it, so a client that stops reading holds no more than
 * the chunks in flight and the event loop keeps serving others. No clock is involved: the client
 * reads the first chunk and stops (its socket paused, so TCP's window closes), `/_health` is
 * asked and answered while the server has not finished writing the big answer, and then the rest
 * is read and compared with the same documents read in small pages, which are sent whole.
 */
const ARTICLES = 100;
/** Each article's body: 100 articles × their author's 100 articles × 4 kB ≈ 40 MB of text, more than any socket buffers hold. */
const BODY = 'x'.repeat(4000);
const BIG = `/api/articles?sort=views:asc&populate[author][populate][articles][sort]=views:asc&pagination[pageSize]=${ARTICLES}`;
const page = (number: number) => `/api/articles?sort=views:asc&populate[author][populate][articles][sort]=views:asc&pagination[pageSize]=10&pagination[page]=${number}`;

interface OpenAnswer {
  readonly response: http.IncomingMessage;
  readonly first: Buffer;
  /** Resumes reading and resolves to the whole body. */
  rest(): Promise<string>;
}

/** Sends a GET, reads the first chunk of the answer and stops reading. */
function openAndPause(baseUrl: string, path: string): Promise<OpenAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(baseUrl + path, { agent: false }, (response) => {
      response.once('data', (first: Buffer) => {
        response.pause();
        const rest = () =>
          new Promise<string>((done, fail) => {
            const chunks: Buffer[] = [first];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
            response.on('error', fail);
            response.resume();
          });
        resolve({ response, first, rest });
      });
    });
    request.on('error', reject);
  });
}

/** The server side of the next request to `path`: whether its answer has been written to the end. */
function serverResponseOf(t: TestApp, path: string): Promise<http.ServerResponse> {
  return new Promise((resolve) => {
    const server = t.app.fastify.server;
    const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
      if (request.url !== path) return;
      server.off('request', onRequest);
      resolve(response);
    };
    server.on('request', onRequest);
  });
}

describe('populate: large answers streamed', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
    const author = await t.post('/api/authors', { data: { name: 'Ann' } });
    assert.equal(author.status, 201, author.text);
    for (let index = 0; index < ARTICLES; index += 1) {
      const article = await t.post('/api/articles', { data: { title: `A${index}`, views: index, body: BODY, author: author.body.data.documentId } });
      assert.equal(article.status, 201, article.text.slice(0, 300));
    }
  });
  after(() => t.close());

  it('answers /_health while a large answer waits for its reader, then the answer is whole', async () => {
    const serverSide = serverResponseOf(t, BIG);
    const big = await openAndPause(t.baseUrl, BIG);
    assert.equal(big.response.statusCode, 200);
    assert.match(big.response.headers['content-type'] ?? '', /^application\/json; charset=utf-8/);
    assert.equal(big.response.headers['transfer-encoding'], 'chunked');
    assert.equal(big.response.headers['content-length'], undefined);
    assert.ok(big.first.length > 0);

    const health = await t.get('/_health');
    assert.equal(health.status, 200);
    assert.deepEqual(health.body, { status: 'ok' });
    const written = await serverSide;
    assert.equal(written.writableFinished, false, 'the big answer is still being written while /_health was answered');
    // Made as it is read: what waits in the server's buffers is a few chunks, not the whole text
    // (sent at once, the whole text would wait there, less what the kernel took).
    const waiting = written.socket?.writableLength ?? 0;

    const text = await big.rest();
    assert.ok(waiting < text.length / 4, `${waiting} bytes waiting in the server of ${text.length}`);
    const answer = JSON.parse(text) as { data: { title: string; author: { articles: unknown[] } }[]; meta: unknown };
    assert.equal(answer.data.length, ARTICLES);
    for (const article of answer.data) assert.equal(article.author.articles.length, ARTICLES);
    assert.deepEqual(answer.meta, { pagination: { page: 1, pageSize: ARTICLES, pageCount: 1, total: ARTICLES } });

    // The same documents, in pages small enough to be sent whole (with a content-length).
    const pages: unknown[] = [];
    for (let number = 1; number <= ARTICLES / 10; number += 1) {
      const response = await t.get(page(number));
      assert.equal(response.status, 200, response.text.slice(0, 300));
      assert.equal(response.headers.get('transfer-encoding'), null);
      assert.equal(Number(response.headers.get('content-length')), Buffer.byteLength(response.text));
      pages.push(...(response.body as { data: unknown[] }).data);
    }
    assert.deepEqual(answer.data, pages);
  });

  it('refuses the issue\'s populate chain with a 400 naming the limit, /_health answered meanwhile', async () => {
    const chain = t.get('/api/articles?populate=author.articles.author.articles.author.articles&pagination[pageSize]=100');
    const health = await t.get('/_health');
    assert.equal(health.status, 200);
    const response = await chain;
    assert.equal(response.status, 400, response.text.slice(0, 300));
    assert.match(response.body.error.message, /^Populate too large: .*\(limit: api\.rest\.maxResponseItems = 100000\)/);
  });
});
