import type { CompiledQuery } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DocumentQuery } from '../../query/document-query.js';
import { findOneShapeKey, literalLimit, returningSelection } from '../../query/compile/compile-select.js';
import type { ContentType } from '../../schema/content-type.js';
import type { DocumentContext } from './document-context.js';

// Writes are compiled once per shape (table and written columns); the key is the shape and
// the values are bound in column order.

/** An INSERT of a version row, returning its id where the database can (MySQL reports it instead). */
export function insertStatement(context: DocumentContext, executor: Executor, contentType: ContentType, columns: Record<string, unknown>): CompiledQuery {
  const table = contentType.collectionName;
  const key = `insert:${table}:${Object.keys(columns).join(',')}`;
  return context.shapes.resolve(key, Object.values(columns), () =>
    context.dialect.updateReturning ? executor.insertInto(table).values(columns).returning('id').compile() : executor.insertInto(table).values(columns).compile(),
  );
}

/** An UPDATE of one version row by its id. */
export function updateByIdStatement(context: DocumentContext, executor: Executor, contentType: ContentType, columns: Record<string, unknown>, rowId: number): CompiledQuery {
  const table = contentType.collectionName;
  const key = `update:${table}:${Object.keys(columns).join(',')}`;
  return context.shapes.resolve(key, [...Object.values(columns), rowId], () => executor.updateTable(table).set(columns).where('id', '=', rowId).compile());
}

/** UPDATE … RETURNING the columns the query reads (plain types only: one row per document). */
export function updateReturningStatement(context: DocumentContext, contentType: ContentType, columns: Record<string, unknown>, documentId: string, query: DocumentQuery): CompiledQuery {
  const { database, dialect } = context;
  const table = contentType.collectionName;
  const key = `update-returning:${table}:${Object.keys(columns).join(',')}:${findOneShapeKey({ ...query, filters: null })}`;
  return context.shapes.resolve(key, [...Object.values(columns), documentId], () =>
    database.db.updateTable(table).set(columns).where('document_id', '=', documentId).returning(returningSelection(dialect, query)).compile(),
  );
}

/** Removes every row of a document; the number of rows removed. */
export async function deleteDocumentRows(executor: Executor, contentType: ContentType, documentId: string): Promise<number> {
  const result = await executor.deleteFrom(contentType.collectionName).where('document_id', '=', documentId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The documentId of a single type's document: the one of its oldest row. */
export async function firstDocumentId(executor: Executor, contentType: ContentType): Promise<string | null> {
  const row = await executor.selectFrom(contentType.collectionName).select('document_id').orderBy('id').limit(literalLimit(1)).executeTakeFirst();
  return typeof row?.document_id === 'string' ? row.document_id : null;
}
