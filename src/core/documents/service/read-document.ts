import type { Executor } from '../../db/database.js';
import type { DocumentQuery } from '../../query/document-query.js';
import { compileFindOne, findOneShapeKey } from '../../query/compile/compile-select.js';
import type { Document } from '../document.js';
import { completeDocuments } from './complete-documents.js';
import type { DocumentContext } from './document-context.js';

/** One document's version by documentId, in the query's (single) locale and status. */
export async function readDocument(context: DocumentContext, executor: Executor, query: DocumentQuery, documentId: string): Promise<Document | null> {
  const { dialect, shapes } = context;
  const key = findOneShapeKey(query);
  // The version's locale is bound before the documentId (compile-select puts it first).
  const values = query.contentType.localized && query.locale !== '*' ? [query.locale, documentId] : [documentId];
  const { rows } = key
    ? await executor.executeQuery<Record<string, unknown>>(shapes.resolve(`read:${key}`, values, () => compileFindOne(executor, dialect, query, documentId).compile()))
    : { rows: await compileFindOne(executor, dialect, query, documentId).execute() };
  return (await completeDocuments(context, executor, query, rows))[0] ?? null;
}

/**
 * The version just written, read back with the query's fields but not its filters: a filter
 * chooses documents to read and must not hide the one written (it made a filtered POST a 500
 * after rolling back, and a filtered PUT a 404 after committing its change).
 */
export async function readWritten(context: DocumentContext, executor: Executor, query: DocumentQuery, documentId: string): Promise<Document> {
  const document = await readDocument(context, executor, { ...query, filters: null }, documentId);
  if (!document) throw new Error(`The document ${documentId} was not found right after its write`);
  return document;
}
