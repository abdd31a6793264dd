import type { DocumentApi, FindParams } from '../core/documents/document-api.js';
import type { ContentType } from '../core/schema/content-type.js';

/** The core service of a content-type, as Strapi 5's: its methods over `strapi.documents(uid)`. */
export interface CoreService {
  find(params?: Record<string, unknown>): Promise<unknown>;
  findOne?(documentId: string, params?: Record<string, unknown>): Promise<unknown>;
  create?(params: Record<string, unknown>): Promise<unknown>;
  createOrUpdate?(params: Record<string, unknown>): Promise<unknown>;
  update?(documentId: string, params: Record<string, unknown>): Promise<unknown>;
  delete(documentIdOrParams?: unknown, params?: Record<string, unknown>): Promise<unknown>;
}

function positive(value: unknown, fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : fallback;
}

/** `pagination: { page, pageSize }` (or `start`/`limit`) → the document API's `start`/`limit`, and what `find` answers with the results. */
function pageOf(params: Record<string, unknown>): { find: FindParams; page: number; pageSize: number } {
  const { pagination, page: rawPage, pageSize: rawSize, ...rest } = params;
  const given = (pagination ?? {}) as Record<string, unknown>;
  const page = positive(given.page ?? rawPage, 1);
  const pageSize = positive(given.pageSize ?? rawSize, 25);
  return { find: { ...(rest as FindParams), start: (page - 1) * pageSize, limit: pageSize }, page, pageSize };
}

/** Strapi's `createCoreService(uid)`: what `super.find(params)` reaches from an override. */
export function createCoreService(contentType: ContentType, documents: () => DocumentApi): CoreService {
  if (contentType.kind === 'singleType') {
    return {
      find: (params = {}) => documents().findFirst(params as FindParams),
      createOrUpdate: async ({ data, ...params }) => {
        const existing = await documents().findFirst(params as FindParams);
        const body = (data ?? {}) as Record<string, unknown>;
        return existing ? documents().update({ ...(params as FindParams), documentId: existing.documentId, data: body }) : documents().create({ ...(params as FindParams), data: body });
      },
      delete: async (params = {}) => {
        const existing = await documents().findFirst(params as FindParams);
        return existing ? documents().delete({ documentId: existing.documentId, ...(params as { locale?: string }) }) : null;
      },
    };
  }
  return {
    async find(params = {}) {
      const { find, page, pageSize } = pageOf(params);
      const { start: _start, limit: _limit, ...counted } = find;
      const [results, total] = await Promise.all([documents().findMany(find), documents().count(counted)]);
      return { results, pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } };
    },
    findOne: (documentId, params = {}) => documents().findOne({ ...(params as FindParams), documentId }),
    create: ({ data, ...params }) => documents().create({ ...(params as FindParams), data: (data ?? {}) as Record<string, unknown> }),
    update: (documentId, { data, ...params }) => documents().update({ ...(params as FindParams), documentId, data: (data ?? {}) as Record<string, unknown> }),
    delete: (documentId, params = {}) => documents().delete({ documentId: String(documentId), ...(params as { locale?: string }) }),
  };
}
