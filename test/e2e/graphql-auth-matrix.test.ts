// @databases: sqlite — authorization decisions of GraphQL against REST (the same query stage; storage is covered by graphql-content)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, createApiToken, createUser, signJwt } from '../helpers/auth-fixtures.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The permission matrix of permissions-matrix.test.ts, over GraphQL: each principal × each
 * content-type action is sent both ways in the same test, and GraphQL must allow exactly when
 * REST does. The REST status is the oracle (not a grant table of our own), so the two
 * transports cannot drift apart without this file failing:
 *   REST 2xx ⇔ GraphQL answers the root field without errors,
 *   REST 403 ⇔ GraphQL `FORBIDDEN` with the root field null (and nothing written),
 *   REST 401 ⇔ GraphQL HTTP 401 with the same envelope.
 * Every cell acts on documents of its own (made by a full-access token), so cells are
 * independent of their order and of each other's writes.
 */

type Action = 'find' | 'findOne' | 'create' | 'update' | 'delete';
const COLLECTION_ACTIONS: readonly Action[] = ['find', 'findOne', 'create', 'update', 'delete'];
const SINGLE_ACTIONS: readonly Action[] = ['find', 'update', 'delete'];

interface MatrixType {
  readonly uid: string;
  readonly singular: string;
  readonly plural: string;
  readonly typeName: string;
  readonly table: string;
  readonly field: string;
  readonly single: boolean;
  readonly actions: readonly Action[];
}

const TYPES: readonly MatrixType[] = [
  { uid: 'api::article.article', singular: 'article', plural: 'articles', typeName: 'Article', table: 'articles', field: 'title', single: false, actions: COLLECTION_ACTIONS },
  { uid: 'api::category.category', singular: 'category', plural: 'categories', typeName: 'Category', table: 'categories', field: 'name', single: false, actions: COLLECTION_ACTIONS },
  { uid: 'api::homepage.homepage', singular: 'homepage', plural: 'homepage', typeName: 'Homepage', table: 'homepages', field: 'headline', single: true, actions: SINGLE_ACTIONS },
];

