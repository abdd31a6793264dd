import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { bearer, createApiToken, createUser } from '../helpers/auth-fixtures.js';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { withGraphqlShape } from '../helpers/graphql-config.js';

/**
 * The GraphQL API in the entity shape (asked for with `v4CompatibilityMode: true` in the
 * fixtures' config/plugins, or below), on the versions-app fixture: every query and
 * mutation, filters with every operator, pagination and its meta, sort, publicationState and
 * status, locale, relations both ways, components and dynamic zones. Media and permissions use
 * their own fixtures (graphql-content-media/-permissions below).
 */

type Body = TestResponse['body'];

async function gqlRequest(t: TestApp, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<TestResponse> {
  return t.request('POST', '/graphql', { body: { query, variables }, headers });
}

/** Runs a query that must succeed and returns its `data`. */
async function data(t: TestApp, query: string, variables?: Record<string, unknown>): Promise<Body> {
  const response = await gqlRequest(t, query, variables);
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data;
}

/** Runs a query that must fail in a resolver: HTTP 200, the first error's code and error name. */
async function failure(t: TestApp, query: string, code: string, name?: string, variables?: Record<string, unknown>): Promise<Body> {
  const response = await gqlRequest(t, query, variables);
  assert.equal(response.status, 200, response.text);
  assert.ok(Array.isArray(response.body.errors), response.text);
  assert.equal(response.body.errors[0].extensions.code, code, response.text);
  if (name !== undefined) assert.equal(response.body.errors[0].extensions.error.name, name, response.text);
  return response.body;
}

const titles = (list: { attributes: { title: string } }[]) => list.map((entity) => entity.attributes.title);

describe('graphql (entity shape): content', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const rowIds: Record<string, number> = {};

  async function rest(plural: string, body: Record<string, unknown>, query = ''): Promise<string> {
    const response = await t.post(`/api/${plural}${query}`, { data: body });
    assert.equal(response.status, 201, response.text);
    rowIds[String(body.title ?? body.name)] = response.body.data.id;
    return response.body.data.documentId;
  }

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
    ids.red = await rest('tags', { name: 'red' });
    ids.blue = await rest('tags', { name: 'blue' });
    ids.green = await rest('tags', { name: 'green' });
    ids.ann = await rest('authors', { name: 'Ann' });
    ids.bob = await rest('authors', { name: 'Bob' });
    ids.news = await rest('categories', { name: 'News' });
    ids.a = await rest('articles', {
      title: 'Alpha One', views: 10, code: 'a1', tags: [ids.red, ids.blue], author: ids.ann, category: ids.news,
      seo: { metaTitle: 'Seo Alpha', metaDescription: 'first' },
      blocks: [{ __component: 'shared.quote', text: 'q-alpha' }, { __component: 'shared.link', label: 'L', url: 'https://l' }],
    });
    ids.b = await rest('articles', { title: 'beta two', views: 20, code: 'b2', tags: [ids.blue], author: ids.bob, seo: { metaTitle: 'Seo Beta' } });
    ids.c = await rest('articles', { title: 'Gamma three', views: 30 });
    ids.d = await rest('articles', { title: 'Delta draft', views: 40 }, '?status=draft');
    const fr = await t.put(`/api/articles/${ids.a}?locale=fr`, { data: { title: 'Alpha FR' } });
    assert.equal(fr.status, 200, fr.text);
  });
  after(() => t.close());

  const LIST = 'meta { pagination { total page pageSize pageCount } } data { id attributes { title } }';

  describe('queries', () => {
    it('find: entity collection with data and meta.pagination, ids are documentIds', async () => {
      const result = await data(t, `{ articles(sort: "views:asc") { ${LIST} } }`);
      assert.deepEqual(result.articles.data.map((entity: { id: string }) => entity.id), [ids.a, ids.b, ids.c]);
      assert.deepEqual(titles(result.articles.data), ['Alpha One', 'beta two', 'Gamma three']);
      assert.deepEqual(result.articles.meta.pagination, { total: 3, page: 1, pageSize: 10, pageCount: 1 });
    });

    it('findOne by documentId', async () => {
      const result = await data(t, `query($id: ID) { article(id: $id) { data { id attributes { documentId title views code locale } } } }`, { id: ids.b });
      assert.deepEqual(result.article.data, { id: ids.b, attributes: { documentId: ids.b, title: 'beta two', views: 20, code: 'b2', locale: 'en' } });
    });

    it('findOne by numeric id', async () => {
      const rest = await t.get(`/api/articles/${ids.c}`);
      const result = await data(t, `query($id: ID) { article(id: $id) { data { id attributes { title } } } }`, { id: String(rest.body.data.id) });
      assert.deepEqual(result.article.data, { id: ids.c, attributes: { title: 'Gamma three' } });
    });

    it('findOne of an unknown documentId: data null', async () => {
      const result = await data(t, `{ article(id: "doesnotexist000000000000") { data { id } } }`);
      assert.equal(result.article.data, null);
    });

    it('scalars, timestamps and locale are output', async () => {
      const result = await data(t, `query($id: ID) { article(id: $id) { data { attributes { slug body createdAt updatedAt publishedAt locale } } } }`, { id: ids.a });
      const attributes = result.article.data.attributes;
      assert.equal(attributes.slug, 'alpha-one');
      assert.equal(attributes.body, null);
      assert.match(attributes.createdAt, /^\d{4}-\d\d-\d\dT/);
      assert.match(attributes.publishedAt, /^\d{4}-\d\d-\d\dT/);
      assert.equal(attributes.locale, 'en');
    });
  });

  describe('filters', () => {
    const cases: [string, string, string[]][] = [
      ['eq', '{ title: { eq: "Alpha One" } }', ['Alpha One']],
      ['eqi', '{ title: { eqi: "ALPHA one" } }', ['Alpha One']],
      ['ne', '{ title: { ne: "Alpha One" } }', ['beta two', 'Gamma three']],
      ['nei', '{ title: { nei: "alpha ONE" } }', ['beta two', 'Gamma three']],
      ['startsWith', '{ title: { startsWith: "Alpha" } }', ['Alpha One']],
      ['endsWith', '{ title: { endsWith: "two" } }', ['beta two']],
      ['contains', '{ title: { contains: "amm" } }', ['Gamma three']],
      ['notContains', '{ title: { notContains: "One" } }', ['beta two', 'Gamma three']],
      ['containsi', '{ title: { containsi: "BETA" } }', ['beta two']],
      ['notContainsi', '{ title: { notContainsi: "BETA" } }', ['Alpha One', 'Gamma three']],
      ['gt', '{ views: { gt: 10 } }', ['beta two', 'Gamma three']],
      ['gte', '{ views: { gte: 20 } }', ['beta two', 'Gamma three']],
      ['lt', '{ views: { lt: 20 } }', ['Alpha One']],
      ['lte', '{ views: { lte: 20 } }', ['Alpha One', 'beta two']],
      ['null', '{ code: { null: true } }', ['Gamma three']],
      ['notNull', '{ code: { notNull: true } }', ['Alpha One', 'beta two']],
      ['in', '{ views: { in: [10, 30] } }', ['Alpha One', 'Gamma three']],
      ['notIn', '{ views: { notIn: [10] } }', ['beta two', 'Gamma three']],
      ['between', '{ views: { between: [15, 30] } }', ['beta two', 'Gamma three']],
      ['and', '{ and: [{ views: { gt: 5 } }, { title: { containsi: "a O" } }] }', ['Alpha One']],
      ['or', '{ or: [{ title: { eq: "Alpha One" } }, { views: { eq: 30 } }] }', ['Alpha One', 'Gamma three']],
      ['not', '{ not: { title: { startsWith: "Alpha" } } }', ['beta two', 'Gamma three']],
      ['operator-level or', '{ views: { or: [10, 20] } }', ['Alpha One', 'beta two']],
      ['operator-level not', '{ views: { not: { eq: 10 } } }', ['beta two', 'Gamma three']],
      ['documentId', `{ documentId: { eq: "__B__" } }`, ['beta two']],
      ['deep through a to-many relation', '{ tags: { name: { eq: "blue" } } }', ['Alpha One', 'beta two']],
      ['deep through a to-one relation', '{ author: { name: { eq: "Bob" } } }', ['beta two']],
      ['deep through a unidirectional relation', '{ category: { name: { eq: "News" } } }', ['Alpha One']],
      ['deep through a component', '{ seo: { metaTitle: { contains: "Beta" } } }', ['beta two']],
      ['deep with a logical operator inside', '{ tags: { or: [{ name: { eq: "red" } }, { name: { eq: "green" } }] } }', ['Alpha One']],
    ];
    for (const [name, filters, expected] of cases) {
      it(name, async () => {
        const query = `{ articles(filters: ${filters.replace('__B__', ids.b!)}, sort: "views:asc") { data { attributes { title } } } }`;
        const result = await data(t, query);
        assert.deepEqual(titles(result.articles.data), expected);
      });
    }

    it('filters as variables', async () => {
      const result = await data(t, 'query($f: ArticleFiltersInput) { articles(filters: $f, sort: "views:asc") { data { attributes { title } } } }', { f: { views: { between: [10, 20] } } });
      assert.deepEqual(titles(result.articles.data), ['Alpha One', 'beta two']);
    });

    it('an unknown filter field: HTTP 400 validation error', async () => {
      const response = await gqlRequest(t, '{ articles(filters: { nope: { eq: 1 } }) { data { id } } }');
      assert.equal(response.status, 400);
      assert.equal(response.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
    });

    it('a value that cannot be cast: BAD_USER_INPUT', async () => {
      await failure(t, '{ articles(filters: { createdAt: { gt: "not a date" } }) { data { id } } }', 'BAD_USER_INPUT');
    });
  });

  describe('sort', () => {
    it('a string', async () => {
      const result = await data(t, '{ articles(sort: "views:desc") { data { attributes { title } } } }');
      assert.deepEqual(titles(result.articles.data), ['Gamma three', 'beta two', 'Alpha One']);
    });
    it('a list, by code point', async () => {
      const result = await data(t, '{ articles(sort: ["title:asc", "views:desc"]) { data { attributes { title } } } }');
      assert.deepEqual(titles(result.articles.data), ['Alpha One', 'Gamma three', 'beta two']);
    });
    it('an unknown sort key: BAD_USER_INPUT ValidationError', async () => {
      await failure(t, '{ articles(sort: "nope:asc") { data { id } } }', 'BAD_USER_INPUT', 'ValidationError');
    });
  });

  describe('publicationState, status and locale', () => {
    it('LIVE (default) shows published versions only; PREVIEW and DRAFT show drafts', async () => {
      const live = await data(t, '{ articles(sort: "views:asc", publicationState: LIVE) { data { attributes { title publishedAt } } } }');
      assert.deepEqual(titles(live.articles.data), ['Alpha One', 'beta two', 'Gamma three']);
      const preview = await data(t, '{ articles(sort: "views:asc", publicationState: PREVIEW) { data { attributes { title publishedAt } } } }');
      assert.deepEqual(titles(preview.articles.data), ['Alpha One', 'beta two', 'Gamma three', 'Delta draft']);
      const draft = await data(t, '{ articles(sort: "views:asc", status: DRAFT) { data { attributes { title publishedAt } } } }');
      assert.deepEqual(titles(draft.articles.data), ['Alpha One', 'beta two', 'Gamma three', 'Delta draft']);
      assert.ok(draft.articles.data.every((entity: { attributes: { publishedAt: unknown } }) => entity.attributes.publishedAt === null));
      const published = await data(t, '{ articles(sort: "views:asc", status: PUBLISHED) { data { attributes { title } } } }');
      assert.deepEqual(titles(published.articles.data), ['Alpha One', 'beta two', 'Gamma three']);
    });

    it('findOne of a draft-only document: null when LIVE, found with PREVIEW or DRAFT', async () => {
      const query = 'query($id: ID, $s: PublicationState, $st: PublicationStatus) { article(id: $id, publicationState: $s, status: $st) { data { attributes { title } } } }';
      assert.equal((await data(t, query, { id: ids.d })).article.data, null);
      assert.equal((await data(t, query, { id: ids.d, s: 'PREVIEW' })).article.data.attributes.title, 'Delta draft');
      assert.equal((await data(t, query, { id: ids.d, st: 'DRAFT' })).article.data.attributes.title, 'Delta draft');
    });

    it('locale chooses the version; localizations lists the others', async () => {
      const fr = await data(t, '{ articles(locale: "fr") { data { id attributes { title locale } } } }');
      assert.deepEqual(fr.articles.data, [{ id: ids.a, attributes: { title: 'Alpha FR', locale: 'fr' } }]);
      const one = await data(t, `query($id: ID) { article(id: $id, locale: "fr") { data { attributes { title views localizations { data { id attributes { locale title } } } } } } }`, { id: ids.a });
      // views is not localized: shared with the en version.
      assert.equal(one.article.data.attributes.views, 10);
      assert.equal(one.article.data.attributes.title, 'Alpha FR');
      assert.deepEqual(one.article.data.attributes.localizations.data, [{ id: ids.a, attributes: { locale: 'en', title: 'Alpha One' } }]);
      const de = await data(t, '{ articles(locale: "de") { data { id } } }');
      assert.deepEqual(de.articles.data, []);
    });

    it('an unknown locale: BAD_USER_INPUT', async () => {
      await failure(t, '{ articles(locale: "xx") { data { id } } }', 'BAD_USER_INPUT', 'ValidationError');
      await failure(t, `{ article(id: "${ids.a}", locale: "xx") { data { id } } }`, 'BAD_USER_INPUT', 'ValidationError');
    });
  });

  describe('relations, components, dynamic zones', () => {
    it('to-many, to-one and unidirectional relations, in the stored order', async () => {
      const result = await data(t, `query($id: ID) { article(id: $id) { data { attributes {
        tags { data { id attributes { name } } }
        author { data { id attributes { name } } }
        category { data { id attributes { name } } }
      } } } }`, { id: ids.a });
      const attributes = result.article.data.attributes;
      assert.deepEqual(attributes.tags.data, [{ id: ids.red, attributes: { name: 'red' } }, { id: ids.blue, attributes: { name: 'blue' } }]);
      assert.deepEqual(attributes.author.data, { id: ids.ann, attributes: { name: 'Ann' } });
      assert.deepEqual(attributes.category.data, { id: ids.news, attributes: { name: 'News' } });
      const b = await data(t, `query($id: ID) { article(id: $id) { data { attributes { tags { data { id } } category { data { id } } } } } }`, { id: ids.b });
      assert.deepEqual(b.article.data.attributes, { tags: { data: [{ id: ids.blue }] }, category: { data: null } });
    });

    it('the inverse side: articles on a tag and on an author', async () => {
      const result = await data(t, `query($tag: ID, $author: ID) {
        tag(id: $tag) { data { attributes { articles { data { id attributes { title } } } } } }
        author(id: $author) { data { attributes { articles { data { attributes { title } } } } } }
      }`, { tag: ids.blue, author: ids.bob });
      assert.deepEqual(titles(result.tag.data.attributes.articles.data), ['Alpha One', 'beta two']);
      assert.deepEqual(titles(result.author.data.attributes.articles.data), ['beta two']);
    });

    it('relation fields take filters, sort and pagination', async () => {
      const names = async (args: string) => {
        const result = await data(t, `query($id: ID) { article(id: $id) { data { attributes { tags${args} { data { attributes { name } } } } } } }`, { id: ids.a });
        return result.article.data.attributes.tags.data.map((entity: { attributes: { name: string } }) => entity.attributes.name);
      };
      assert.deepEqual(await names('(sort: "name:asc")'), ['blue', 'red']);
      assert.deepEqual(await names('(sort: ["name:desc"])'), ['red', 'blue']);
      assert.deepEqual(await names('(filters: { name: { eq: "red" } })'), ['red']);
      assert.deepEqual(await names('(pagination: { start: 1, limit: 1 })'), ['blue']);
      assert.deepEqual(await names('(pagination: { page: 1, pageSize: 1 })'), ['red']);
    });

    it('aliases of one relation must share filters and sort (a documented limit): otherwise BAD_USER_INPUT', async () => {
      const response = await gqlRequest(t, `query($id: ID) { article(id: $id) { data { attributes {
        sorted: tags(sort: "name:asc") { data { attributes { name } } }
        filtered: tags(filters: { name: { eq: "red" } }) { data { attributes { name } } }
      } } } }`, { id: ids.a });
      assert.equal(response.status, 200);
      assert.equal(response.body.errors[0].extensions.code, 'BAD_USER_INPUT', response.text);
      assert.match(response.body.errors[0].message, /tags is selected more than once with different filters or sort/);
      // Aliases with the same filters and sort, and different pagination, are fine.
      const result = await data(t, `query($id: ID) { article(id: $id) { data { attributes {
        first: tags(sort: "name:asc", pagination: { limit: 1 }) { data { attributes { name } } }
        all: tags(sort: "name:asc") { data { attributes { name } } }
      } } } }`, { id: ids.a });
      const names = (list: { data: { attributes: { name: string } }[] }) => list.data.map((entity) => entity.attributes.name);
      assert.deepEqual(names(result.article.data.attributes.first), ['blue']);
      assert.deepEqual(names(result.article.data.attributes.all), ['blue', 'red']);
    });

    it('nested relations follow the read status: a draft-only article is not on its tag when LIVE', async () => {
      await data(t, `mutation($id: ID!, $tags: [ID]) { updateArticle(id: $id, data: { tags: $tags }, status: DRAFT) { data { id } } }`, { id: ids.d, tags: [ids.green] });
      const query = `query($id: ID, $s: PublicationState) { tag(id: $id, publicationState: $s) { data { attributes { articles { data { attributes { title } } } } } } }`;
      assert.deepEqual(titles((await data(t, query, { id: ids.green })).tag.data.attributes.articles.data), []);
      assert.deepEqual(titles((await data(t, query, { id: ids.green, s: 'PREVIEW' })).tag.data.attributes.articles.data), ['Delta draft']);
    });

    it('a component is output directly, a dynamic zone as a union', async () => {
      const result = await data(t, `query($id: ID) { article(id: $id) { data { attributes {
        seo { id metaTitle metaDescription }
        blocks { __typename ... on ComponentSharedQuote { id text } ... on ComponentSharedLink { id label url } }
      } } } }`, { id: ids.a });
      const { seo, blocks } = result.article.data.attributes;
      assert.equal(seo.metaTitle, 'Seo Alpha');
      assert.equal(seo.metaDescription, 'first');
      assert.ok(seo.id);
      assert.deepEqual(blocks.map((block: { __typename: string }) => block.__typename), ['ComponentSharedQuote', 'ComponentSharedLink']);
      assert.equal(blocks[0].text, 'q-alpha');
      assert.deepEqual([blocks[1].label, blocks[1].url], ['L', 'https://l']);
      const c = await data(t, `query($id: ID) { article(id: $id) { data { attributes { seo { metaTitle } blocks { __typename } } } } }`, { id: ids.c });
      assert.deepEqual(c.article.data.attributes, { seo: null, blocks: [] });
    });
  });

  describe('pagination', () => {
    before(async () => {
      for (let index = 0; index < 105; index += 1) await rest('tags', { name: `p-${String(index).padStart(3, '0')}` });
      const many = await t.get('/api/tags?filters[name][$startsWith]=p-&pagination[pageSize]=100&sort=name:asc&fields[0]=name');
      const more = await t.get('/api/tags?filters[name][$startsWith]=p-&pagination[page]=2&pagination[pageSize]=100&sort=name:asc&fields[0]=name');
      const all = [...many.body.data, ...more.body.data].map((tag: { documentId: string }) => tag.documentId);
      assert.equal(all.length, 105);
      ids.many = await rest('articles', { title: 'Many tags', views: 1000, tags: all });
    });
    const P = 'filters: { name: { startsWith: "p-" } }, sort: "name:asc"';
    const tagNames = (list: { data: { attributes: { name: string } }[] }) => list.data.map((entity) => entity.attributes.name);

    it('default page size 10', async () => {
      const result = await data(t, `{ tags(${P}) { data { attributes { name } } meta { pagination { total page pageSize pageCount } } } }`);
      assert.equal(result.tags.data.length, 10);
      assert.equal(result.tags.data[0].attributes.name, 'p-000');
      assert.deepEqual(result.tags.meta.pagination, { total: 105, page: 1, pageSize: 10, pageCount: 11 });
    });

    it('page and pageSize', async () => {
      const result = await data(t, `{ tags(${P}, pagination: { page: 3, pageSize: 7 }) { data { attributes { name } } meta { pagination { total page pageSize pageCount } } } }`);
      assert.deepEqual(tagNames(result.tags), ['p-014', 'p-015', 'p-016', 'p-017', 'p-018', 'p-019', 'p-020']);
      assert.deepEqual(result.tags.meta.pagination, { total: 105, page: 3, pageSize: 7, pageCount: 15 });
    });

    it('start and limit', async () => {
      const result = await data(t, `{ tags(${P}, pagination: { start: 100, limit: 3 }) { data { attributes { name } } meta { pagination { total pageSize } } } }`);
      assert.deepEqual(tagNames(result.tags), ['p-100', 'p-101', 'p-102']);
      assert.equal(result.tags.meta.pagination.total, 105);
    });

    it('a page past the end is empty', async () => {
      const result = await data(t, `{ tags(${P}, pagination: { page: 50, pageSize: 10 }) { data { id } meta { pagination { total page } } } }`);
      assert.deepEqual(result.tags.data, []);
      assert.deepEqual(result.tags.meta.pagination, { total: 105, page: 50 });
    });

    it('amountLimit caps pageSize and limit at 100', async () => {
      const page = await data(t, `{ tags(${P}, pagination: { pageSize: 500 }) { data { id } meta { pagination { pageSize pageCount } } } }`);
      assert.equal(page.tags.data.length, 100);
      assert.deepEqual(page.tags.meta.pagination, { pageSize: 100, pageCount: 2 });
      const limit = await data(t, `{ tags(${P}, pagination: { limit: 500 }) { data { id } } }`);
      assert.equal(limit.tags.data.length, 100);
    });

    it('mixing page and offset: STRAPI_PAGINATION_ERROR', async () => {
      await failure(t, '{ tags(pagination: { page: 1, limit: 2 }) { data { id } } }', 'STRAPI_PAGINATION_ERROR', 'PaginationError');
      await failure(t, '{ tags(pagination: { pageSize: 1, start: 2 }) { data { id } } }', 'STRAPI_PAGINATION_ERROR', 'PaginationError');
    });

    it('out-of-range values are clamped as in REST, never an error', async () => {
      for (const pagination of ['page: -1', 'pageSize: -1', 'start: -1', 'limit: 0']) {
        const result = await data(t, `{ tags(${P}, pagination: { ${pagination} }) { data { id } meta { pagination { page } } } }`);
        assert.equal(result.tags.meta.pagination.page, 1);
        assert.ok(result.tags.data.length >= 1);
      }
    });

    it('nested lists: default 10, capped at 100', async () => {
      const result = await data(t, `query($id: ID) { article(id: $id) { data { attributes {
        all: tags { data { id } }
        big: tags(pagination: { limit: 1000 }) { data { id } }
        page: tags(pagination: { page: 2, pageSize: 50 }) { data { attributes { name } } }
      } } } }`, { id: ids.many });
      const attributes = result.article.data.attributes;
      assert.equal(attributes.all.data.length, 10);
      assert.equal(attributes.big.data.length, 100);
      assert.equal(attributes.page.data.length, 50);
      assert.equal(attributes.page.data[0].attributes.name, 'p-050');
    });
  });

  describe('mutations', () => {
    it('create: published by default, with relations, component and dynamic zone', async () => {
      const result = await data(t, `mutation($data: ArticleInput!) { createArticle(data: $data) { data { id attributes {
        title views publishedAt locale tags { data { id } } author { data { id } } seo { metaTitle }
        blocks { __typename ... on ComponentSharedQuote { text } ... on ComponentSharedLink { url } }
      } } } }`, { data: {
        title: 'Created', views: 7, tags: [ids.green, ids.red], author: ids.bob, seo: { metaTitle: 'S' },
        blocks: [{ __typename: 'ComponentSharedLink', label: 'x', url: 'https://x' }, { __typename: 'ComponentSharedQuote', text: 'qq' }],
      } });
      const created = result.createArticle.data;
      assert.match(created.id, /^[a-z0-9]{24}$/);
      assert.equal(created.attributes.title, 'Created');
      assert.equal(created.attributes.locale, 'en');
      assert.ok(created.attributes.publishedAt);
      assert.deepEqual(created.attributes.tags.data, [{ id: ids.green }, { id: ids.red }]);
      assert.deepEqual(created.attributes.author.data, { id: ids.bob });
      assert.deepEqual(created.attributes.seo, { metaTitle: 'S' });
      assert.deepEqual(created.attributes.blocks, [{ __typename: 'ComponentSharedLink', url: 'https://x' }, { __typename: 'ComponentSharedQuote', text: 'qq' }]);
      const restRead = await t.get(`/api/articles/${created.id}?populate=tags`);
      assert.equal(restRead.status, 200);
      assert.deepEqual(restRead.body.data.tags.map((tag: { documentId: string }) => tag.documentId), [ids.green, ids.red]);
      ids.created = created.id;
    });

    it('create with status DRAFT and a locale', async () => {
      const result = await data(t, 'mutation { createArticle(data: { title: "Brouillon" }, status: DRAFT, locale: "fr") { data { id attributes { title publishedAt locale } } } }');
      assert.equal(result.createArticle.data.attributes.publishedAt, null);
      assert.equal(result.createArticle.data.attributes.locale, 'fr');
      const live = await t.get(`/api/articles/${result.createArticle.data.id}?locale=fr`);
      assert.equal(live.status, 404);
    });

    it('create with invalid data: BAD_USER_INPUT ValidationError with details', async () => {
      const body = await failure(t, 'mutation { createArticle(data: { body: "no title" }) { data { id } } }', 'BAD_USER_INPUT', 'ValidationError');
      assert.deepEqual(body.errors[0].extensions.error.details.errors[0].path, ['title']);
      await failure(t, `mutation { createArticle(data: { title: "x", tags: ["doesnotexist000000000000"] }) { data { id } } }`, 'BAD_USER_INPUT');
    });

    it('update: partial, relations replaced', async () => {
      const result = await data(t, `mutation($id: ID!) { updateArticle(id: $id, data: { title: "Created 2", tags: [] }) { data { id attributes { title views tags { data { id } } } } } }`, { id: ids.created });
      assert.deepEqual(result.updateArticle.data, { id: ids.created, attributes: { title: 'Created 2', views: 7, tags: { data: [] } } });
    });

    it('update with status DRAFT changes the draft only', async () => {
      await data(t, `mutation($id: ID!) { updateArticle(id: $id, data: { title: "Draft title" }, status: DRAFT) { data { id } } }`, { id: ids.created });
      const query = 'query($id: ID, $s: PublicationState) { article(id: $id, publicationState: $s) { data { attributes { title } } } }';
      assert.equal((await data(t, query, { id: ids.created })).article.data.attributes.title, 'Created 2');
      assert.equal((await data(t, query, { id: ids.created, s: 'PREVIEW' })).article.data.attributes.title, 'Draft title');
    });

    it('update by numeric id', async () => {
      const row = (await t.get(`/api/articles/${ids.created}`)).body.data.id;
      const result = await data(t, `mutation($id: ID!) { updateArticle(id: $id, data: { views: 8 }) { data { id attributes { views } } } }`, { id: String(row) });
      assert.deepEqual(result.updateArticle.data, { id: ids.created, attributes: { views: 8 } });
    });

    it('update of an unknown document: STRAPI_NOT_FOUND_ERROR', async () => {
      await failure(t, 'mutation { updateArticle(id: "doesnotexist000000000000", data: { title: "x" }) { data { id } } }', 'STRAPI_NOT_FOUND_ERROR', 'NotFoundError');
    });

    it('delete returns the deleted document; a second delete is not found', async () => {
      const result = await data(t, `mutation($id: ID!) { deleteArticle(id: $id) { data { id attributes { title } } } }`, { id: ids.created });
      assert.equal(result.deleteArticle.data.id, ids.created);
      assert.equal((await t.get(`/api/articles/${ids.created}`)).status, 404);
      await failure(t, `mutation { deleteArticle(id: "${ids.created}") { data { id } } }`, 'STRAPI_NOT_FOUND_ERROR', 'NotFoundError');
    });

    it('delete one locale only', async () => {
      const fr = await t.put(`/api/articles/${ids.c}?locale=fr`, { data: { title: 'Gamma FR' } });
      assert.equal(fr.status, 200, fr.text);
      await data(t, `mutation($id: ID!) { deleteArticle(id: $id, locale: "fr") { data { id } } }`, { id: ids.c });
      assert.equal((await t.get(`/api/articles/${ids.c}?locale=fr`)).status, 404);
      assert.equal((await t.get(`/api/articles/${ids.c}`)).status, 200);
    });

    it('mutations on a type without locales: createTag / updateTag / deleteTag', async () => {
      const created = await data(t, 'mutation { createTag(data: { name: "temp" }) { data { id attributes { name } } } }');
      const id = created.createTag.data.id;
      const updated = await data(t, `mutation { updateTag(id: "${id}", data: { name: "temp2" }) { data { id attributes { name } } } }`);
      assert.deepEqual(updated.updateTag.data, { id, attributes: { name: 'temp2' } });
      const deleted = await data(t, `mutation { deleteTag(id: "${id}") { data { id attributes { name } } } }`);
      assert.deepEqual(deleted.deleteTag.data, { id, attributes: { name: 'temp2' } });
    });
  });

  describe('single types', () => {
    it('find before anything is stored: data null', async () => {
      assert.equal((await data(t, '{ setting { data { id } } }')).setting.data, null);
    });

    it('update creates, find reads, delete removes (no draft & publish)', async () => {
      const updated = await data(t, 'mutation { updateSetting(data: { siteName: "Site" }) { data { id attributes { siteName } } } }');
      assert.equal(updated.updateSetting.data.attributes.siteName, 'Site');
      const id = updated.updateSetting.data.id;
      const again = await data(t, 'mutation { updateSetting(data: { siteName: "Site 2" }) { data { id attributes { siteName } } } }');
      assert.deepEqual(again.updateSetting.data, { id, attributes: { siteName: 'Site 2' } });
      assert.deepEqual((await data(t, '{ setting { data { id attributes { siteName } } } }')).setting.data, { id, attributes: { siteName: 'Site 2' } });
      const deleted = await data(t, 'mutation { deleteSetting { data { id attributes { siteName } } } }');
      assert.deepEqual(deleted.deleteSetting.data, { id, attributes: { siteName: 'Site 2' } });
      assert.equal((await data(t, '{ setting { data { id } } }')).setting.data, null);
    });

    it('a localized single type with draft & publish', async () => {
      await data(t, 'mutation { updateHomepage(data: { title: "Home", seo: { metaTitle: "H" } }) { data { id } } }');
      await data(t, 'mutation { updateHomepage(data: { title: "Accueil" }, locale: "fr") { data { id } } }');
      await data(t, 'mutation { updateHomepage(data: { title: "Home draft" }, status: DRAFT) { data { id } } }');
      const read = await data(t, `{
        en: homepage { data { attributes { title locale seo { metaTitle } } } }
        fr: homepage(locale: "fr") { data { attributes { title locale } } }
        preview: homepage(publicationState: PREVIEW) { data { attributes { title } } }
      }`);
      assert.deepEqual(read.en.data.attributes, { title: 'Home', locale: 'en', seo: { metaTitle: 'H' } });
      assert.deepEqual(read.fr.data.attributes, { title: 'Accueil', locale: 'fr' });
      assert.equal(read.preview.data.attributes.title, 'Home draft');
      await data(t, 'mutation { deleteHomepage(locale: "fr") { data { id } } }');
      assert.equal((await data(t, '{ homepage(locale: "fr") { data { id } } }')).homepage.data, null);
      assert.equal((await data(t, '{ homepage { data { attributes { title } } } }')).homepage.data.attributes.title, 'Home');
    });
  });

  describe('transport', () => {
    it('GET with a query string works', async () => {
      const response = await t.get(`/graphql?query=${encodeURIComponent('{ articles(sort: "views:asc", filters: { views: { lt: 100 } }) { data { attributes { title } } } }')}`, { 'apollo-require-preflight': 'true' });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(titles(response.body.data.articles.data), ['Alpha One', 'beta two', 'Gamma three']);
    });
    it('a syntax error: HTTP 400', async () => {
      const response = await gqlRequest(t, '{ articles { ');
      assert.equal(response.status, 400);
      assert.ok(response.body.errors[0].message);
    });
  });
});

