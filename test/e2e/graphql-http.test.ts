import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { GraphQLError, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, type GraphQLFieldConfigMap } from 'graphql';
import type { AuthService } from '../../src/core/auth/auth-service.js';
import { PUBLIC_PRINCIPAL, type Principal } from '../../src/core/auth/principal.js';
import type { GraphqlConfig } from '../../src/transports/graphql/graphql-config.js';
import type { GraphqlRequestContext } from '../../src/transports/graphql/graphql-context.js';
import { registerGraphql, type GraphqlEndpoint } from '../../src/transports/graphql/http/graphql-plugin.js';
import { closeHttp } from '../../src/server/ops/close-http.js';
import { toErrorEnvelope } from '../../src/transports/rest/error-envelope.js';
import { DefinitionError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../src/core/shared/errors.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read arbitrary JSON */

const USER: Principal = { kind: 'user', userId: 1, documentId: 'u1', roleId: 1, roleType: 'authenticated' };

const auth: AuthService = {
  async authenticate(authorization) {
    if (authorization === undefined) return PUBLIC_PRINCIPAL;
    if (authorization === 'Bearer good') return USER;
    throw new UnauthorizedError('Missing or invalid credentials');
  },
  can: () => true,
  async permissionsChanged() {},
  async reloadPermissions() {},
};

const Item = new GraphQLObjectType({
  name: 'Item',
  fields: {
    name: { type: GraphQLString, resolve: () => 'item' },
    fail: {
      type: GraphQLString,
      resolve: () => {
        throw new ForbiddenError('Forbidden access');
      },
    },
  },
});

const Nested: GraphQLObjectType = new GraphQLObjectType({
  name: 'Nested',
  fields: () => ({ value: { type: GraphQLString, resolve: () => 'v' }, child: { type: Nested, resolve: () => ({}) } }),
});

function thrower(error: () => Error) {
  return {
    type: GraphQLString,
    resolve: () => {
      throw error();
    },
  };
}

function schemaWith(extra: GraphQLFieldConfigMap<unknown, GraphqlRequestContext> = {}): GraphQLSchema {
  return new GraphQLSchema({
    query: new GraphQLObjectType<unknown, GraphqlRequestContext>({
      name: 'Query',
      fields: {
        hello: { type: GraphQLString, resolve: () => 'world' },
        whoami: { type: GraphQLString, resolve: (_parent, _args, context) => context.principal.kind },
        echo: { type: GraphQLInt, args: { n: { type: new GraphQLNonNull(GraphQLInt) } }, resolve: (_parent, args: { n: number }) => args.n },
        forbidden: thrower(() => new ForbiddenError('Forbidden access')),
        crash: thrower(() => new Error('secret database detail')),
        invalid: thrower(() => ValidationError.invalidKey('hidden', { source: 'query', param: 'sort', path: 'hidden' })),
        notFound: thrower(() => new NotFoundError('Document not found')),
        custom: thrower(() => new GraphQLError('Teapot', { extensions: { code: 'I_AM_A_TEAPOT' } })),
        required: {
          type: new GraphQLNonNull(GraphQLString),
          resolve: () => {
            throw new ForbiddenError('Forbidden access');
          },
        },
        items: { type: new GraphQLList(Item), resolve: () => [{}, {}] },
        nested: { type: Nested, resolve: () => ({}) },
        ...extra,
      },
    }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: { touch: { type: GraphQLString, resolve: () => 'touched' } } }),
  });
}

const CONFIG: GraphqlConfig = {
  enabled: true,
  endpoint: '/graphql',
  shadowCRUD: true,
  shape: 'entity',
  depthLimit: 3,
  amountLimit: 100,
  defaultLimit: 10,
  costLimit: 100_000,
  playgroundAlways: false,
  introspection: true,
  serverOptions: { tracing: true, cache: 'bounded', introspection: true },
  file: 'config/plugins.js',
};

interface Server {
  readonly url: string;
  readonly fastify: FastifyInstance;
  readonly endpoint: GraphqlEndpoint;
  close(): Promise<void>;
}

