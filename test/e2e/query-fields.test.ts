import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** `fields` on lists and on findOne, and findOne with `filters`. */

const FULL = {
  str: 'Alpha', txt: 'long text', rich: '**rich**', blk: [{ type: 'paragraph', children: [{ type: 'text', text: 'hi' }] }],
  enm: 'beta', mail: 'a@b.co', pass: 'secret-password', slug: 'alpha', day: '2024-05-06', clock: '07:08:09.010',
  moment: '2024-05-06T07:08:09.010Z', stamp: '2024-05-06T07:08:09.010Z', int: 12, big: '9223372036854775807', flt: 1.25,
  dec: '3.5', flag: true, obj: { nested: { a: [1, 2] } }, list: ['x', 1, false], hidden: 'private value',
};

/** Every attribute a response shows by default, besides id and documentId. */
const DEFAULT_KEYS = [
  'str', 'txt', 'rich', 'blk', 'enm', 'mail', 'slug', 'day', 'clock', 'moment', 'stamp', 'int', 'big', 'flt', 'dec', 'flag', 'obj', 'list',
  'createdAt', 'updatedAt', 'publishedAt',
];

/** `details.path` is the attribute's name when it exists (private, password), null when unknown, as in the reference. */
function invalidKey(key: string, path: string | null = null): unknown {
  return { data: null, error: { status: 400, name: 'ValidationError', message: `Invalid key ${key}`, details: { key, path, source: 'query', param: 'fields' } } };
}

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

