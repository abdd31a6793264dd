import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, createUser } from '../helpers/auth-fixtures.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The extension service over the real app: test/fixtures/graphql-extension-app's `register()`
 * disables an action, adds `hello` and `secret` through typeDefs + resolvers, and configures
 * policies (from src/policies, with config, inline) and middlewares (from src/middlewares, inline).
 */
describe('GraphQL extension service (project register())', () => {
  let app: TestApp;
  let userToken: string;

  before(async () => {
    app = await startTestApp({ fixture: 'graphql-extension-app' });
    userToken = (await createUser(app.app, 'authenticated')).jwt;
  });
  after(async () => {
    await app.close();
  });

  const query = (source: string, headers: Record<string, string> = {}): Promise<TestResponse> => app.request('POST', '/graphql', { body: { query: source }, headers });

  it('serves a typeDefs query with its resolver, middlewares in order (project file with options, then by name), auth: false', async () => {
    const response = await query('{ hello }');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { data: { hello: 'hello world!?' } });
    assert.deepEqual((await query('{ hello(name: "ada") }')).body, { data: { hello: 'hello ada!?' } });
  });

  it('refuses through a named policy and a { name, config } policy with a PolicyError', async () => {
    for (const name of ['mallory', 'bob']) {
      const response = await query(`{ hello(name: "${name}") }`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body.data, { hello: null });
      assert.equal(response.body.errors.length, 1);
      const [error] = response.body.errors;
      assert.deepEqual(error.path, ['hello']);
      assert.equal(error.message, 'Policy Failed');
      assert.equal(error.extensions.code, 'FORBIDDEN');
      assert.deepEqual(error.extensions.error, { name: 'PolicyError', message: 'Policy Failed', details: {} });
    }
  });

  it('needs an authenticated caller on a typeDefs root field without a scope', async () => {
    const refused = await query('{ secret }');
    assert.equal(refused.status, 200);
    assert.deepEqual(refused.body.data, { secret: null });
    assert.equal(refused.body.errors[0].extensions.code, 'FORBIDDEN');
    assert.equal(refused.body.errors[0].extensions.error.name, 'ForbiddenError');
    assert.equal(refused.body.errors[0].message, 'Forbidden access');
    assert.deepEqual((await query('{ secret }', bearer(userToken))).body, { data: { secret: 'for members' } });
  });

  it('removes a disabled shadow CRUD action from the schema', async () => {
    const response = await query('mutation { deleteArticle(id: "abc") { __typename } }');
    assert.equal(response.status, 400);
    assert.match(response.body.errors[0].message, /Cannot query field "deleteArticle" on type "Mutation"/);
    const created = await query('mutation { createArticle(data: { title: "Kept" }) { __typename } }');
    assert.equal(created.status, 200);
    assert.equal(created.body.errors, undefined);
  });

  it('runs an inline policy and middleware on a generated resolver, after its generated permission', async () => {
    const allowed = await query('{ articles { __typename } }');
    assert.equal(allowed.status, 200);
    assert.equal(allowed.body.errors, undefined);
    const refused = await query('{ articles(sort: "forbidden") { __typename } }');
    assert.equal(refused.body.errors[0].extensions.error.name, 'PolicyError');
  });
});
