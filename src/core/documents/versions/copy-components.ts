import type { DbTransaction } from '../../db/database.js';
import type { LinkedAttribute } from '../../schema/attribute.js';
import { COMPONENT_OWNER_COLUMNS as OWNER, type ComponentModel } from '../../schema/component-model.js';
import type { StoredModel } from '../../schema/model.js';
import { deleteComponentRows } from '../components/delete-component-rows.js';
import type { LinkedContext } from '../linked-context.js';
import { matchItems, type ItemPlan, type StoredItem } from './match-items.js';
import type { RowPair } from './row-pair.js';
import { allValues, changedValues, chunked, selectColumns, updateRows, userColumns, type RowUpdate } from './row-values.js';

/** Owner ids per IN list, and bound values per INSERT: far below every database's parameter limit. */
const IN_LIST = 1000;
const VALUES_PER_INSERT = 5000;

/** The attributes among `attributes` that may hold items of `kind`. */
function fieldsHolding(attributes: readonly LinkedAttribute[], kind: ComponentModel): string[] {
  return attributes
    .filter((attribute) => (attribute.kind === 'component' ? attribute.component === kind.uid : attribute.kind === 'dynamiczone' && attribute.components.includes(kind.uid)))
    .map((attribute) => attribute.name);
}

/** The components the attributes may hold, each once. */
function componentsOf(attributes: readonly LinkedAttribute[], context: LinkedContext): ComponentModel[] {
  const uids = new Set(attributes.flatMap((attribute) => (attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : [])));
  return [...uids].map((uid) => context.registry.component(uid) ?? missingComponent(uid));
}

function missingComponent(uid: string): never {
  throw new Error(`The component ${uid} is not in the registry`);
}

/** One SELECT per chunk of owners: every item of `kind` the owners hold in `attributes`, with its values. */
async function loadItems(trx: DbTransaction, owner: StoredModel, attributes: readonly LinkedAttribute[], kind: ComponentModel, ownerIds: readonly number[], context: LinkedContext): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  const fields = fieldsHolding(attributes, kind);
  for (const chunk of chunked(ownerIds, IN_LIST)) {
    const rows = await trx
      .selectFrom(kind.collectionName)
      .select(['id', OWNER.parentId, OWNER.field, OWNER.order])
      .select(selectColumns(context.dialect, userColumns(kind)))
      .where(OWNER.parentType, '=', owner.uid)
      .where(OWNER.field, 'in', fields)
      .where(OWNER.parentId, 'in', chunk)
      .execute();
    for (const row of rows) {
      items.push({ id: Number(row.id), kind: kind.uid, parentId: Number(row[OWNER.parentId]), field: String(row[OWNER.field]), order: Number(row[OWNER.order]), values: row });
    }
  }
  return items;
}

function itemKey(parentId: number, field: string, order: number): string {
  return `${parentId}:${field}:${order}`;
}

/**
 * Inserts the new items of one kind, then (when they own more) reads their ids back by
 * owner, attribute and position: MySQL has no RETURNING. Returns the pairs to copy below them.
 */
async function insertItems(trx: DbTransaction, owner: StoredModel, attributes: readonly LinkedAttribute[], kind: ComponentModel, plan: ItemPlan, kept: ReadonlySet<number>, context: LinkedContext): Promise<RowPair[]> {
  const inserts = plan.inserts.filter((insert) => insert.from.kind === kind.uid);
  if (inserts.length === 0) return [];
  const columns = userColumns(kind);
  const rows = inserts.map(({ from, parentId }) => ({
    [OWNER.parentId]: parentId,
    [OWNER.parentType]: owner.uid,
    [OWNER.field]: from.field,
    [OWNER.order]: from.order,
    ...allValues(context.dialect, columns, from.values),
  }));
  for (const chunk of chunked(rows, Math.max(1, Math.floor(VALUES_PER_INSERT / (columns.length + 4))))) {
    await trx.insertInto(kind.collectionName).values(chunk).execute();
  }
  if (kind.linkedAttributes.length === 0) return [];

  const created = new Map<string, number>();
  const parents = [...new Set(inserts.map((insert) => insert.parentId))];
  for (const chunk of chunked(parents, IN_LIST)) {
    const found = await trx
      .selectFrom(kind.collectionName)
      .select(['id', OWNER.parentId, OWNER.field, OWNER.order])
      .where(OWNER.parentType, '=', owner.uid)
      .where(OWNER.field, 'in', fieldsHolding(attributes, kind))
      .where(OWNER.parentId, 'in', chunk)
      .execute();
    for (const row of found) {
      const id = Number(row.id);
      if (!kept.has(id)) created.set(itemKey(Number(row[OWNER.parentId]), String(row[OWNER.field]), Number(row[OWNER.order])), id);
    }
  }
  return inserts.map(({ from, parentId }) => {
    const to = created.get(itemKey(parentId, from.field, from.order));
    if (to === undefined) throw new Error(`The new ${kind.uid} item at ${from.field}[${from.order}] of ${owner.uid} row ${parentId} was not found right after its insert`);
    return { from: from.id, to, fresh: true };
  });
}

/**
 * Makes the component and dynamic-zone items of each pair's `to` row copies of its `from`
 * row's, one level deep: matched items are updated in place, the others deleted (with all
 * below them) or inserted. Statements: per component kind, one SELECT and a few batched
 * writes. Returns, per kind that owns more, the item pairs whose own contents are copied next.
 */
export async function copyComponents(trx: DbTransaction, owner: StoredModel, pairs: readonly RowPair[], context: LinkedContext, attributes: readonly LinkedAttribute[] = owner.linkedAttributes): Promise<Map<ComponentModel, RowPair[]>> {
  const next = new Map<ComponentModel, RowPair[]>();
  const kinds = componentsOf(attributes, context);
  if (pairs.length === 0 || kinds.length === 0) return next;
  const ownerIds = [...new Set(pairs.flatMap((pair) => (pair.fresh ? [pair.from] : [pair.from, pair.to])))];
  const items: StoredItem[] = [];
  for (const kind of kinds) items.push(...(await loadItems(trx, owner, attributes, kind, ownerIds, context)));
  const fields = attributes.filter((attribute) => attribute.kind !== 'relation').map((attribute) => attribute.name);
  const plan = matchItems(pairs, fields, items);

  for (const kind of kinds) {
    const deletes = plan.deletes.filter((item) => item.kind === kind.uid).map((item) => item.id);
    await deleteComponentRows(trx, kind, deletes, context);

    const columns = userColumns(kind);
    const matches = plan.matches.filter((match) => match.to.kind === kind.uid);
    const updates: RowUpdate[] = matches.map(({ from, to }) => {
      const values = changedValues(context.dialect, columns, from.values, to.values);
      if (from.order !== to.order) values.set(OWNER.order, from.order);
      return { id: to.id, values };
    });
    await updateRows(trx, kind.collectionName, updates);

    const kept = new Set(matches.map((match) => match.to.id));
    const created = await insertItems(trx, owner, attributes, kind, plan, kept, context);
    if (kind.linkedAttributes.length > 0) {
      const below = [...matches.map(({ from, to }) => ({ from: from.id, to: to.id, fresh: false })), ...created];
      if (below.length > 0) next.set(kind, below);
    }
  }
  return next;
}
