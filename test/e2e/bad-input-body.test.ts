// @databases: sqlite — hostile bodies are refused by validation, before any query
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Malformed and hostile request bodies. Every case is one line: a content-type, the raw body,
 * and the expected 4xx error. Each is sent as a POST and a PUT of the collection type and a
 * PUT of the single type; every answer is a 4xx in the envelope, and nothing is written.
 */

type Details = Record<string, unknown>;
interface Case {
  readonly label: string;
  readonly contentType: string | null;
  readonly body: string;
  readonly status: number;
  readonly name: string;
  readonly message: string;
  readonly details: Details;
}

const JSON_TYPE = 'application/json';
const MISSING_DATA = 'Missing "data" payload in the request body';
const NOT_JSON = "Body is not valid JSON but content-type is set to 'application/json'";

const error = (status: number, name: string, message: string, details: Details = {}) => ({ status, name, message, details });
const json = (label: string, body: string, status: number, name: string, message: string, details: Details = {}): Case => ({ label, contentType: JSON_TYPE, body, status, name, message, details });
/** A body the JSON parser refuses. */
const notJson = (label: string, body: string): Case => json(label, body, 400, 'BadRequestError', NOT_JSON);
/** Valid JSON with keys that would change objects' prototypes: refused, and told so. */
const FORBIDDEN_KEYS = 'The body must not have keys named "__proto__" or "constructor" holding "prototype" (they would change objects\' prototypes)';
const prototypeKeys = (label: string, body: string): Case => json(label, body, 400, 'BadRequestError', FORBIDDEN_KEYS);
/** Valid JSON without an object `data`. */
const missingData = (label: string, body: string, contentType: string | null = JSON_TYPE): Case => ({ label, contentType, body, ...error(400, 'ValidationError', MISSING_DATA) });
const unsupported = (label: string, contentType: string, body: string): Case => ({ label, contentType, body, ...error(415, 'UnsupportedMediaTypeError', 'Unsupported Media Type') });
const nestedTooDeep = (open: string, close: string, levels: number) => `${open.repeat(levels)}${close.repeat(levels)}`;

const ONE_MIB = 1024 * 1024;

