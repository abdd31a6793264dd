import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { withGraphqlShape } from '../helpers/graphql-config.js';

/**
 * The GraphQL API in Strapi 5's flat shape, the default (no `v4CompatibilityMode`; the fixture's key is dropped):
 * `article(documentId)`, `articles: [Article]!`, `articles_connection { nodes pageInfo }`,
 * relations as lists plus `<name>_connection`, `status`, `deleteX → { documentId }`.
 */

type Body = TestResponse['body'];

const flat = withGraphqlShape('flat');

describe('graphql (flat shape)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  async function gql(query: string, variables?: Record<string, unknown>): Promise<TestResponse> {
    return t.request('POST', '/graphql', { body: { query, variables } });
  }
  async function data(query: string, variables?: Record<string, unknown>): Promise<Body> {
    const response = await gql(query, variables);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.errors, undefined, response.text);
    return response.body.data;
  }
  async function failure(query: string, code: string, name: string): Promise<void> {
    const response = await gql(query);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.errors[0].extensions.code, code, response.text);
    assert.equal(response.body.errors[0].extensions.error.name, name, response.text);
  }
  async function rest(plural: string, body: Record<string, unknown>, query = ''): Promise<string> {
    const response = await t.post(`/api/${plural}${query}`, { data: body });
    assert.equal(response.status, 201, response.text);
    return response.body.data.documentId;
  }

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app', override: flat });
    ids.red = await rest('tags', { name: 'red' });
    ids.blue = await rest('tags', { name: 'blue' });
    ids.ann = await rest('authors', { name: 'Ann' });
    ids.a = await rest('articles', { title: 'Alpha', views: 1, tags: [ids.red, ids.blue], author: ids.ann, seo: { metaTitle: 'SA' }, blocks: [{ __component: 'shared.quote', text: 'q' }] });
    ids.b = await rest('articles', { title: 'Beta', views: 2, tags: [ids.blue] });
    ids.c = await rest('articles', { title: 'Gamma', views: 3 });
    ids.d = await rest('articles', { title: 'Delta', views: 4 }, '?status=draft');
    for (let index = 0; index < 12; index += 1) await rest('tags', { name: `p-${String(index).padStart(2, '0')}` });
  });
  after(() => t.close());

  it('the entity shape is gone', async () => {
    const response = await gql('{ articles { data { id } } }');
    assert.equal(response.status, 400);
  });

  it('articles: a plain list of documents', async () => {
    const result = await data('{ articles(sort: "views:asc") { documentId title views locale publishedAt } }');
    assert.deepEqual(result.articles.map((article: { documentId: string }) => article.documentId), [ids.a, ids.b, ids.c]);
    assert.equal(result.articles[0].title, 'Alpha');
    assert.equal(result.articles[0].locale, 'en');
    assert.ok(result.articles[0].publishedAt);
  });

  it('article(documentId)', async () => {
    const result = await data('query($id: ID!) { article(documentId: $id) { documentId title } }', { id: ids.b });
    assert.deepEqual(result.article, { documentId: ids.b, title: 'Beta' });
    assert.equal((await data('{ article(documentId: "doesnotexist000000000000") { documentId } }')).article, null);
  });

  it('articles_connection: nodes and pageInfo', async () => {
    const result = await data('{ articles_connection(sort: "views:desc", pagination: { page: 1, pageSize: 2 }) { nodes { title } pageInfo { total page pageSize pageCount } } }');
    assert.deepEqual(result.articles_connection.nodes, [{ title: 'Gamma' }, { title: 'Beta' }]);
    assert.deepEqual(result.articles_connection.pageInfo, { total: 3, page: 1, pageSize: 2, pageCount: 2 });
  });

  it('filters and sort', async () => {
    const result = await data('{ articles(filters: { or: [{ title: { startsWith: "Al" } }, { views: { gte: 3 } }], tags: { name: { null: false } } }, sort: ["title:desc"]) { title } }');
    assert.deepEqual(result.articles, [{ title: 'Alpha' }]);
    const deep = await data('{ articles(filters: { tags: { name: { eq: "blue" } } }, sort: "views:asc") { title } }');
    assert.deepEqual(deep.articles, [{ title: 'Alpha' }, { title: 'Beta' }]);
  });

  it('relations: lists, connections, to-one, inverse side', async () => {
    const result = await data(`query($id: ID!) { article(documentId: $id) {
      tags { documentId name }
      tags_connection { nodes { name } }
      author { documentId name articles { title } }
      seo { metaTitle }
      blocks { __typename ... on ComponentSharedQuote { text } }
    } }`, { id: ids.a });
    assert.deepEqual(result.article.tags, [{ documentId: ids.red, name: 'red' }, { documentId: ids.blue, name: 'blue' }]);
    assert.deepEqual(result.article.tags_connection.nodes, [{ name: 'red' }, { name: 'blue' }]);
    assert.deepEqual(result.article.author, { documentId: ids.ann, name: 'Ann', articles: [{ title: 'Alpha' }] });
    assert.deepEqual(result.article.seo, { metaTitle: 'SA' });
    assert.deepEqual(result.article.blocks, [{ __typename: 'ComponentSharedQuote', text: 'q' }]);
    const tag = await data('query($id: ID!) { tag(documentId: $id) { articles(sort: "views:desc") { title } articles_connection { nodes { title } } } }', { id: ids.blue });
    assert.deepEqual(tag.tag.articles, [{ title: 'Beta' }, { title: 'Alpha' }]);
    assert.equal(tag.tag.articles_connection.nodes.length, 2);
  });

  it('status DRAFT / PUBLISHED', async () => {
    const drafts = await data('{ articles(status: DRAFT, sort: "views:asc") { title publishedAt } }');
    assert.deepEqual(drafts.articles.map((article: { title: string }) => article.title), ['Alpha', 'Beta', 'Gamma', 'Delta']);
    assert.ok(drafts.articles.every((article: { publishedAt: unknown }) => article.publishedAt === null));
    const published = await data('{ articles(status: PUBLISHED) { title } }');
    assert.equal(published.articles.length, 3);
    assert.equal((await data(`{ article(documentId: "${ids.d}") { title } }`)).article, null);
    assert.equal((await data(`{ article(documentId: "${ids.d}", status: DRAFT) { title } }`)).article.title, 'Delta');
  });

  it('locale', async () => {
    await data(`mutation { updateArticle(documentId: "${ids.a}", data: { title: "Alpha FR" }, locale: "fr") { documentId } }`);
    const result = await data('{ articles(locale: "fr") { documentId title locale localizations { locale } } }');
    assert.deepEqual(result.articles, [{ documentId: ids.a, title: 'Alpha FR', locale: 'fr', localizations: [{ locale: 'en' }] }]);
    await failure('{ articles(locale: "xx") { title } }', 'BAD_USER_INPUT', 'ValidationError');
  });

  it('pagination: default 10, lists and connections, nested, mixing refused', async () => {
    const all = await data('{ tags(filters: { name: { startsWith: "p-" } }, sort: "name:asc") { name } tags_connection(filters: { name: { startsWith: "p-" } }) { pageInfo { total pageSize pageCount } } }');
    assert.equal(all.tags.length, 10);
    assert.deepEqual(all.tags_connection.pageInfo, { total: 12, pageSize: 10, pageCount: 2 });
    const offset = await data('{ tags(filters: { name: { startsWith: "p-" } }, sort: "name:asc", pagination: { start: 10, limit: 5 }) { name } }');
    assert.deepEqual(offset.tags, [{ name: 'p-10' }, { name: 'p-11' }]);
    const capped = await data('{ tags(pagination: { limit: 1000 }) { name } }');
    assert.equal(capped.tags.length, 14);
    await failure('{ tags(pagination: { page: 1, start: 1 }) { name } }', 'STRAPI_PAGINATION_ERROR', 'PaginationError');
  });

  it('create, update, delete → { documentId }', async () => {
    const created = await data('mutation($data: ArticleInput!) { createArticle(data: $data) { documentId title tags { name } blocks { __typename } } }', {
      data: { title: 'New', tags: [ids.red], blocks: [{ __typename: 'ComponentSharedLink', label: 'l', url: 'u' }] },
    });
    const id = created.createArticle.documentId;
    assert.deepEqual(created.createArticle, { documentId: id, title: 'New', tags: [{ name: 'red' }], blocks: [{ __typename: 'ComponentSharedLink' }] });
    const updated = await data(`mutation { updateArticle(documentId: "${id}", data: { title: "New 2" }) { documentId title tags { name } } }`);
    assert.deepEqual(updated.updateArticle, { documentId: id, title: 'New 2', tags: [{ name: 'red' }] });
    const draft = await data('mutation { createArticle(data: { title: "D" }, status: DRAFT) { documentId publishedAt } }');
    assert.equal(draft.createArticle.publishedAt, null);
    const deleted = await data(`mutation { deleteArticle(documentId: "${id}") { documentId } }`);
    assert.deepEqual(deleted.deleteArticle, { documentId: id });
    await failure(`mutation { deleteArticle(documentId: "${id}") { documentId } }`, 'STRAPI_NOT_FOUND_ERROR', 'NotFoundError');
    await failure('mutation { createArticle(data: { body: "x" }) { documentId } }', 'BAD_USER_INPUT', 'ValidationError');
  });

  it('single types: update, find, delete', async () => {
    const updated = await data('mutation { updateSetting(data: { siteName: "S" }) { documentId siteName } }');
    assert.equal(updated.updateSetting.siteName, 'S');
    assert.deepEqual((await data('{ setting { documentId siteName } }')).setting, updated.updateSetting);
    assert.deepEqual((await data('mutation { deleteSetting { documentId } }')).deleteSetting, { documentId: updated.updateSetting.documentId });
    assert.equal((await data('{ setting { siteName } }')).setting, null);
    await data('mutation { updateHomepage(data: { title: "Home" }, status: DRAFT) { documentId } }');
    assert.equal((await data('{ homepage { title } }')).homepage, null);
    assert.equal((await data('{ homepage(status: DRAFT) { title } }')).homepage.title, 'Home');
  });
});
