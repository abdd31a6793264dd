import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSchema, parse } from 'graphql';
import { createJitCompilableCheck, MAX_COMPILED_FIELDS, MAX_COMPILED_INPUT_POSITIONS } from './jit-compilable-check.js';

const isJitCompilable = createJitCompilableCheck();

const schema = buildSchema(`
  input StringFilterInput { eq: String, and: [String], or: [String], not: StringFilterInput }
  input ArticleFiltersInput { title: StringFilterInput, author: AuthorFiltersInput, and: [ArticleFiltersInput] }
  input AuthorFiltersInput { name: StringFilterInput, articles: ArticleFiltersInput }
  input SeoInput { metaTitle: String, keywords: [String] }
  input ArticleInput { title: String, views: Int, seo: SeoInput, tags: [ID] }
  input Nest1 { a: [Nest2], b: [Nest2] }
  input Nest2 { a: [Nest3], b: [Nest3] }
  input Nest3 { a: [Nest4], b: [Nest4] }
  input Nest4 { a: [String], b: [String], c: [String], d: [String] }
  enum Status { DRAFT PUBLISHED }
  type Query { articles(filters: ArticleFiltersInput, status: Status, page: Int): [String], nest(n: Nest1): Int }
  type Mutation { createArticle(data: ArticleInput!): String }
`);

const compilable = (source: string): boolean => isJitCompilable(schema, parse(source));

describe('isJitCompilable', () => {
  it('accepts operations without variables, or with scalar, enum and acyclic input variables', () => {
    assert.equal(compilable('{ articles }'), true);
    assert.equal(compilable('query($page: Int!, $status: Status) { articles(page: $page, status: $status) }'), true);
    assert.equal(compilable('mutation($data: ArticleInput!) { createArticle(data: $data) }'), true);
  });

  it('refuses a variable whose input type contains itself, directly or through another type', () => {
    assert.equal(compilable('query($f: ArticleFiltersInput) { articles(filters: $f) }'), false);
    assert.equal(compilable('query($f: AuthorFiltersInput) { __typename }'), false);
    // A scalar's filter is recursive too (`not`).
    assert.equal(compilable('query($f: StringFilterInput) { __typename }'), false);
  });

  it('checks every operation of the document', () => {
    assert.equal(compilable('query A { articles } query B($f: ArticleFiltersInput) { articles(filters: $f) }'), false);
  });

  it('refuses variables whose unrolled code would pass the bound (each list level doubles it)', () => {
    // Nest4 = 1 + 4 × (1 + 2) = 13; Nest3 = 1 + 2 × (1 + 2 × 13) = 55; Nest2 = 223; Nest1 = 895.
    assert.ok(895 > MAX_COMPILED_INPUT_POSITIONS);
    assert.equal(compilable('query($n: Nest2) { __typename }'), true);
    assert.equal(compilable('query($n: Nest1) { nest(n: $n) }'), false);
    assert.equal(compilable(`query(${Array.from({ length: 3 }, (_, index) => `$n${index}: Nest2`).join(', ')}) { __typename }`), false);
  });

  it('counts the selection with fragments written out where they are spread, each fragment measured once', () => {
    const bomb = (count: number): string =>
      `{ articles ...F0 } ${Array.from({ length: count }, (_, index) => `fragment F${index} on Query { ...F${index + 1} ...F${index + 1} }`).join(' ')} fragment F${count} on Query { articles }`;
    // 2^9 + 1 = 513 fields, then 2^10 + 1 = 1025; 2^200 is measured as fast as 2^9.
    assert.ok(2 ** 9 + 1 <= MAX_COMPILED_FIELDS && 2 ** 10 + 1 > MAX_COMPILED_FIELDS);
    assert.equal(compilable(bomb(9)), true);
    assert.equal(compilable(bomb(10)), false);
    assert.equal(compilable(bomb(200)), false);
    const wide = (count: number): string => `{ ${Array.from({ length: count }, (_, index) => `a${index}: articles`).join(' ')} }`;
    assert.equal(compilable(wide(MAX_COMPILED_FIELDS)), true);
    assert.equal(compilable(wide(MAX_COMPILED_FIELDS + 1)), false);
  });

  it('refuses a variable of an unknown type (validation reports it)', () => {
    assert.equal(compilable('query($x: Nope) { __typename }'), false);
  });

  it('keeps its verdict per document and schema', () => {
    const document = parse('query($f: ArticleFiltersInput) { articles(filters: $f) }');
    assert.equal(isJitCompilable(schema, document), false);
    assert.equal(isJitCompilable(schema, document), false);
    const plain = buildSchema('input ArticleFiltersInput { title: String } type Query { articles(filters: ArticleFiltersInput): [String] }');
    assert.equal(isJitCompilable(plain, document), true);
  });
});
