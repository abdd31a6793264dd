import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/dialect.js';
import type { StoredModel } from '../../schema/model.js';
import { columnTypeOf } from '../../schema/to-table-model.js';
import type { SortKey } from '../document-query.js';
import { componentHops, fromHops, relationHops, type Hop } from './linked-rows.js';
import type { ReadVersion } from './visible-version.js';

export interface SortContext {
  readonly dialect: Dialect;
  /** The sorted model and the alias of its table in the statement. */
  readonly model: StoredModel;
  readonly alias: string;
  /** Distinguishes the subqueries of several keys (aliases `<alias>_s<index>_<hop>`). */
  readonly index: number;
  /** The version linked documents show. */
  readonly read: ReadVersion;
}

/**
 * One ORDER BY item. A key on the model's own attribute orders by its column. A key through
 * relations or components (`author.name`, `categories.name`, `seo.metaTitle`) orders by a
 * correlated scalar subquery, so that to-many paths never duplicate rows: the smallest
 * non-null value of the linked items when ascending, the largest when descending (ORDER BY …
 * LIMIT 1 rather than min/max, which PostgreSQL lacks for booleans). A document with no linked
 * value sorts as a null, where the dialect puts nulls.
 */
export function compileSortKey(key: SortKey, context: SortContext): RawBuilder<unknown> {
  const { dialect } = context;
  const type = columnTypeOf(key.attribute.type);
  if (key.path.length === 0) {
    const column = sql.ref(`${context.alias}.${key.attribute.column}`);
    // The row id is never null, and PostgreSQL cannot read its primary-key index for an ORDER
    // BY that names a nulls placement: the default sort would scan and sort the whole table.
    if (key.attribute.column === 'id') return sql`${column} ${sql.raw(key.direction)}`;
    return dialect.orderBy(dialect.ordered(column, type), key.direction);
  }
  const hops: Hop[] = [];
  let outer = context.alias;
  let model = context.model;
  for (const [index, step] of key.path.entries()) {
    const row = `${context.alias}_s${context.index}_${index}`;
    if (step.kind === 'relation') {
      hops.push(...relationHops(step.side, outer, `${row}l`, row, context.read));
      model = step.side.other;
    } else {
      hops.push(...componentHops(step.attribute, step.component, model.uid, outer, row));
      model = step.component;
    }
    outer = row;
  }
  const [first] = hops;
  const correlation: RawBuilder<SqlBool> = first ? first.on : sql<SqlBool>`1 = 1`;
  const value = dialect.ordered(sql.ref(`${outer}.${key.attribute.column}`), type);
  const column = sql.ref(`${outer}.${key.attribute.column}`);
  const subquery = sql`(select ${value} ${fromHops(hops)} where ${correlation} and ${column} is not null order by ${dialect.orderBy(value, key.direction)} limit 1)`;
  return dialect.orderBy(subquery, key.direction);
}
