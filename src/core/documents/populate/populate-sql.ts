import type { AliasedRawBuilder, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { DynamicSchema } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import { allOf, isIn, qualifiedRef } from '../../query/compile/sql-expressions.js';
import { asPublicScalar, type ScalarAttribute } from '../../schema/attribute.js';
import { isLocalizedModel } from '../../schema/content-type.js';
import type { StoredModel } from '../../schema/model.js';
import { columnTypeOf } from '../../schema/to-table-model.js';
import { createRowDecoder, type RowDecoder } from '../decode-row.js';
import type { Row } from './populate-context.js';

/** Shared pieces of populate's statements. */

export type Select = SelectQueryBuilder<DynamicSchema, string, Record<string, unknown>>;

/**
 * Helper columns of a populate statement: the parent key each row belongs to, a position, a
 * count. Attribute names cannot start with `__tessera`, and the keys are removed before a
 * row is output.
 */
export const PARENT_KEY = '__tessera_parent';
export const ORDER_KEY = '__tessera_order';
export const COUNT_KEY = '__tessera_count';

/** Table aliases, distinct from those the query compiler gives its own tables (t0, t1, …). */
export const LINK_ALIAS = 'pop_link';
export const ROW_ALIAS = 'pop_row';

/** Past this many parent keys, the keys go in several statements (bound parameters are limited). */
export const MAX_KEYS_PER_STATEMENT = 2000;

export function ref(alias: string, column: string): RawBuilder<unknown> {
  return qualifiedRef(alias, column);
}

export function and(parts: readonly (RawBuilder<SqlBool> | null)[]): RawBuilder<SqlBool> {
  return allOf(parts);
}

/** `column in (…keys)`. */
export function keyIn(column: RawBuilder<unknown>, keys: readonly unknown[]): RawBuilder<SqlBool> {
  return isIn(column, keys);
}

/** The columns output for a model's rows: id, documentId on content-types, then `fields`. */
export function outputColumns(dialect: Dialect, model: StoredModel, fields: readonly ScalarAttribute[], alias: string, allLocales = false): AliasedRawBuilder<unknown, string>[] {
  const system = ['id', 'documentId'].map((name) => asPublicScalar(model.attributes.get(name))).filter((attribute) => attribute !== undefined);
  const selected = [...system, ...fields.filter((attribute) => attribute.name !== 'id' && attribute.name !== 'documentId')];
  // In a read of every locale, a localized version says which it is: inverse lists of its documents are keyed by it.
  const locale = allLocales && isLocalizedModel(model) ? asPublicScalar(model.attributes.get('locale')) : undefined;
  if (locale && !selected.includes(locale)) selected.push(locale);
  return selected.map((attribute) => dialect.select(ref(alias, attribute.column), columnTypeOf(attribute.type)).as(attribute.name));
}

/** Distinct parent keys (by their text: drivers may return ids as numbers or strings), split into statements. */
export function keyChunks(rows: readonly Row[], keyOf: (row: Row) => unknown): unknown[][] {
  const keys = new Map<string, unknown>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null && key !== undefined) keys.set(String(key), key);
  }
  const all = [...keys.values()];
  const chunks: unknown[][] = [];
  for (let start = 0; start < all.length; start += MAX_KEYS_PER_STATEMENT) chunks.push(all.slice(start, start + MAX_KEYS_PER_STATEMENT));
  return chunks;
}

/** Rows grouped by their parent key, in statement order; the helper keys are removed. */
export function groupByParent(rows: readonly Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = String(row[PARENT_KEY]);
    delete row[PARENT_KEY];
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(row);
  }
  return groups;
}

/** `{ count: n }` per parent key, from rows of (parent, count). */
export function countsByParent(rows: readonly Row[]): Map<string, number> {
  return new Map(rows.map((row) => [String(row[PARENT_KEY]), Number(row[COUNT_KEY])]));
}

const decoders = new WeakMap<StoredModel, RowDecoder>();

/** Decodes rows in place (JSON, booleans, numbers), with one decoder per model. */
export function decodeRows(model: StoredModel, rows: readonly Row[]): void {
  let decoder = decoders.get(model);
  if (!decoder) decoders.set(model, (decoder = createRowDecoder(model)));
  for (const row of rows) decoder(row);
}
