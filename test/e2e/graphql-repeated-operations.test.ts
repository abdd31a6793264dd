// @databases: sqlite — mercurius' compiled (graphql-jit) operations; the reads and writes they run are the same queries graphql-content runs on every database
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, fetchExchange, type AnyVariables, type DocumentInput } from '@urql/core';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { withGraphqlShape } from '../helpers/graphql-config.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are arbitrary JSON */

/**
 * The same operation text sent again and again with variables, as every GraphQL client does
 * (urql, Apollo Client, persisted queries): from the second time on, mercurius runs a text it
 * has seen as compiled code (graphql-jit). Compiling a variable of a recursive input type
 * (`ArticleFiltersInput`: `and`, `or`, `not`, relation filters pointing back) never ended and
 * filled the heap. Every call goes through urql to the server (no cache exchange, network-only),
 * in both schema shapes, and every answer is checked against what was stored.
 */

const TIMES = 6;
const TITLES = ['Alpha', 'Beta', 'Gamma'] as const;

interface Shape {
  readonly name: 'entity' | 'flat';
  readonly listQuery: string;
  readonly nestedQuery: string;
  readonly createMutation: string;
  /** The type the bomb's fragments are on, and the leaf fragment's selection. */
  readonly entityType: string;
  readonly leafSelection: string;
  /** The bomb's `articles` → [{ id, title, author }]. */
  bombAnswer(data: any): { id: string; title: string; author: string | null }[];
  /** `articles` of the list operation → titles. */
  titles(data: any): string[];
  /** The nested operation's `first` → [{ heading, author, tags, seo }], `others` → ids. */
  nestedAnswer(data: any): { first: any[]; others: string[] };
  created(data: any): { id: string; title: string; views: number; tags: string[] };
}

const ENTITY: Shape = {
  name: 'entity',
  listQuery: 'query Articles($f: ArticleFiltersInput, $sort: [String]) { articles(filters: $f, sort: $sort) { data { id attributes { title } } } }',
  nestedQuery: `query Nested($f: ArticleFiltersInput, $tags: TagFiltersInput) {
    first: articles(filters: $f, sort: "title:asc") { data { ...ArticleParts } }
    others: articles(filters: { not: $f }, sort: "title:asc") { data { id } }
  }
  fragment ArticleParts on ArticleEntity {
    id
    attributes {
      heading: title
      author { data { attributes { name } } }
      tags(filters: $tags, sort: "name:asc") { data { attributes { name } } }
      seo { metaTitle }
    }
  }`,
  createMutation: 'mutation Create($data: ArticleInput!) { createArticle(data: $data) { data { id attributes { title views tags { data { attributes { name } } } } } } }',
  entityType: 'ArticleEntity',
  leafSelection: 'id attributes { title author { data { attributes { name } } } }',
  bombAnswer: (data) => data.articles.data.map((entity: any) => ({ id: entity.id, title: entity.attributes.title, author: entity.attributes.author.data?.attributes.name ?? null })),
  titles: (data) => data.articles.data.map((entity: any) => entity.attributes.title),
  nestedAnswer: (data) => ({
    first: data.first.data.map((entity: any) => ({
      id: entity.id,
      heading: entity.attributes.heading,
      author: entity.attributes.author.data?.attributes.name ?? null,
      tags: entity.attributes.tags.data.map((tag: any) => tag.attributes.name),
      seo: entity.attributes.seo?.metaTitle ?? null,
    })),
    others: data.others.data.map((entity: any) => entity.id),
  }),
  created: (data) => {
    const entity = data.createArticle.data;
    return { id: entity.id, title: entity.attributes.title, views: entity.attributes.views, tags: entity.attributes.tags.data.map((tag: any) => tag.attributes.name) };
  },
};

