import type { Document, DocumentPage } from '../documents/document.js';
import type { Pagination } from '../query/document-query.js';

export type ResponseFormat = 'v5' | 'v4';

/** `Strapi-Response-Format: v4` asks for the previous major version's nesting (reference §9). */
export function responseFormatOf(header: string | string[] | undefined): ResponseFormat {
  return header === 'v4' ? 'v4' : 'v5';
}

function toV4(document: Document): Readonly<Record<string, unknown>> {
  const { id, documentId, ...attributes } = document;
  return { id, documentId, attributes };
}

function shapeDocument(document: Document, format: ResponseFormat): Readonly<Record<string, unknown>> {
  return format === 'v4' ? toV4(document) : document;
}

function paginationMeta(pagination: Pagination, total: number | null): Readonly<Record<string, number>> {
  if (pagination.mode === 'page') {
    const meta = { page: pagination.page, pageSize: pagination.pageSize };
    return total === null ? meta : { ...meta, pageCount: Math.ceil(total / pagination.pageSize), total };
  }
  const meta = { start: pagination.start, limit: pagination.limit ?? -1 };
  return total === null ? meta : { ...meta, total };
}

export function shapeList(page: DocumentPage, pagination: Pagination, format: ResponseFormat): unknown {
  const data = format === 'v4' ? page.documents.map(toV4) : page.documents;
  return { data, meta: { pagination: paginationMeta(pagination, page.total) } };
}

export function shapeOne(document: Document, format: ResponseFormat): unknown {
  return { data: shapeDocument(document, format), meta: {} };
}