const CASES: readonly Case[] = [
  // Not JSON although the content-type says so.
  notJson('truncated object', '{"data":{"str":"x"}'),
  notJson('bare word', 'hello'),
  notJson('single quotes', "{'data':{}}"),
  notJson('trailing comma', '{"data":{"str":"x",}}'),
  notJson('NaN literal', '{"data":{"int":NaN}}'),
  notJson('comment', '{"data":{} /* hi */}'),
  notJson('two documents', '{"data":{}}{"data":{}}'),
  // An empty body is no body, whatever the content-type: a write then has no `data`.
  missingData('empty body', ''),
  missingData('empty text/plain body', '', 'text/plain'),
  missingData('empty body of another type', '', 'application/octet-stream'),
  notJson('whitespace only', '   \n'),

  // Prototype poisoning is refused by the parser wherever it hides.
  prototypeKeys('__proto__ at the top', '{"__proto__":{"polluted":true},"data":{"str":"x"}}'),
  prototypeKeys('__proto__ in data', '{"data":{"__proto__":{"polluted":true}}}'),
  prototypeKeys('__proto__ inside a json attribute', '{"data":{"obj":{"__proto__":{"polluted":true}}}}'),
  prototypeKeys('escaped __proto__', '{"data":{"\\u005f_proto__":{"polluted":true}}}'),
  prototypeKeys('constructor.prototype at the top', '{"constructor":{"prototype":{"polluted":true}},"data":{}}'),
  prototypeKeys('constructor.prototype inside a json attribute', '{"data":{"obj":{"constructor":{"prototype":{"polluted":true}}}}}'),
  json('constructor as a data key', '{"data":{"constructor":1}}', 400, 'ValidationError', 'Invalid key constructor', { key: 'constructor', path: null, source: 'body' }),
  json('toString as a data key', '{"data":{"toString":"x"}}', 400, 'ValidationError', 'Invalid key toString', { key: 'toString', path: null, source: 'body' }),

  // JSON, but no object `data`.
  missingData('array body', '[]'),
  missingData('array of data', '[{"data":{"str":"x"}}]'),
  missingData('string body', '"data"'),
  missingData('number body', '42'),
  missingData('null body', 'null'),
  missingData('boolean body', 'true'),
  missingData('empty object', '{}'),
  missingData('data is a string', '{"data":"x"}'),
  missingData('data is a number', '{"data":1}'),
  missingData('data is an array', '{"data":[{"str":"x"}]}'),
  missingData('data is null', '{"data":null}'),
  missingData('data is true', '{"data":true}'),
  missingData('Data capitalised', '{"Data":{"str":"x"}}'),
  missingData('deeply nested array body', nestedTooDeep('[', ']', 100_000)),
  missingData('data nested deeply', `{"data":${nestedTooDeep('[', ']', 50_000)}}`),

  // Other content-types are not accepted: the API reads JSON.
  unsupported('text/plain holding JSON', 'text/plain', '{"data":{"str":"x"}}'),
  unsupported('text/plain with charset', 'text/plain; charset=utf-8', 'str=x'),
  unsupported('form-urlencoded', 'application/x-www-form-urlencoded', 'data[str]=x'),
  unsupported('multipart', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"str":"x"}\r\n--b--\r\n'),
  unsupported('xml', 'application/xml', '<data><str>x</str></data>'),
  unsupported('octet-stream', 'application/octet-stream', '{"data":{"str":"x"}}'),
  unsupported('json lookalike type', 'application/jsonx', '{"data":{"str":"x"}}'),
  unsupported('json-patch', 'application/json-patch+json', '[{"op":"add","path":"/data/str","value":"x"}]'),
  unsupported('garbage content-type', ';;;', '{"data":{"str":"x"}}'),

  // Past the 1 MiB default body limit, whatever the content-type.
  json('JSON over 1 MiB', JSON.stringify({ data: { txt: 'a'.repeat(ONE_MIB) } }), 413, 'PayloadTooLargeError', 'Request body is too large'),
  { label: 'text over 1 MiB', contentType: 'text/plain', body: 'a'.repeat(ONE_MIB + 1), ...error(413, 'PayloadTooLargeError', 'Request body is too large') },
];

/**
 * Bodies that parse, whose `data` fails validation on an attribute both types lack or share:
 * sent to the collection type only (the single type has other attributes).
 */
const SAMPLE_CASES: readonly Case[] = [
  json('json attribute nested 5000 levels', `{"data":{"obj":${nestedTooDeep('[', ']', 5000)}}}`, 400, 'ValidationError', 'obj is nested more than 32 levels deep', {
    errors: [{ path: ['obj'], message: 'obj is nested more than 32 levels deep', name: 'ValidationError', value: null }],
  }),
  json('json attribute of objects nested 5000 levels', `{"data":{"obj":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`, 400, 'ValidationError', 'obj is nested more than 32 levels deep', {
    errors: [{ path: ['obj'], message: 'obj is nested more than 32 levels deep', name: 'ValidationError', value: null }],
  }),
  json('string attribute given an array nested 5000 levels', `{"data":{"str":${nestedTooDeep('[', ']', 5000)}}}`, 400, 'ValidationError', 'str must be a `string` type, but the final value was: `[…]`.', {
    errors: [{ path: ['str'], message: 'str must be a `string` type, but the final value was: `[…]`.', name: 'ValidationError', value: null }],
  }),
  json('blocks nested 5000 levels', `{"data":{"blk":[{"type":"paragraph","children":[${'{"type":"link","children":['.repeat(5000)}${']}'.repeat(5000)}]}]}}`, 400, 'ValidationError', 'blk is nested more than 32 levels deep', {
    errors: [{ path: ['blk'], message: 'blk is nested more than 32 levels deep', name: 'ValidationError', value: null }],
  }),
  json('an unknown key with a huge value', JSON.stringify({ data: { nope: 'x'.repeat(500_000) } }), 400, 'ValidationError', 'Invalid key nope', { key: 'nope', path: null, source: 'body' }),
  json('50 000 unknown keys', JSON.stringify({ data: Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`k${index}`, index])) }), 400, 'ValidationError', 'Invalid key k0', {
    key: 'k0',
    path: null,
    source: 'body',
  }),
];

