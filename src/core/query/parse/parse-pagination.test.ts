import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_REST_CONFIG, type RestConfig } from '../../config/app-config.js';
import { PaginationError, ValidationError } from '../../shared/errors.js';
import { toOffsetLimit } from '../document-query.js';
import { parsePagination } from './parse-pagination.js';

const rest: RestConfig = DEFAULT_REST_CONFIG;
const withRest = (changes: Partial<RestConfig>): RestConfig => ({ ...DEFAULT_REST_CONFIG, ...changes });

function rejects(raw: unknown, message: string, key: string): void {
  assert.throws(
    () => parsePagination(raw, rest),
    (error: unknown) => {
      assert.ok(error instanceof ValidationError, `expected a ValidationError, got ${String(error)}`);
      assert.equal(error.message, message);
      assert.deepEqual(error.details, { key, path: `pagination.${key}`, source: 'query', param: 'pagination' });
      return true;
    },
  );
}

describe('parsePagination: defaults', () => {
  it('is page 1 of defaultLimit with the configured withCount', () => {
    assert.deepEqual(parsePagination(undefined, rest), { mode: 'page', page: 1, pageSize: 25, withCount: true });
    assert.deepEqual(parsePagination('', rest), { mode: 'page', page: 1, pageSize: 25, withCount: true });
    assert.deepEqual(parsePagination(undefined, withRest({ defaultLimit: 10, withCount: false })), { mode: 'page', page: 1, pageSize: 10, withCount: false });
  });

  it('lets maxLimit win over a larger defaultLimit', () => {
    assert.deepEqual(parsePagination(undefined, withRest({ defaultLimit: 200 })), { mode: 'page', page: 1, pageSize: 100, withCount: true });
  });

  it('returns everything for defaultLimit -1 without a maxLimit, and maxLimit rows with one', () => {
    assert.deepEqual(parsePagination(undefined, withRest({ defaultLimit: -1, maxLimit: null })), { mode: 'offset', start: 0, limit: null, withCount: true });
    assert.deepEqual(parsePagination(undefined, withRest({ defaultLimit: -1 })), { mode: 'page', page: 1, pageSize: 100, withCount: true });
  });
});

describe('parsePagination: page mode', () => {
  it('reads page and pageSize from text', () => {
    assert.deepEqual(parsePagination({ page: '3', pageSize: '10' }, rest), { mode: 'page', page: 3, pageSize: 10, withCount: true });
    assert.deepEqual(parsePagination({ page: '2' }, rest), { mode: 'page', page: 2, pageSize: 25, withCount: true });
    assert.deepEqual(parsePagination({ pageSize: 5 }, rest), { mode: 'page', page: 1, pageSize: 5, withCount: true });
  });

  it('clamps above maxLimit and raises low values', () => {
    assert.deepEqual(parsePagination({ pageSize: '500' }, rest), { mode: 'page', page: 1, pageSize: 100, withCount: true });
    assert.deepEqual(parsePagination({ pageSize: '500' }, withRest({ maxLimit: null })), { mode: 'page', page: 1, pageSize: 500, withCount: true });
    assert.deepEqual(parsePagination({ pageSize: '0' }, rest), { mode: 'page', page: 1, pageSize: 1, withCount: true });
    assert.deepEqual(parsePagination({ pageSize: '-1' }, rest), { mode: 'page', page: 1, pageSize: 1, withCount: true });
    assert.deepEqual(parsePagination({ page: '0' }, rest), { mode: 'page', page: 1, pageSize: 25, withCount: true });
    assert.deepEqual(parsePagination({ page: '-4' }, rest), { mode: 'page', page: 1, pageSize: 25, withCount: true });
  });

  it('reads withCount spellings', () => {
    for (const value of ['false', 'f', '0', false]) {
      assert.deepEqual(parsePagination({ withCount: value }, rest), { mode: 'page', page: 1, pageSize: 25, withCount: false });
    }
    for (const value of ['true', 't', '1', true]) {
      assert.deepEqual(parsePagination({ page: '1', withCount: value }, withRest({ withCount: false })), { mode: 'page', page: 1, pageSize: 25, withCount: true });
    }
    rejects({ withCount: 'no' }, 'Invalid withCount parameter. Expected "t","1","true","false","0","f"', 'withCount');
  });

  it('accepts a page far beyond any table (an empty page), with an offset bounded at 2^31', () => {
    const far = parsePagination({ page: '9007199254740991', pageSize: '100' }, rest);
    assert.deepEqual(far, { mode: 'page', page: 9007199254740991, pageSize: 100, withCount: true });
    assert.deepEqual(toOffsetLimit(far), { offset: 2147483648, limit: 100 });
    assert.deepEqual(toOffsetLimit(parsePagination({ page: '3', pageSize: '10' }, rest)), { offset: 20, limit: 10 });
  });
});

