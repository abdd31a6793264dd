import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * `sort` in every form the reference takes, ties broken by id across pages, and the errors.
 * Six documents (k1…k6, created in that order) carry varied values and nulls; 30 more share
 * str "tie" and int 7 to check that equal values keep one order across pages.
 */

const SMALL: readonly (readonly [string, Record<string, unknown>])[] = [
  ['k1', { str: 'b', int: 2, dec: '10.25', flt: 0.5, flag: true, day: '2024-01-02', big: '10' }],
  ['k2', { str: 'a', int: 2, dec: '9.5', flt: -1, flag: false, day: '2023-12-31', big: '9223372036854775807' }],
  ['k3', { str: 'c', int: 1, dec: '100', flt: 2, flag: false, day: null, big: '-9223372036854775808' }],
  ['k4', { str: 'a', int: 3, dec: '-1', flt: null, flag: null, day: '2024-01-01', big: '9223372036854775806' }],
  ['k5', {}],
  ['k6', { str: 'B', int: 1, dec: '0.001', flt: 0.25, flag: true, day: '2024-01-02', big: '-1' }],
];
const TIES = 30;

/** Only the six varied documents (the tie group has str "tie"; k5's null str is kept by $ne). */
const SMALL_FILTER = 'filters[str][$ne]=tie';

function invalidKey(key: string): unknown {
  return { data: null, error: { status: 400, name: 'ValidationError', message: `Invalid key ${key}`, details: { key, path: null, source: 'query', param: 'sort' } } };
}

const INVALID_ORDER = {
  data: null,
  error: {
    status: 400,
    name: 'ValidationError',
    message: 'Invalid order. order can only be one of asc|desc|ASC|DESC',
    details: { key: 'sort', path: null, source: 'query', param: 'sort' },
  },
};

