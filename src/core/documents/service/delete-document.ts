import type { DbTransaction } from '../../db/database.js';
import type { ContentType } from '../../schema/content-type.js';
import type { DeleteRequest } from '../document-requests.js';
import { deleteRelationLinks } from '../relations/apply-relation-writes.js';
import { deleteVersions } from '../versions/version-operations.js';
import { versionRows } from '../versions/version-rows.js';
import type { DocumentContext } from './document-context.js';
import { takeWriteLocks } from './take-write-locks.js';
import { readAnnounced, recordChange } from './announce-change.js';
import { planWrite } from './write-plan.js';
import { deleteDocumentRows } from './write-statements.js';
import { inWriteTransaction } from './write-transaction.js';

/** Removes every version of the locale ('*': all locales); false when there was none. */
export async function deleteDocument(context: DocumentContext, { contentType, documentId, locale }: DeleteRequest): Promise<boolean> {
  const { database } = context;
  const plan = planWrite({ operation: 'delete', contentType }, context);
  if (plan.execution === 'statement') return (await database.retrying(() => deleteDocumentRows(database.db, contentType, documentId))) > 0;
  return inWriteTransaction(context, async (trx) => {
    await takeWriteLocks(trx, plan, context.dialect, contentType.collectionName);
    return deleteVersionsIn(context, trx, { contentType, documentId, locale }, plan.lockVersionRows);
  });
}

/** The delete of one document's versions inside the caller's transaction, its locks taken. */
async function deleteVersionsIn(context: DocumentContext, trx: DbTransaction, { contentType, documentId, locale }: DeleteRequest, lockRows: boolean): Promise<boolean> {
  const { linked } = context;
  const rows = await versionRows(trx, contentType, documentId, locale, lockRows);
  if (rows.length === 0) return false;
  // What the event carries is read before it goes: the draft (the version every document of a Draft & Publish type has).
  const entry = await readAnnounced(context, trx, { contentType, documentId, status: 'draft', locale });
  await deleteVersions(trx, contentType, rows, linked);
  const remaining = contentType.localized && locale !== '*' ? await versionRows(trx, contentType, documentId, '*') : [];
  // Links to the document go with it; a localized document keeps those of its other locales.
  const removed = remaining.length === 0 ? { documentId, locale: null } : { documentId, locale };
  await deleteRelationLinks(trx, contentType, { ids: [], status: null }, removed, linked);
  await recordChange(context, trx, 'entry.delete', contentType, entry);
  return true;
}

/**
 * Removes every version written in `locale`, of every localized content-type, inside the
 * caller's transaction (the i18n plugin's locale delete, which removes the locale row in the
 * same one): each document as a delete of that locale would (components, links, the
 * `entry.delete` event), types in registry order with each one's write locks taken first.
 * Returns how many documents lost their version in the locale.
 */
export async function deleteLocaleVersions(context: DocumentContext, trx: DbTransaction, locale: string): Promise<number> {
  let count = 0;
  const localized = context.registry.contentTypes.filter((type: ContentType) => type.localized);
  for (const contentType of localized) {
    const plan = planWrite({ operation: 'delete', contentType }, context);
    const lockRows = plan.execution === 'transaction' && plan.lockVersionRows;
    if (plan.execution === 'transaction') await takeWriteLocks(trx, plan, context.dialect, contentType.collectionName);
    const found = await trx.selectFrom(contentType.collectionName).select('document_id').distinct().where('locale', '=', locale).orderBy('document_id').execute();
    for (const row of found) {
      if (await deleteVersionsIn(context, trx, { contentType, documentId: String(row.document_id), locale }, lockRows)) count += 1;
    }
  }
  return count;
}
