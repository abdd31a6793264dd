import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSchema, parse } from 'graphql';
import { createQueryCostCheck } from './query-cost.js';
import { GraphqlRequestError } from './format-graphql-error.js';

// The entity shape's wrappers (a collection with `data`, a relation response) and the flat shape's list, with a dynamic zone.
const schema = buildSchema(`
  input PaginationArg { page: Int, pageSize: Int, start: Int, limit: Int }
  type Quote { text: String }
  type Link { url: String }
  union Block = Quote | Link
  type Article { title: String, attributes: Article, author: AuthorResponse, tags(pagination: PaginationArg = {}): TagCollection, blocks: [Block], related(pagination: PaginationArg = {}): [Article] }
  type Author { name: String, articles(pagination: PaginationArg = {}): ArticleCollection }
  type AuthorResponse { data: Author }
  type Tag { name: String }
  type TagCollection { data: [Tag!]! }
  type Meta { total: Int }
  type ArticleCollection { data: [Article!]!, meta: Meta }
  type Query { articles(pagination: PaginationArg = {}): ArticleCollection, flat(pagination: PaginationArg = {}): [Article] }
`);

const limits = { defaultLimit: 10, amountLimit: 100, costLimit: 1000 };

/** The estimate, read from the refusal of a check whose limit is 0 (every operation with an object passes it). */
function cost(query: string, variables?: Record<string, unknown>, operationName?: string): number {
  const check = createQueryCostCheck({ ...limits, costLimit: 0 });
  try {
    check(schema, parse(query), operationName, variables);
    return 0;
  } catch (error) {
    assert.ok(error instanceof GraphqlRequestError);
    return Number(/may hold (\S+) objects/.exec(error.message)?.[1]);
  }
}

describe('query cost', () => {
  it('counts a collection page once, by its page size, and one object per wrapper', () => {
    // articles 1 + 10 × Article 1, meta 1.
    assert.equal(cost('{ articles { data { title } meta { total } } }'), 1 + 10 + 1);
    assert.equal(cost('{ articles(pagination: { pageSize: 25 }) { data { title } } }'), 1 + 25);
    assert.equal(cost('{ articles(pagination: { page: 3, limit: 40 }) { data { title } } }'), 1 + 40);
    // Capped at amountLimit, as the resolvers cap it; -1 is amountLimit.
    assert.equal(cost('{ articles(pagination: { limit: 5000 }) { data { title } } }'), 1 + 100);
    assert.equal(cost('{ articles(pagination: { limit: -1 }) { data { title } } }'), 1 + 100);
    assert.equal(cost('{ flat(pagination: { limit: 7 }) { title } }'), 7);
  });

  it('multiplies nested lists, a list without pagination counting defaultLimit items', () => {
    // flat 10 × (1 + tags 1 + 10 tags + blocks 10).
    assert.equal(cost('{ flat { tags { data { name } } blocks { ... on Quote { text } } } }'), 10 * (1 + 1 + 10 + 10));
    assert.equal(cost('{ flat(pagination: { limit: 2 }) { author { data { articles(pagination: { limit: 3 }) { data { title } } } } } }'), 2 * (1 + 1 + 1 + 1 + 3));
  });

  it('reads page sizes from variables and from their defaults', () => {
    const query = 'query Q($size: Int = 4, $page: Int) { flat(pagination: { pageSize: $size, page: $page }) { title } }';
    assert.equal(cost(query), 4);
    assert.equal(cost(query, { size: 50, page: 2 }), 50);
    assert.equal(cost('query Q($p: PaginationArg) { flat(pagination: $p) { title } }', { p: { limit: 30 } }), 30);
    assert.equal(cost('query Q($p: PaginationArg) { flat(pagination: $p) { title } }', {}), 10);
  });

  it('counts aliases and fragments where they are spread, and only the operation named', () => {
    assert.equal(cost('{ a: flat { title } b: flat { title } }'), 20);
    assert.equal(cost('{ flat { ...F } } fragment F on Article { tags { data { name } } }'), 10 * (1 + 1 + 10));
    // Spread twice among the same fields: graphql-js collects it once.
    assert.equal(cost('{ flat { ...F ...F } } fragment F on Article { tags { data { name } } }'), 10 * (1 + 1 + 10));
    const named = 'query Small { flat(pagination: { limit: 1 }) { title } } query Big { flat { title } }';
    assert.equal(cost(named, undefined, 'Small'), 1);
    assert.equal(cost(named, undefined, 'Big'), 10);
  });

  it('estimates a fragment fan-out without walking it out (linear in the document)', () => {
    // 40 fragments, each spreading the next under two aliases of a 100-item list: 200^40 objects.
    const fragments = Array.from({ length: 40 }, (_, index) => `fragment F${index} on Article { a: related(pagination: { limit: 100 }) { ...F${index + 1} } b: related(pagination: { limit: 100 }) { ...F${index + 1} } }`);
    const query = `{ flat { ...F0 } } ${fragments.join(' ')} fragment F40 on Article { title }`;
    const estimated = cost(query);
    assert.ok(estimated > 1e90, String(estimated));
  });

  it('refuses past the limit with a message naming the estimate, the limit and its key', () => {
    const check = createQueryCostCheck(limits);
    check(schema, parse('{ flat(pagination: { limit: 50 }) { tags { data { name } } } }'), undefined, undefined);
    assert.throws(
      () => check(schema, parse('{ flat(pagination: { limit: 100 }) { tags(pagination: { limit: 100 }) { data { name } } } }'), undefined, undefined),
      (error: unknown) => {
        assert.ok(error instanceof GraphqlRequestError);
        assert.equal(error.statusCode, 400);
        assert.equal(error.code, 'BAD_USER_INPUT');
        assert.match(error.message, /^Query too costly: its answer may hold 10200 objects .* more than the limit of 1000 \(graphql\.config\.costLimit\)/);
        return true;
      },
    );
  });

  it('estimates again when the page size comes from a variable', () => {
    const check = createQueryCostCheck(limits);
    const document = parse('query Q($n: Int) { flat(pagination: { limit: 100 }) { related(pagination: { limit: $n }) { title } } }');
    check(schema, document, undefined, { n: 5 });
    assert.throws(() => check(schema, document, undefined, { n: 50 }), GraphqlRequestError);
    check(schema, document, undefined, { n: 5 });
  });
});