describe('sort', () => {
  let t: TestApp;
  const keyOf = new Map<string, string>();
  const tieIds: number[] = [];

  before(async () => {
    t = await startTestApp();
    for (const [key, data] of SMALL) {
      const response = await t.post('/api/samples', { data });
      assert.equal(response.status, 201, response.text);
      keyOf.set(response.body.data.documentId, key);
    }
    const ties = await Promise.all(Array.from({ length: TIES }, () => t.post('/api/samples', { data: { str: 'tie', int: 7 } })));
    for (const response of ties) {
      assert.equal(response.status, 201, response.text);
      tieIds.push(response.body.data.id);
    }
    tieIds.sort((a, b) => a - b);
  });
  after(() => t.close());

  async function order(sortQuery: string): Promise<string> {
    const response = await t.get(`/api/samples?${SMALL_FILTER}${sortQuery ? `&${sortQuery}` : ''}&fields=id`);
    assert.equal(response.status, 200, response.text);
    return (response.body.data as { documentId: string }[]).map((document) => keyOf.get(document.documentId)).join(' ');
  }

  async function expectError(query: string, body: unknown): Promise<void> {
    const response = await t.get(`/api/samples?${query}`);
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(response.body, body);
  }

  describe('forms', () => {
    const cases: readonly (readonly [string, string])[] = [
      ['', 'k1 k2 k3 k4 k5 k6'],
      ['sort=', 'k1 k2 k3 k4 k5 k6'],
      // SQLite puts nulls first in ascending order and last in descending order.
      ['sort=str', 'k5 k6 k2 k4 k1 k3'],
      ['sort=str:asc', 'k5 k6 k2 k4 k1 k3'],
      ['sort=str:ASC', 'k5 k6 k2 k4 k1 k3'],
      ['sort=str:desc', 'k3 k1 k2 k4 k6 k5'],
      ['sort=str:DESC', 'k3 k1 k2 k4 k6 k5'],
      ['sort[0]=str:desc', 'k3 k1 k2 k4 k6 k5'],
      ['sort[str]=desc', 'k3 k1 k2 k4 k6 k5'],
      ['sort[str]=DESC', 'k3 k1 k2 k4 k6 k5'],
      ['sort=str:asc,int:desc', 'k5 k6 k4 k2 k1 k3'],
      ['sort=str,int:desc,', 'k5 k6 k4 k2 k1 k3'],
      ['sort[0]=str&sort[1]=int:desc', 'k5 k6 k4 k2 k1 k3'],
      ['sort=int:desc,str', 'k4 k2 k1 k6 k3 k5'],
      ['sort[0]=int:DESC&sort[1]=str:ASC', 'k4 k2 k1 k6 k3 k5'],
      ['sort[int]=desc&sort[str]=asc', 'k4 k2 k1 k6 k3 k5'],
      ['sort[0][int]=desc&sort[1][str]=asc', 'k4 k2 k1 k6 k3 k5'],
      ['sort[0]=int:desc&sort[1][str]=asc', 'k4 k2 k1 k6 k3 k5'],
      ['sort[0]=int:desc,str', 'k4 k2 k1 k6 k3 k5'],
      ['sort=int', 'k5 k3 k6 k1 k2 k4'],
      ['sort=id:desc', 'k6 k5 k4 k3 k2 k1'],
      ['sort[id]=desc', 'k6 k5 k4 k3 k2 k1'],
      ['sort=createdAt:desc,id:desc', 'k6 k5 k4 k3 k2 k1'],
      ['sort=updatedAt,publishedAt,id', 'k1 k2 k3 k4 k5 k6'],
    ];
    for (const [query, expected] of cases) {
      it(`${query || '(none)'} → ${expected}`, async () => assert.equal(await order(query), expected));
    }
  });

  describe('types', () => {
    const cases: readonly (readonly [string, string])[] = [
      // Decimals sort as numbers: as text '-1' < '0.001' < '10.25' < '100' < '9.5'.
      ['sort=dec', 'k5 k4 k6 k2 k1 k3'],
      ['sort=dec:desc', 'k3 k1 k2 k6 k4 k5'],
      ['sort=big', 'k5 k3 k6 k1 k4 k2'],
      ['sort=big:desc', 'k2 k4 k1 k6 k3 k5'],
      ['sort=flt', 'k4 k5 k2 k6 k1 k3'],
      ['sort=flag', 'k4 k5 k2 k3 k1 k6'],
      ['sort=flag:desc', 'k1 k6 k2 k3 k4 k5'],
      ['sort=day:desc', 'k1 k6 k4 k2 k3 k5'],
      ['sort=day:desc,int:desc', 'k1 k6 k4 k2 k3 k5'],
      ['sort=day:desc,str', 'k6 k1 k4 k2 k5 k3'],
    ];
    for (const [query, expected] of cases) {
      it(`${query} → ${expected}`, async () => assert.equal(await order(query), expected));
    }
  });

  describe('ties', () => {
    async function pages(query: (page: number) => string, count: number): Promise<number[]> {
      const ids: number[] = [];
      for (let page = 1; page <= count; page += 1) {
        const response = await t.get(`/api/samples?filters[str]=tie&fields=id&${query(page)}`);
        assert.equal(response.status, 200, response.text);
        ids.push(...(response.body.data as { id: number }[]).map((document) => document.id));
      }
      return ids;
    }

    it('equal values keep id order across pages (page mode, ascending)', async () => {
      assert.deepEqual(await pages((page) => `sort=int&pagination[pageSize]=7&pagination[page]=${page}`, 5), tieIds);
    });

    it('the tie-break on id stays ascending when the key is descending', async () => {
      assert.deepEqual(await pages((page) => `sort=str:desc&sort=int:desc&pagination[pageSize]=4&pagination[page]=${page}`, 8), tieIds);
    });

    it('equal values keep id order across pages (offset mode)', async () => {
      assert.deepEqual(await pages((page) => `sort[int]=asc&pagination[start]=${(page - 1) * 9}&pagination[limit]=9`, 4), tieIds);
    });

    it('an explicit id key replaces the tie-break', async () => {
      assert.deepEqual(await pages((page) => `sort=int,id:desc&pagination[pageSize]=10&pagination[page]=${page}`, 3), [...tieIds].reverse());
    });
  });

  describe('errors', () => {
    it('an invalid direction → 400', () => expectError('sort=str:up', INVALID_ORDER));
    it('an invalid direction in object form → 400', () => expectError('sort[str]=sideways', INVALID_ORDER));
    it('an empty direction → 400', () => expectError('sort=str:', INVALID_ORDER));
    it('an invalid direction in the second key → 400', () => expectError('sort[0]=str&sort[1]=int:down', INVALID_ORDER));
    it('an unknown field → 400 Invalid key', () => expectError('sort=nope', invalidKey('nope')));
    it('an unknown field with a direction → 400 Invalid key', () => expectError('sort=str,nope:desc', invalidKey('nope')));
    it('an unknown field in object form → 400 Invalid key', () => expectError('sort[0][nope]=asc', invalidKey('nope')));
    it('a private field → 400 Invalid key', () => expectError('sort=hidden:desc', invalidKey('hidden')));
    it('a password field → 400 Invalid key', () => expectError('sort[pass]=asc', invalidKey('pass')));
  });
});
