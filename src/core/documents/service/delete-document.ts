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
  const { database, linked } = context;
  const plan = planWrite({ operation: 'delete', contentType }, context);
  if (plan.execution === 'statement') return (await database.retrying(() => deleteDocumentRows(database.db, contentType, documentId))) > 0;
  return inWriteTransaction(context, async (trx) => {
    await takeWriteLocks(trx, plan, context.dialect, contentType.collectionName);
    const rows = await versionRows(trx, contentType, documentId, locale, plan.lockVersionRows);
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
  });
}
