import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ComponentAttribute } from '../../schema/attribute.js';
import { COMPONENT_OWNER_COLUMNS, type ComponentModel } from '../../schema/component-model.js';
import { LINK_COLUMNS, type RelationSide } from '../../schema/relation-link.js';
import { inverseLocale, linkedVersion, type ReadVersion } from './visible-version.js';

/**
 * How the rows linked to a row are reached, for filters and sorts through relations and
 * components: a chain of tables ("hops"), each joined to the one before it. The first hop's
 * `on` ties the chain to the outer row; a statement puts it in WHERE, which makes the subquery
 * correlated.
 */
export interface Hop {
  readonly table: string;
  readonly alias: string;
  readonly on: RawBuilder<SqlBool>;
}

const ref = (alias: string, column: string): RawBuilder<unknown> => sql.ref(`${alias}.${column}`);

function and(parts: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return parts.length === 1 && parts[0] ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql.raw(' and '))})`;
}

/**
 * The documents linked to the row `outer` through a relation attribute, as rows aliased
 * `row`, with the link table aliased `link`. Owner side: the link rows of the outer row, then
 * the target documents' rows. Inverse side: the link rows naming the outer document as target,
 * then the owners' rows.
 */
export function relationHops(side: RelationSide, outer: string, link: string, row: string, read: ReadVersion): readonly Hop[] {
  const table = side.link.table;
  const version = linkedVersion(side, row, link, read);
  if (side.side === 'owner') {
    return [
      { table, alias: link, on: sql<SqlBool>`${ref(link, LINK_COLUMNS.entity)} = ${ref(outer, 'id')}` },
      { table: side.other.collectionName, alias: row, on: and([sql<SqlBool>`${ref(row, 'document_id')} = ${ref(link, LINK_COLUMNS.target)}`, ...(version ? [version] : [])]) },
    ];
  }
  const locale = inverseLocale(side, link, outer);
  return [
    { table, alias: link, on: and([sql<SqlBool>`${ref(link, LINK_COLUMNS.target)} = ${ref(outer, 'document_id')}`, ...(locale ? [locale] : [])]) },
    { table: side.other.collectionName, alias: row, on: and([sql<SqlBool>`${ref(row, 'id')} = ${ref(link, LINK_COLUMNS.entity)}`, ...(version ? [version] : [])]) },
  ];
}

/** The items of a component attribute of the row `outer` (a row of `ownerUid`), aliased `row`. */
export function componentHops(attribute: ComponentAttribute, component: ComponentModel, ownerUid: string, outer: string, row: string): readonly Hop[] {
  const on = and([
    sql<SqlBool>`${ref(row, COMPONENT_OWNER_COLUMNS.parentId)} = ${ref(outer, 'id')}`,
    sql<SqlBool>`${ref(row, COMPONENT_OWNER_COLUMNS.parentType)} = ${sql.val(ownerUid)}`,
    sql<SqlBool>`${ref(row, COMPONENT_OWNER_COLUMNS.field)} = ${sql.val(attribute.name)}`,
  ]);
  return [{ table: component.collectionName, alias: row, on }];
}

/** `from <hop 0> join <hop 1> on … join …` (the first hop's condition is for the caller's WHERE). */
export function fromHops(hops: readonly Hop[]): RawBuilder<unknown> {
  const [first, ...rest] = hops;
  if (!first) throw new Error('A chain of linked rows needs at least one table');
  const joins = rest.map((hop) => sql` join ${sql.table(hop.table)} as ${sql.id(hop.alias)} on ${hop.on}`);
  return sql`from ${sql.table(first.table)} as ${sql.id(first.alias)}${sql.join(joins, sql``)}`;
}
