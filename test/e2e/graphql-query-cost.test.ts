import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { withGraphqlConfig } from '../helpers/graphql-config.js';

/**
 * GraphQL operations whose answer may hold more objects than `graphql.config.costLimit` are
 * refused before they run: the estimate multiplies each list by its page size (literal, from a
 * variable, or `defaultLimit`), counts aliases and expands fragments, and the refusal is a 400
 * naming the estimate, the limit and its key, with no statement run.
 */

const TAGS = 3;
const ARTICLES = 4;

/** Relations from an article to articles through its tags, `levels` times, each list at `size` items, aliased `aliases` times per level. */
function fanOut(levels: number, aliases: number, size: number): string {
  const fragments: string[] = [];
  for (let level = 0; level < levels; level += 1) {
    const next = level + 1 < levels ? `...F${level + 1}` : 'title';
    const branch = (alias: number) => `t${alias}: tags(pagination: { limit: ${size} }) { data { attributes { articles(pagination: { limit: ${size} }) { data { attributes { ${next} } } } } } }`;
    fragments.push(`fragment F${level} on Article { ${Array.from({ length: aliases }, (_, alias) => branch(alias)).join(' ')} }`);
  }
  return `{ articles { data { attributes { ...F0 } } } } ${fragments.join(' ')}`;
}

for (const [label, override] of [['default limit', {}], ['limit 1000', { costLimit: 1000 }]] as const) {
  describe(`graphql query cost (${label})`, () => {
    let t: TestApp;

    before(async () => {
      t = await startTestApp({ fixture: 'versions-app', override: withGraphqlConfig({ v4CompatibilityMode: true, depthLimit: 40, ...override }) });
      const author = await t.post('/api/authors', { data: { name: 'Ann' } });
      assert.equal(author.status, 201, author.text);
      const tags: string[] = [];
      for (let index = 0; index < TAGS; index += 1) {
        const tag = await t.post('/api/tags', { data: { name: `tag${index}` } });
        assert.equal(tag.status, 201, tag.text);
        tags.push(tag.body.data.documentId);
      }
      for (let index = 0; index < ARTICLES; index += 1) {
        const article = await t.post('/api/articles', { data: { title: `A${index}`, author: author.body.data.documentId, tags } });
        assert.equal(article.status, 201, article.text);
      }
    });
    after(() => t.close());

    /** The answer and the statements it ran. */
    async function run(query: string, variables?: Record<string, unknown>): Promise<{ response: TestResponse; statements: number }> {
      const { result, statements } = await t.app.database.counter.measure(() => t.request('POST', '/graphql', { body: { query, ...(variables ? { variables } : {}) } }));
      return { response: result, statements };
    }

    function assertRefused({ response, statements }: { response: TestResponse; statements: number }, limit: number): number {
      assert.equal(response.status, 400, response.text.slice(0, 500));
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(response.body.data, undefined);
      const [error] = response.body.errors;
      assert.equal(error.extensions.code, 'BAD_USER_INPUT');
      const match = /^Query too costly: its answer may hold (\S+) objects .* more than the limit of (\d+) \(graphql\.config\.costLimit\)/.exec(error.message);
      assert.ok(match, error.message);
      assert.equal(Number(match[2]), limit);
      assert.equal(statements, 0, 'refused before any statement ran');
      return Number(match[1]);
    }

    const limit = label === 'default limit' ? 100_000 : 1000;

    it('refuses a fragment fan-out before running it, and the server keeps answering', async () => {
      // The shape: fragments that each fan out over aliased relation lists.
      const estimate = assertRefused(await run(fanOut(6, 4, 100)), limit);
      assert.ok(estimate > 1e20, String(estimate));
      const health = await t.get('/_health');
      assert.equal(health.status, 200);
    });

    it('accepts a deep legitimate query and answers it whole', async () => {
      // article → author → articles → tags: 10 × (author, its 4 articles, their 3 tags each).
      const query = `{ articles(sort: "title:asc", pagination: { pageSize: 5 }) { data { attributes { title
        author { data { attributes { name articles(pagination: { limit: 5 }) { data { attributes { title tags(pagination: { limit: 3 }) { data { attributes { name } } } } } } } } }
      } } meta { pagination { total } } } }`;
      const { response, statements } = await run(query);
      assert.equal(response.status, 200, response.text.slice(0, 500));
      assert.equal(response.body.errors, undefined);
      assert.ok(statements > 0);
      const articles = response.body.data.articles.data;
      assert.deepEqual(articles.map((article: { attributes: { title: string } }) => article.attributes.title), ['A0', 'A1', 'A2', 'A3']);
      for (const article of articles) {
        const written = article.attributes.author.data.attributes.articles.data;
        assert.equal(written.length, ARTICLES);
        for (const item of written) assert.equal(item.attributes.tags.data.length, TAGS);
      }
    });

    it('counts aliases: one list passes, the same list under enough aliases is refused', async () => {
      const one = 'a0: articles(pagination: { limit: 100 }) { data { attributes { tags(pagination: { limit: 9 }) { data { id } } } } }';
      // 1 + 100 × (2 + 1 + 9) = 1,201 objects per alias.
      const single = await run(`{ ${one} }`);
      if (limit > 1201) {
        assert.equal(single.response.status, 200, single.response.text.slice(0, 500));
      } else {
        assert.equal(assertRefused(single, limit), 1201);
      }
      const aliases = Math.ceil(limit / 1201) + 1;
      const many = Array.from({ length: aliases }, (_, index) => one.replace('a0:', `a${index}:`)).join(' ');
      assert.equal(assertRefused(await run(`{ ${many} }`), limit), 1201 * aliases);
    });

    it('reads page sizes from variables: one query text, accepted or refused by the values sent', async () => {
      const query = `query Page($size: Int!, $inner: Int) { articles(pagination: { pageSize: $size }) { data { attributes {
        title tags(pagination: { limit: $inner }) { data { attributes { articles(pagination: { limit: $inner }) { data { id } } } } }
      } } } }`;
      const small = await run(query, { size: 4, inner: 3 });
      assert.equal(small.response.status, 200, small.response.text.slice(0, 500));
      assert.equal(small.response.body.data.articles.data.length, ARTICLES);
      // 1 + 100 × (2 + 1 + 100 × (2 + 1 + 100)) objects.
      assert.equal(assertRefused(await run(query, { size: 100, inner: 100 }), limit), 1 + 100 * (3 + 100 * 103));
      const again = await run(query, { size: 4, inner: 3 });
      assert.equal(again.response.status, 200, again.response.text.slice(0, 500));
    });
  });
}
