import type { RawBuilder, SqlBool } from 'kysely';
import { concatKey, countRows, equal } from '../../query/compile/sql-expressions.js';
import type { Executor } from '../../db/database.js';
import { compileFilter } from '../../query/compile/compile-filter.js';
import { compileSortKey } from '../../query/compile/compile-sort.js';
import type { RelationPopulate } from '../../query/document-query.js';
import { LINK_COLUMNS } from '../../schema/relation-link.js';
import type { PopulateBatch, PopulateContext, Row } from './populate-context.js';
import {
  and, COUNT_KEY, countsByParent, decodeRows, groupByParent, keyChunks, keyIn, LINK_ALIAS, outputColumns, PARENT_KEY, ref, ROW_ALIAS, type Select,
} from './populate-sql.js';
import { linkedVersion } from '../../query/compile/visible-version.js';
import { spendRows } from './answer-size.js';

/**
 * How a relation's statement reaches the listed documents from the parents' keys.
 * Owner side: the parents' row ids are `entity_id`, the listed documents are the targets.
 * Inverse side: the parents' documentIds are `target_document_id`, the listed documents
 * own the links (`entity_id` is their row id).
 */
function linkPlan(node: RelationPopulate, context: PopulateContext) {
  const owner = node.side.side === 'owner';
  // An inverse list is per (document, locale) when the parents are localized: the link's locale is part of the key.
  const byLocale = !owner && node.side.link.targetLocalized;
  return {
    // A parent read in one locale is in that locale (its `locale` is output only when asked for or in a '*' read).
    parentOf: (row: Row): unknown => (owner ? row.id : byLocale ? localeKey(row.documentId, row.locale ?? context.locale) : row.documentId),
    parentColumn: ref(LINK_ALIAS, owner ? LINK_COLUMNS.entity : LINK_COLUMNS.target),
    /** What a statement's row says its parent is (the parent column, with the link's locale when keyed by locale). */
    parentKey: byLocale ? concatKey(ref(LINK_ALIAS, LINK_COLUMNS.target), LOCALE_SEPARATOR, ref(LINK_ALIAS, LINK_COLUMNS.targetLocale)) : ref(LINK_ALIAS, owner ? LINK_COLUMNS.entity : LINK_COLUMNS.target),
    /** Restricts the keys' documents to their locales (a superset: rows of other pairs are not any parent's). */
    byLocale,
    join: owner
      ? equal(ref(ROW_ALIAS, 'document_id'), ref(LINK_ALIAS, LINK_COLUMNS.target))
      : equal(ref(ROW_ALIAS, 'id'), ref(LINK_ALIAS, LINK_COLUMNS.entity)),
    /** The stored position of a listed document among its parent's. */
    order: ref(LINK_ALIAS, owner ? LINK_COLUMNS.targetOrder : LINK_COLUMNS.entityOrder),
  };
}

const LOCALE_SEPARATOR = '|';

function localeKey(documentId: unknown, locale: unknown): string {
  return `${String(documentId)}${LOCALE_SEPARATOR}${String(locale)}`;
}

/** `target_document_id in (…) and target_locale in (…)` for keys made by localeKey. */
function localeKeysIn(keys: readonly unknown[]): RawBuilder<SqlBool> {
  const pairs = keys.map((key) => String(key).split(LOCALE_SEPARATOR) as [string, string]);
  return and([
    keyIn(ref(LINK_ALIAS, LINK_COLUMNS.target), [...new Set(pairs.map(([documentId]) => documentId))]),
    keyIn(ref(LINK_ALIAS, LINK_COLUMNS.targetLocale), [...new Set(pairs.map(([, locale]) => locale))]),
  ]);
}

/** The link table joined to the listed documents' rows, for the parents in `keys`, filtered. */
function linkedFrom(executor: Executor, node: RelationPopulate, keys: readonly unknown[], context: PopulateContext): Select {
  const plan = linkPlan(node, context);
  const condition = and([
    plan.byLocale ? localeKeysIn(keys) : keyIn(plan.parentColumn, keys),
    node.filters ? compileFilter(node.filters, { dialect: context.dialect, alias: ROW_ALIAS, read: context }) : null,
    linkedVersion(node.side, ROW_ALIAS, LINK_ALIAS, context),
  ]);
  const select = executor
    .selectFrom(`${node.side.link.table} as ${LINK_ALIAS}`)
    .innerJoin(`${node.model.collectionName} as ${ROW_ALIAS}`, (join) => join.on(plan.join))
    .where(condition);
  return select as unknown as Select;
}

/** The populate's sort keys (through relations and components too), then the stored link order. */
function orderBy(node: RelationPopulate, context: PopulateContext): RawBuilder<unknown>[] {
  const keys = node.sort.map((key, index) => compileSortKey(key, { dialect: context.dialect, model: node.model, alias: ROW_ALIAS, index, read: context }));
  return [...keys, linkPlan(node, context).order, ref(LINK_ALIAS, LINK_COLUMNS.id)];
}

async function readLinked(executor: Executor, node: RelationPopulate, keys: readonly unknown[], context: PopulateContext): Promise<Row[]> {
  let select = linkedFrom(executor, node, keys, context).select([
    linkPlan(node, context).parentKey.as(PARENT_KEY),
    ...outputColumns(context.dialect, node.model, node.fields, ROW_ALIAS, context.locale === '*'),
  ]);
  for (const expression of orderBy(node, context)) select = select.orderBy(expression);
  const rows = (await select.execute()) as Row[];
  spendRows(context.budget, rows.length);
  return rows;
}

async function countLinked(executor: Executor, node: RelationPopulate, keys: readonly unknown[], context: PopulateContext): Promise<Row[]> {
  const { parentKey } = linkPlan(node, context);
  const select = linkedFrom(executor, node, keys, context)
    .select([parentKey.as(PARENT_KEY), countRows().as(COUNT_KEY)])
    .groupBy(parentKey);
  return (await select.execute()) as Row[];
}

/**
 * Sets a relation on every parent row, with one statement for all of them (per 2000 keys):
 * to-one → a document or null, to-many → a list, `count` → `{ count: n }`. Returns the
 * documents read, for the next level.
 */
export async function populateRelation(executor: Executor, parents: readonly Row[], node: RelationPopulate, context: PopulateContext): Promise<PopulateBatch[]> {
  const { parentOf } = linkPlan(node, context);
  const name = node.attribute.name;
  const chunks = keyChunks(parents, parentOf);
  if (node.count) {
    const counts = new Map<string, number>();
    for (const keys of chunks) for (const [key, count] of countsByParent(await countLinked(executor, node, keys, context))) counts.set(key, count);
    for (const parent of parents) parent[name] = { count: counts.get(String(parentOf(parent))) ?? 0 };
    return [];
  }
  const rows: Row[] = [];
  for (const keys of chunks) rows.push(...(await readLinked(executor, node, keys, context)));
  const groups = groupByParent(rows);
  decodeRows(node.model, rows);
  for (const parent of parents) {
    const group = groups.get(String(parentOf(parent))) ?? [];
    // Parents showing the same document share its list: it is read and populated once.
    parent[name] = node.attribute.many ? group : (group[0] ?? null);
  }
  return rows.length > 0 && node.populate.length > 0 ? [{ model: node.model, rows, populate: node.populate }] : [];
}
