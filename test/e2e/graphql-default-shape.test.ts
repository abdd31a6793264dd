import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import path from 'node:path';
import { Client, CombinedError, fetchExchange, type AnyVariables, type DocumentInput } from '@urql/core';
import { DefinitionError } from '../../src/core/shared/errors.js';
import { bearer, createApiToken } from '../helpers/auth-fixtures.js';
import { copyExampleBlog, type ExampleBlogCopy } from '../helpers/example-blog.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A Strapi 5 front-end against a project with no GraphQL settings (examples/blog as shipped):
 * the default is Strapi 5's flat shape, so `{ articles { documentId title } }` works as it
 * does on Strapi 5, through urql, with variables, fragments and aliases, sent again and again
 * (POST and GET). Every answer is checked against the REST API's answer for the same documents.
 */

const TIMES = 4;

interface RestArticle {
  documentId: string;
  title: string;
  views: number | null;
  author: { name: string } | null;
  categories: { name: string }[];
}

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are arbitrary JSON */
describe('graphql: the default shape is Strapi 5 flat (examples/blog, no graphql config)', () => {
  let blog: ExampleBlogCopy;
  let t: TestApp;
  let requests = 0;
  let post: Client;
  let get: Client;
  /** The seeded articles as REST gives them, sorted by title: the reference for every answer. */
  let stored: RestArticle[] = [];

  async function run(client: Client, kind: 'query' | 'mutation', operation: DocumentInput<any, AnyVariables>, variables: AnyVariables = {}): Promise<any> {
    const before = requests;
    const result = await (kind === 'query' ? client.query(operation, variables) : client.mutation(operation, variables)).toPromise();
    assert.equal(requests, before + 1, 'every call reaches the server');
    assert.equal(result.error, undefined, JSON.stringify(result.error?.graphQLErrors ?? result.error?.message));
    return result.data;
  }

  before(async () => {
    blog = await copyExampleBlog();
    t = await startTestApp({ fixture: blog.dir }).catch(async (error: unknown) => {
      await blog.remove();
      throw error;
    });
    const counting: typeof fetch = (input, init) => {
      requests += 1;
      return fetch(input, init);
    };
    const url = `${t.baseUrl}/graphql`;
    post = new Client({ url, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false, fetch: counting });
    get = new Client({ url, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: 'force', fetch: counting, fetchOptions: { headers: { 'apollo-require-preflight': 'true' } } });
    const rest = await t.get('/api/articles?sort=title:asc&fields[0]=title&fields[1]=views&populate[author][fields][0]=name&populate[categories][fields][0]=name&populate[categories][sort]=name:asc');
    assert.equal(rest.status, 200, rest.text);
    stored = rest.body.data.map((article: any) => ({
      documentId: article.documentId,
      title: article.title,
      views: article.views,
      author: article.author ? { name: article.author.name } : null,
      categories: article.categories.map((category: any) => ({ name: category.name })),
    }));
    assert.ok(stored.length >= 3, 'the example seeds articles');
  });
  after(async () => {
    await t.close();
    await blog.remove();
  });

  for (const [method, client] of [['POST', () => post], ['GET', () => get]] as const) {
    it(`{ articles { documentId title } }, the Strapi 5 front-end's query, ${TIMES} times over ${method}`, async () => {
      const expected = stored.map(({ documentId, title }) => ({ documentId, title }));
      for (let call = 1; call <= TIMES; call += 1) {
        const data = await run(client(), 'query', '{ articles(sort: "title:asc") { documentId title } }');
        assert.deepEqual(data.articles, expected, `call ${call}`);
        const bare = await run(client(), 'query', '{ articles { documentId title } }');
        assert.deepEqual(
          bare.articles.map((article: any) => article.documentId).sort(),
          expected.map((article) => article.documentId).sort(),
          `call ${call}: the same documents without a sort`,
        );
      }
    });

    it(`variables, a fragment and aliases, ${TIMES} times over ${method} with new variables each time`, async () => {
      const operation = `query Articles($filters: ArticleFiltersInput, $sort: [String], $pagination: PaginationArg) {
        list: articles(filters: $filters, sort: $sort, pagination: $pagination) { ...Card }
        all: articles_connection(filters: $filters) { pageInfo { total } }
      }
      fragment Card on Article {
        id: documentId
        heading: title
        views
        author { name }
        categories(sort: "name:asc") { name }
      }`;
      for (let call = 0; call < TIMES; call += 1) {
        const article = stored[call % stored.length] as RestArticle;
        const sort = call % 2 === 0 ? 'title:asc' : 'title:desc';
        const byTitle = await run(client(), 'query', operation, { filters: { title: { eq: article.title } }, sort: [sort] });
        assert.deepEqual(byTitle.list, [{ id: article.documentId, heading: article.title, views: article.views, author: article.author, categories: article.categories }], `call ${call + 1}`);
        assert.deepEqual(byTitle.all, { pageInfo: { total: 1 } }, `call ${call + 1}`);
        const page = await run(client(), 'query', operation, { sort: [sort], pagination: { page: 1 + (call % 2), pageSize: 2 } });
        const ordered = sort === 'title:asc' ? stored : [...stored].reverse();
        const expected = ordered.slice((call % 2) * 2, (call % 2) * 2 + 2).map((item) => item.documentId);
        assert.deepEqual(page.list.map((item: any) => item.id), expected, `call ${call + 1}: page ${1 + (call % 2)}`);
        assert.deepEqual(page.all, { pageInfo: { total: stored.length } });
      }
    });

    it(`article(documentId) with a variable and a fragment, for every article, over ${method}`, async () => {
      const operation = 'query One($documentId: ID!) { article(documentId: $documentId) { ...Head author { name } } } fragment Head on Article { documentId title }';
      for (let round = 1; round <= 2; round += 1) {
        for (const article of stored) {
          const data = await run(client(), 'query', operation, { documentId: article.documentId });
          assert.deepEqual(data.article, { documentId: article.documentId, title: article.title, author: article.author }, `round ${round}`);
        }
      }
    });
  }

  it('mutations return the document itself; deleteArticle returns { documentId }', async () => {
    const { token } = await createApiToken(t.app, { type: 'full-access' });
    const writer = new Client({ url: `${t.baseUrl}/graphql`, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false, fetchOptions: { headers: bearer(token) }, fetch: (input, init) => {
      requests += 1;
      return fetch(input, init);
    } });
    const created = await run(writer, 'mutation', 'mutation Create($data: ArticleInput!) { createArticle(data: $data) { documentId title views } }', { data: { title: 'Written over GraphQL', views: 7 } });
    assert.equal(created.createArticle.title, 'Written over GraphQL');
    assert.equal(created.createArticle.views, 7);
    const { documentId } = created.createArticle;
    const updated = await run(writer, 'mutation', 'mutation Update($documentId: ID!, $data: ArticleInput!) { updateArticle(documentId: $documentId, data: $data) { documentId views } }', { documentId, data: { views: 8 } });
    assert.deepEqual(updated.updateArticle, { documentId, views: 8 });
    const rest = await t.get(`/api/articles/${documentId}`);
    assert.equal(rest.body.data.views, 8, rest.text);
    const deleted = await run(writer, 'mutation', 'mutation Delete($documentId: ID!) { deleteArticle(documentId: $documentId) { documentId } }', { documentId });
    assert.deepEqual(deleted.deleteArticle, { documentId });
    assert.equal((await t.get(`/api/articles/${documentId}`)).status, 404);
  });

  it("the previous major version's queries are refused by validation (400), naming the field", async () => {
    const result = await post.query('{ articles { data { id attributes { title } } } }', {}).toPromise();
    assert.ok(result.error instanceof CombinedError);
    assert.equal(result.error.response?.status, 400);
    assert.match(result.error.graphQLErrors[0]?.message ?? '', /^Cannot query field "data" on type "Article"\./);
    assert.equal(result.error.graphQLErrors[0]?.extensions.code, 'GRAPHQL_VALIDATION_FAILED');
  });
});

