/**
 * The list view's state, kept in the page's address so that a reload, a shared link and the
 * back button show the same list: page, page size, sort, search, filters, status and locale.
 * The address uses the API's own syntax (`sort=title:ASC`, `_q`, `filters[$and][0][views][$gt]=3`,
 * `locale`), so the list request is the address's query plus the defaults of the configuration.
 */

export type SortOrder = 'ASC' | 'DESC';

/** One condition of the AND: `field` (or `field.mainField` for a relation) `operator` `value`. */
export interface FilterCondition {
  readonly field: string;
  /** A to-one relation's field the condition reads (its main field), else absent. */
  readonly subField?: string;
  readonly operator: string;
  readonly value: string;
}

/** Draft & Publish's status filter, as the server's `__status` pseudo-field takes it. */
export type StatusFilter = 'draft' | 'published' | 'published-modified' | 'published-unmodified';
const STATUS_FILTERS: readonly string[] = ['draft', 'published', 'published-modified', 'published-unmodified'];

export interface ListParams {
  readonly page: number;
  readonly pageSize: number | null;
  readonly sort: { readonly field: string; readonly order: SortOrder } | null;
  readonly q: string;
  readonly filters: readonly FilterCondition[];
  readonly status: StatusFilter | null;
  readonly locale: string | null;
}

export const EMPTY_PARAMS: ListParams = { page: 1, pageSize: null, sort: null, q: '', filters: [], status: null, locale: null };

const FILTER_KEY = /^filters\[\$and\]\[(\d+)\]\[([^\]]+)\](?:\[([^\]$][^\]]*)\])?\[(\$[A-Za-z]+)\]$/;

/** The list's state from an address's query string (what it does not understand is left out). */
export function parseListParams(search: string): ListParams {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page'));
  const pageSize = Number(query.get('pageSize'));
  const sortMatch = /^([^:]+):(ASC|DESC)$/i.exec(query.get('sort') ?? '');
  const conditions = new Map<number, FilterCondition>();
  let status: StatusFilter | null = null;
  for (const [key, value] of query) {
    const match = FILTER_KEY.exec(key);
    if (!match) continue;
    const [, index, field, subField, operator] = match as unknown as [string, string, string, string | undefined, string];
    if (field === '__status') {
      if (operator === '$eq' && STATUS_FILTERS.includes(value)) status = value as StatusFilter;
      continue;
    }
    conditions.set(Number(index), { field, ...(subField === undefined ? {} : { subField }), operator, value });
  }
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize > 0 ? pageSize : null,
    sort: sortMatch ? { field: sortMatch[1] as string, order: (sortMatch[2] as string).toUpperCase() as SortOrder } : null,
    q: query.get('_q') ?? '',
    filters: [...conditions.entries()].sort(([a], [b]) => a - b).map(([, condition]) => condition),
    status,
    locale: query.get('locale'),
  };
}

/** The address's query string of a list state: only what differs from the empty state. */
export function formatListParams(params: ListParams): string {
  const query = new URLSearchParams();
  if (params.page > 1) query.set('page', String(params.page));
  if (params.pageSize !== null) query.set('pageSize', String(params.pageSize));
  if (params.sort !== null) query.set('sort', `${params.sort.field}:${params.sort.order}`);
  if (params.q !== '') query.set('_q', params.q);
  appendFilters(query, params);
  if (params.locale !== null) query.set('locale', params.locale);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The list request's query string: the state with the configuration's defaults filled in
 * (page size, sort), filters nested under `$and` as Strapi's UI sends them, the status filter
 * as its `__status` condition after the others.
 */
export function listRequestQuery(params: ListParams, defaults: { readonly pageSize: number; readonly sort: string; readonly locale: string | null }): string {
  const query = new URLSearchParams();
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize ?? defaults.pageSize));
  query.set('sort', params.sort === null ? defaults.sort : `${params.sort.field}:${params.sort.order}`);
  if (params.q !== '') query.set('_q', params.q);
  appendFilters(query, params);
  const locale = params.locale ?? defaults.locale;
  if (locale !== null) query.set('locale', locale);
  return `?${query.toString()}`;
}

function appendFilters(query: URLSearchParams, params: ListParams): void {
  const conditions: FilterCondition[] = [...params.filters];
  if (params.status !== null) conditions.push({ field: '__status', operator: '$eq', value: params.status });
  conditions.forEach((condition, index) => {
    const path = condition.subField === undefined ? `[${condition.field}]` : `[${condition.field}][${condition.subField}]`;
    query.set(`filters[$and][${index}]${path}[${condition.operator}]`, condition.value);
  });
}
