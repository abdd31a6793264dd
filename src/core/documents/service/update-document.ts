import type { Document } from '../document.js';
import type { UpdateRequest } from '../document-requests.js';
import { hashPasswords } from '../write-values.js';
import type { DocumentContext } from './document-context.js';
import { singleLocale } from './single-locale.js';
import { takeWriteLocks } from './take-write-locks.js';
import { announceWrite } from './announce-change.js';
import { keepsHistory, recordSavedVersion } from './record-saved-version.js';
import { planWrite } from './write-plan.js';
import { updateReturningStatement } from './write-statements.js';
import { inWriteTransaction, translateClientErrors } from './write-transaction.js';
import { stampedColumns, writeVersion } from './write-version.js';

/** Updates a document's version (see UpdateRequest); null when there is nothing to update. */
export async function updateDocument(context: DocumentContext, { documentId, write, query, localize, actor, alongside }: UpdateRequest): Promise<Document | null> {
  const hashed = await hashPasswords(write);
  const { contentType } = hashed;
  // A history version goes in the write's transaction, as an event does: never a lone statement then.
  const plan = planWrite({ operation: 'update', write: hashed, populates: query.populate.length > 0 || alongside !== undefined }, { ...context, announces: context.announces || keepsHistory(context, actor) });
  if (plan.execution === 'statement') {
    return translateClientErrors(context, async () => {
      const statement = updateReturningStatement(context, contentType, stampedColumns(context, hashed, actor), documentId, query);
      const { rows } = await context.database.retrying(() => context.database.db.executeQuery<Record<string, unknown>>(statement));
      return context.decode(query.contentType, rows)[0] ?? null;
    });
  }
  const written = { ...query, locale: singleLocale(query) };
  return inWriteTransaction(context, async (trx) => {
    await takeWriteLocks(trx, plan, context.dialect, contentType.collectionName);
    const version = await writeVersion(context, trx, { documentId, write: hashed, query: written, localize, plan, actor });
    if (!version) return null;
    // A new locale of the document is a create, as Strapi 5 announces it (recorded: strapi-webhooks/08-rest-create-article-locale-fr.json).
    await announceWrite(context, trx, version.created ? 'entry.create' : 'entry.update', { contentType, documentId, status: written.status, locale: written.locale });
    await recordSavedVersion(context, trx, actor, { contentType, documentId, locale: written.locale, action: 'update' });
    if (alongside) await alongside(trx, [version.document]);
    return version.document;
  });
}
