import type { DbTransaction } from '../../db/database.js';
import type { Status } from '../../query/document-query.js';
import type { LinkedAttribute } from '../../schema/attribute.js';
import type { ContentType } from '../../schema/content-type.js';
import type { LinkedContext } from '../linked-context.js';
import type { ModelWrite } from '../model-write.js';
import { copyOwned } from './copy-version.js';

/**
 * Shared media, components and dynamic zones (`pluginOptions.i18n.localized: false` on a
 * localized type) hold one value per document and status, like shared scalars
 * (sync-shared-values.ts). Each locale's version keeps rows of its own (component items have
 * per-locale ids, stable by position); copying makes them equal, with the machinery of
 * publishing (copy-version.ts), so statements grow with the model's shape, not with the
 * number of items, links or locales.
 */

/** The shared linked attributes of a type (none on types that are not localized). */
export function sharedLinked(contentType: ContentType): LinkedAttribute[] {
  return contentType.localized ? contentType.linkedAttributes.filter((attribute) => attribute.shared === true) : [];
}

/** The shared linked attributes a write sets. */
export function writtenShared(contentType: ContentType, write: ModelWrite): LinkedAttribute[] {
  return sharedLinked(contentType).filter((attribute) => (attribute.kind === 'relation' ? write.relations.has(attribute) : write.components.has(attribute)));
}

/**
 * Makes `attributes` of the document's versions of `status` in the other locales copies of
 * row `rowId`'s: one SELECT of those versions, then the copy for all of them at once.
 */
export async function syncSharedLinked(trx: DbTransaction, contentType: ContentType, rowId: number, documentId: string, status: Status, attributes: readonly LinkedAttribute[], context: LinkedContext): Promise<void> {
  if (attributes.length === 0) return;
  let select = trx.selectFrom(contentType.collectionName).select('id').where('document_id', '=', documentId).where('id', '<>', rowId);
  if (contentType.draftAndPublish) select = select.where('published_at', status === 'draft' ? 'is' : 'is not', null);
  const others = await select.execute();
  const pairs = others.map((row) => ({ from: rowId, to: Number(row.id), fresh: false }));
  await copyOwned(trx, contentType, pairs, context, attributes);
}

/**
 * Gives a new locale's version (row `rowId`, just inserted) the document's shared linked values
 * it was not written with, copied from `source` (a version of the same status in another
 * locale). Those it was written with are then the document's: synced to the other locales.
 */
export async function joinSharedLinked(trx: DbTransaction, contentType: ContentType, source: number, rowId: number, documentId: string, status: Status, write: ModelWrite, context: LinkedContext): Promise<void> {
  const written = writtenShared(contentType, write);
  const inherited = sharedLinked(contentType).filter((attribute) => !written.includes(attribute));
  // The new row holds nothing in the attributes it was not written with: nothing of it is read.
  await copyOwned(trx, contentType, [{ from: source, to: rowId, fresh: true }], context, inherited);
  await syncSharedLinked(trx, contentType, rowId, documentId, status, written, context);
}
