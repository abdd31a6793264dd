// @databases: sqlite — GraphQL start-up and depth-limit messages and the console
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AppConfig } from '../../src/core/config/app-config.js';
import { DefinitionError } from '../../src/core/shared/errors.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { ROOT, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { withGraphqlConfig } from '../helpers/graphql-config.js';

/**
 * What the GraphQL endpoint tells people: the extension example of docs/graphql.md runs as
 * written (its files are read from the page), a policy or middleware it names without a file
 * stops the start with a DefinitionError naming it and where it was expected, the depth error
 * names an anonymous operation well, and a browser opening the endpoint in production learns
 * that the console is off and how to turn it on.
 */

const projects = createTempProjects('tessera-gql-messages-');
after(() => projects.remove());

/** The page's ```js blocks whose first line is `// src/…`: file → content, as a reader would copy them. */
function documentedFiles(): Record<string, string> {
  const page = readFileSync(path.join(ROOT, 'docs', 'graphql.md'), 'utf8');
  const files: Record<string, string> = {};
  for (const match of page.matchAll(/```js\n(\/\/ (src\/[\w/.-]+)\n[\s\S]*?)```/g)) {
    const [, content = '', file = ''] = match;
    files[file] = content;
  }
  return files;
}

const contentType = (singular: string, plural: string, attributes: Record<string, unknown>) => ({
  kind: 'collectionType',
  collectionName: plural,
  info: { singularName: singular, pluralName: plural, displayName: singular },
  options: { draftAndPublish: false },
  pluginOptions: {},
  attributes,
});

const MODEL = {
  [schemaPath('article')]: contentType('article', 'articles', { title: { type: 'string' }, views: { type: 'integer' } }),
  [schemaPath('category')]: contentType('category', 'categories', { name: { type: 'string' } }),
};

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'jwt-secret-for-tests', API_TOKEN_SALT: 'salt-for-tests', ADMIN_JWT_SECRET: 'admin-secret-for-tests' };

// The queries below are in the entity shape, asked for with Strapi's key.
const withDepthLimit = (depthLimit: number) => withGraphqlConfig({ v4CompatibilityMode: true, depthLimit });

async function gql(t: TestApp, query: string): Promise<TestResponse> {
  return t.request('POST', '/graphql', { body: { query } });
}

describe('graphql: the documented extension example', () => {
  const files = documentedFiles();

  it('documents the three files of the example', () => {
    assert.deepEqual(Object.keys(files).sort(), ['src/index.js', 'src/middlewares/log-time.js', 'src/policies/name-is-short.js']);
  });

  it('starts as written: the policy with its config and the middleware run', async () => {
    const t = await startTestApp({ fixture: projects.write({ ...MODEL, ...files }) });
    try {
      const ok = await gql(t, '{ hello(name: "Ann") }');
      assert.deepEqual(ok.body, { data: { hello: 'hello Ann' } }, ok.text);
      const refused = await gql(t, '{ hello(name: "Bartholomew") }');
      assert.equal(refused.body.errors[0].extensions.code, 'FORBIDDEN', refused.text);
      assert.equal(refused.body.errors[0].message, 'Policy Failed');
    } finally {
      await t.close();
    }
  });

  for (const [kind, file, name] of [
    ['policy', 'src/policies/name-is-short.js', 'global::name-is-short'],
    ['middleware', 'src/middlewares/log-time.js', 'global::log-time'],
  ] as const) {
    it(`a ${kind} named without its file stops the start, naming it, where it is named and where it was expected`, async () => {
      const dir = projects.write({ ...MODEL, ...files });
      rmSync(path.join(dir, file));
      await assert.rejects(startTestApp({ fixture: dir }), (error: unknown) => {
        assert.ok(error instanceof DefinitionError, String(error));
        assert.equal(error.file, path.join(dir, 'src', 'index.js'));
        const folder = path.dirname(file);
        const base = path.basename(file, '.js');
        assert.equal(
          error.problem,
          `GraphQL extension: resolversConfig["Query.hello"].${kind === 'policy' ? 'policies' : 'middlewares'} names the ${kind} "${name}", which does not exist: ` +
            `add the file ${folder}/${base}.ts (or .js, .mjs) to the project, exporting ${kind === 'policy' ? '(policyContext, config, { strapi }) => boolean' : 'a factory (options, { strapi }) => (next, parent, args, context, info) => …'}`,
        );
        return true;
      });
    });
  }

  it('any other mistake given to the extension service stops the start naming src/index, not with a stack trace', async () => {
    const index = "export default { register({ strapi }) { strapi.plugin('graphql').service('extension').use({ typeDef: 'extend type Query { x: Int }' }); } };\n";
    const dir = projects.write({ ...MODEL, 'src/index.js': index });
    await assert.rejects(startTestApp({ fixture: dir }), (error: unknown) => {
      assert.ok(error instanceof DefinitionError, String(error));
      assert.equal(error.message, `${path.join(dir, 'src', 'index.js')}: GraphQL extension: unknown key "typeDef" (expected types, typeDefs, plugins, resolvers, resolversConfig)`);
      return true;
    });
    const unknownField = "export default { register({ strapi }) { strapi.plugin('graphql').service('extension').use({ resolversConfig: { 'Query.nope': { auth: false } } }); } };\n";
    await assert.rejects(startTestApp({ fixture: projects.write({ ...MODEL, 'src/index.js': unknownField }) }), (error: unknown) => {
      assert.ok(error instanceof DefinitionError, String(error));
      assert.equal(error.problem, 'GraphQL extension: resolversConfig: Query.nope is not a field of the schema');
      return true;
    });
  });
});

