// @databases: sqlite — GraphQL transport (parse, method, content type) errors, answered before any resolver
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, fetchExchange, type CombinedError, type OperationResult } from '@urql/core';
import { rawHttp, type RawResponse } from '../helpers/raw-http.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { withGraphqlConfig } from '../helpers/graphql-config.js';

/**
 * What the GraphQL endpoint answers to requests it refuses: every refusal is a GraphQL error
 * (`{ errors: [{ message, extensions: { code } }] }`) with a JSON content type, sent raw so that
 * the headers are the server's own; subscriptions (as operations or as a websocket handshake)
 * are refused as unsupported; and where introspection is off (production) no message suggests
 * names of the schema ("Did you mean …?").
 */

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'jwt-secret-for-tests', API_TOKEN_SALT: 'salt-for-tests', ADMIN_JWT_SECRET: 'admin-secret-for-tests' };

const withIntrospection = withGraphqlConfig({ v4CompatibilityMode: true, apolloServer: { introspection: true } });

function post(body: string, headers = ''): string {
  return `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

function get(query: Record<string, string>, headers = 'apollo-require-preflight: true\r\n'): string {
  return `GET /graphql?${new URLSearchParams(query).toString()} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`;
}

const WEBSOCKET = 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';

/** A GraphQL error answer: status, JSON content type, `errors` only (not the REST envelope); its first error. */
function assertGraphqlError(response: RawResponse, status: number, code: string): { message: string } {
  assert.equal(response.status, status, response.text);
  assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8', `content type of ${response.text}`);
  assert.ok(Array.isArray(response.body?.errors) && response.body.errors.length > 0, response.text);
  assert.equal(response.body.error, undefined, 'not the REST envelope');
  const [first] = response.body.errors;
  assert.equal(typeof first.message, 'string');
  assert.equal(first.extensions?.code, code, response.text);
  return first;
}

describe('graphql: every transport error is a GraphQL error with a JSON content type', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'kitchen-sink' });
  });
  after(async () => t?.close());

  const cases: readonly (readonly [string, string, number, string])[] = [
    ['a syntax error', post('{"query":"{"}'), 400, 'GRAPHQL_PARSE_FAILED'],
    ['a validation error', post('{"query":"{ nope }"}'), 400, 'GRAPHQL_VALIDATION_FAILED'],
    ['variables of the wrong type', post('{"query":"query ($s: PublicationStatus) { samples(status: $s) { data { id } } }","variables":{"s":5}}'), 400, 'BAD_USER_INPUT'],
    ['a GET whose variables are not JSON', get({ query: '{ __typename }', variables: '{x' }), 400, 'BAD_USER_INPUT'],
    ['a GET without a preflight header (CSRF)', get({ query: '{ __typename }' }, ''), 400, 'BAD_REQUEST'],
    ['a mutation over GET', get({ query: 'mutation { __typename }' }), 405, 'BAD_REQUEST'],
    ['a batch', post('[{"query":"{ __typename }"}]'), 400, 'BAD_REQUEST'],
    ['a query that is JSON, not GraphQL', post('{"query":"{\\"kind\\":\\"Document\\"}"}'), 400, 'GRAPHQL_PARSE_FAILED'],
    ['no query', post('{"variables":{}}'), 400, 'BAD_REQUEST'],
    ['an unknown operation name', post('{"query":"query A { __typename }","operationName":"B"}'), 400, 'OPERATION_RESOLUTION_FAILURE'],
  ];
  for (const [name, request, status, code] of cases) {
    it(`${name} → ${status} ${code}`, async () => {
      assertGraphqlError(await rawHttp(t.baseUrl, request), status, code);
    });
  }

  it('a websocket handshake is told that subscriptions are not supported, not refused as a cross-site request', async () => {
    for (const request of [get({}, WEBSOCKET), get({}, `${WEBSOCKET}Sec-WebSocket-Protocol: graphql-transport-ws\r\n`), get({ query: '{ __typename }' }, `${WEBSOCKET}apollo-require-preflight: true\r\n`)]) {
      const error = assertGraphqlError(await rawHttp(t.baseUrl, request), 400, 'BAD_REQUEST');
      assert.match(error.message, /^Subscriptions are not supported/);
      assert.doesNotMatch(error.message, /CSRF|Cross-Site/i);
    }
    // Another upgrade offer (curl --http2 sends h2c with every request) is ignored: the operation is served.
    const h2c = await rawHttp(t.baseUrl, post('{"query":"{ __typename }"}', 'Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n'));
    assert.deepEqual({ status: h2c.status, body: h2c.body }, { status: 200, body: { data: { __typename: 'Query' } } });
  });
});

describe('graphql: errors that GraphQL leaves to the application', () => {
  const projects = createTempProjects('tessera-gql-transport-');
  after(() => projects.remove());

  it('a server plugin hook that throws while the operation runs → the error envelope, still with a JSON content type', async () => {
    const project = projects.write({
      [schemaPath('note')]: {
        kind: 'collectionType',
        collectionName: 'notes',
        info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
        options: { draftAndPublish: false },
        pluginOptions: {},
        attributes: { text: { type: 'string' } },
      },
      'src/index.js': `export default {
  register({ strapi }) {
    strapi.plugin('graphql').service('extension').use({
      plugins: [(fastify) => fastify.graphql.addHook('preExecution', async () => { throw new Error('a bug in the plugin'); })],
    });
  },
};
`,
    });
    const t = await startTestApp({ fixture: project });
    try {
      const response = await rawHttp(t.baseUrl, post('{"query":"{ __typename }"}'));
      assert.equal(response.status, 500, response.text);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8', response.text);
      assert.deepEqual(response.body, { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } });
    } finally {
      await t.close();
    }
  });
});

describe('graphql: subscription operations', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'kitchen-sink' });
  });
  after(async () => t?.close());

  it('are refused with 400 "Subscriptions are not supported" over POST and GET, whatever they select', async () => {
    for (const request of [
      post('{"query":"subscription { __typename }"}'),
      post('{"query":"subscription OnSample { samples { data { id } } }"}'),
      get({ query: 'subscription { __typename }' }),
    ]) {
      const error = assertGraphqlError(await rawHttp(t.baseUrl, request), 400, 'GRAPHQL_VALIDATION_FAILED');
      assert.match(error.message, /^Subscriptions are not supported/);
    }
  });

  it('reach a client as a GraphQL error (urql over fetch), not a server failure', async () => {
    const client = new Client({ url: `${t.baseUrl}/graphql`, exchanges: [fetchExchange], fetchSubscriptions: true, requestPolicy: 'network-only' });
    // The first result (a subscription's promise would wait for its end).
    const result = await new Promise<OperationResult>((resolve) => {
      const { unsubscribe } = client.subscription('subscription { __typename }', {}).subscribe((first) => {
        resolve(first);
        queueMicrotask(unsubscribe);
      });
    });
    assert.equal(result.error?.networkError, undefined);
    const [error] = result.error?.graphQLErrors ?? [];
    assert.equal(error?.extensions.code, 'GRAPHQL_VALIDATION_FAILED', result.error?.message);
    assert.match(error?.message ?? '', /^Subscriptions are not supported/);
  });
});

/** Requests whose answers graphql-js words with a suggestion of the schema's names. */
const MISSPELLED: readonly (readonly [string, string, Record<string, unknown>?])[] = [
  ['a field', '{ sampls { data { id } } }'],
  ['an argument', '{ samples(filtrs: {}) { data { id } } }'],
  ['a variable type', 'query ($f: SampleFiltersInpt) { samples(filters: $f) { data { id } } }'],
  ['a fragment type', '{ samples { data { ... on SampleEntit { id } } } }'],
  ['a directive argument', '{ samples { data { id @include(iff: true) } } }'],
  ['an enum literal', '{ samples(status: PUBLISHE) { data { id } } }'],
  ['an enum variable value', 'query ($s: PublicationStatus) { samples(status: $s) { data { id } } }', { s: 'PUBLISHE' }],
  ['a field of an input variable', 'query ($p: PaginationArg) { samples(pagination: $p) { data { id } } }', { p: { pageSiz: 1 } }],
  ['a field of a filters variable', 'query ($f: SampleFiltersInput) { samples(filters: $f) { data { id } } }', { f: { st: { eq: 'a' } } }],
];

async function errorsOf(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<CombinedError> {
  const result = await client.query(query, variables).toPromise();
  assert.ok(result.error, `no error for ${query}`);
  assert.equal(result.error.networkError, undefined, result.error.message);
  assert.ok(result.error.graphQLErrors.length > 0);
  return result.error;
}

describe('graphql: suggestions follow introspection', () => {
  it('in production (introspection off) no error suggests a name, over graphql-js and compiled (repeated) operations alike', async () => {
    const t = await startTestApp({ fixture: 'kitchen-sink', env: PRODUCTION });
    try {
      const client = new Client({ url: `${t.baseUrl}/graphql`, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false });
      for (const [what, query, variables] of MISSPELLED) {
        // Three times: the first request of a text is validated and run by graphql-js, later ones are cached or compiled.
        for (let call = 1; call <= 3; call += 1) {
          const error = await errorsOf(client, query, variables);
          for (const { message } of error.graphQLErrors) assert.doesNotMatch(message, /Did you mean/, `${what}, call ${call}`);
        }
      }
      const field = await errorsOf(client, '{ sampls { data { id } } }');
      assert.equal(field.graphQLErrors[0]?.message, 'Cannot query field "sampls" on type "Query".');
    } finally {
      await t.close();
    }
  });

  for (const [name, env, override] of [
    ['outside production', {}, undefined],
    ['in production with apolloServer.introspection: true', PRODUCTION, withIntrospection],
  ] as const) {
    it(`${name} (introspection on) errors keep their suggestions`, async () => {
      const t = await startTestApp({ fixture: 'kitchen-sink', env, ...(override ? { override } : {}) });
      try {
        const client = new Client({ url: `${t.baseUrl}/graphql`, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false });
        for (const [what, query, variables] of MISSPELLED.filter(([what]) => what !== 'a field of a filters variable')) {
          const error = await errorsOf(client, query, variables);
          assert.ok(error.graphQLErrors.some(({ message }) => /Did you mean/.test(message)), `${what}: ${error.message}`);
        }
      } finally {
        await t.close();
      }
    });
  }
});
