import { sql, type AliasedRawBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DynamicSchema, Executor } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import { asPublicScalar, type ScalarAttribute } from '../../schema/attribute.js';
import { columnTypeOf } from '../../schema/to-table-model.js';
import { toOffsetLimit, type DocumentQuery } from '../document-query.js';
import { compileFilter } from './compile-filter.js';
import { compileSortKey } from './compile-sort.js';
import { visibleVersion } from './visible-version.js';

/** Alias of the root table in every statement; joined levels will use t1, t2, … */
const ROOT = 't0';

type Select = SelectQueryBuilder<DynamicSchema, string, Record<string, unknown>>;

/** One selected column, aliased to its attribute name so rows come out keyed like documents. */
function selection(dialect: Dialect, attribute: ScalarAttribute, table: string = ROOT): AliasedRawBuilder<unknown, string> {
  return dialect.select(sql.ref(`${table}.${attribute.column}`), columnTypeOf(attribute.type)).as(attribute.name);
}

/**
 * What a query selects, over the unaliased table: the RETURNING list of a write, so that a
 * written row comes back exactly as a read by documentId would return it.
 */
export function returningSelection(dialect: Dialect, query: DocumentQuery): AliasedRawBuilder<unknown, string>[] {
  return selectedAttributes(query).map((attribute) => selection(dialect, attribute, query.contentType.collectionName));
}

/** The query's filters, and the version it reads (status and locale) of the root type. */
function applyFilter(select: Select, query: DocumentQuery, dialect: Dialect): Select {
  const version = visibleVersion(query.contentType, ROOT, query);
  const filtered = version ? select.where(version) : select;
  return query.filters ? filtered.where(compileFilter(query.filters, { dialect, alias: ROOT, read: query })) : filtered;
}

/** The attributes a statement must read: id and documentId first, then what the query asks. */
export function selectedAttributes(query: DocumentQuery): readonly ScalarAttribute[] {
  const { attributes } = query.contentType;
  const id = asPublicScalar(attributes.get('id'));
  const documentId = asPublicScalar(attributes.get('documentId'));
  // A list of every locale says which locale each version is, whatever `fields` asks: inverse
  // lists of localized documents are keyed by it (populate-relation). Otherwise `fields` rules.
  const locale = query.contentType.localized && query.locale === '*' && !query.fields.some((attribute) => attribute.name === 'locale') ? asPublicScalar(attributes.get('locale')) : undefined;
  return [...(id ? [id] : []), ...(documentId ? [documentId] : []), ...query.fields, ...(locale ? [locale] : [])];
}

function baseSelect(executor: Executor, dialect: Dialect, query: DocumentQuery): Select {
  const table = query.contentType.collectionName;
  const select = executor
    .selectFrom(`${table} as ${ROOT}`)
    .select(selectedAttributes(query).map((attribute) => selection(dialect, attribute)));
  return applyFilter(select as unknown as Select, query, dialect);
}

/** The page of rows a list asks for, sorted and limited. */
export function compileFindMany(executor: Executor, dialect: Dialect, query: DocumentQuery): Select {
  let select = baseSelect(executor, dialect, query);
  for (const [index, key] of query.sort.entries()) select = select.orderBy(compileSortKey(key, { dialect, model: query.contentType, alias: ROOT, index, read: query }));
  const { offset, limit } = toOffsetLimit(query.pagination);
  if (limit !== null) select = select.limit(literalLimit(limit));
  else if (offset > 0 && dialect.unlimited) select = select.limit(dialect.unlimited as RawBuilder<number>);
  if (offset > 0) select = select.offset(offset);
  return select;
}

/** The column of compileFindManyCounted's total: no attribute is named so (attribute names never start with `__`). */
export const WINDOW_TOTAL = '__tessera_total';

/**
 * The page with the number of rows matching the filters on each row, `count(*) over ()`
 * (SQLite ≥ 3.25, PostgreSQL, MariaDB ≥ 10.2): one scan gives both.
 */
export function compileFindManyCounted(executor: Executor, dialect: Dialect, query: DocumentQuery): Select {
  return compileFindMany(executor, dialect, query).select(sql<number>`count(*) over ()`.as(WINDOW_TOTAL));
}

/**
 * LIMIT is written into the SQL, not bound: SQLite re-prepares a statement whose LIMIT is a
 * parameter on every run, which costs as much as the query itself. Limits are integers the
 * parser has bounded (at most maxLimit), so this adds few statement shapes.
 */
export function literalLimit(limit: number): RawBuilder<number> {
  if (!Number.isSafeInteger(limit)) throw new Error(`A LIMIT must be an integer, got ${limit}`);
  return sql.lit(limit);
}

/** How many rows match the filters. */
export function compileCount(executor: Executor, dialect: Dialect, query: DocumentQuery): SelectQueryBuilder<DynamicSchema, string, { total: number }> {
  const select = executor.selectFrom(`${query.contentType.collectionName} as ${ROOT}`).select(sql<number>`count(*)`.as('total'));
  return applyFilter(select as unknown as Select, query, dialect) as unknown as SelectQueryBuilder<DynamicSchema, string, { total: number }>;
}

/** The row of one document, by documentId, within the query's filters. */
export function compileFindOne(executor: Executor, dialect: Dialect, query: DocumentQuery, documentId: string): Select {
  return baseSelect(executor, dialect, query).where(sql.ref(`${ROOT}.document_id`), '=', documentId).orderBy(sql.ref(`${ROOT}.id`)).limit(literalLimit(1));
}

/** The first row of a content-type (single types have at most one document). */
export function compileFindFirst(executor: Executor, dialect: Dialect, query: DocumentQuery): Select {
  return baseSelect(executor, dialect, query).orderBy(sql.ref(`${ROOT}.id`)).limit(literalLimit(1));
}

/**
 * A key for the SQL text of a read by documentId without filters: the text depends only on
 * the content-type and the selected attributes, so it can be compiled once and reused.
 * null when the query has filters (their values shape the SQL too).
 */
export function findOneShapeKey(query: DocumentQuery): string | null {
  if (query.filters) return null;
  const { contentType } = query;
  // The version condition is part of the text: its status always, its locale value when localized.
  const version = `${contentType.draftAndPublish ? query.status : ''}\u0000${contentType.localized ? query.locale : ''}`;
  return `${contentType.uid}\u0000${version}\u0000${query.fields.map((attribute) => attribute.name).join(',')}`;
}