describe('graphql: the depth limit names the operation', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: projects.write(MODEL), override: withDepthLimit(2) });
  });
  after(() => t.close());

  it('by its name, as graphql-depth-limit words it', async () => {
    const response = await gql(t, 'query Deep { articles { data { attributes { title } } } }');
    assert.equal(response.status, 400);
    assert.equal(response.body.errors[0].message, "'Deep' exceeds maximum operation depth of 2");
    assert.equal(response.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
  });

  it('by its kind when it has no name, never as an empty name', async () => {
    const query = await gql(t, '{ articles { data { attributes { title } } } }');
    assert.equal(query.status, 400);
    assert.equal(query.body.errors[0].message, 'The anonymous query exceeds maximum operation depth of 2');
    const mutation = await gql(t, 'mutation { createArticle(data: { title: "x" }) { data { attributes { title } } } }');
    assert.equal(mutation.status, 400);
    assert.equal(mutation.body.errors[0].message, 'The anonymous mutation exceeds maximum operation depth of 2');
    // At the limit: validated and run (the Public role may not find articles here, which is not a depth error).
    const atLimit = await gql(t, '{ articles { data { id } } }');
    assert.equal(atLimit.status, 200, atLimit.text);
  });
});

describe('graphql: a browser opening the endpoint in production', () => {
  const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('is told the console is off and how to turn it on (404 in the error envelope), not refused as a cross-site request', async () => {
    const t = await startTestApp({ fixture: projects.write(MODEL), env: PRODUCTION });
    try {
      const page = await t.get('/graphql', BROWSER);
      assert.equal(page.status, 404, page.text);
      assert.match(page.headers.get('content-type') ?? '', /application\/json/);
      assert.deepEqual(Object.keys(page.body), ['data', 'error']);
      assert.equal(page.body.data, null);
      assert.equal(page.body.error.status, 404);
      assert.equal(page.body.error.name, 'NotFoundError');
      assert.match(page.body.error.message, /^The GraphQL console is disabled in production\. To serve it, set playgroundAlways: true /);
      assert.doesNotMatch(page.text, /CSRF|Cross-Site/i);
      // GraphQL itself is served as before.
      assert.deepEqual((await gql(t, '{ __typename }')).body, { data: { __typename: 'Query' } });
    } finally {
      await t.close();
    }
  });

  it('gets the console with playgroundAlways', async () => {
    const always = (config: AppConfig): AppConfig =>
      ({ ...config, files: { ...config.files, plugins: { ...config.files.plugins, value: { graphql: { config: { playgroundAlways: true } } } } } }) as AppConfig;
    const t = await startTestApp({ fixture: projects.write(MODEL), env: PRODUCTION, override: always });
    try {
      const page = await t.get('/graphql', BROWSER);
      assert.equal(page.status, 200);
      assert.match(page.text, /<html/i);
    } finally {
      await t.close();
    }
  });
});