describe('fields and findOne', () => {
  let t: TestApp;
  let full: Record<string, unknown>;
  let other: Record<string, unknown>;

  before(async () => {
    t = await startTestApp();
    const first = await t.post('/api/samples', { data: FULL });
    assert.equal(first.status, 201, first.text);
    full = first.body.data;
    const second = await t.post('/api/samples', { data: { str: 'Beta', int: 3 } });
    assert.equal(second.status, 201, second.text);
    other = second.body.data;
  });
  after(() => t.close());

  /** The first document of a list filtered to `full`, with the given extra query. */
  async function listOne(query: string): Promise<Record<string, unknown>> {
    const response = await t.get(`/api/samples?filters[documentId]=${String(full.documentId)}&${query}`);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.data.length, 1);
    return response.body.data[0];
  }

  function pick(...keys: string[]): Record<string, unknown> {
    return Object.fromEntries(['id', 'documentId', ...keys].map((key) => [key, full[key]]));
  }

  async function expectError(url: string, body: unknown): Promise<void> {
    const response = await t.get(url);
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(response.body, body);
  }

  describe('on lists', () => {
    it('the default output: every public attribute and the timestamps, in definition order', async () => {
      const document = await listOne('');
      assert.deepEqual(Object.keys(document), ['id', 'documentId', ...DEFAULT_KEYS]);
      assert.deepEqual(document, full);
      assert.equal(full.big, '9223372036854775807');
      assert.equal(full.dec, 3.5);
    });
    it('one field', async () => assert.deepEqual(await listOne('fields=str'), pick('str')));
    it('a comma string', async () => assert.deepEqual(await listOne('fields=int,str,big'), pick('str', 'int', 'big')));
    it('a comma string with spaces', async () => assert.deepEqual(await listOne('fields=%20str%20,%20int'), pick('str', 'int')));
    it('an indexed array', async () => assert.deepEqual(await listOne('fields[0]=flag&fields[1]=dec'), pick('dec', 'flag')));
    it('an indexed array of comma strings', async () => assert.deepEqual(await listOne('fields[0]=flag,obj&fields[1]=list'), pick('flag', 'obj', 'list')));
    it('repeated names count once', async () => assert.deepEqual(await listOne('fields=str,str&fields=str'), pick('str')));
    it('output follows definition order, not request order', async () => {
      assert.deepEqual(Object.keys(await listOne('fields=list,str,day')), ['id', 'documentId', 'str', 'day', 'list']);
    });
    it('* means every field', async () => assert.deepEqual(await listOne('fields=*'), full));
    it('* inside a list means every field', async () => assert.deepEqual(await listOne('fields[0]=str&fields[1]=*'), full));
    it('id alone gives id and documentId', async () => assert.deepEqual(await listOne('fields=id'), pick()));
    it('documentId alone gives id and documentId', async () => assert.deepEqual(await listOne('fields[0]=documentId'), pick()));
    it('timestamps are selectable', async () => {
      assert.deepEqual(await listOne('fields=createdAt,updatedAt,publishedAt'), pick('createdAt', 'updatedAt', 'publishedAt'));
    });
    it('JSON, blocks and array fields come out decoded', async () => assert.deepEqual(await listOne('fields=obj,blk,list'), pick('blk', 'obj', 'list')));
    it('filters and sort may use fields that are not selected', async () => {
      const response = await t.get('/api/samples?fields=str&filters[int][$gt]=0&sort=int:desc');
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body.data, [
        { id: full.id, documentId: full.documentId, str: 'Alpha' },
        { id: other.id, documentId: other.documentId, str: 'Beta' },
      ]);
    });
    it('an unknown field → 400 Invalid key', () => expectError('/api/samples?fields=nope', invalidKey('nope')));
    it('an unknown field after a known one → 400 Invalid key', () => expectError('/api/samples?fields=str,nope', invalidKey('nope')));
    it('a private field → 400 Invalid key', () => expectError('/api/samples?fields[0]=str&fields[1]=hidden', invalidKey('hidden', 'hidden')));
    it('a password field → 400 Invalid key', () => expectError('/api/samples?fields=pass', invalidKey('pass', 'pass')));
    it('a field named with another case → 400 Invalid key', () => expectError('/api/samples?fields=Str', invalidKey('Str')));
    it('an object → 400', () =>
      expectError('/api/samples?fields[str]=1', {
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Invalid fields parameter: expected attribute names', details: { key: 'fields', path: null, source: 'query', param: 'fields' } },
      }));
  });

  describe('on findOne', () => {
    it('returns the document with meta {}', async () => {
      const response = await t.get(`/api/samples/${String(full.documentId)}`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { data: full, meta: {} });
    });
    it('fields', async () => {
      const response = await t.get(`/api/samples/${String(full.documentId)}?fields=day,clock,moment,stamp`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { data: pick('day', 'clock', 'moment', 'stamp'), meta: {} });
    });
    it('fields as an indexed array, with id', async () => {
      const response = await t.get(`/api/samples/${String(full.documentId)}?fields[0]=id&fields[1]=enm`);
      assert.deepEqual(response.body, { data: pick('enm'), meta: {} });
    });
    it('fields=*', async () => {
      const response = await t.get(`/api/samples/${String(full.documentId)}?fields=*`);
      assert.deepEqual(response.body, { data: full, meta: {} });
    });
    it('a private field → 400 Invalid key', () => expectError(`/api/samples/${String(full.documentId)}?fields=hidden`, invalidKey('hidden', 'hidden')));
    it('filters that match → 200', async () => {
      const response = await t.get(`/api/samples/${String(full.documentId)}?filters[str][$eq]=Alpha&filters[int][$gt]=10&fields=str`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { data: pick('str'), meta: {} });
    });
    it('filters with logical operators that match → 200', async () => {
      const response = await t.get(`/api/samples/${String(full.documentId)}?filters[$or][0][str]=nope&filters[$or][1][flag]=true&fields=flag`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { data: pick('flag'), meta: {} });
    });
    it('filters that do not match → 404', async () => {
      const response = await t.get(`/api/samples/${String(full.documentId)}?filters[str][$eq]=Beta`);
      assert.equal(response.status, 404);
      assert.deepEqual(response.body, NOT_FOUND);
    });
    it('filters matching another document only → 404', async () => {
      const response = await t.get(`/api/samples/${String(full.documentId)}?filters[documentId]=${String(other.documentId)}`);
      assert.equal(response.status, 404);
      assert.deepEqual(response.body, NOT_FOUND);
    });
    it('an invalid filter → 400 before the lookup', () =>
      expectError(`/api/samples/${String(full.documentId)}?filters[pass][$null]=true`, {
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Invalid key pass', details: { key: 'pass', path: null, source: 'query', param: 'filters' } },
      }));
    it('an unknown documentId → 404', async () => {
      const response = await t.get('/api/samples/abcdefghijklmnopqrstuvwx?fields=str');
      assert.equal(response.status, 404);
      assert.deepEqual(response.body, NOT_FOUND);
    });
  });
});
