import type { DbTransaction } from '../../db/database.js';
import type { ComponentAttribute, DynamicZoneAttribute } from '../../schema/attribute.js';
import { COMPONENT_OWNER_COLUMNS as OWNER, type ComponentModel } from '../../schema/component-model.js';
import type { StoredModel } from '../../schema/model.js';
import { columnTypeOf } from '../../schema/to-table-model.js';
import { hashPassword } from '../hash-password.js';
import type { LinkedContext } from '../linked-context.js';
import type { PositionedItem } from './apply-component-writes.js';
import type { ComponentItemWrite } from './component-write.js';
import { chunksOf, deleteComponentRows, IN_LIST_SIZE } from './delete-component-rows.js';

/** A stored item's owner row and position. */
export interface StoredItem {
  readonly parentId: number;
  readonly order: number;
}

/** Stored items of one attribute, by component uid then id. */
export type StoredItems = Map<string, Map<number, StoredItem>>;

/** An item after its row is written: its id, and whether it was just inserted. */
export interface PlacedItem {
  readonly rowId: number;
  readonly item: ComponentItemWrite;
  readonly fresh: boolean;
  readonly path: readonly string[];
}

/** Bound values per INSERT statement, far below every database's parameter limit. */
const VALUES_PER_INSERT = 5000;

/** The items stored in one attribute of the given owner rows, for every component kind it may hold. */
export async function loadStoredItems(trx: DbTransaction, owner: StoredModel, attribute: ComponentAttribute | DynamicZoneAttribute, kinds: readonly ComponentModel[], ownerIds: readonly number[]): Promise<StoredItems> {
  const stored: StoredItems = new Map();
  for (const kind of kinds) {
    const items = new Map<number, StoredItem>();
    stored.set(kind.uid, items);
    for (const row of await itemRows(trx, owner, attribute, kind, ownerIds)) items.set(row.id, { parentId: row.parentId, order: row.order });
  }
  return stored;
}

/** Every row of `kind` in this attribute of the given owner rows: id, owner and position. */
async function itemRows(trx: DbTransaction, owner: StoredModel, attribute: ComponentAttribute | DynamicZoneAttribute, kind: ComponentModel, ownerIds: readonly number[]): Promise<{ id: number; parentId: number; order: number }[]> {
  const found: { id: number; parentId: number; order: number }[] = [];
  for (const chunk of chunksOf(ownerIds, IN_LIST_SIZE)) {
    const rows = await trx
      .selectFrom(kind.collectionName)
      .select(['id', OWNER.parentId, OWNER.order])
      .where(OWNER.parentType, '=', owner.uid)
      .where(OWNER.field, '=', attribute.name)
      .where(OWNER.parentId, 'in', chunk)
      .execute();
    for (const row of rows) found.push({ id: Number(row.id), parentId: Number(row[OWNER.parentId]), order: Number(row[OWNER.order]) });
  }
  return found;
}

/**
 * An item's scalar values as bound column values. Passwords are stored as hashes, as on
 * documents; the document service hashes only the document's own row, so items are hashed here.
 */
async function valueColumns(item: ComponentItemWrite, context: LinkedContext): Promise<Record<string, unknown>> {
  const columns: Record<string, unknown> = {};
  for (const [attribute, value] of item.values) {
    const stored = attribute.type === 'password' && typeof value === 'string' ? await hashPassword(value) : value;
    columns[attribute.column] = context.dialect.encode(columnTypeOf(attribute.type), stored);
  }
  return columns;
}

/** Inserts new items, many rows per statement; rows of one statement share one column list (absent values are null). */
async function insertItems(trx: DbTransaction, owner: StoredModel, attribute: ComponentAttribute | DynamicZoneAttribute, kind: ComponentModel, items: readonly PositionedItem[], context: LinkedContext): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const { owner: parent, item, order } of items) {
    rows.push({ [OWNER.parentId]: parent.rowId, [OWNER.parentType]: owner.uid, [OWNER.field]: attribute.name, [OWNER.order]: order, ...(await valueColumns(item, context)) });
  }
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const complete = rows.map((row) => Object.fromEntries(names.map((name) => [name, row[name] ?? null])));
  for (const chunk of chunksOf(complete, Math.max(1, Math.floor(VALUES_PER_INSERT / names.length)))) {
    await trx.insertInto(kind.collectionName).values(chunk).execute();
  }
}

/** Ids of the rows just inserted, by `<parent id>:<order>`: the owner's rows of this attribute that were not kept. */
async function insertedIds(trx: DbTransaction, owner: StoredModel, attribute: ComponentAttribute | DynamicZoneAttribute, kind: ComponentModel, inserted: readonly PositionedItem[], kept: ReadonlySet<number>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const ownerIds = [...new Set(inserted.map((item) => item.owner.rowId))];
  for (const row of await itemRows(trx, owner, attribute, kind, ownerIds)) if (!kept.has(row.id)) ids.set(`${row.parentId}:${row.order}`, row.id);
  return ids;
}

/**
 * Brings one component table in line with the items of one attribute sent for some owners:
 * stored items not listed are deleted (one DELETE per chunk, nested rows and links first),
 * kept items are updated in place (only what changed: values sent, position), new items are
 * inserted in bulk. Returns every listed item of this kind with its row id.
 */
export async function storeItems(
  trx: DbTransaction,
  owner: StoredModel,
  attribute: ComponentAttribute | DynamicZoneAttribute,
  kind: ComponentModel,
  items: readonly PositionedItem[],
  stored: ReadonlyMap<number, StoredItem>,
  context: LinkedContext,
): Promise<PlacedItem[]> {
  const mine = items.filter(({ item }) => item.model.uid === kind.uid);
  const kept = new Set(mine.flatMap(({ item }) => (item.id === null ? [] : [item.id])));
  await deleteComponentRows(trx, kind, [...stored.keys()].filter((id) => !kept.has(id)), context);

  for (const { item, order } of mine) {
    if (item.id === null) continue;
    const columns = await valueColumns(item, context);
    if (stored.get(item.id)?.order !== order) columns[OWNER.order] = order;
    if (Object.keys(columns).length > 0) await trx.updateTable(kind.collectionName).set(columns).where('id', '=', item.id).execute();
  }

  const inserted = mine.filter(({ item }) => item.id === null);
  if (inserted.length > 0) await insertItems(trx, owner, attribute, kind, inserted, context);
  // New rows' ids are read back only when something hangs off them (links, nested components).
  const needIds = inserted.some(({ item }) => item.relations.size > 0 || item.components.size > 0);
  const newIds = needIds ? await insertedIds(trx, owner, attribute, kind, inserted, kept) : new Map<string, number>();

  return mine.map(({ owner: { rowId: parentId }, item, order, path }) => {
    if (item.id !== null) return { rowId: item.id, item, fresh: false, path };
    const rowId = newIds.get(`${parentId}:${order}`);
    if (rowId === undefined && needIds) throw new Error(`The new item ${order} of ${attribute.name} was not found right after its insert`);
    return { rowId: rowId ?? 0, item, fresh: true, path }; // 0: nothing hangs off the item, so its id is never used
  });
}
