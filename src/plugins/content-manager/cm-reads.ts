import { DEFAULT_REST_CONFIG, type RestConfig } from '../../core/config/app-config.js';
import type { Document } from '../../core/documents/document.js';
import type { DocumentService } from '../../core/documents/document-service.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import type { ContentType, Model } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ValidationError } from '../../core/shared/errors.js';

/** The content manager's reads go through the REST parser with its own bounds: pages of at most 100, always counted. */
export const CM_REST: RestConfig = { ...DEFAULT_REST_CONFIG, prefix: '', defaultLimit: 10, maxLimit: 100, withCount: true, strictParams: false };

/** What the parser and the service need to read documents for a content-manager route. */
export interface CmReads {
  readonly registry: SchemaRegistry;
  readonly documents: DocumentService;
  readonly locales: LocaleCatalog;
}

/** `:model` → its model; Strapi's 400 for an unknown one on the relation routes. */
export function modelOf(registry: SchemaRegistry, uid: string): Model {
  const model = registry.model(uid);
  if (!model) throw new ValidationError(`The model ${uid} doesn't exist`);
  return model;
}

/** A page parameter as Strapi's zod schema checks it: a positive integer, pageSize at most 100. */
function pageNumber(raw: unknown, name: 'page' | 'pageSize', fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : Number.NaN;
  const fail = (message: string): never => {
    throw ValidationError.fromFieldErrors([{ path: [name], message, name: 'ValidationError' }]);
  };
  if (!Number.isInteger(value)) fail(`Invalid input: expected number, received ${typeof raw}`);
  if (value < 1) fail('Too small: expected number to be >=1');
  if (name === 'pageSize' && value > 100) fail('Too big: expected number to be <=100');
  return value;
}

export interface PageParams {
  readonly page: number;
  readonly pageSize: number;
}

export function pageParams(query: Readonly<Record<string, unknown>>): PageParams {
  return { page: pageNumber(query.page, 'page', 1), pageSize: pageNumber(query.pageSize, 'pageSize', 10) };
}

/** Strapi's pagination object of the admin routes. */
export function paginationOf({ page, pageSize }: PageParams, total: number): { page: number; pageSize: number; pageCount: number; total: number } {
  return { page, pageSize, pageCount: Math.ceil(total / pageSize), total };
}

/**
 * The attribute the admin shows for a document: the content manager's default, the first
 * string attribute (Strapi's `getDefaultMainField`), or `id`.
 */
export function defaultMainField(contentType: ContentType): string {
  return contentType.scalarAttributes.find((attribute) => attribute.type === 'string' && attribute.writable)?.name ?? 'id';
}

/** Documents of a type read with the REST parser (filters, sort, fields as the content API writes them). */
export function readQuery(reads: CmReads, contentType: ContentType, raw: Readonly<Record<string, unknown>>) {
  return parseDocumentQuery(raw, { contentType, rest: CM_REST, registry: reads.registry, locales: reads.locales, filtersChooseLocale: false });
}

export type PublicationStatus = 'draft' | 'published' | 'modified';

/**
 * Strapi's `status` of shown versions: `draft` (never published), `published` (the draft is not
 * newer than the published version), `modified` (it is). One read of the other versions.
 */
export async function withStatuses(reads: CmReads, contentType: ContentType, shown: readonly Document[], status: 'draft' | 'published', locale: string | undefined): Promise<Map<Document, PublicationStatus>> {
  const statuses = new Map<Document, PublicationStatus>();
  if (!contentType.draftAndPublish || shown.length === 0) return statuses;
  const other = status === 'draft' ? 'published' : 'draft';
  const query = readQuery(reads, contentType, {
    filters: { documentId: { $in: [...new Set(shown.map((document) => document.documentId))] } },
    fields: ['updatedAt'],
    status: other,
    ...(locale !== undefined ? { locale } : {}),
  });
  // Every counterpart of the shown page (at most one per shown version), whatever the page size.
  const { documents } = await reads.documents.findMany({ query: { ...query, pagination: { mode: 'offset', start: 0, limit: null, withCount: false } } });
  const key = (document: Document) => `${document.documentId}\u0000${typeof document.locale === 'string' ? document.locale : ''}`;
  const others = new Map(documents.map((document) => [key(document), document]));
  for (const document of shown) {
    const counterpart = others.get(key(document));
    if (!counterpart) {
      statuses.set(document, status === 'draft' ? 'draft' : 'published');
      continue;
    }
    const draft = status === 'draft' ? document : counterpart;
    const published = status === 'draft' ? counterpart : document;
    statuses.set(document, Date.parse(String(draft.updatedAt)) > Date.parse(String(published.updatedAt)) ? 'modified' : 'published');
  }
  return statuses;
}