async function start(options: { config?: Partial<GraphqlConfig>; production?: boolean; plugins?: readonly unknown[] } = {}): Promise<Server> {
  const fastify = Fastify();
  // The application's handlers (src/server/app.ts): errors GraphQL does not answer, and unknown paths, become the REST envelope.
  fastify.setErrorHandler((error, _request, reply) => {
    const envelope = toErrorEnvelope(error);
    return reply.code(envelope.status).send(envelope.body);
  });
  fastify.setNotFoundHandler((_request, reply) => {
    const envelope = toErrorEnvelope(new NotFoundError());
    return reply.code(envelope.status).send(envelope.body);
  });
  const endpoint = await registerGraphql(fastify, {
    config: { ...CONFIG, ...options.config },
    production: options.production ?? false,
    auth,
    schema: schemaWith(),
    plugins: options.plugins ?? [],
  });
  const address = await fastify.listen({ port: 0, host: '127.0.0.1' });
  // Closed as the application closes (src/server/app.ts): a keep-alive connection whose reply finishes
  // after close() began would otherwise hold the close for Fastify's 72 s keep-alive timeout.
  return { url: address, fastify, endpoint, close: () => closeHttp(fastify, 5_000) };
}

interface Result {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: any;
}

async function send(url: string, init: RequestInit = {}): Promise<Result> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (the console)
  }
  return { status: response.status, headers: response.headers, text, body };
}

