import type { DbTransaction } from '../../db/database.js';
import { COMPONENT_OWNER_COLUMNS as OWNER, type ComponentModel } from '../../schema/component-model.js';
import type { StoredModel } from '../../schema/model.js';
import type { LinkedContext } from '../linked-context.js';
import { deleteRelationLinks } from '../relations/apply-relation-writes.js';

/** Ids per IN list: far below every database's parameter limit (SQLite's is 32 766). */
export const IN_LIST_SIZE = 1000;

export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** The components a model's component and dynamic-zone attributes may hold, each once. */
export function ownedComponents(model: StoredModel, context: LinkedContext): ComponentModel[] {
  const uids = new Set<string>();
  for (const attribute of model.linkedAttributes) {
    if (attribute.kind === 'component') uids.add(attribute.component);
    else if (attribute.kind === 'dynamiczone') attribute.components.forEach((uid) => uids.add(uid));
  }
  return [...uids].map((uid) => {
    const component = context.registry.component(uid);
    if (!component) throw new Error(`The component ${uid} of ${model.uid} is not in the registry`);
    return component;
  });
}

/** Whether deleting rows of a component must look beyond its own table (nested components, links). */
function ownsMore(component: ComponentModel): boolean {
  return component.linkedAttributes.length > 0;
}

/**
 * Deletes every component row owned by the given rows of `owner` (any attribute, any kind),
 * recursively with their own components and links. Set-based: per component table and level,
 * one SELECT of the ids (only when they own more) and one DELETE per chunk of ids.
 */
export async function deleteOwnedComponents(trx: DbTransaction, owner: StoredModel, ownerIds: readonly number[], context: LinkedContext): Promise<void> {
  if (ownerIds.length === 0) return;
  for (const component of ownedComponents(owner, context)) {
    for (const chunk of chunksOf(ownerIds, IN_LIST_SIZE)) {
      if (!ownsMore(component)) {
        await trx.deleteFrom(component.collectionName).where(OWNER.parentType, '=', owner.uid).where(OWNER.parentId, 'in', chunk).execute();
        continue;
      }
      const rows = await trx.selectFrom(component.collectionName).select('id').where(OWNER.parentType, '=', owner.uid).where(OWNER.parentId, 'in', chunk).execute();
      await deleteComponentRows(trx, component, rows.map((row) => Number(row.id)), context);
    }
  }
}

/** Deletes component rows by id, with what they own: nested components first, then their links, then the rows. */
export async function deleteComponentRows(trx: DbTransaction, component: ComponentModel, ids: readonly number[], context: LinkedContext): Promise<void> {
  if (ids.length === 0) return;
  if (ownsMore(component)) {
    await deleteOwnedComponents(trx, component, ids, context);
    if (component.linkedAttributes.some((attribute) => attribute.kind === 'relation')) await deleteRelationLinks(trx, component, { ids, status: null }, null, context);
  }
  for (const chunk of chunksOf(ids, IN_LIST_SIZE)) await trx.deleteFrom(component.collectionName).where('id', 'in', chunk).execute();
}
