import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AppConfig } from '../../src/core/config/app-config.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { withGraphqlConfig } from '../helpers/graphql-config.js';

/**
 * A populate chain through both sides of a relation (`author.articles.author.articles…`) reads
 * few rows but writes out an answer that grows by the fan-out at every level: in the example
 * project one anonymous request built a text too large to serialise, holding the event loop for
 * 6–30 s. The answer's size is measured on the populated rows before anything is serialised,
 * and past `api.rest.maxResponseItems` the read is a 400 naming the limit.
 */
const LIMIT = 1000;
const ARTICLES = 10;

/**
 * The limit, and GraphQL depth and cost limits that let the chain run (the defaults would refuse
 * it before execution): this file shows the bound met while populating.
 */
const limited = (config: AppConfig): AppConfig => ({
  ...config,
  ...withGraphqlConfig({ v4CompatibilityMode: true, depthLimit: 40, costLimit: 1_000_000_000 })(config),
  rest: { ...config.rest, maxResponseItems: LIMIT },
});

describe('populate: the answer-size bound', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app', override: limited });
    const author = await t.post('/api/authors', { data: { name: 'Ann' } });
    assert.equal(author.status, 201, author.text);
    const tags = [];
    for (const name of ['red', 'blue']) {
      const tag = await t.post('/api/tags', { data: { name } });
      assert.equal(tag.status, 201, tag.text);
      tags.push(tag.body.data.documentId);
    }
    for (let index = 0; index < ARTICLES; index += 1) {
      const article = await t.post('/api/articles', { data: { title: `A${index}`, views: index, author: author.body.data.documentId, tags } });
      assert.equal(article.status, 201, article.text);
    }
  });
  after(() => t.close());

  it('a chain whose answer stays under the limit is served whole', async () => {
    // 10 articles, their author, its 10 articles each: 10 + 10 + 100 objects.
    const response = await t.get('/api/articles?populate[author][populate][articles]=true&pagination[pageSize]=10');
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.data.length, ARTICLES);
    for (const article of response.body.data) assert.equal(article.author.articles.length, ARTICLES);
  });

  it('a chain whose answer would pass the limit is a 400 naming it, and the server keeps answering', async () => {
    // 10 + 10 + 100 + 100 + 1,000 + 1,000 + 2,000 objects once written out.
    const chain = 'populate=author.articles.author.articles.author.articles.tags&pagination[pageSize]=10';
    const response = await t.get(`/api/articles?${chain}`);
    assert.equal(response.status, 400, response.text.slice(0, 500));
    assert.equal(response.body.error.name, 'ValidationError');
    assert.match(response.body.error.message, /^Populate too large: this answer would hold more than 1000 documents, components and files once populated \(limit: api\.rest\.maxResponseItems = 1000\)/);
    assert.deepEqual(response.body.error.details, { key: 'populate', path: null, source: 'query', param: 'populate', limit: LIMIT });
    const health = await t.get('/_health');
    assert.equal(health.status, 200);
  });

  it('GraphQL reads meet the same bound', async () => {
    // The same chain in the entity shape: article → author → articles, three times.
    const articles = (depth: number): string =>
      depth === 0 ? 'id' : `attributes { author { data { attributes { articles(pagination: { limit: 100 }) { data { ${articles(depth - 1)} } } } } } }`;
    const query = `{ articles(pagination: { pageSize: 10 }) { data { ${articles(3)} } } }`;
    const response = await t.request('POST', '/graphql', { body: { query } });
    assert.equal(response.status, 200, response.text.slice(0, 500));
    assert.equal(response.body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', response.text.slice(0, 500));
    assert.match(response.body.errors[0].message, /^Populate too large/);
  });

  it('one relation with more links than the limit stops the read after the statement that reads them', async () => {
    const small = await startTestApp({ fixture: 'versions-app', override: (config) => ({ ...config, rest: { ...config.rest, maxResponseItems: 5 } }) });
    try {
      const author = await small.post('/api/authors', { data: { name: 'Bo' } });
      assert.equal(author.status, 201, author.text);
      for (let index = 0; index < 6; index += 1) {
        const article = await small.post('/api/articles', { data: { title: `B${index}`, author: author.body.data.documentId } });
        assert.equal(article.status, 201, article.text);
      }
      const { result: response, statements } = await small.app.database.counter.measure(() => small.get(`/api/authors/${author.body.data.documentId}?populate=articles`));
      assert.equal(response.status, 400, response.text);
      assert.match(response.body.error.message, /^Populate too large: .*maxResponseItems = 5/);
      assert.equal(statements, 2, 'the document, then its articles (6 rows: past the limit), nothing after');
      const fewer = await small.get(`/api/authors/${author.body.data.documentId}?populate[articles][filters][title][$in][0]=B0&populate[articles][filters][title][$in][1]=B1`);
      assert.equal(fewer.status, 200, fewer.text);
      assert.equal(fewer.body.data.articles.length, 2);
    } finally {
      await small.close();
    }
  });
});
