import type { DbTransaction } from '../../db/database.js';
import type { ComponentAttribute, DynamicZoneAttribute } from '../../schema/attribute.js';
import type { ComponentModel } from '../../schema/component-model.js';
import type { StoredModel } from '../../schema/model.js';
import { ValidationError, type FieldError } from '../../shared/errors.js';
import type { LinkedContext, OwnerRow, WriteContext } from '../linked-context.js';
import { applyRelationWrites } from '../relations/apply-relation-writes.js';
import { componentError, foreignIdMessage } from './component-errors.js';
import type { ComponentItemWrite, ComponentValueWrite } from './component-write.js';
import { deleteOwnedComponents } from './delete-component-rows.js';
import { loadStoredItems, storeItems, type PlacedItem, type StoredItems } from './store-component-items.js';

type ComponentValues = ReadonlyMap<ComponentAttribute | DynamicZoneAttribute, ComponentValueWrite>;

/** A row whose component values are written at one level of the tree. */
interface LevelOwner {
  readonly rowId: number;
  readonly components: ComponentValues;
  /** Inserted by this write: it owns no stored items yet, so none need looking up. */
  readonly fresh: boolean;
  /** Where its data was in the body, for error paths. */
  readonly path: readonly string[];
}

/** Items of one attribute with their owner, position and body path. */
export interface PositionedItem {
  readonly owner: LevelOwner;
  readonly item: ComponentItemWrite;
  /** 1..n, the item's position in the value. */
  readonly order: number;
  readonly path: readonly string[];
}

function positionedItems(attribute: ComponentAttribute | DynamicZoneAttribute, owners: readonly LevelOwner[]): PositionedItem[] {
  const listed = attribute.kind === 'dynamiczone' || attribute.repeatable;
  return owners.flatMap((owner) =>
    (owner.components.get(attribute)?.items ?? []).map((item, index) => ({
      owner,
      item,
      order: index + 1,
      path: listed ? [...owner.path, attribute.name, String(index)] : [...owner.path, attribute.name],
    })),
  );
}

/** Every `id` sent must be a stored item of the same owner row, attribute and component kind. */
function checkIds(attribute: ComponentAttribute | DynamicZoneAttribute, items: readonly PositionedItem[], stored: StoredItems): void {
  const errors: FieldError[] = [];
  for (const { owner, item, path } of items) {
    if (item.id === null) continue;
    const row = stored.get(item.model.uid)?.get(item.id);
    if (!row || row.parentId !== owner.rowId) errors.push(componentError([...path, 'id'], foreignIdMessage(attribute.name, item.id), item.id));
  }
  if (errors.length > 0) throw ValidationError.fromFieldErrors(errors);
}

function kindsOf(attribute: ComponentAttribute | DynamicZoneAttribute, context: LinkedContext): ComponentModel[] {
  const uids = attribute.kind === 'component' ? [attribute.component] : attribute.components;
  return uids.map((uid) => {
    const component = context.registry.component(uid);
    if (!component) throw new Error(`The component ${uid} of ${attribute.name} is not in the registry`);
    return component;
  });
}

/**
 * Writes the component values of many rows of one model, attribute by attribute, then the
 * next level down for all their items at once: the number of statements grows with the depth
 * and the number of component kinds, not with the number of owners.
 */
async function writeLevel(trx: DbTransaction, model: StoredModel, owners: readonly LevelOwner[], context: WriteContext): Promise<void> {
  const next = new Map<ComponentModel, LevelOwner[]>();
  for (const attribute of model.linkedAttributes) {
    if (attribute.kind === 'relation') continue;
    const sentBy = owners.filter((owner) => owner.components.has(attribute));
    if (sentBy.length === 0) continue;
    const items = positionedItems(attribute, sentBy);
    const kinds = kindsOf(attribute, context);
    const stale = sentBy.filter((owner) => !owner.fresh).map((owner) => owner.rowId);
    const stored = await loadStoredItems(trx, model, attribute, kinds, stale);
    checkIds(attribute, items, stored);
    const placed: PlacedItem[] = [];
    for (const kind of kinds) placed.push(...(await storeItems(trx, model, attribute, kind, items, stored.get(kind.uid) ?? new Map(), context)));
    for (const { rowId, item, fresh, path } of placed) {
      if (item.relations.size > 0) await applyRelationWrites(trx, item.model, { rowId, documentId: null }, item.relations, context);
      if (item.components.size === 0) continue;
      const level = next.get(item.model) ?? [];
      level.push({ rowId, components: item.components, fresh, path });
      next.set(item.model, level);
    }
  }
  for (const [component, nested] of next) await writeLevel(trx, component, nested, context);
}

/**
 * Writes a row's component and dynamic-zone values: for each attribute sent, items with an
 * `id` are updated in place (only the keys sent change, the id stays), new items are inserted,
 * and stored items not listed are deleted with their nested components and links. Items are
 * ordered by `parent_ord`. An `id` that is not an item of this row and attribute is a 400,
 * and the caller's transaction rolls back whatever was written before.
 */
export async function applyComponentWrites(trx: DbTransaction, model: StoredModel, owner: OwnerRow, components: ComponentValues, context: WriteContext): Promise<void> {
  if (components.size === 0) return;
  await writeLevel(trx, model, [{ rowId: owner.rowId, components, fresh: owner.created ?? false, path: [] }], context);
}

/** Deletes the components of rows being deleted, nested ones and their links included. */
export async function deleteComponents(trx: DbTransaction, model: StoredModel, rowIds: readonly number[], context: LinkedContext): Promise<void> {
  await deleteOwnedComponents(trx, model, rowIds, context);
}
