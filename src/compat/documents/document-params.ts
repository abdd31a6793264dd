import { isDeepStrictEqual } from 'node:util';
import type { RestConfig } from '../../core/config/app-config.js';
import type { DocumentCall, DocumentAction, RequestOf } from '../../core/documents/document-interceptor.js';
import type { DocumentWrite, WriteMode } from '../../core/documents/model-write.js';
import { validateData } from '../../core/documents/validate-data.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';
import { parseLocale, parseStatus } from '../../core/query/parse/parse-document-query.js';
import { parseFields } from '../../core/query/parse/parse-fields.js';
import { parseFilters } from '../../core/query/parse/parse-filters.js';
import { parsePagination } from '../../core/query/parse/parse-pagination.js';
import { parsePopulate } from '../../core/query/parse/parse-populate.js';
import { parseSort } from '../../core/query/parse/parse-sort.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';

/**
 * The parameters of a document service call as Strapi's `strapi.documents(uid).<action>(params)`
 * takes them: `documentId`, `data`, `filters`, `fields`, `sort`, `populate`, `pagination` (or
 * `start`/`limit`), `status`, `locale`. What project hooks see and may change.
 */
export type DocumentParams = Record<string, unknown>;

/** What parsing a changed parameter needs. */
export interface ParseContext {
  readonly registry: SchemaRegistry;
  readonly locales: LocaleCatalog;
  /** Pagination limits for a changed `pagination`/`start`/`limit`. */
  readonly rest: RestConfig;
}

/** A deep copy, so that a hook changing a value in place is seen by comparing with the original. */
export function copyParams<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    // Values structuredClone refuses (functions inside project data): compared by reference.
    return Array.isArray(value) ? (value.slice() as T) : value !== null && typeof value === 'object' ? { ...value } : value;
  }
}

/** The query parameters of a call's query, as the caller gave them (none for a query built in code). */
function queryParams(query: DocumentQuery): DocumentParams {
  return query.raw ? { ...query.raw } : {};
}

function dataOf(write: DocumentWrite): Record<string, unknown> {
  return { ...(write.data ?? {}) };
}

/** The document service params of a call (copies: hooks may change them freely). */
export function paramsOf<A extends DocumentAction>(call: DocumentCall<A>): DocumentParams {
  const request = call.request as RequestOf<DocumentAction>;
  const params: DocumentParams = 'query' in request ? queryParams(request.query) : {};
  if ('documentId' in request) params.documentId = request.documentId;
  if ('write' in request) params.data = dataOf(request.write);
  if ('writeFor' in request) params.data = dataOf(request.writeFor('update', {}, false));
  if (call.action === 'delete' && 'locale' in request) params.locale = request.locale;
  return copyParams(params);
}

const changed = (before: DocumentParams, after: DocumentParams, key: string): boolean => !isDeepStrictEqual(before[key], after[key]);

function paginationOf(params: DocumentParams): unknown {
  if (params.start === undefined && params.limit === undefined) return params.pagination;
  return { ...(params.start === undefined ? {} : { start: params.start }), ...(params.limit === undefined ? {} : { limit: params.limit }) };
}

/** The query with the parameters a hook changed parsed again (the others keep what the caller parsed). */
export function applyQueryParams(query: DocumentQuery, before: DocumentParams, after: DocumentParams, parse: ParseContext): DocumentQuery {
  const { contentType } = query;
  const { registry } = parse;
  const next: { -readonly [K in keyof DocumentQuery]: DocumentQuery[K] } = { ...query };
  let touched = false;
  if (changed(before, after, 'filters')) [next.filters, touched] = [parseFilters(after.filters, contentType, registry), true];
  if (changed(before, after, 'fields')) [next.fields, touched] = [parseFields(after.fields, contentType), true];
  if (changed(before, after, 'sort')) [next.sort, touched] = [parseSort(after.sort, contentType, registry), true];
  if (changed(before, after, 'populate')) [next.populate, touched] = [parsePopulate(after.populate, contentType, registry), true];
  if (['pagination', 'start', 'limit'].some((key) => changed(before, after, key))) {
    [next.pagination, touched] = [{ ...parsePagination(paginationOf(after), parse.rest), withCount: query.pagination.withCount }, true];
  }
  if (changed(before, after, 'status')) [next.status, touched] = [parseStatus(after.status), true];
  if (changed(before, after, 'locale')) [next.locale, touched] = [parseLocale(after.locale, parse.locales), true];
  if (!touched) return query;
  next.raw = after;
  return next;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A write checked again from a changed body, as the transports check one (same mode, same `joining`). */
function rewrite(write: DocumentWrite, data: Record<string, unknown>, registry: SchemaRegistry, mode: WriteMode): DocumentWrite {
  return validateData(data, write.contentType, write.mode ?? mode, registry, { joining: write.joining === true });
}

function dataAfter(after: DocumentParams): Record<string, unknown> {
  if (!isRecord(after.data)) throw new TypeError('A document hook set `params.data` to something other than an object');
  return after.data;
}

/**
 * The request of a call with what a hook changed in its params: a changed `data` is checked
 * again (and is what gets stored), a changed query parameter parsed again, a changed
 * `documentId` followed. Unchanged params give the request back as it was (nothing re-checked).
 */
export function applyParams<A extends DocumentAction>(call: DocumentCall<A>, before: DocumentParams, after: DocumentParams, parse: ParseContext): RequestOf<A> {
  const request = call.request as RequestOf<DocumentAction>;
  const next: Record<string, unknown> = { ...request };
  const { registry } = parse;
  if ('query' in request) next.query = applyQueryParams(request.query, before, after, parse);
  if ('documentId' in request && changed(before, after, 'documentId')) {
    if (typeof after.documentId !== 'string') throw new TypeError('A document hook set `params.documentId` to something other than a string');
    next.documentId = after.documentId;
  }
  if (changed(before, after, 'data')) {
    const data = dataAfter(after);
    const contentType = call.contentType;
    if ('write' in request) next.write = rewrite(request.write, data, registry, call.action === 'create' ? 'create' : 'update');
    if ('localize' in request && request.localize) next.localize = (base: Readonly<Record<string, unknown>>) => validateData({ ...base, ...data }, contentType, 'create', registry, { joining: true });
    if ('writeFor' in request) next.writeFor = (mode: WriteMode, base: Readonly<Record<string, unknown>>, joining: boolean) => validateData({ ...base, ...data }, contentType, mode, registry, { joining });
  }
  if (call.action === 'delete' && changed(before, after, 'locale')) next.locale = after.locale === '*' ? '*' : parseLocale(after.locale, parse.locales);
  // Built key by key from the request of the same action: the same shape, with some values replaced.
  return next as unknown as RequestOf<A>;
}