const CUSTOM_TOKEN_ACTIONS = ['api::category.category.create', 'api::article.article.findOne', 'api::article.article.delete', 'api::homepage.homepage.update'];
const PRINCIPALS = ['public', 'authenticated', 'editor', 'read-only token', 'full-access token', 'custom token', 'garbage token', 'foreign-secret jwt'] as const;
const METHOD: Record<Action, string> = { find: 'GET', findOne: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' };

interface GraphqlCall {
  readonly field: string;
  readonly query: string;
  readonly variables: Record<string, unknown>;
}

/** The GraphQL operation doing what `METHOD[action]` on the REST route does. */
function graphqlCall(type: MatrixType, action: Action, documentId: string, value: string): GraphqlCall {
  const { singular, plural, typeName, field } = type;
  const data = { [field]: value };
  const selection = `{ data { id attributes { ${field} } } }`;
  if (type.single) {
    if (action === 'find') return { field: singular, query: `{ ${singular} ${selection} }`, variables: {} };
    if (action === 'update') return { field: `update${typeName}`, query: `mutation($data: ${typeName}Input!) { update${typeName}(data: $data) ${selection} }`, variables: { data } };
    return { field: `delete${typeName}`, query: `mutation { delete${typeName} ${selection} }`, variables: {} };
  }
  switch (action) {
    case 'find':
      return { field: plural, query: `{ ${plural} ${selection} }`, variables: {} };
    case 'findOne':
      return { field: singular, query: `query($id: ID) { ${singular}(id: $id) ${selection} }`, variables: { id: documentId } };
    case 'create':
      return { field: `create${typeName}`, query: `mutation($data: ${typeName}Input!) { create${typeName}(data: $data) ${selection} }`, variables: { data } };
    case 'update':
      return { field: `update${typeName}`, query: `mutation($id: ID!, $data: ${typeName}Input!) { update${typeName}(id: $id, data: $data) ${selection} }`, variables: { id: documentId, data } };
    case 'delete':
      return { field: `delete${typeName}`, query: `mutation($id: ID!) { delete${typeName}(id: $id) ${selection} }`, variables: { id: documentId } };
  }
}

/** One line naming what GraphQL answered, for failure messages and the disagreement report. */
function describeAnswer(response: TestResponse): string {
  return `HTTP ${response.status} ${response.text.slice(0, 400)}`;
}

describe('graphql auth matrix: principals × content-type actions agree with REST', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const principals: Record<string, Record<string, string>> = {};

  before(async () => {
    t = await startTestApp({ fixture: 'permissions-app' });
    admin = bearer((await createApiToken(t.app, { type: 'full-access' })).token);
    principals.public = {};
    principals.authenticated = bearer((await createUser(t.app, 'authenticated')).jwt);
    principals.editor = bearer((await createUser(t.app, 'editor')).jwt);
    principals['read-only token'] = bearer((await createApiToken(t.app, { type: 'read-only' })).token);
    principals['full-access token'] = bearer((await createApiToken(t.app, { type: 'full-access' })).token);
    principals['custom token'] = bearer((await createApiToken(t.app, { type: 'custom', actions: CUSTOM_TOKEN_ACTIONS })).token);
    principals['garbage token'] = bearer('not-a-token');
    principals['foreign-secret jwt'] = bearer(await signJwt(t.app, { id: 1 }, { secret: 'some other secret entirely' }));
  });
  after(() => t.close());

  const graphql = (call: Pick<GraphqlCall, 'query' | 'variables'>, headers: Record<string, string>): Promise<TestResponse> =>
    t.request('POST', '/graphql', { body: { query: call.query, variables: call.variables }, headers });

  /** A fresh document to act on (the single type's document is put back), by the full-access token. */
  async function target(type: MatrixType, label: string): Promise<string> {
    if (type.single) {
      const response = await t.request('PUT', '/api/homepage', { body: { data: { headline: label } }, headers: admin });
      assert.equal(response.status, 200, response.text);
      return '';
    }
    const response = await t.request('POST', `/api/${type.plural}`, { body: { data: { [type.field]: label } }, headers: admin });
    assert.equal(response.status, 201, response.text);
    return response.body.data.documentId as string;
  }

  async function count(type: MatrixType): Promise<number> {
    const row = await t.app.database.db.selectFrom(type.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function restCall(principal: string, type: MatrixType, action: Action): Promise<TestResponse> {
    const documentId = await target(type, `seed for REST ${principal}`);
    const path = type.single ? '/api/homepage' : action === 'find' || action === 'create' ? `/api/${type.plural}` : `/api/${type.plural}/${documentId}`;
    const body = action === 'create' || action === 'update' ? { data: { [type.field]: `REST by ${principal}` } } : undefined;
    return t.request(METHOD[action], path, { headers: principals[principal] ?? {}, ...(body ? { body } : {}) });
  }

  for (const principal of PRINCIPALS) {
    for (const type of TYPES) {
      for (const action of type.actions) {
        it(`${principal} × ${type.uid}.${action}: GraphQL allows exactly when REST does`, async () => {
          const rest = await restCall(principal, type, action);
          const documentId = await target(type, `seed for GraphQL ${principal}`);
          const call = graphqlCall(type, action, documentId, `GraphQL by ${principal}`);
          const rows = await count(type);
          const response = await graphql(call, principals[principal] ?? {});
          const cell = `${principal} × ${type.uid}.${action}: REST ${rest.status}, GraphQL ${describeAnswer(response)}`;

          if (rest.status === 401) {
            assert.equal(response.status, 401, cell);
            assert.deepEqual(response.body, rest.body, cell);
            assert.equal(await count(type), rows, `${cell}: a refused call wrote nothing`);
            return;
          }
          assert.equal(response.status, 200, cell);
          if (rest.status >= 200 && rest.status < 300) {
            assert.equal(response.body.errors, undefined, cell);
            const answer = response.body.data?.[call.field];
            assert.ok(answer !== null && answer !== undefined, cell);
            if (action === 'find' && !type.single) assert.ok(Array.isArray(answer.data), cell);
            else assert.ok(answer.data !== null, cell);
            if (action === 'findOne' || action === 'update' || action === 'delete') {
              if (!type.single) assert.equal(answer.data.id, documentId, cell);
            }
            if (action === 'create') assert.equal(await count(type), rows + 1, cell);
            if (action === 'delete') assert.equal(await count(type), rows - 1, cell);
            if (action === 'create' || action === 'update') assert.equal(answer.data.attributes[type.field], `GraphQL by ${principal}`, cell);
          } else {
            assert.equal(rest.status, 403, `${cell}: REST answered neither success, 401 nor 403`);
            assert.ok(Array.isArray(response.body.errors), cell);
            assert.equal(response.body.errors[0].extensions?.code, 'FORBIDDEN', cell);
            assert.deepEqual(response.body.errors[0].path, [call.field], cell);
            assert.equal(response.body.data?.[call.field] ?? null, null, cell);
            assert.equal(await count(type), rows, `${cell}: a forbidden call wrote nothing`);
            if (action === 'update') {
              const path = type.single ? '/api/homepage' : `/api/${type.plural}/${documentId}`;
              const stored = await t.request('GET', path, { headers: admin });
              assert.equal(stored.body.data?.[type.field], `seed for GraphQL ${principal}`, `${cell}: a forbidden update changed nothing`);
            }
          }
        });
      }
    }
  }

  describe('nested relations: FORBIDDEN on the nested field only, where REST prunes the populate', () => {
    let categoryId: string;
    let articleId: string;
    before(async () => {
      const category = await t.request('POST', '/api/categories', { body: { data: { name: 'Nested category' } }, headers: admin });
      assert.equal(category.status, 201, category.text);
      categoryId = category.body.data.documentId;
      const article = await t.request('POST', '/api/articles', { body: { data: { title: 'Nested article', category: categoryId } }, headers: admin });
      assert.equal(article.status, 201, article.text);
      articleId = article.body.data.documentId;
    });

    /** Each root read of one side with the relation to the other side selected, and its REST twin. */
    const ROOTS = [
      { name: 'articles (find)', rest: () => `/api/articles?filters[title][$eq]=Nested%20article&populate=category`, query: '{ articles(filters: { title: { eq: "Nested article" } }) { data { id attributes { title category { data { id } } } } } }', relation: 'category', list: true, field: 'articles' },
      { name: 'article (findOne)', rest: () => `/api/articles/${articleId}?populate=category`, query: () => `{ article(id: "${articleId}") { data { id attributes { title category { data { id } } } } } }`, relation: 'category', list: false, field: 'article' },
      { name: 'categories (find)', rest: () => `/api/categories?filters[name][$eq]=Nested%20category&populate=articles`, query: '{ categories(filters: { name: { eq: "Nested category" } }) { data { id attributes { name articles { data { id } } } } } }', relation: 'articles', list: true, field: 'categories' },
      { name: 'category (findOne)', rest: () => `/api/categories/${categoryId}?populate=articles`, query: () => `{ category(id: "${categoryId}") { data { id attributes { name articles { data { id } } } } } }`, relation: 'articles', list: false, field: 'category' },
    ] as const;

    for (const principal of PRINCIPALS.filter((name) => !['garbage token', 'foreign-secret jwt'].includes(name))) {
      for (const root of ROOTS) {
        it(`${principal} × ${root.name} with ${root.relation}: as REST's populate pruning`, async () => {
          const rest = await t.request('GET', root.rest(), { headers: principals[principal] ?? {} });
          const query = typeof root.query === 'function' ? root.query() : root.query;
          const response = await graphql({ query, variables: {} }, principals[principal] ?? {});
          const cell = `${principal} × ${root.name}.${root.relation}: REST ${rest.status}, GraphQL ${describeAnswer(response)}`;
          assert.equal(response.status, 200, cell);
          if (rest.status === 403) {
            // The root itself is refused: the matrix above covers it; here only that it agrees.
            assert.equal(response.body.errors?.[0]?.extensions?.code, 'FORBIDDEN', cell);
            assert.deepEqual(response.body.errors[0].path, [root.field], cell);
            return;
          }
          assert.equal(rest.status, 200, cell);
          const restItem = root.list ? rest.body.data[0] : rest.body.data;
          assert.ok(restItem, cell);
          const populated = root.relation in restItem;
          const rootData = response.body.data?.[root.field]?.data;
          const item = root.list ? rootData?.[0] : rootData;
          assert.ok(item, `${cell}: the root field's data is present`);
          assert.ok(item.attributes[root.relation === 'category' ? 'title' : 'name'], cell);
          if (populated) {
            assert.equal(response.body.errors, undefined, cell);
            assert.ok(item.attributes[root.relation] !== null, cell);
          } else {
            assert.ok(Array.isArray(response.body.errors), cell);
            const path = root.list ? [root.field, 'data', 0, 'attributes', root.relation] : [root.field, 'data', 'attributes', root.relation];
            assert.deepEqual(
              response.body.errors.map((error: { path: unknown; extensions?: { code?: string } }) => ({ path: error.path, code: error.extensions?.code })),
              [{ path, code: 'FORBIDDEN' }],
              cell,
            );
            assert.equal(item.attributes[root.relation], null, cell);
          }
        });
      }
    }
  });
});