const FLAT: Shape = {
  name: 'flat',
  listQuery: 'query Articles($f: ArticleFiltersInput, $sort: [String]) { articles(filters: $f, sort: $sort) { documentId title } }',
  nestedQuery: `query Nested($f: ArticleFiltersInput, $tags: TagFiltersInput) {
    first: articles(filters: $f, sort: "title:asc") { ...ArticleParts }
    others: articles(filters: { not: $f }, sort: "title:asc") { documentId }
  }
  fragment ArticleParts on Article {
    documentId
    heading: title
    author { name }
    tags(filters: $tags, sort: "name:asc") { name }
    seo { metaTitle }
  }`,
  createMutation: 'mutation Create($data: ArticleInput!) { createArticle(data: $data) { documentId title views tags { name } } }',
  entityType: 'Article',
  leafSelection: 'documentId title author { name }',
  bombAnswer: (data) => data.articles.map((article: any) => ({ id: article.documentId, title: article.title, author: article.author?.name ?? null })),
  titles: (data) => data.articles.map((article: any) => article.title),
  nestedAnswer: (data) => ({
    first: data.first.map((article: any) => ({
      id: article.documentId,
      heading: article.heading,
      author: article.author?.name ?? null,
      tags: article.tags.map((tag: any) => tag.name),
      seo: article.seo?.metaTitle ?? null,
    })),
    others: data.others.map((article: any) => article.documentId),
  }),
  created: (data) => ({ id: data.createArticle.documentId, title: data.createArticle.title, views: data.createArticle.views, tags: data.createArticle.tags.map((tag: any) => tag.name) }),
};

function withShape(shape: Shape['name']) {
  return withGraphqlShape(shape);
}

