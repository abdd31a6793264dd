import { toOffsetLimit } from '../../query/document-query.js';
import { scansEveryRow } from '../../query/compile/scans-every-row.js';
import { compileCount, compileFindFirst, compileFindMany, compileFindManyCounted, WINDOW_TOTAL } from '../../query/compile/compile-select.js';
import type { Document, DocumentPage } from '../document.js';
import type { FindFirstRequest, FindManyRequest, FindOneRequest, SingleDocumentIdRequest } from '../document-requests.js';
import { completeDocuments } from './complete-documents.js';
import type { DocumentContext } from './document-context.js';
import { readDocument } from './read-document.js';
import { singleLocale } from './single-locale.js';
import { firstDocumentId } from './write-statements.js';

/**
 * A page whose filter scans every row (a text search) takes its total from the same scan: one
 * pass over the table instead of two. Only a page empty past the end needs the count on its own.
 */
async function findWithWindowCount(context: DocumentContext, query: FindManyRequest['query']): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const { database, dialect } = context;
  const { offset } = toOffsetLimit(query.pagination);
  const counted = await compileFindManyCounted(database.db, dialect, query).execute();
  const rows = counted.map(({ [WINDOW_TOTAL]: _total, ...row }) => row);
  if (counted.length > 0) return { rows, total: Number(counted[0]?.[WINDOW_TOTAL]) };
  const total = offset === 0 ? 0 : Number((await compileCount(database.db, dialect, query).executeTakeFirst())?.total ?? 0);
  return { rows, total };
}

export async function findMany(context: DocumentContext, { query }: FindManyRequest): Promise<DocumentPage> {
  const { database, dialect } = context;
  if (query.pagination.withCount && toOffsetLimit(query.pagination).limit !== 0 && scansEveryRow(query.filters)) {
    const { rows, total } = await findWithWindowCount(context, query);
    return { documents: await completeDocuments(context, database.db, query, rows), total };
  }
  const { offset, limit } = toOffsetLimit(query.pagination);
  const rows = await compileFindMany(database.db, dialect, query).execute();
  let total: number | null = null;
  if (query.pagination.withCount) {
    // A page that is neither empty nor full tells the total by itself: no count query needed.
    const isPartialPage = rows.length > 0 && (limit === null || rows.length < limit);
    total = isPartialPage ? offset + rows.length : Number((await compileCount(database.db, dialect, query).executeTakeFirst())?.total ?? 0);
  }
  return { documents: await completeDocuments(context, database.db, query, rows), total };
}

export async function countDocuments(context: DocumentContext, { query }: FindManyRequest): Promise<number> {
  return Number((await compileCount(context.database.db, context.dialect, query).executeTakeFirst())?.total ?? 0);
}

export function findOne(context: DocumentContext, { query, documentId }: FindOneRequest): Promise<Document | null> {
  return readDocument(context, context.database.db, { ...query, locale: singleLocale(query) }, documentId);
}

export async function findFirst(context: DocumentContext, { query }: FindFirstRequest): Promise<Document | null> {
  const { database, dialect } = context;
  const rows = await compileFindFirst(database.db, dialect, { ...query, locale: singleLocale(query) }).execute();
  return (await completeDocuments(context, database.db, query, rows))[0] ?? null;
}

export function findSingleDocumentId(context: DocumentContext, { contentType }: SingleDocumentIdRequest): Promise<string | null> {
  return firstDocumentId(context.database.db, contentType);
}
