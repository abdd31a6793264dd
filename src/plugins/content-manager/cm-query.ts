import { DEFAULT_REST_CONFIG, type RestConfig } from '../../core/config/app-config.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';
import type { DocumentQuery, FilterNode, Pagination, Status } from '../../core/query/document-query.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import type { ScalarAttribute } from '../../core/schema/attribute.js';
import type { ComponentModel } from '../../core/schema/component-model.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ApplicationError, ValidationError } from '../../core/shared/errors.js';
import type { ContentGrant } from '../../transports/admin/admin-ability.js';
import { creatorFilter } from '../../transports/admin/creators-reached.js';
import { END_USERS } from './cm-end-users.js';

/**
 * The document queries of the content manager: what it reads (every field the grant reaches,
 * private ones included; relations counted or, in lists, to-one targets whole; components and
 * media whole) and the admin's list syntax (page/pageSize, `sort=title:ASC`, `_q`, `filters` with
 * Strapi's `$and`, locale, status), turned into the DocumentQuery the document service reads.
 */

export interface QueryContext {
  readonly registry: SchemaRegistry;
  readonly locales: LocaleCatalog;
}

/** The admin's reads are trusted like the programmatic API: no page cap, unknown keys ignored. */
const CM_REST: RestConfig = { ...DEFAULT_REST_CONFIG, prefix: '', defaultLimit: 10, maxLimit: null, withCount: true, strictParams: false };

/** Whether the grant reaches a field (`fields` null: all; a component reaches through any of its dotted sub-fields). */
export function reaches(grant: ContentGrant, path: string): boolean {
  if (grant.fields === null) return true;
  if (grant.fields.has(path)) return true;
  for (const field of grant.fields) if (field.startsWith(`${path}.`) || path.startsWith(`${field}.`)) return true;
  return false;
}

/**
 * The stored scalar fields the content manager reads: private ones too (admins see them), never
 * passwords; end users without their private fields (tokens) nor `provider`, as Strapi 5.54
 * answers them (its admin permissions on the user type do not list those fields).
 */
export function readFields(contentType: ContentType, grant: ContentGrant): ScalarAttribute[] {
  const hidePrivate = contentType.uid === END_USERS;
  const own = contentType.scalarAttributes.filter((attribute) => attribute.type !== 'password' && !(hidePrivate && (attribute.private || attribute.name === 'provider')) && reaches(grant, attribute.name));
  const system = contentType.systemAttributes.filter((attribute) => attribute.name !== 'id' && attribute.name !== 'documentId');
  return [...own, ...system];
}

const wrap = (inner: Record<string, unknown> | true): unknown => (inner === true ? true : { populate: inner });

/** A component's content in full: media and nested components, relations inside as counts. */
function componentPopulate(component: ComponentModel, registry: SchemaRegistry, depth: number): Record<string, unknown> | true {
  const populate: Record<string, unknown> = {};
  for (const attribute of component.linkedAttributes) {
    if (attribute.private) continue;
    if (attribute.kind === 'relation') populate[attribute.name] = attribute.media ? true : { count: true };
    else if (attribute.kind === 'component') {
      const nested = registry.component(attribute.component);
      populate[attribute.name] = nested && depth < 8 ? wrap(componentPopulate(nested, registry, depth + 1)) : true;
    } else populate[attribute.name] = { populate: '*' };
  }
  return Object.keys(populate).length === 0 ? true : populate;
}

/** What a read populates: findOne counts every relation; a list gives to-one targets whole. */
export function populateOf(contentType: ContentType, registry: SchemaRegistry, grant: ContentGrant, list: boolean): Record<string, unknown> {
  const populate: Record<string, unknown> = {};
  for (const attribute of contentType.linkedAttributes) {
    if (attribute.private || !reaches(grant, attribute.name)) continue;
    if (attribute.kind === 'relation') {
      if (attribute.media) populate[attribute.name] = true;
      else populate[attribute.name] = list && !attribute.many ? true : { count: true };
    } else if (attribute.kind === 'component') {
      const component = registry.component(attribute.component);
      populate[attribute.name] = component ? wrap(componentPopulate(component, registry, 1)) : true;
    } else populate[attribute.name] = { populate: '*' };
  }
  return populate;
}

