import type { Executor } from '../../db/database.js';
import type { DocumentQuery } from '../../query/document-query.js';
import type { Document } from '../document.js';
import { answerSize, populateTooLarge } from '../populate/answer-size.js';
import { populateRows } from '../populate/populate-documents.js';
import type { DocumentContext } from './document-context.js';

/** Decoded documents with their populated attributes: a fixed number of statements per populate tree. */
export async function completeDocuments(context: DocumentContext, executor: Executor, query: DocumentQuery, rows: readonly Record<string, unknown>[]): Promise<Document[]> {
  const documents = context.decode(query.contentType, rows);
  if (query.populate.length > 0 && documents.length > 0) {
    const { maxResponseItems } = context;
    const budget = { limit: maxResponseItems, read: 0 };
    await populateRows(executor, query.contentType, documents, query.populate, { ...context.linked, status: query.status, locale: query.locale, budget });
    // Checked before anything is serialised: shared lists make a JSON text far larger than the rows read.
    if (answerSize(documents, query.populate, maxResponseItems) > maxResponseItems) throw populateTooLarge(maxResponseItems);
  }
  return documents;
}