describe('graphql (entity shape): permissions', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  before(async () => {
    t = await startTestApp({ fixture: 'permissions-app' });
    admin = bearer((await createApiToken(t.app, { type: 'full-access' })).token);
    editor = bearer((await createUser(t.app, 'editor')).jwt);
    const category = await t.request('POST', '/api/categories', { body: { data: { name: 'News' } }, headers: admin });
    assert.equal(category.status, 201, category.text);
    const article = await t.request('POST', '/api/articles', { body: { data: { title: 'Hello', category: category.body.data.documentId } }, headers: admin });
    assert.equal(article.status, 201, article.text);
  });
  after(() => t.close());

  it('a query the role may not run: FORBIDDEN, data null', async () => {
    const body = await failure(t, '{ categories { data { id } } }', 'FORBIDDEN', 'ForbiddenError');
    assert.equal(body.data?.categories ?? null, null);
  });

  it('a mutation the role may not run: FORBIDDEN', async () => {
    await failure(t, 'mutation { createArticle(data: { title: "x" }) { data { id } } }', 'FORBIDDEN', 'ForbiddenError');
    await failure(t, 'mutation { updateHomepage(data: { headline: "x" }) { data { id } } }', 'FORBIDDEN', 'ForbiddenError');
  });

  it('a nested relation whose target the role may not find: an error on that field only', async () => {
    const response = await gqlRequest(t, '{ articles { data { attributes { title category { data { id } } } } } }');
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.data.articles.data[0].attributes.title, 'Hello');
    assert.equal(response.body.data.articles.data[0].attributes.category, null);
    assert.equal(response.body.errors.length, 1, response.text);
    assert.equal(response.body.errors[0].extensions.code, 'FORBIDDEN');
    assert.deepEqual(response.body.errors[0].path, ['articles', 'data', 0, 'attributes', 'category']);
  });

  it('a role that may find both sees the relation; its own mutations work', async () => {
    const response = await gqlRequest(t, '{ articles { data { attributes { title category { data { attributes { name } } } } } } }', undefined, editor);
    assert.equal(response.body.errors, undefined, response.text);
    assert.equal(response.body.data.articles.data[0].attributes.category.data.attributes.name, 'News');
    const update = await gqlRequest(t, 'mutation { updateHomepage(data: { headline: "Hi" }) { data { attributes { headline } } } }', undefined, editor);
    assert.equal(update.body.errors, undefined, update.text);
    const create = await gqlRequest(t, 'mutation { createArticle(data: { title: "no" }) { data { id } } }', undefined, editor);
    assert.equal(create.body.errors[0].extensions.code, 'FORBIDDEN', create.text);
  });

  it('a bad token: HTTP 401', async () => {
    const response = await gqlRequest(t, '{ articles { data { id } } }', undefined, { authorization: 'Bearer nope' });
    assert.equal(response.status, 401);
  });
});

