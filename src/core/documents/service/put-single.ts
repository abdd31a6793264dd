import type { Document } from '../document.js';
import type { PutSingleRequest } from '../document-requests.js';
import { createDocumentId } from '../document-id.js';
import { hashPasswords } from '../write-values.js';
import type { DocumentContext } from './document-context.js';
import { singleLocale } from './single-locale.js';
import { takeWriteLocks } from './take-write-locks.js';
import { announceWrite } from './announce-change.js';
import { recordSavedVersion } from './record-saved-version.js';
import { planWrite } from './write-plan.js';
import { firstDocumentId } from './write-statements.js';
import { inWriteTransaction } from './write-transaction.js';
import { createVersion, writeVersion } from './write-version.js';

/** A single type's PUT: updates its document, or creates it when there is none, in one transaction. */
export function putSingle(context: DocumentContext, { contentType, writeFor, query, actor }: PutSingleRequest): Promise<Document> {
  const written = { ...query, locale: singleLocale(query) };
  const plan = planWrite({ operation: 'put-single', contentType, write: writeFor('update', {}, false) }, context);
  return inWriteTransaction(context, async (trx) => {
    await takeWriteLocks(trx, plan, context.dialect, contentType.collectionName);
    const documentId = await firstDocumentId(trx, contentType);
    if (documentId === null) {
      // Hashing inside the lock: a single type is written rarely, and only one writer waits.
      const write = await hashPasswords(writeFor('create', {}, false));
      const created = await createVersion(context, trx, { write, documentId: createDocumentId(), locale: written.locale, status: written.status, query: written, plan, actor });
      await announceWrite(context, trx, 'entry.create', { contentType, documentId: created.documentId, status: written.status, locale: written.locale });
      await recordSavedVersion(context, trx, actor, { contentType, documentId: created.documentId, locale: written.locale, action: 'create' });
      return created;
    }
    const write = await hashPasswords(writeFor('update', {}, false));
    const version = await writeVersion(context, trx, { documentId, write, query: written, localize: (base) => writeFor('create', base, true), plan, actor });
    if (!version) throw new Error(`The document ${documentId} vanished while its table was locked`);
    await announceWrite(context, trx, version.created ? 'entry.create' : 'entry.update', { contentType, documentId, status: written.status, locale: written.locale });
    await recordSavedVersion(context, trx, actor, { contentType, documentId, locale: written.locale, action: 'update' });
    return version.document;
  });
}