/** A `locale` parameter of the admin: a configured code (400 "This locale doesn't exist" otherwise), the default when absent. */
export function localeParam(raw: unknown, contentType: ContentType, locales: LocaleCatalog, allowAll = false): string {
  if (raw === undefined || raw === null || raw === '') return locales.defaultLocale();
  if (allowAll && raw === '*') return '*';
  if (typeof raw !== 'string' || !locales.has(raw)) {
    // On a type without i18n the parameter chooses nothing (Strapi ignores it there).
    if (!contentType.localized && typeof raw === 'string') return locales.defaultLocale();
    throw new ApplicationError("This locale doesn't exist");
  }
  return raw;
}

/** `status` of an admin read: the draft unless `published` is asked (types without Draft & Publish have only that one). */
export function statusParam(raw: unknown, contentType: ContentType): Status {
  if (!contentType.draftAndPublish) return 'published';
  if (raw === undefined || raw === '' || raw === 'draft') return 'draft';
  if (raw === 'published') return 'published';
  throw ValidationError.fromFieldErrors([{ path: ['status'], message: 'Invalid status', name: 'ValidationError' }]);
}

/** The query of a read or write of one version (no filters, no paging). */
export function versionQuery(contentType: ContentType, context: QueryContext, grant: ContentGrant, locale: string, status: Status): DocumentQuery {
  const base = parseDocumentQuery({ populate: populateOf(contentType, context.registry, grant, false) }, { contentType, rest: CM_REST, registry: context.registry, locales: context.locales, filtersChooseLocale: false });
  return { ...base, fields: readFields(contentType, grant), locale, status };
}

/** The `__status` pseudo-filter values of Strapi's list view. */
export type StatusFilter = 'draft' | 'published' | 'published-modified' | 'published-unmodified';

export interface ListRequest {
  readonly query: DocumentQuery;
  readonly statusFilter: StatusFilter | null;
}

function positiveInt(raw: unknown, fallback: number): number {
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : Number.NaN;
  return Number.isSafeInteger(value) && value >= 1 ? value : fallback;
}

/** `filters` without its `__status` conditions (Strapi's UI puts them under `$and`), and the status they asked. */
function splitStatusFilter(raw: unknown): { filters: unknown; status: StatusFilter | null } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { filters: raw, status: null };
  const record = raw as Record<string, unknown>;
  let status: StatusFilter | null = null;
  const take = (item: unknown): boolean => {
    if (item === null || typeof item !== 'object') return false;
    const condition = (item as Record<string, unknown>).__status;
    if (condition === undefined) return false;
    const value = condition !== null && typeof condition === 'object' ? (condition as Record<string, unknown>).$eq : condition;
    if (value !== 'draft' && value !== 'published' && value !== 'published-modified' && value !== 'published-unmodified') {
      throw new ValidationError('Invalid key __status', { key: '__status', path: null, source: 'query', param: 'filters' });
    }
    status = value;
    return true;
  };
  const rest: Record<string, unknown> = { ...record };
  if (take(record)) delete rest.__status;
  const and = record.$and;
  if (and !== undefined && and !== null && typeof and === 'object') {
    const items = Array.isArray(and) ? and : Object.values(and as Record<string, unknown>);
    const kept = items.filter((item) => !take(item));
    if (kept.length > 0) rest.$and = kept;
    else delete rest.$and;
  }
  return { filters: Object.keys(rest).length > 0 ? rest : undefined, status };
}

const SEARCHED_TYPES: ReadonlySet<string> = new Set(['string', 'text', 'email', 'uid', 'enumeration']);