/**
 * Values whose check used to backtrack quadratically (seconds for 20 KB, hours for 1 MB): with
 * linear checks they are refused at once; the timeout turns a regression into a failure.
 */
const LONG_DIGITS = `${'1'.repeat(500_000)}x`;
const REDOS_CASES: readonly Case[] = [
  // Now refused by the 255-character rule before any pattern runs; still a 400 in linear time.
  ['mail', `a@${'a.'.repeat(200_000)} `, 'mail must be at most 255 characters'] as const,
  ['flt', LONG_DIGITS, `flt must be a \`number\` type, but the final value was: \`${JSON.stringify(LONG_DIGITS).slice(0, 80)}\`.`] as const,
  ['dec', LONG_DIGITS, `dec must be a \`number\` type, but the final value was: \`${JSON.stringify(LONG_DIGITS).slice(0, 80)}\`.`] as const,
].map(([attribute, value, message]) =>
  json(`${attribute}: ${value.length} characters built to backtrack`, JSON.stringify({ data: { [attribute]: value } }), 400, 'ValidationError', message, {
    errors: [{ path: [attribute], message, name: 'ValidationError', value }],
  }),
);

describe('hostile request bodies', () => {
  let t: TestApp;
  let documentId: string;
  before(async () => {
    t = await startTestApp();
    documentId = (await t.post('/api/samples', { data: { str: 'Keep me', int: 1, obj: { a: 1 } } })).body.data.documentId;
    assert.equal((await t.put('/api/setting', { data: { siteName: 'Site' } })).status, 200);
  });
  after(() => t.close());

  async function snapshot(): Promise<unknown[]> {
    const { db } = t.app.database;
    return Promise.all(['samples', 'settings'].map((table) => db.selectFrom(table).selectAll().orderBy('id').execute()));
  }

  async function expectRefused(targets: readonly (readonly [string, string])[], { contentType, body, status, name, message, details }: Case): Promise<void> {
    const expected = { status, body: { data: null, error: { status, name, message, details } } };
    const before = await snapshot();
    const headers: Record<string, string> = contentType === null ? {} : { 'content-type': contentType };
    const responses = await Promise.all(targets.map(([method, url]) => t.request(method, url, { rawBody: body, headers })));
    responses.forEach((response, index) => {
      const request = targets[index]?.join(' ');
      assert.deepEqual({ request, status: response.status, body: response.body }, { request, ...expected });
    });
    assert.deepEqual(await snapshot(), before);
  }

  describe('refused on every write route, writing nothing', () => {
    for (const testCase of CASES) {
      it(testCase.label, () =>
        expectRefused(
          [
            ['POST', '/api/samples'],
            ['PUT', `/api/samples/${documentId}`],
            ['PUT', '/api/setting'],
          ],
          testCase,
        ),
      );
    }
  });

  describe('refused by validation of the collection type, writing nothing', () => {
    for (const testCase of SAMPLE_CASES) {
      it(testCase.label, () =>
        expectRefused(
          [
            ['POST', '/api/samples'],
            ['PUT', `/api/samples/${documentId}`],
          ],
          testCase,
        ),
      );
    }
  });

  describe('refused in linear time', () => {
    for (const testCase of REDOS_CASES) {
      it(testCase.label, { timeout: 10_000 }, () =>
        expectRefused(
          [
            ['POST', '/api/samples'],
            ['PUT', `/api/samples/${documentId}`],
          ],
          testCase,
        ),
      );
    }
  });

  describe('an empty body is no body, on every route', () => {
    const create = async () => (await t.post('/api/samples', { data: { str: 'Doomed' } })).body.data.documentId as string;
    /** A body of zero chunks: `transfer-encoding: chunked`, no content-length. */
    const emptyStream = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });

    for (const [label, headers] of [
      ['application/json, no content-length (as @strapi/client sends it)', { 'content-type': JSON_TYPE }],
      ['application/json; charset=utf-8, content-length 0', { 'content-type': `${JSON_TYPE}; charset=utf-8`, 'content-length': '0' }],
      ['text/plain, content-length 0', { 'content-type': 'text/plain', 'content-length': '0' }],
    ] as const) {
      it(`DELETE of a document and of a single type: ${label}`, async () => {
        const doomed = await create();
        const deleted = await t.request('DELETE', `/api/samples/${doomed}`, { rawBody: '', headers });
        assert.equal(deleted.status, 204, deleted.text);
        assert.equal((await t.get(`/api/samples/${doomed}`)).status, 404);
        assert.equal((await t.put('/api/setting', { data: { siteName: 'Again' } })).status, 200);
        const single = await t.request('DELETE', '/api/setting', { rawBody: '', headers });
        assert.equal(single.status, 204, single.text);
        assert.equal((await t.get('/api/setting')).status, 404);
        assert.equal((await t.put('/api/setting', { data: { siteName: 'Site' } })).status, 200);
      });
    }

    it('DELETE with an empty chunked JSON body', async () => {
      const doomed = await create();
      const init = { method: 'DELETE', headers: { 'content-type': JSON_TYPE }, body: emptyStream(), duplex: 'half' } as RequestInit;
      const response = await fetch(`${t.baseUrl}/api/samples/${doomed}`, init);
      assert.equal(response.status, 204, await response.text());
      assert.equal((await t.get(`/api/samples/${doomed}`)).status, 404);
    });

    it('a text/plain body is a 415 on DELETE too, and the document stays', async () => {
      const response = await t.request('DELETE', `/api/samples/${documentId}`, { rawBody: 'please', headers: { 'content-type': 'text/plain' } });
      assert.deepEqual({ status: response.status, body: response.body }, { status: 415, body: { data: null, error: error(415, 'UnsupportedMediaTypeError', 'Unsupported Media Type') } });
      assert.equal((await t.get(`/api/samples/${documentId}`)).status, 200);
    });
  });

  it('a malformed body on DELETE is refused before the document is deleted', async () => {
    const response = await t.request('DELETE', `/api/samples/${documentId}`, { rawBody: '{bad', headers: { 'content-type': JSON_TYPE } });
    assert.deepEqual(response.body, { data: null, error: error(400, 'BadRequestError', NOT_JSON) });
    assert.equal((await t.get(`/api/samples/${documentId}`)).status, 200);
  });

  it('a body just under 1 MiB is accepted', async () => {
    const body = JSON.stringify({ data: { txt: 'a'.repeat(ONE_MIB - 100) } });
    assert.ok(Buffer.byteLength(body) < ONE_MIB);
    const response = await t.request('PUT', `/api/samples/${documentId}`, { rawBody: body, headers: { 'content-type': JSON_TYPE } });
    assert.equal(response.status, 200);
    assert.equal(response.body.data.txt.length, ONE_MIB - 100);
  });

  it('a json attribute may hold keys named like prototype members, as plain data', async () => {
    const value = { constructor: 1, prototype: { x: 1 }, toString: 'no', hasOwnProperty: null };
    const response = await t.put(`/api/samples/${documentId}`, { data: { obj: value } });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.data.obj, value);
    assert.deepEqual((await t.get(`/api/samples/${documentId}`)).body.data.obj, value);
  });

  it('no prototype was polluted by any of the above', () => {
    assert.equal('polluted' in Object.prototype, false);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
