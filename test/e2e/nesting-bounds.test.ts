// @databases: sqlite — nesting bounds are refused before any SQL is built
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Input nested deeper than any real request, which used to fail inside the server. Filters
 * nested past what a query string can carry (qs stops at depth 20) arrive through
 * GraphQL arguments: 500–600 nested `not`s answered INTERNAL_SERVER_ERROR ("Expression tree is
 * too large" on SQLite, a stack overflow in planning). They are refused before any SQL, with the
 * limit named, and the server keeps answering.
 */
describe('nesting bounds', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
    const created = await t.post('/api/articles', { data: { title: 'Alpha', views: 1 } });
    assert.equal(created.status, 201, created.text);
  });
  after(() => t.close());

  const nots = (levels: number): string => (levels === 0 ? '{ title: { eq: "Alpha" } }' : `{ not: ${nots(levels - 1)} }`);

  const notsValue = (levels: number): unknown => (levels === 0 ? { title: { eq: 'Alpha' } } : { not: notsValue(levels - 1) });

  it('GraphQL: 600 nested `not` (a variable) or 150 (in the text) → BAD_USER_INPUT naming the limit, not INTERNAL_SERVER_ERROR', async () => {
    const requests = [
      { query: 'query Deep($f: ArticleFiltersInput) { articles(filters: $f) { data { id } } }', variables: { f: notsValue(600) } },
      { query: `{ articles(filters: ${nots(150)}) { data { id } } }` },
    ];
    for (const body of requests) {
      const response = await t.request('POST', '/graphql', { body });
      assert.equal(response.status, 200, response.text);
      const [error] = response.body.errors;
      assert.equal(error.extensions.code, 'BAD_USER_INPUT', response.text);
      assert.match(error.message, /Filters are nested too deeply \(at most 20 levels/);
    }
    const health = await t.get('/_health');
    assert.equal(health.status, 200, health.text);
  });

  it('GraphQL: 20 levels still answer, with the meaning of the nesting', async () => {
    const even = await t.request('POST', '/graphql', { body: { query: `{ articles(filters: ${nots(20)}) { data { attributes { title } } } }` } });
    assert.equal(even.body.errors, undefined, even.text);
    assert.deepEqual(even.body.data.articles.data.map((entity: { attributes: { title: string } }) => entity.attributes.title), ['Alpha']);
    const odd = await t.request('POST', '/graphql', { body: { query: `{ articles(filters: ${nots(19)}) { data { id } } }` } });
    assert.equal(odd.body.errors, undefined, odd.text);
    assert.deepEqual(odd.body.data.articles.data, []);
  });

  it('REST: nesting the query string can carry keeps working', async () => {
    const path = Array.from({ length: 10 }, () => '[$not]').join('');
    const within = await t.get(`/api/articles?filters${path}[title][$eq]=Alpha`);
    assert.equal(within.status, 200, within.text);
    assert.deepEqual(within.body.data.map((document: { title: string }) => document.title), ['Alpha']);
  });

  it('GraphQL: thousands of nested brackets → 400 GRAPHQL_PARSE_FAILED naming the limit, not a stack overflow', async () => {
    const texts = [
      `{ articles(filters: ${'['.repeat(5000)}${']'.repeat(5000)}) { data { id } } }`,
      `{ ${'a { '.repeat(5000)}${'}'.repeat(5001)}`,
      `{ articles(filters: ${'{ not: '.repeat(3000)}{}${' }'.repeat(3000)}) { data { id } } }`,
    ];
    for (const query of texts) {
      const response = await t.request('POST', '/graphql', { body: { query } });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.errors[0].extensions.code, 'GRAPHQL_PARSE_FAILED', response.text);
      assert.match(response.body.errors[0].message, /nests brackets \(\{, \[, \(\) more than 200 levels deep/);
      assert.doesNotMatch(response.text, /call stack/);
    }
  });
});
