import { boundValue, countRows, equal } from '../../query/compile/sql-expressions.js';
import type { Executor } from '../../db/database.js';
import type { ComponentPopulate, DynamicZonePopulate, PopulateSelection } from '../../query/document-query.js';
import { COMPONENT_OWNER_COLUMNS, type ComponentModel } from '../../schema/component-model.js';
import type { StoredModel } from '../../schema/model.js';
import { spendRows } from './answer-size.js';
import type { PopulateBatch, PopulateContext, Row } from './populate-context.js';
import {
  and, COUNT_KEY, countsByParent, decodeRows, groupByParent, keyChunks, keyIn, ORDER_KEY, outputColumns, PARENT_KEY, ref, ROW_ALIAS, type Select,
} from './populate-sql.js';

const parentOf = (row: Row): unknown => row.id;

/** The rows of `component` that the parents (rows of `owner`) hold in the attribute `field`. */
function ownedRows(executor: Executor, component: StoredModel, owner: StoredModel, field: string, keys: readonly unknown[]): Select {
  const condition = and([
    equal(ref(ROW_ALIAS, COMPONENT_OWNER_COLUMNS.parentType), boundValue(owner.uid)),
    equal(ref(ROW_ALIAS, COMPONENT_OWNER_COLUMNS.field), boundValue(field)),
    keyIn(ref(ROW_ALIAS, COMPONENT_OWNER_COLUMNS.parentId), keys),
  ]);
  return executor.selectFrom(`${component.collectionName} as ${ROW_ALIAS}`).where(condition) as unknown as Select;
}

/** Items of one component kind for all the parents, in their stored order, decoded. */
async function readItems(executor: Executor, owner: StoredModel, field: string, selection: PopulateSelection, parents: readonly Row[], context: PopulateContext): Promise<Row[]> {
  const rows: Row[] = [];
  for (const keys of keyChunks(parents, parentOf)) {
    const select = ownedRows(executor, selection.model, owner, field, keys)
      .select([
        ref(ROW_ALIAS, COMPONENT_OWNER_COLUMNS.parentId).as(PARENT_KEY),
        ref(ROW_ALIAS, COMPONENT_OWNER_COLUMNS.order).as(ORDER_KEY),
        ...outputColumns(context.dialect, selection.model, selection.fields, ROW_ALIAS),
      ])
      .orderBy(ref(ROW_ALIAS, COMPONENT_OWNER_COLUMNS.parentId))
      .orderBy(ref(ROW_ALIAS, COMPONENT_OWNER_COLUMNS.order))
      .orderBy(ref(ROW_ALIAS, 'id'));
    const read = (await select.execute()) as Row[];
    spendRows(context.budget, read.length);
    rows.push(...read);
  }
  decodeRows(selection.model, rows);
  return rows;
}

async function countItems(executor: Executor, component: ComponentModel, owner: StoredModel, field: string, parents: readonly Row[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const keys of keyChunks(parents, parentOf)) {
    const parentId = ref(ROW_ALIAS, COMPONENT_OWNER_COLUMNS.parentId);
    const select = ownedRows(executor, component, owner, field, keys)
      .select([parentId.as(PARENT_KEY), countRows().as(COUNT_KEY)])
      .groupBy(parentId);
    for (const [key, count] of countsByParent((await select.execute()) as Row[])) counts.set(key, count);
  }
  return counts;
}

/** A single component (object or null) or a repeatable one (a list) on every parent: one statement. */
export async function populateComponent(executor: Executor, owner: StoredModel, parents: readonly Row[], node: ComponentPopulate, context: PopulateContext): Promise<PopulateBatch[]> {
  const rows = await readItems(executor, owner, node.attribute.name, node, parents, context);
  for (const row of rows) delete row[ORDER_KEY];
  const groups = groupByParent(rows);
  for (const parent of parents) {
    const group = groups.get(String(parentOf(parent))) ?? [];
    parent[node.attribute.name] = node.attribute.repeatable ? group : (group[0] ?? null);
  }
  return rows.length > 0 && node.populate.length > 0 ? [{ model: node.model, rows, populate: node.populate }] : [];
}

/**
 * A dynamic zone on every parent: one statement per component kind, merged by position. Each
 * item is `{ id, __component, …fields, …populated }`.
 */
export async function populateZone(executor: Executor, owner: StoredModel, parents: readonly Row[], node: DynamicZonePopulate, context: PopulateContext): Promise<PopulateBatch[]> {
  const field = node.attribute.name;
  if (node.count) {
    const totals = new Map<string, number>();
    for (const selection of node.components.values()) {
      const counts = await countItems(executor, selection.model as ComponentModel, owner, field, parents);
      for (const [key, count] of counts) totals.set(key, (totals.get(key) ?? 0) + count);
    }
    for (const parent of parents) parent[field] = { count: totals.get(String(parentOf(parent))) ?? 0 };
    return [];
  }
  const batches: PopulateBatch[] = [];
  const items = new Map<string, { order: number; item: Row }[]>();
  for (const [uid, selection] of node.components) {
    const rows = await readItems(executor, owner, field, selection, parents, context);
    const kindItems: Row[] = [];
    for (const row of rows) {
      const { [PARENT_KEY]: parent, [ORDER_KEY]: order, id, ...values } = row;
      const item: Row = { id, __component: uid, ...values };
      kindItems.push(item);
      const key = String(parent);
      let list = items.get(key);
      if (!list) items.set(key, (list = []));
      list.push({ order: Number(order), item });
    }
    if (kindItems.length > 0 && selection.populate.length > 0) batches.push({ model: selection.model, rows: kindItems, populate: selection.populate });
  }
  for (const parent of parents) {
    const list = items.get(String(parentOf(parent))) ?? [];
    parent[field] = list.sort((a, b) => a.order - b.order).map((entry) => entry.item);
  }
  return batches;
}
