import type { DbTransaction } from '../../db/database.js';
import type { RelationAttribute } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import type { LinkedContext, OwnerRow } from '../linked-context.js';
import type { RelationWrite } from './relation-write.js';

/** Applies a row's relation changes to the link tables (being built). */
export async function applyRelationWrites(_trx: DbTransaction, _model: StoredModel, _owner: OwnerRow, relations: ReadonlyMap<RelationAttribute, RelationWrite>, _context: LinkedContext): Promise<void> {
  if (relations.size > 0) throw new Error('Relation writes are not implemented yet');
}

/**
 * Removes every link of rows being deleted: links they own, and (for documents) links from
 * other rows to their document, keeping the other sides' order contiguous (being built).
 */
export async function deleteRelationLinks(_trx: DbTransaction, _model: StoredModel, _rowIds: readonly number[], _documentId: string | null, _context: LinkedContext): Promise<void> {}
