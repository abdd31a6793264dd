import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Pagination, both modes, with every rule of reference §4, and meta.pagination.total in every
 * case: the service skips the count query when a page is partial, so totals are checked on
 * partial, full, exactly-full-last and out-of-range pages, with and without filters.
 */

const TOTAL = 130;

async function seed(t: TestApp, count: number): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: count }, (_, index) => t.post('/api/samples', { data: { int: index } })));
  for (const response of responses) assert.equal(response.status, 201, response.text);
  return responses.map((response) => response.body.data.id as number).sort((a, b) => a - b);
}

function validation(message: string, key: string): unknown {
  return { data: null, error: { status: 400, name: 'ValidationError', message, details: { key, path: `pagination.${key}`, source: 'query', param: 'pagination' } } };
}

const MIXED = {
  data: null,
  error: { status: 400, name: 'PaginationError', message: 'Cannot use both page & offset pagination in the same query', details: {} },
};

describe('pagination with the default rest config (25 / 100 / withCount)', () => {
  let t: TestApp;
  let ids: number[] = [];

  before(async () => {
    t = await startTestApp();
    ids = await seed(t, TOTAL);
  });
  after(() => t.close());

  /** ids and meta.pagination of a list. */
  async function list(query: string): Promise<{ ids: number[]; pagination: Record<string, number> }> {
    const response = await t.get(`/api/samples?fields=id${query ? `&${query}` : ''}`);
    assert.equal(response.status, 200, response.text);
    return { ids: (response.body.data as { id: number }[]).map((document) => document.id), pagination: response.body.meta.pagination };
  }

  async function expectError(query: string, body: unknown): Promise<void> {
    const response = await t.get(`/api/samples?${query}`);
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(response.body, body);
  }

  describe('page mode', () => {
    it('defaults to page 1 of 25 with pageCount and total', async () => {
      const result = await list('');
      assert.deepEqual(result.pagination, { page: 1, pageSize: 25, pageCount: 6, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(0, 25));
    });
    it('page 3 of 25', async () => {
      const result = await list('pagination[page]=3');
      assert.deepEqual(result.pagination, { page: 3, pageSize: 25, pageCount: 6, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(50, 75));
    });
    it('a pageSize above maxLimit is clamped to 100', async () => {
      const result = await list('pagination[pageSize]=1000');
      assert.deepEqual(result.pagination, { page: 1, pageSize: 100, pageCount: 2, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(0, 100));
    });
    it('the clamped size applies to later pages too', async () => {
      const result = await list('pagination[pageSize]=101&pagination[page]=2');
      assert.deepEqual(result.pagination, { page: 2, pageSize: 100, pageCount: 2, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(100));
    });
    for (const size of ['0', '-1', '-50']) {
      it(`pageSize ${size} becomes 1`, async () => {
        const result = await list(`pagination[pageSize]=${size}&pagination[page]=2`);
        assert.deepEqual(result.pagination, { page: 2, pageSize: 1, pageCount: TOTAL, total: TOTAL });
        assert.deepEqual(result.ids, ids.slice(1, 2));
      });
    }
    for (const page of ['0', '-1', '-9']) {
      it(`page ${page} is page 1`, async () => {
        const result = await list(`pagination[page]=${page}&pagination[pageSize]=10`);
        assert.deepEqual(result.pagination, { page: 1, pageSize: 10, pageCount: 13, total: TOTAL });
        assert.deepEqual(result.ids, ids.slice(0, 10));
      });
    }
    it('a page beyond the range → 200, [] and the requested page in meta', async () => {
      const result = await list('pagination[page]=9');
      assert.deepEqual(result.pagination, { page: 9, pageSize: 25, pageCount: 6, total: TOTAL });
      assert.deepEqual(result.ids, []);
    });
    it('a page far beyond any table → 200, [] and the requested page in meta', async () => {
      const result = await list('pagination[page]=30000000&pagination[pageSize]=100');
      assert.deepEqual(result.pagination, { page: 30000000, pageSize: 100, pageCount: 2, total: TOTAL });
      assert.deepEqual(result.ids, []);
    });
    it('the largest safe page number → 200 and []', async () => {
      const result = await list('pagination[page]=9007199254740991&pagination[withCount]=false');
      assert.deepEqual(result.pagination, { page: 9007199254740991, pageSize: 25 });
      assert.deepEqual(result.ids, []);
    });
    it('pageSize alone selects page mode at page 1', async () => {
      const result = await list('pagination[pageSize]=7');
      assert.deepEqual(result.pagination, { page: 1, pageSize: 7, pageCount: 19, total: TOTAL });
    });
    it('leading + and surrounding spaces in numbers are read', async () => {
      const result = await list('pagination[page]=%2B2&pagination[pageSize]=%2010%20');
      assert.deepEqual(result.pagination, { page: 2, pageSize: 10, pageCount: 13, total: TOTAL });
    });
  });

  describe('offset mode', () => {
    it('start and limit', async () => {
      const result = await list('pagination[start]=10&pagination[limit]=5');
      assert.deepEqual(result.pagination, { start: 10, limit: 5, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(10, 15));
    });
    it('start alone takes the default limit', async () => {
      const result = await list('pagination[start]=120');
      assert.deepEqual(result.pagination, { start: 120, limit: 25, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(120));
    });
    it('limit alone starts at 0', async () => {
      const result = await list('pagination[limit]=3');
      assert.deepEqual(result.pagination, { start: 0, limit: 3, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(0, 3));
    });
    it('limit -1 means maxLimit', async () => {
      const result = await list('pagination[limit]=-1');
      assert.deepEqual(result.pagination, { start: 0, limit: 100, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(0, 100));
    });
    it('a limit above maxLimit is clamped', async () => {
      const result = await list('pagination[start]=5&pagination[limit]=500');
      assert.deepEqual(result.pagination, { start: 5, limit: 100, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(5, 105));
    });
    for (const limit of ['0', '-2']) {
      it(`limit ${limit} becomes 1`, async () => {
        const result = await list(`pagination[start]=4&pagination[limit]=${limit}`);
        assert.deepEqual(result.pagination, { start: 4, limit: 1, total: TOTAL });
        assert.deepEqual(result.ids, ids.slice(4, 5));
      });
    }
    it('a start far beyond any table → 200, [] and the requested start in meta', async () => {
      const result = await list('pagination[start]=9007199254740991&pagination[limit]=5');
      assert.deepEqual(result.pagination, { start: 9007199254740991, limit: 5, total: TOTAL });
      assert.deepEqual(result.ids, []);
    });
    it('a negative start becomes 0', async () => {
      const result = await list('pagination[start]=-10&pagination[limit]=2');
      assert.deepEqual(result.pagination, { start: 0, limit: 2, total: TOTAL });
      assert.deepEqual(result.ids, ids.slice(0, 2));
    });
  });

  describe('withCount', () => {
    for (const value of ['false', 'f', '0']) {
      it(`withCount=${value} omits total and pageCount in page mode`, async () => {
        const result = await list(`pagination[withCount]=${value}&pagination[page]=2`);
        assert.deepEqual(result.pagination, { page: 2, pageSize: 25 });
        assert.deepEqual(result.ids, ids.slice(25, 50));
      });
      it(`withCount=${value} omits total in offset mode`, async () => {
        const result = await list(`pagination[withCount]=${value}&pagination[start]=3&pagination[limit]=2`);
        assert.deepEqual(result.pagination, { start: 3, limit: 2 });
      });
    }
    for (const value of ['true', 't', '1']) {
      it(`withCount=${value} keeps the totals`, async () => {
        const result = await list(`pagination[withCount]=${value}`);
        assert.deepEqual(result.pagination, { page: 1, pageSize: 25, pageCount: 6, total: TOTAL });
      });
    }
    it('withCount alone keeps the default page mode', async () => {
      const result = await list('pagination[withCount]=false');
      assert.deepEqual(result.pagination, { page: 1, pageSize: 25 });
    });
    for (const value of ['yes', '', 'TRUE']) {
      it(`withCount=${JSON.stringify(value)} → 400`, () =>
        expectError(`pagination[withCount]=${value}`, validation('Invalid withCount parameter. Expected "t","1","true","false","0","f"', 'withCount')));
    }
    it('withCount with no value (null) → 400', () =>
      expectError('pagination[withCount]', validation('Invalid withCount parameter. Expected "t","1","true","false","0","f"', 'withCount')));
  });

  describe('invalid pagination', () => {
    for (const query of [
      'pagination[page]=1&pagination[start]=0',
      'pagination[pageSize]=10&pagination[limit]=10',
      'pagination[page]=2&pagination[limit]=5',
      'pagination[pageSize]=5&pagination[start]=5&pagination[withCount]=false',
    ]) {
      it(`${query} → 400 PaginationError`, () => expectError(query, MIXED));
    }
    for (const [key, value] of [['page', 'abc'], ['pageSize', '1.5'], ['start', 'x'], ['limit', 'ten'], ['page', '1e2'], ['limit', ''], ['page', '9007199254740992']] as const) {
      it(`${key}=${JSON.stringify(value)} → 400`, () =>
        expectError(`pagination[${key}]=${value}`, validation(`Invalid pagination parameter ${key}: expected an integer, got ${JSON.stringify(value)}`, key)));
    }
    it('an array as page → 400', () =>
      expectError('pagination[page][0]=1', validation('Invalid pagination parameter page: expected an integer, got ["1"]', 'page')));
    it('an unknown key → 400 Invalid key', () =>
      expectError('pagination[size]=10', {
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Invalid key size at pagination.size', details: { key: 'size', path: 'pagination.size', source: 'query', param: 'pagination' } },
      }));
    it('a scalar pagination → 400', () =>
      expectError('pagination=10', {
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Invalid pagination parameter: expected an object', details: { key: 'pagination', path: null, source: 'query', param: 'pagination' } },
      }));
  });

  describe('meta.pagination.total is right on every kind of page', () => {
    // int holds 0…129, so `int < n` matches exactly n documents.
    const cases: readonly (readonly [string, number, Record<string, number>])[] = [
      ['filters[int][$lt]=10', 10, { page: 1, pageSize: 25, pageCount: 1, total: 10 }],
      ['filters[int][$lt]=25', 25, { page: 1, pageSize: 25, pageCount: 1, total: 25 }],
      ['filters[int][$lt]=30&pagination[page]=2', 5, { page: 2, pageSize: 25, pageCount: 2, total: 30 }],
      ['filters[int][$lt]=50&pagination[page]=2', 25, { page: 2, pageSize: 25, pageCount: 2, total: 50 }],
      ['filters[int][$lt]=50&pagination[page]=3', 0, { page: 3, pageSize: 25, pageCount: 2, total: 50 }],
      ['filters[int][$lt]=0', 0, { page: 1, pageSize: 25, pageCount: 0, total: 0 }],
      ['pagination[pageSize]=26&pagination[page]=5', 26, { page: 5, pageSize: 26, pageCount: 5, total: TOTAL }],
      ['pagination[pageSize]=100&pagination[page]=2', 30, { page: 2, pageSize: 100, pageCount: 2, total: TOTAL }],
      ['pagination[pageSize]=1&pagination[page]=130', 1, { page: 130, pageSize: 1, pageCount: 130, total: TOTAL }],
      ['pagination[pageSize]=1&pagination[page]=131', 0, { page: 131, pageSize: 1, pageCount: 130, total: TOTAL }],
      ['pagination[start]=125&pagination[limit]=10', 5, { start: 125, limit: 10, total: TOTAL }],
      ['pagination[start]=120&pagination[limit]=10', 10, { start: 120, limit: 10, total: TOTAL }],
      ['pagination[start]=130&pagination[limit]=10', 0, { start: 130, limit: 10, total: TOTAL }],
      ['pagination[start]=500&pagination[limit]=10', 0, { start: 500, limit: 10, total: TOTAL }],
      ['filters[int][$gte]=100&pagination[start]=10&pagination[limit]=25', 20, { start: 10, limit: 25, total: 30 }],
      ['filters[int][$gte]=100&pagination[start]=40', 0, { start: 40, limit: 25, total: 30 }],
      ['filters[int][$gte]=120&sort=int:desc&pagination[limit]=-1', 10, { start: 0, limit: 100, total: 10 }],
    ];
    for (const [query, rows, pagination] of cases) {
      it(`${query} → ${rows} rows, ${JSON.stringify(pagination)}`, async () => {
        const result = await list(query);
        assert.equal(result.ids.length, rows);
        assert.deepEqual(result.pagination, pagination);
      });
    }

    it('a partial page needs one statement, a full or empty page two (the count)', async () => {
      const { counter } = t.app.database;
      const partial = await counter.measure(() => list('filters[int][$lt]=10'));
      const full = await counter.measure(() => list('filters[int][$lt]=25'));
      const empty = await counter.measure(() => list('pagination[start]=500'));
      const uncounted = await counter.measure(() => list('pagination[withCount]=false'));
      assert.deepEqual([partial.statements, full.statements, empty.statements, uncounted.statements], [1, 2, 2, 1]);
    });
  });
});

describe('pagination with rest config defaultLimit 10, maxLimit 20, withCount false', () => {
  let t: TestApp;
  let ids: number[] = [];

  before(async () => {
    t = await startTestApp({ override: (config) => ({ ...config, rest: { ...config.rest, defaultLimit: 10, maxLimit: 20, withCount: false } }) });
    ids = await seed(t, 45);
  });
  after(() => t.close());

  async function list(query: string): Promise<{ ids: number[]; pagination: Record<string, number> }> {
    const response = await t.get(`/api/samples?fields=id${query ? `&${query}` : ''}`);
    assert.equal(response.status, 200, response.text);
    return { ids: (response.body.data as { id: number }[]).map((document) => document.id), pagination: response.body.meta.pagination };
  }

  it('defaults to 10 per page without totals', async () => {
    const result = await list('');
    assert.deepEqual(result.pagination, { page: 1, pageSize: 10 });
    assert.deepEqual(result.ids, ids.slice(0, 10));
  });
  it('a pageSize above 20 is clamped to 20', async () => {
    const result = await list('pagination[pageSize]=50&pagination[page]=2');
    assert.deepEqual(result.pagination, { page: 2, pageSize: 20 });
    assert.deepEqual(result.ids, ids.slice(20, 40));
  });
  it('start alone takes the default limit of 10', async () => {
    const result = await list('pagination[start]=40');
    assert.deepEqual(result.pagination, { start: 40, limit: 10 });
    assert.deepEqual(result.ids, ids.slice(40));
  });
  it('limit -1 means 20', async () => {
    const result = await list('pagination[limit]=-1');
    assert.deepEqual(result.pagination, { start: 0, limit: 20 });
    assert.deepEqual(result.ids, ids.slice(0, 20));
  });
  it('withCount=true asks for the totals', async () => {
    const result = await list('pagination[withCount]=true&pagination[page]=3');
    assert.deepEqual(result.pagination, { page: 3, pageSize: 10, pageCount: 5, total: 45 });
    assert.deepEqual(result.ids, ids.slice(20, 30));
  });
  it('withCount=1 in offset mode, partial last page', async () => {
    const result = await list('pagination[withCount]=1&pagination[start]=35&pagination[limit]=20');
    assert.deepEqual(result.pagination, { start: 35, limit: 20, total: 45 });
    assert.deepEqual(result.ids, ids.slice(35));
  });
});

describe('pagination with rest config maxLimit null (no maximum) and defaultLimit -1', () => {
  let t: TestApp;
  let ids: number[] = [];

  before(async () => {
    t = await startTestApp({ override: (config) => ({ ...config, rest: { ...config.rest, defaultLimit: -1, maxLimit: null } }) });
    ids = await seed(t, 30);
  });
  after(() => t.close());

  async function list(query: string): Promise<{ ids: number[]; pagination: Record<string, number> }> {
    const response = await t.get(`/api/samples?fields=id${query ? `&${query}` : ''}`);
    assert.equal(response.status, 200, response.text);
    return { ids: (response.body.data as { id: number }[]).map((document) => document.id), pagination: response.body.meta.pagination };
  }

  it('no pagination returns every document', async () => {
    const result = await list('');
    assert.deepEqual(result.ids, ids);
    assert.deepEqual(result.pagination, { start: 0, limit: -1, total: 30 });
  });
  it('limit -1 means no limit, and the total is counted from the rows', async () => {
    const result = await list('pagination[start]=7&pagination[limit]=-1');
    assert.deepEqual(result.pagination, { start: 7, limit: -1, total: 30 });
    assert.deepEqual(result.ids, ids.slice(7));
  });
  it('no limit past the end still counts', async () => {
    const result = await list('pagination[start]=31&pagination[limit]=-1');
    assert.deepEqual(result.pagination, { start: 31, limit: -1, total: 30 });
    assert.deepEqual(result.ids, []);
  });
  it('a large pageSize is not clamped', async () => {
    const result = await list('pagination[pageSize]=1000');
    assert.deepEqual(result.pagination, { page: 1, pageSize: 1000, pageCount: 1, total: 30 });
    assert.deepEqual(result.ids, ids);
  });
});
