import type { Database, DbTransaction } from '../../db/database.js';
import type { BatchOperation, BatchRequest, BatchResult } from '../document-requests.js';
import type { DocumentContext } from './document-context.js';
import { deleteDocument } from './delete-document.js';
import { updateDocument } from './update-document.js';
import { discardDraft, publishDocument, unpublishDocument } from './version-actions.js';
import { inWriteTransaction } from './write-transaction.js';

/**
 * The context of the operations of a batch: its database is the batch's open transaction, so
 * each operation's own transaction (and its lone statements) runs inside that one. Retries are
 * the outer transaction's: a deadlock reruns the whole batch.
 */
function inBatch(context: DocumentContext, trx: DbTransaction): DocumentContext {
  const database: Database = { ...context.database, db: trx, transaction: (fn) => fn(trx), retrying: (statement) => statement() };
  return { ...context, database, announces: context.announces };
}

function runOperation(context: DocumentContext, operation: BatchOperation): Promise<BatchResult> {
  switch (operation.action) {
    case 'update':
      return updateDocument(context, operation.request);
    case 'delete':
      return deleteDocument(context, operation.request);
    case 'publish':
      return publishDocument(context, operation.request);
    case 'unpublish':
      return unpublishDocument(context, operation.request);
    case 'discardDraft':
      return discardDraft(context, operation.request);
  }
}

/** Runs the operations one after the other in one transaction (BatchRequest): the first that fails rolls every one back. */
export function runBatch(context: DocumentContext, { operations, alongside }: BatchRequest): Promise<BatchResult[]> {
  return inWriteTransaction(context, async (trx) => {
    const batch = inBatch(context, trx);
    const results: BatchResult[] = [];
    for (const operation of operations) results.push(await runOperation(batch, operation));
    if (alongside) await alongside(trx, results);
    return results;
  });
}