function post(server: Server, body: unknown, headers: Record<string, string> = {}): Promise<Result> {
  return send(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

function get(server: Server, params: Record<string, string>, headers: Record<string, string> = { 'apollo-require-preflight': 'true' }): Promise<Result> {
  return send(`${server.url}/graphql?${new URLSearchParams(params).toString()}`, { headers });
}

describe('GraphQL over HTTP', () => {
  let server: Server;
  before(async () => {
    server = await start();
  });
  after(() => server.close());

  it('answers POST and GET queries', async () => {
    const posted = await post(server, { query: '{ hello }' });
    assert.equal(posted.status, 200);
    assert.deepEqual(posted.body, { data: { hello: 'world' } });
    assert.match(posted.headers.get('content-type') ?? '', /^application\/json/);
    const fetched = await get(server, { query: 'query Q($n: Int!) { echo(n: $n) }', variables: JSON.stringify({ n: 7 }), operationName: 'Q' });
    assert.equal(fetched.status, 200);
    assert.deepEqual(fetched.body, { data: { echo: 7 } });
    const withJson = await get(server, { query: '{ hello }' }, { 'content-type': 'application/json' });
    assert.equal(withJson.status, 200);
  });

  it('refuses a GET without a preflight header or JSON content type as a possible CSRF', async () => {
    const response = await get(server, { query: '{ hello }' }, {});
    assert.equal(response.status, 400);
    assert.match(response.body.errors[0].message, /Cross-Site Request Forgery/);
    const other = await get(server, { query: '{ hello }' }, { 'x-apollo-operation-name': 'Q' });
    assert.equal(other.status, 200);
  });

  it('refuses mutations over GET, runs them over POST', async () => {
    const viaGet = await get(server, { query: 'mutation { touch }' });
    assert.equal(viaGet.status, 405);
    const viaPost = await post(server, { query: 'mutation { touch }' });
    assert.deepEqual(viaPost.body, { data: { touch: 'touched' } });
  });

  it('refuses batched operations', async () => {
    const response = await post(server, [{ query: '{ hello }' }, { query: '{ hello }' }]);
    assert.equal(response.status, 400);
    assert.equal(response.body.errors[0].message, 'Operation batching disabled.');
  });

  it('settles the principal before GraphQL: a bad token is the REST 401 envelope', async () => {
    const bad = await post(server, { query: '{ hello }' }, { authorization: 'Bearer nope' });
    assert.equal(bad.status, 401);
    assert.deepEqual(bad.body, { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } });
    const badGet = await get(server, { query: '{ hello }' }, { 'apollo-require-preflight': '1', authorization: 'Bearer nope' });
    assert.equal(badGet.status, 401);
    assert.deepEqual((await post(server, { query: '{ whoami }' }, { authorization: 'Bearer good' })).body, { data: { whoami: 'user' } });
    assert.deepEqual((await post(server, { query: '{ whoami }' })).body, { data: { whoami: 'public' } });
  });

  it('formats resolver errors as the reference, with HTTP 200', async () => {
    const response = await post(server, { query: '{ hello forbidden invalid notFound custom }' });
    assert.equal(response.status, 200);
    assert.equal(response.body.data.hello, 'world');
    const [forbidden, invalid, notFound, custom] = response.body.errors;
    assert.deepEqual(forbidden, { message: 'Forbidden access', path: ['forbidden'], extensions: { code: 'FORBIDDEN', error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} } } });
    assert.deepEqual(invalid, {
      message: 'Invalid key hidden',
      path: ['invalid'],
      extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError', message: 'Invalid key hidden', details: { key: 'hidden', path: 'hidden', source: 'query', param: 'sort' } } },
    });
    assert.equal(notFound.extensions.code, 'STRAPI_NOT_FOUND_ERROR');
    assert.equal(custom.message, 'Teapot');
    assert.equal(custom.extensions.code, 'I_AM_A_TEAPOT');
  });

  it('never leaks an unexpected error', async () => {
    const response = await post(server, { query: '{ crash }' });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.errors, [
      { message: 'Internal Server Error', path: ['crash'], extensions: { code: 'INTERNAL_SERVER_ERROR', error: { name: 'InternalServerError', message: 'Internal Server Error', details: {} } } },
    ]);
    assert.doesNotMatch(response.text, /secret/);
  });

  it('keeps HTTP 200 when a failed non-null root field nulls data, and list indices in paths', async () => {
    const root = await post(server, { query: '{ required }' });
    assert.equal(root.status, 200);
    assert.equal(root.body.data, null);
    assert.equal(root.body.errors[0].extensions.code, 'FORBIDDEN');
    const nested = await post(server, { query: '{ items { name fail } }' });
    assert.equal(nested.status, 200);
    assert.deepEqual(nested.body.errors[0].path, ['items', 0, 'fail']);
    assert.match(nested.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(nested.body.data.items[1], { name: 'item', fail: null });
  });

  it('answers parse, validation and variable errors with HTTP 400', async () => {
    const parse = await post(server, { query: '{ hello ' });
    assert.equal(parse.status, 400);
    assert.equal(parse.body.errors[0].extensions.code, 'GRAPHQL_PARSE_FAILED');
    const unknown = await post(server, { query: '{ nope }' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
    assert.ok(unknown.body.errors[0].locations);
    const badValue = await post(server, { query: 'query Q($n: Int!) { echo(n: $n) }', variables: { n: 'x' } });
    assert.equal(badValue.status, 400);
    assert.equal(badValue.body.errors[0].extensions.code, 'BAD_USER_INPUT');
    const missing = await post(server, { query: 'query Q($n: Int!) { echo(n: $n) }' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errors[0].extensions.code, 'BAD_USER_INPUT');
    const badJson = await get(server, { query: 'query Q($n: Int!) { echo(n: $n) }', variables: '{nope' });
    assert.equal(badJson.status, 400);
    const noQuery = await get(server, {});
    assert.equal(noQuery.status, 400);
    const unknownOperation = await get(server, { query: 'query A { hello }', operationName: 'B' });
    assert.equal(unknownOperation.status, 400);
    assert.equal(unknownOperation.body.errors[0].extensions.code, 'OPERATION_RESOLUTION_FAILURE');
    // mercurius would take JSON text for a syntax tree; a number is coerced to such text.
    for (const query of [42, '{"kind":"Document","definitions":[]}', 'null', { kind: 'Document' }]) {
      const refused = await post(server, { query });
      assert.equal(refused.status, 400, JSON.stringify(query));
    }
    const empty = await post(server, {});
    assert.equal(empty.status, 400);
    assert.match(empty.body.errors[0].message, /non-empty `query`/);
  });

  it('refuses operations deeper than depthLimit', async () => {
    const ok = await post(server, { query: '{ nested { child { child { value } } } }' });
    assert.equal(ok.status, 200);
    const deep = await post(server, { query: 'query Deep { nested { child { child { child { value } } } } }' });
    assert.equal(deep.status, 400);
    assert.equal(deep.body.errors[0].message, "'Deep' exceeds maximum operation depth of 3");
    assert.equal(deep.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
    const anonymous = await post(server, { query: '{ nested { child { child { child { value } } } } }' });
    assert.equal(anonymous.status, 400);
    assert.equal(anonymous.body.errors[0].message, 'The anonymous query exceeds maximum operation depth of 3');
  });

  it('serves introspection when allowed', async () => {
    const response = await post(server, { query: '{ __schema { queryType { name } } }' });
    assert.deepEqual(response.body, { data: { __schema: { queryType: { name: 'Query' } } } });
  });

  it('serves the bundled console to a browser outside production, without authentication', async () => {
    const page = await send(`${server.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', authorization: 'Bearer nope' } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(page.text, /<base href="\/graphql\/console\/">/);
    assert.doesNotMatch(page.text, /src="https?:/);
    const options = await send(`${server.url}/graphql/console/initial_options.js`);
    assert.equal(options.status, 200);
    assert.match(options.text, /endpointURL/);
    assert.match(options.text, /\/graphql/);
    const script = await send(`${server.url}/graphql/console/main.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    const styles = await send(`${server.url}/graphql/console/styles.css`);
    assert.equal(styles.status, 200);
    assert.match(script.headers.get('cache-control') ?? '', /max-age=86400/);
    assert.match(script.headers.get('content-security-policy') ?? '', /script-src 'self' 'unsafe-eval'/);
    const etag = script.headers.get('etag');
    assert.ok(etag);
    // A browser's revalidation (fetch would otherwise add `cache-control: no-cache`, which forbids a 304).
    assert.equal((await send(`${server.url}/graphql/console/main.js`, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status, 304);
    const missing = await send(`${server.url}/graphql/console/nothing-here.js`);
    assert.deepEqual([missing.status, missing.body.error.name], [404, 'NotFoundError']);
    // Outside the package's folder: @fastify/static answers 403 (a `..` segment) or 404, in the envelope.
    for (const outside of ['..%2Fpackage.json', '..%2F..%2Fpackage.json', '%2e%2e/package.json', 'a/..%2F..%2Fpackage.json', '..%5Cpackage.json', '%2Fetc%2Fpasswd', '.hidden']) {
      const refused = await send(`${server.url}/graphql/console/${outside}`);
      assert.ok([403, 404].includes(refused.status), `${outside}: ${refused.status}`);
      assert.ok(['ForbiddenError', 'NotFoundError'].includes(refused.body.error.name), outside);
    }
  });

  it('swaps the schema at run time', async () => {
    const other = await start();
    try {
      other.endpoint.replaceSchema(schemaWith({ bye: { type: GraphQLString, resolve: () => 'bye' } }));
      assert.deepEqual((await post(other, { query: '{ bye }' })).body, { data: { bye: 'bye' } });
      assert.throws(() => other.endpoint.replaceSchema(new GraphQLSchema({})), DefinitionError);
      assert.deepEqual((await post(other, { query: '{ bye }' })).body, { data: { bye: 'bye' } });
    } finally {
      await other.close();
    }
  });
});

describe('GraphQL in production', () => {
  it('turns introspection off and the console off', async () => {
    const server = await start({ production: true, config: { introspection: false } });
    try {
      const introspection = await post(server, { query: '{ __schema { queryType { name } } }' });
      assert.equal(introspection.status, 400);
      assert.equal(introspection.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
      assert.deepEqual((await post(server, { query: '{ __typename hello }' })).body, { data: { __typename: 'Query', hello: 'world' } });
      // A browser opening the endpoint: told the console is off and how to turn it on, not refused as a cross-site request.
      const page = await send(`${server.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      assert.equal(page.status, 404);
      assert.doesNotMatch(page.text, /<html|CSRF|Cross-Site/i);
      assert.equal(page.body.data, null);
      assert.equal(page.body.error.name, 'NotFoundError');
      assert.match(page.body.error.message, /console is disabled in production.*playgroundAlways: true/);
      // A script's GET still needs its preflight header.
      assert.equal((await send(`${server.url}/graphql?query=${encodeURIComponent('{ hello }')}`)).status, 400);
      assert.equal((await send(`${server.url}/graphql/console/main.js`)).status, 404);
    } finally {
      await server.close();
    }
  });

  it('serves the console with playgroundAlways', async () => {
    const server = await start({ production: true, config: { playgroundAlways: true } });
    try {
      const page = await send(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
      assert.equal(page.status, 200);
      assert.match(page.text, /<html/);
      assert.equal((await send(`${server.url}/graphql/console/polyfills.js`)).status, 200);
    } finally {
      await server.close();
    }
  });
});

describe('GraphQL server plugins', () => {
  it('calls function plugins with the serving instance, mercurius registered', async () => {
    const seen: string[] = [];
    const plugin = (instance: FastifyInstance): void => {
      seen.push(typeof instance.graphql.addHook);
      instance.graphql.addHook('preExecution', async () => {
        seen.push('preExecution');
      });
    };
    const server = await start({ plugins: [plugin] });
    try {
      await post(server, { query: '{ hello }' });
      assert.deepEqual(seen, ['function', 'preExecution']);
    } finally {
      await server.close();
    }
  });

  it('refuses anything else at start', async () => {
    await assert.rejects(start({ plugins: [{ name: 'not a function' }] }), DefinitionError);
  });
});
