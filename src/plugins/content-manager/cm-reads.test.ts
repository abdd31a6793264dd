import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ValidationError } from '../../core/shared/errors.js';
import { pageParams, paginationOf } from './cm-reads.js';

describe('content-manager reads: parameters', () => {
  it('page and pageSize: defaults 1 and 10; pageSize at most 100 with Strapi\'s message', () => {
    assert.deepEqual(pageParams({}), { page: 1, pageSize: 10 });
    assert.deepEqual(pageParams({ page: '3', pageSize: '100' }), { page: 3, pageSize: 100 });
    assert.throws(() => pageParams({ pageSize: '101' }), (error: unknown) => error instanceof ValidationError && error.message === 'Too big: expected number to be <=100');
    assert.throws(() => pageParams({ page: '0' }), ValidationError);
    assert.throws(() => pageParams({ page: 'x' }), ValidationError);
  });

  it('pagination: pageCount rounds up', () => {
    assert.deepEqual(paginationOf({ page: 1, pageSize: 2 }, 3), { page: 1, pageSize: 2, pageCount: 2, total: 3 });
    assert.deepEqual(paginationOf({ page: 1, pageSize: 10 }, 0), { page: 1, pageSize: 10, pageCount: 0, total: 0 });
  });
});