describe('graphql (entity shape): media', () => {
  let t: TestApp;
  let project: string;
  const files: { id: number; documentId: string; name: string }[] = [];
  before(async () => {
    // A throw-away copy of the fixture, so uploads never land in the repository.
    project = await mkdtemp(path.join(tmpdir(), 'tessera-graphql-media-'));
    await cp(fixturePath('media-app'), project, { recursive: true });
    t = await startTestApp({
      fixture: project,
      override: (config) => withGraphqlShape('entity')({ ...config, permissions: { ...config.permissions, public: { ...config.permissions.public, 'plugin::upload.content-api': ['upload', 'find', 'findOne'] } } }),
    });
    const body = new FormData();
    for (const [name, color] of [['red.png', 200], ['green.png', 100]] as const) {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: color, g: 40, b: 40 } } }).png().toBuffer();
      body.append('files', new Blob([png], { type: 'image/png' }), name);
    }
    body.append('files', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    const response = await fetch(`${t.baseUrl}/api/upload`, { method: 'POST', body });
    assert.equal(response.status, 201, await response.clone().text());
    files.push(...((await response.json()) as typeof files));
  });
  after(async () => {
    await t.close();
    await rm(project, { recursive: true, force: true });
  });

  it('single and multiple media set by file id, read as UploadFile entities', async () => {
    const [red, green, notes] = files as [typeof files[0], typeof files[0], typeof files[0]];
    const created = await data(t, `mutation($data: ArticleInput!) { createArticle(data: $data) { data { id attributes {
      cover { data { id attributes { name mime width height url formats } } }
      attachments { data { id attributes { name } } }
      seo { metaTitle }
    } } } }`, { data: { title: 'With media', cover: String(red.id), attachments: [String(notes.id), String(green.id)] } });
    const attributes = created.createArticle.data.attributes;
    assert.equal(attributes.cover.data.id, red.documentId);
    assert.deepEqual({ ...attributes.cover.data.attributes, formats: undefined }, { name: 'red.png', mime: 'image/png', width: 40, height: 30, url: attributes.cover.data.attributes.url, formats: undefined });
    assert.match(attributes.cover.data.attributes.url, /^\/uploads\/.+\.png$/);
    assert.deepEqual(attributes.attachments.data.map((file: { attributes: { name: string } }) => file.attributes.name), ['notes.txt', 'green.png']);
    const filtered = await data(t, '{ articles(filters: { title: { eq: "With media" } }) { data { attributes { attachments(filters: { mime: { startsWith: "image/" } }) { data { attributes { name } } } } } } }');
    assert.deepEqual(filtered.articles.data[0].attributes.attachments.data, [{ attributes: { name: 'green.png' } }]);
  });

  it('a media id that is not a file: BAD_USER_INPUT', async () => {
    await failure(t, 'mutation { createArticle(data: { title: "x", cover: "999999" }) { data { id } } }', 'BAD_USER_INPUT');
  });

  it('a file of a type the attribute does not allow: BAD_USER_INPUT', async () => {
    await failure(t, `mutation { createArticle(data: { title: "x", cover: "${files[2]!.id}" }) { data { id } } }`, 'BAD_USER_INPUT');
  });

  it('uploadFiles lists the files', async () => {
    const result = await data(t, '{ uploadFiles(sort: "name:asc") { data { id attributes { name ext } } meta { pagination { total } } } }');
    assert.deepEqual(result.uploadFiles.data.map((file: { attributes: { name: string } }) => file.attributes.name), ['green.png', 'notes.txt', 'red.png']);
    assert.equal(result.uploadFiles.meta.pagination.total, 3);
  });
});