for (const shape of [ENTITY, FLAT]) {
  describe(`graphql: one operation sent ${TIMES} times with variables through urql (${shape.name} shape)`, () => {
    let t: TestApp;
    let requests = 0;
    /** POST, as Apollo Client sends; GET (urql's default for short queries) with the preflight header CSRF prevention asks for. */
    let post: Client;
    let get: Client;
    const ids: Record<string, string> = {};
    /** What was stored, per article title: the answers are computed from this, never from an earlier answer. */
    const stored = new Map<string, { id: string; author: string | null; tags: string[]; seo: string | null; views: number }>();

    async function rest(plural: string, body: Record<string, unknown>): Promise<string> {
      const response = await t.post(`/api/${plural}`, { data: body });
      assert.equal(response.status, 201, response.text);
      return response.body.data.documentId;
    }

    async function run(client: Client, kind: 'query' | 'mutation', operation: DocumentInput<any, AnyVariables>, variables: AnyVariables): Promise<any> {
      const before = requests;
      const result = await (kind === 'query' ? client.query(operation, variables) : client.mutation(operation, variables)).toPromise();
      assert.equal(requests, before + 1, 'every call reaches the server');
      assert.equal(result.error, undefined, JSON.stringify(result.error?.graphQLErrors ?? result.error?.message));
      return result.data;
    }

    before(async () => {
      t = await startTestApp({ fixture: 'versions-app', override: withShape(shape.name) });
      const counting: typeof fetch = (input, init) => {
        requests += 1;
        return fetch(input, init);
      };
      const url = `${t.baseUrl}/graphql`;
      post = new Client({ url, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false, fetch: counting });
      get = new Client({ url, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: 'force', fetch: counting, fetchOptions: { headers: { 'apollo-require-preflight': 'true' } } });
      ids.red = await rest('tags', { name: 'red' });
      ids.blue = await rest('tags', { name: 'blue' });
      ids.ann = await rest('authors', { name: 'Ann' });
      const articles = [
        { title: 'Alpha', views: 1, tags: [ids.red, ids.blue], author: ids.ann, seo: { metaTitle: 'SA' } },
        { title: 'Beta', views: 2, tags: [ids.blue] },
        { title: 'Gamma', views: 3 },
      ];
      for (const article of articles) {
        const id = await rest('articles', article);
        const tags = (article.tags ?? []).map((tag) => (tag === ids.red ? 'red' : 'blue')).sort();
        stored.set(article.title, { id, author: article.author ? 'Ann' : null, tags, seo: article.seo?.metaTitle ?? null, views: article.views });
      }
    });
    after(() => t.close());

    const idOf = (title: string): string => stored.get(title)?.id ?? assert.fail(`no ${title}`);

    for (const [method, client] of [['POST', () => post], ['GET', () => get]] as const) {
      it(`a filters variable (a recursive input type), ${TIMES} times over ${method}, each answer right`, async () => {
        for (let index = 0; index < TIMES; index += 1) {
          const title = TITLES[index % TITLES.length] ?? 'Alpha';
          const data = await run(client(), 'query', shape.listQuery, { f: { title: { eq: title } } });
          assert.deepEqual(shape.titles(data), [title], `call ${index + 1}`);
        }
      });

      it(`nested and/or/not filters and a relation filter as variables, ${TIMES} times over ${method}`, async () => {
        for (let index = 0; index < TIMES; index += 1) {
          const title = TITLES[index % TITLES.length] ?? 'Alpha';
          // The title, or any article tagged blue with at least 2 views (Beta).
          const f = { or: [{ title: { eq: title } }, { and: [{ tags: { name: { eq: 'blue' } } }, { views: { gte: 2 } }] }] };
          const expected = [...new Set([title, 'Beta'])].sort();
          const data = await run(client(), 'query', shape.listQuery, { f, sort: ['title:asc'] });
          assert.deepEqual(shape.titles(data), expected, `call ${index + 1}`);
        }
      });
    }

    it(`fragments, aliases and nested relations with filter variables, ${TIMES} times`, async () => {
      for (let index = 0; index < TIMES; index += 1) {
        const title = TITLES[index % TITLES.length] ?? 'Alpha';
        const tagName = index % 2 === 0 ? 'red' : 'blue';
        const data = await run(post, 'query', shape.nestedQuery, { f: { title: { eq: title } }, tags: { name: { eq: tagName } } });
        const article = stored.get(title) ?? assert.fail(`no ${title}`);
        assert.deepEqual(
          shape.nestedAnswer(data),
          {
            first: [{ id: article.id, heading: title, author: article.author, tags: article.tags.filter((tag) => tag === tagName), seo: article.seo }],
            others: TITLES.filter((other) => other !== title).map(idOf),
          },
          `call ${index + 1}`,
        );
      }
    });

    it(`fragments that each spread the next twice (2^24 fields written out), ${TIMES} times, every answer right`, async () => {
      // A few hundred bytes a naive walk expands to 2^24 copies: fragments are collected once (as
      // graphql-js does) when planning, and such an operation is never handed to graphql-js' compiler.
      const count = 24;
      const fragments = Array.from({ length: count }, (_, index) => `fragment F${index} on ${shape.entityType} { ...F${index + 1} ...F${index + 1} }`);
      // No variable of a recursive input type: the selection alone must keep it off the compiler.
      const operation = `query Bomb($sort: [String]) { articles(sort: $sort) { ${shape.name === 'entity' ? 'data { ...F0 }' : '...F0'} } }
        ${fragments.join('\n')}
        fragment F${count} on ${shape.entityType} { ${shape.leafSelection} }`;
      const expected = TITLES.map((title) => ({ id: idOf(title), title, author: stored.get(title)?.author ?? null }));
      for (let index = 0; index < TIMES; index += 1) {
        const data = await run(post, 'query', operation, { sort: ['title:asc'] });
        assert.deepEqual(shape.bombAnswer(data), expected, `call ${index + 1}`);
      }
    });

    it(`a mutation with variables, ${TIMES} times, then reads that see every write`, async () => {
      const created: string[] = [];
      for (let index = 0; index < TIMES; index += 1) {
        const data = { title: `Written ${index}`, views: 100 + index, tags: index % 2 === 0 ? [ids.red] : [] };
        const answer = shape.created(await run(post, 'mutation', shape.createMutation, { data }));
        assert.deepEqual({ ...answer, id: undefined }, { id: undefined, title: data.title, views: data.views, tags: index % 2 === 0 ? ['red'] : [] }, `call ${index + 1}`);
        assert.match(answer.id, /^[a-z0-9]{24}$/);
        created.push(answer.id);
      }
      assert.equal(new Set(created).size, TIMES, 'each call created its own document');
      for (let index = 0; index < TIMES; index += 1) {
        const data = await run(post, 'query', shape.listQuery, { f: { views: { gte: 100 }, title: { startsWith: 'Written' } }, sort: ['views:asc'] });
        assert.deepEqual(shape.titles(data), Array.from({ length: TIMES }, (_, written) => `Written ${written}`));
      }
    });
  });
}