describe('parsePagination: offset mode', () => {
  it('reads start and limit', () => {
    assert.deepEqual(parsePagination({ start: '10', limit: '5' }, rest), { mode: 'offset', start: 10, limit: 5, withCount: true });
    assert.deepEqual(parsePagination({ limit: '5' }, rest), { mode: 'offset', start: 0, limit: 5, withCount: true });
    assert.deepEqual(parsePagination({ start: '5' }, rest), { mode: 'offset', start: 5, limit: 25, withCount: true });
  });

  it('clamps and raises like the reference', () => {
    assert.deepEqual(parsePagination({ limit: '1000' }, rest), { mode: 'offset', start: 0, limit: 100, withCount: true });
    assert.deepEqual(parsePagination({ limit: '0' }, rest), { mode: 'offset', start: 0, limit: 1, withCount: true });
    assert.deepEqual(parsePagination({ start: '-3', limit: '2' }, rest), { mode: 'offset', start: 0, limit: 2, withCount: true });
  });

  it('reads limit -1 as maxLimit, or no limit without one', () => {
    assert.deepEqual(parsePagination({ limit: '-1' }, rest), { mode: 'offset', start: 0, limit: 100, withCount: true });
    assert.deepEqual(parsePagination({ limit: '-1' }, withRest({ maxLimit: null })), { mode: 'offset', start: 0, limit: null, withCount: true });
  });

  it('accepts a start past 2^31, with an offset bounded there', () => {
    const far = parsePagination({ start: '9007199254740991', limit: '5' }, rest);
    assert.deepEqual(far, { mode: 'offset', start: 9007199254740991, limit: 5, withCount: true });
    assert.deepEqual(toOffsetLimit(far), { offset: 2147483648, limit: 5 });
  });
});

describe('parsePagination: errors', () => {
  it('rejects mixing page and offset parameters with a PaginationError', () => {
    for (const raw of [{ page: '1', limit: '5' }, { pageSize: '5', start: '0' }]) {
      assert.throws(
        () => parsePagination(raw, rest),
        (error: unknown) => {
          assert.ok(error instanceof PaginationError);
          assert.equal(error.name, 'PaginationError');
          assert.equal(error.status, 400);
          assert.equal(error.message, 'Cannot use both page & offset pagination in the same query');
          assert.deepEqual(error.details, {});
          return true;
        },
      );
    }
  });

  it('rejects values that are not integers', () => {
    rejects({ page: 'abc' }, 'Invalid pagination parameter page: expected an integer, got "abc"', 'page');
    rejects({ pageSize: '1.5' }, 'Invalid pagination parameter pageSize: expected an integer, got "1.5"', 'pageSize');
    rejects({ start: '' }, 'Invalid pagination parameter start: expected an integer, got ""', 'start');
    rejects({ limit: ['1', '2'] }, 'Invalid pagination parameter limit: expected an integer, got ["1","2"]', 'limit');
    rejects({ page: null }, 'Invalid pagination parameter page: expected an integer, got null', 'page');
    rejects({ page: '99999999999999999999' }, 'Invalid pagination parameter page: expected an integer, got "99999999999999999999"', 'page');
  });

  it('rejects unknown keys and a value that is not an object', () => {
    assert.throws(
      () => parsePagination({ page: '1', size: '3' }, rest),
      (error: unknown) =>
        error instanceof ValidationError &&
        error.message === 'Invalid key size at pagination.size' &&
        JSON.stringify(error.details) === JSON.stringify({ key: 'size', path: 'pagination.size', source: 'query', param: 'pagination' }),
    );
    assert.throws(
      () => parsePagination('3', rest),
      (error: unknown) =>
        error instanceof ValidationError &&
        error.message === 'Invalid pagination parameter: expected an object' &&
        JSON.stringify(error.details) === JSON.stringify({ key: 'pagination', path: null, source: 'query', param: 'pagination' }),
    );
  });
});
