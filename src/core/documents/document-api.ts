import { DEFAULT_REST_CONFIG, type RestConfig } from '../config/app-config.js';
import { parseDocumentQuery } from '../query/parse/parse-document-query.js';
import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { NotFoundError } from '../shared/errors.js';
import type { Document } from './document.js';
import type { DocumentService } from './document-service.js';
import { validateData } from './validate-data.js';
import type { LocaleCatalog } from '../query/locale-catalog.js';

/** Query parameters of the programmatic API: the REST ones, plus `start`/`limit` at the top. */
export interface FindParams {
  readonly filters?: unknown;
  readonly sort?: unknown;
  readonly fields?: unknown;
  readonly populate?: unknown;
  readonly pagination?: unknown;
  readonly start?: number;
  readonly limit?: number;
  readonly status?: 'published' | 'draft';
  readonly locale?: string;
}

/** The document API of one content-type, for project code (`bootstrap`, scripts). */
export interface DocumentApi {
  findMany(params?: FindParams): Promise<readonly Document[]>;
  findFirst(params?: FindParams): Promise<Document | null>;
  findOne(params: FindParams & { readonly documentId: string }): Promise<Document | null>;
  count(params?: FindParams): Promise<number>;
  create(params: { readonly data: Readonly<Record<string, unknown>> } & FindParams): Promise<Document>;
  update(params: { readonly documentId: string; readonly data: Readonly<Record<string, unknown>> } & FindParams): Promise<Document | null>;
  /** Removes every version of the locale (the default one unless `locale` says; '*': all). */
  delete(params: { readonly documentId: string; readonly locale?: string }): Promise<{ readonly documentId: string } | null>;
}

/** Programmatic callers are trusted: no page cap, no strictness about extra keys. */
const PROGRAMMATIC_REST: RestConfig = { ...DEFAULT_REST_CONFIG, prefix: '', defaultLimit: -1, maxLimit: null, withCount: false, strictParams: false };

function toRaw({ start, limit, ...params }: FindParams = {}): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...params };
  if (start !== undefined || limit !== undefined) raw.pagination = { ...(start !== undefined ? { start } : {}), ...(limit !== undefined ? { limit } : {}) };
  return raw;
}

/** `documents(uid)` for project code: the same validation and storage as the REST API. */
export function createDocumentApi(registry: SchemaRegistry, service: DocumentService, locales: LocaleCatalog): (uid: string) => DocumentApi {
  const query = (contentType: ContentType, params?: FindParams, filtersChooseLocale = true) =>
    parseDocumentQuery(toRaw(params), { contentType, rest: PROGRAMMATIC_REST, registry, locales, filtersChooseLocale });
  return (uid) => {
    const contentType = registry.get(uid);
    if (!contentType) throw new NotFoundError(`Unknown content-type ${uid}`);
    return {
      findMany: async (params) => (await service.findMany({ query: query(contentType, params) })).documents,
      findFirst: (params) => service.findFirst({ query: query(contentType, params) }),
      findOne: ({ documentId, ...params }) => service.findOne({ query: query(contentType, params), documentId }),
      count: (params) => service.count({ query: query(contentType, params) }),
      create: ({ data, ...params }) => service.create({ write: validateData(data, contentType, 'create', registry), query: query(contentType, params, false) }),
      update: ({ documentId, data, ...params }) => service.update({ documentId, write: validateData(data, contentType, 'update', registry), query: query(contentType, params, false) }),
      delete: async ({ documentId, locale }) => ((await service.delete({ contentType, documentId, locale: query(contentType, { locale }).locale })) ? { documentId } : null),
    };
  };
}
