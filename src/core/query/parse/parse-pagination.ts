import type { RestConfig } from '../../config/app-config.js';
import { PaginationError, ValidationError } from '../../shared/errors.js';
import type { Pagination } from '../document-query.js';
import { isPlainRecord } from './raw-values.js';

const KEYS = new Set(['page', 'pageSize', 'start', 'limit', 'withCount']);

function fail(message: string, key: string): never {
  throw new ValidationError(message, { key, path: `pagination.${key}`, source: 'query', param: 'pagination' });
}

function readInteger(raw: Readonly<Record<string, unknown>>, key: string): number | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    fail(`Invalid pagination parameter ${key}: expected an integer, got ${JSON.stringify(value)?.slice(0, 60)}`, key);
  }
  return number;
}

function readWithCount(value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === true || value === 'true' || value === 't' || value === '1') return true;
  if (value === false || value === 'false' || value === 'f' || value === '0') return false;
  fail('Invalid withCount parameter. Expected "t","1","true","false","0","f"', 'withCount');
}

function clamp(limit: number, maxLimit: number | null): number {
  return maxLimit !== null && limit > maxLimit ? maxLimit : limit;
}

/**
 * `pagination[...]` with the reference's rules (§4): page or offset mode, never both; values
 * above maxLimit clamped; low values raised to their minimum; non-numbers rejected.
 */
export function parsePagination(raw: unknown, rest: RestConfig): Pagination {
  const defaultSize = rest.defaultLimit === -1 ? rest.maxLimit : clamp(Math.max(1, rest.defaultLimit), rest.maxLimit);
  if (raw === undefined || raw === null || raw === '') {
    return defaultSize === null
      ? { mode: 'offset', start: 0, limit: null, withCount: rest.withCount }
      : { mode: 'page', page: 1, pageSize: defaultSize, withCount: rest.withCount };
  }
  if (!isPlainRecord(raw)) throw new ValidationError('Invalid pagination parameter: expected an object', { key: 'pagination', path: null, source: 'query', param: 'pagination' });
  for (const key of Object.keys(raw)) {
    if (!KEYS.has(key)) throw ValidationError.invalidKey(key, { source: 'query', param: 'pagination', path: `pagination.${key}` });
  }
  const page = readInteger(raw, 'page');
  const pageSize = readInteger(raw, 'pageSize');
  const start = readInteger(raw, 'start');
  const limit = readInteger(raw, 'limit');
  const withCount = readWithCount(raw.withCount, rest.withCount);
  const isPageMode = page !== undefined || pageSize !== undefined;
  if (isPageMode && (start !== undefined || limit !== undefined)) {
    throw new PaginationError('Cannot use both page & offset pagination in the same query');
  }
  if (isPageMode || (start === undefined && limit === undefined)) {
    const size = pageSize === undefined ? (defaultSize ?? rest.maxLimit ?? 25) : clamp(Math.max(1, pageSize), rest.maxLimit);
    // A page far beyond the range is an empty page, not an error (reference §4); the offset
    // the database sees is bounded in toOffsetLimit.
    const pageNumber = Math.max(1, page ?? 1);
    return { mode: 'page', page: pageNumber, pageSize: size, withCount };
  }
  const offset = Math.max(0, start ?? 0);
  let count: number | null;
  if (limit === undefined) count = defaultSize;
  else if (limit === -1) count = rest.maxLimit;
  else count = clamp(Math.max(1, limit), rest.maxLimit);
  return { mode: 'offset', start: offset, limit: count, withCount };
}
