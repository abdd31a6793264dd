import { ApplicationError, ValidationError } from '../../core/shared/errors.js';

/**
 * The parameters of Strapi's Query Engine (`strapi.db.query(uid).findMany({ where, select,
 * populate, orderBy, limit, offset })`) → the parameters of a content API read (`filters`,
 * `fields`, `populate`, `sort`, `pagination`), which the REST parser turns into a
 * DocumentQuery. Pure: the same words mean the same thing in both APIs, so a `where` is a
 * `filters` tree (same operators, same relation paths) and is checked by the same parser.
 */
export interface QueryEngineParams {
  readonly where?: unknown;
  readonly select?: unknown;
  readonly populate?: unknown;
  readonly orderBy?: unknown;
  readonly limit?: unknown;
  readonly offset?: unknown;
}

/** A content API read as the REST parser takes it (a plain object, as `qs` builds it). */
export interface DocumentParams {
  readonly filters?: unknown;
  readonly fields?: unknown;
  readonly populate?: unknown;
  readonly sort?: unknown;
  readonly pagination?: { readonly start?: number; readonly limit?: number };
}

/** Keys of a populate entry in the Query Engine's words → the content API's. */
const POPULATE_KEYS: Readonly<Record<string, string>> = { select: 'fields', where: 'filters', filters: 'filters', fields: 'fields', orderBy: 'sort', sort: 'sort', populate: 'populate', count: 'count', on: 'on' };

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Thrown for a Query Engine option Tessera does not implement: named, never ignored. */
export function unsupported(method: string, option: string, why: string): ApplicationError {
  return new ApplicationError(`${method}: "${option}" is not supported by Tessera: ${why}`, { option });
}

function badValue(option: string, message: string): ValidationError {
  return new ValidationError(`Invalid ${option}: ${message}`, { key: option, path: option, source: 'query', param: option });
}

/** `orderBy` in its three forms (a name, `{ name: 'asc' }` nested through relations, a list of either) → `sort` entries `path:direction`. */
export function toSort(raw: unknown, option = 'orderBy'): string[] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw === 'string') return raw.length === 0 ? [] : [raw];
  if (Array.isArray(raw)) return raw.flatMap((item, index) => toSort(item, `${option}.${index}`));
  if (!isRecord(raw)) throw badValue(option, 'expected an attribute name, an object { attribute: "asc" | "desc" } or a list of them');
  const keys: string[] = [];
  const walk = (object: Readonly<Record<string, unknown>>, path: readonly string[]): void => {
    for (const [key, value] of Object.entries(object)) {
      if (isRecord(value)) walk(value, [...path, key]);
      else if (typeof value === 'string') keys.push(`${[...path, key].join('.')}:${value.toLowerCase()}`);
      else throw badValue(`${option}.${[...path, key].join('.')}`, `expected "asc" or "desc", got ${JSON.stringify(value)?.slice(0, 40)}`);
    }
  };
  walk(raw, []);
  return keys;
}

function populateEntry(method: string, raw: unknown, path: string): unknown {
  if (!isRecord(raw)) return raw;
  const entry: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const target = POPULATE_KEYS[key];
    if (key === 'limit' || key === 'offset') throw unsupported(method, `${path}.${key}`, 'a populated relation is not paginated (as in the content API); filter it with `where` instead');
    if (target === undefined) throw unsupported(method, `${path}.${key}`, 'a populate entry takes select, where, orderBy, populate, count and on');
    if (target === 'sort') entry.sort = toSort(value, `${path}.${key}`);
    else if (target === 'populate') entry.populate = toPopulate(method, value, `${path}.populate`);
    else if (target === 'on') entry.on = isRecord(value) ? Object.fromEntries(Object.entries(value).map(([uid, fragment]) => [uid, populateEntry(method, fragment, `${path}.on.${uid}`)])) : value;
    else entry[target] = value;
  }
  return entry;
}

/** `populate`: `true`/`'*'` (every linked attribute, one level), a list of names, or an object of entries. */
export function toPopulate(method: string, raw: unknown, path = 'populate'): unknown {
  if (raw === true) return '*';
  if (!isRecord(raw)) return raw;
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, populateEntry(method, value, `${path}.${name}`)]));
}

function readCount(option: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw badValue(option, `expected a non-negative integer, got ${JSON.stringify(raw)?.slice(0, 40)}`);
  return value;
}

/**
 * Query Engine parameters → content API parameters; `known` lists the other keys the calling
 * method takes (`data`, `page`, …), and any key outside both is refused by name.
 */
export function toDocumentParams(method: string, params: Readonly<Record<string, unknown>>, known: readonly string[] = []): DocumentParams {
  for (const key of Object.keys(params)) {
    if (['where', 'select', 'populate', 'orderBy', 'limit', 'offset', ...known].includes(key)) continue;
    if (key === 'filters') throw unsupported(method, key, 'the Query Engine takes `where` (`filters` is the Document Service\'s word)');
    throw unsupported(method, key, 'the Query Engine takes where, select, populate, orderBy, limit and offset');
  }
  const limit = readCount('limit', params.limit);
  const offset = readCount('offset', params.offset);
  const sort = toSort(params.orderBy);
  return {
    ...(params.where === undefined ? {} : { filters: params.where }),
    ...(params.select === undefined ? {} : { fields: typeof params.select === 'string' ? [params.select] : params.select }),
    ...(params.populate === undefined ? {} : { populate: toPopulate(method, params.populate) }),
    ...(sort.length === 0 ? {} : { sort }),
    ...(limit === undefined && offset === undefined ? {} : { pagination: { ...(offset === undefined ? {} : { start: offset }), ...(limit === undefined ? {} : { limit }) } }),
  };
}