/** `_q`: case-insensitive contains over the text fields, and equality on numeric fields when it is a number. */
function searchFilter(contentType: ContentType, q: string, grant: ContentGrant, searchable: ReadonlySet<string> | null): FilterNode | null {
  const children: FilterNode[] = [];
  const numeric = /^-?\d+(\.\d+)?$/.test(q.trim()) ? Number(q.trim()) : null;
  for (const attribute of contentType.scalarAttributes) {
    if (!reaches(grant, attribute.name) || (searchable !== null && !searchable.has(attribute.name))) continue;
    // The types Strapi's list marks searchable: not long texts (richtext), JSON or passwords.
    if (SEARCHED_TYPES.has(attribute.type)) {
      children.push({ kind: 'condition', attribute, operator: '$containsi', value: q });
    } else if (numeric !== null && (attribute.type === 'integer' || attribute.type === 'float' || attribute.type === 'decimal') && Number.isSafeInteger(Math.trunc(numeric))) {
      if (attribute.type === 'integer' && !Number.isInteger(numeric)) continue;
      children.push({ kind: 'condition', attribute, operator: '$eq', value: numeric });
    }
  }
  return children.length === 0 ? null : { kind: 'or', children };
}

function and(nodes: readonly (FilterNode | null)[]): FilterNode | null {
  const present = nodes.filter((node): node is FilterNode => node !== null);
  if (present.length === 0) return null;
  return present.length === 1 ? (present[0] as FilterNode) : { kind: 'and', children: present };
}

/** Sort keys of the admin (`title:ASC`, arrays, objects); a `status` key is taken out: the list sorts on it in groups (cm-documents.ts). */
function splitStatusSort(raw: unknown): { sort: unknown; statusSort: 'asc' | 'desc' | null } {
  if (typeof raw !== 'string') return { sort: raw, statusSort: null };
  let statusSort: 'asc' | 'desc' | null = null;
  const kept = raw.split(',').filter((part) => {
    const [name, direction = 'asc'] = part.split(':');
    if (name?.trim() !== 'status') return true;
    statusSort = direction.trim().toLowerCase() === 'desc' ? 'desc' : 'asc';
    return false;
  });
  return { sort: kept.length > 0 ? kept.join(',') : undefined, statusSort };
}

/** The admin API's query errors carry `{key, path}` only (the content API's add where the key was). */
function strapiDetails<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ValidationError && typeof error.details.key === 'string' && 'source' in error.details) throw new ValidationError(error.message, { key: error.details.key, path: error.details.path ?? null });
    throw error;
  }
}

/** The list request of `GET /content-manager/collection-types/:model`. */
export function listRequest(raw: Readonly<Record<string, unknown>>, contentType: ContentType, context: QueryContext, grant: ContentGrant, creators: ReadonlySet<number> | null, searchable: ReadonlySet<string> | null = null): ListRequest & { readonly statusSort: 'asc' | 'desc' | null } {
  const locale = contentType.localized ? localeParam(raw.locale, contentType, context.locales) : context.locales.defaultLocale();
  const status = statusParam(raw.status, contentType);
  const { filters, status: statusFilter } = splitStatusFilter(raw.filters);
  const { sort, statusSort } = splitStatusSort(raw.sort);
  const parsed = strapiDetails(() =>
    parseDocumentQuery({ filters, sort, populate: populateOf(contentType, context.registry, grant, true) }, { contentType, rest: CM_REST, registry: context.registry, locales: context.locales, filtersChooseLocale: false }),
  );
  const page = positiveInt(raw.page, 1);
  const pageSize = positiveInt(raw.pageSize, 10);
  const pagination: Pagination = { mode: 'page', page, pageSize, withCount: true };
  const q = typeof raw._q === 'string' && raw._q !== '' ? searchFilter(contentType, raw._q, grant, searchable) : null;
  // A published-* filter lists published versions (Strapi answers with those rows).
  const readStatus: Status = statusFilter !== null && statusFilter !== 'draft' && contentType.draftAndPublish ? 'published' : status;
  return {
    query: { ...parsed, fields: readFields(contentType, grant), filters: and([parsed.filters, q, creatorFilter(creators)]), pagination, locale, status: readStatus },
    statusFilter: contentType.draftAndPublish ? statusFilter : null,
    statusSort: contentType.draftAndPublish ? statusSort : null,
  };
}
