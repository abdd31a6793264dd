import type { Document } from '../document.js';
import type { CreateManyRequest, WriteGuard } from '../document-requests.js';
import { createDocumentId } from '../document-id.js';
import { hashPasswords } from '../write-values.js';
import type { DocumentContext } from './document-context.js';
import { singleLocale } from './single-locale.js';
import { takeWriteLocks } from './take-write-locks.js';
import { announceWrite } from './announce-change.js';
import { recordSavedVersion } from './record-saved-version.js';
import { planWrite } from './write-plan.js';
import { inWriteTransaction } from './write-transaction.js';
import { createVersion } from './write-version.js';

/** Creates documents of one content-type in one transaction: all are created, or none. `guard`: see CreateRequest. */
export async function createDocuments(context: DocumentContext, { writes, query, guard, actor, alongside }: CreateManyRequest & { readonly guard?: WriteGuard }): Promise<Document[]> {
  const hashed = await Promise.all(writes.map(hashPasswords));
  const { contentType } = query;
  const locale = singleLocale(query);
  const plan = planWrite({ operation: 'create', contentType, writes: hashed }, context);
  return inWriteTransaction(context, async (trx) => {
    await takeWriteLocks(trx, plan, context.dialect, contentType.collectionName);
    if (guard) await guard(trx);
    const created: Document[] = [];
    for (const write of hashed) {
      const document = await createVersion(context, trx, { write, documentId: createDocumentId(), locale, status: query.status, query, plan, actor });
      await announceWrite(context, trx, 'entry.create', { contentType, documentId: document.documentId, status: query.status, locale });
      await recordSavedVersion(context, trx, actor, { contentType, documentId: document.documentId, locale, action: 'create' });
      created.push(document);
    }
    if (alongside) await alongside(trx, created);
    return created;
  });
}