describe('graphql: the shape keys in a project\'s config/plugins', () => {
  const projects = createTempProjects('tessera-gql-shape-');
  after(() => projects.remove());
  const NOTE = {
    [schemaPath('note')]: {
      kind: 'collectionType',
      collectionName: 'notes',
      info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
      options: { draftAndPublish: false },
      attributes: { text: { type: 'string' } },
    },
  };
  const project = (graphqlConfig: string) => projects.write({ ...NOTE, 'config/plugins.ts': `export default ({ env }) => ({ graphql: { config: ${graphqlConfig} } });\n` });

  async function shapeServed(fixture: string, env: Record<string, string> = {}): Promise<'entity' | 'flat'> {
    const t = await startTestApp({ fixture, env });
    try {
      const response = await t.post('/graphql', { query: '{ __type(name: "NoteEntity") { name } }' });
      assert.equal(response.status, 200, response.text);
      return response.body.data.__type === null ? 'flat' : 'entity';
    } finally {
      await t.close();
    }
  }

  for (const [config, env, shape] of [
    ['{}', {}, 'flat'],
    ['{ v4CompatibilityMode: true }', {}, 'entity'],
    ['{ v4CompatibilityMode: env.bool("GQL_V4", false) }', { GQL_V4: 'true' }, 'entity'],
    ['{ v4CompatibilityMode: false }', { STRAPI_GRAPHQL_V4_COMPATIBILITY_MODE: 'true' }, 'flat'],
    ['{}', { STRAPI_GRAPHQL_V4_COMPATIBILITY_MODE: 'true' }, 'entity'],
    ["{ shape: 'entity' }", {}, 'entity'],
    ["{ shape: 'entity', v4CompatibilityMode: true }", {}, 'entity'],
  ] as const) {
    it(`${config}${Object.keys(env).length > 0 ? ` with ${JSON.stringify(env)}` : ''} → the ${shape} shape`, async () => {
      assert.equal(await shapeServed(project(config), env), shape);
    });
  }

  for (const [config, problem] of [
    ["{ shape: 'flat', v4CompatibilityMode: true }", /^graphql\.config\.shape: "flat" and graphql\.config\.v4CompatibilityMode: true disagree/],
    ['{ v4CompatibilityMode: "yes" }', /^graphql\.config\.v4CompatibilityMode must be true or false, not "yes"$/],
    ['{ v4CompatibilityMode: 1 }', /^graphql\.config\.v4CompatibilityMode must be true or false, not 1$/],
  ] as const) {
    it(`${config} stops the start, naming config/plugins`, async () => {
      const dir = project(config);
      await assert.rejects(startTestApp({ fixture: dir }), (error: unknown) => {
        assert.ok(error instanceof DefinitionError, String(error));
        assert.equal(error.file, path.join(dir, 'config', 'plugins'));
        assert.match(error.problem, problem);
        return true;
      });
    });
  }
});
/* eslint-enable @typescript-eslint/no-explicit-any */
