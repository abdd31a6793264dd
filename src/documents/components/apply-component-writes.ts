import type { DbTransaction } from '../../db/database.js';
import type { ComponentAttribute, DynamicZoneAttribute } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import type { LinkedContext, OwnerRow } from '../linked-context.js';
import type { ComponentValueWrite } from './component-write.js';

/** Writes a row's component and dynamic-zone values (being built). */
export async function applyComponentWrites(_trx: DbTransaction, _model: StoredModel, _owner: OwnerRow, components: ReadonlyMap<ComponentAttribute | DynamicZoneAttribute, ComponentValueWrite>, _context: LinkedContext): Promise<void> {
  if (components.size > 0) throw new Error('Component writes are not implemented yet');
}

/** Deletes the components of rows being deleted, nested ones and their links included (being built). */
export async function deleteComponents(_trx: DbTransaction, _model: StoredModel, _rowIds: readonly number[], _context: LinkedContext): Promise<void> {}
