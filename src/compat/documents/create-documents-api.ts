import type { Document } from '../../core/documents/document.js';
import { validateData } from '../../core/documents/validate-data.js';
import type { DocumentQuery, Status } from '../../core/query/document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { CompatServices } from '../compat-services.js';
import { programmaticQuery, readStatus, type ProgrammaticRead, type QueryContext } from './programmatic-query.js';

/** Parameters of Strapi 5's Document Service, as project code passes them. */
export interface DocumentsParams {
  readonly documentId?: string;
  readonly filters?: unknown;
  readonly fields?: unknown;
  readonly populate?: unknown;
  readonly sort?: unknown;
  readonly pagination?: unknown;
  readonly start?: number;
  readonly limit?: number;
  readonly status?: 'draft' | 'published';
  readonly locale?: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** What delete, publish, unpublish and discardDraft return, as in Strapi: the versions they touched. */
export interface DocumentActionResult {
  readonly documentId: string;
  readonly entries: readonly Document[];
}

/** `strapi.documents(uid)`: Strapi 5's Document Service API over Tessera's document service. */
export interface StrapiDocuments {
  findOne(params: DocumentsParams & { readonly documentId: string }): Promise<Document | null>;
  findFirst(params?: DocumentsParams): Promise<Document | null>;
  findMany(params?: DocumentsParams): Promise<Document[]>;
  count(params?: DocumentsParams): Promise<number>;
  create(params: DocumentsParams & { readonly data: Readonly<Record<string, unknown>> }): Promise<Document>;
  /** null when no version of the document exists (in any locale). */
  update(params: DocumentsParams & { readonly documentId: string; readonly data: Readonly<Record<string, unknown>> }): Promise<Document | null>;
  delete(params: DocumentsParams & { readonly documentId: string }): Promise<DocumentActionResult>;
  publish(params: DocumentsParams & { readonly documentId: string }): Promise<DocumentActionResult>;
  unpublish(params: DocumentsParams & { readonly documentId: string }): Promise<DocumentActionResult>;
  discardDraft(params: DocumentsParams & { readonly documentId: string }): Promise<DocumentActionResult>;
}

export type DocumentsApi = (uid: string) => StrapiDocuments;

/** Top-level `start`/`limit` are the Document Service's shorthand for offset pagination. */
function readOf({ filters, fields, populate, sort, pagination, start, limit, locale }: DocumentsParams = {}): ProgrammaticRead {
  const offset = start !== undefined || limit !== undefined ? { ...(start !== undefined ? { start } : {}), ...(limit !== undefined ? { limit } : {}) } : undefined;
  if (offset && pagination !== undefined) throw new ValidationError('Use either pagination or start/limit, not both', { key: 'pagination', path: null, source: 'query', param: 'pagination' });
  return { filters, fields, populate, sort, pagination: offset ?? pagination, locale };
}

function requireDocumentId(method: string, params: DocumentsParams | undefined): string {
  const documentId = params?.documentId;
  if (typeof documentId !== 'string' || documentId.length === 0) {
    throw new ValidationError(`${method}: documentId is required (a string)`, { key: 'documentId', path: null, source: 'query', param: 'documentId' });
  }
  return documentId;
}

function requireData(method: string, params: DocumentsParams | undefined): Readonly<Record<string, unknown>> {
  const data = params?.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ValidationError(`${method}: data must be an object`, { key: 'data', path: null, source: 'body' });
  return data;
}

/**
 * `data.locale` on a localized type: the locale of a create when `locale` is not given (as the
 * REST API does); otherwise it must name the version written. A type without locales keeps a
 * `locale` attribute of its own as data.
 */
function splitLocale(contentType: ContentType, params: DocumentsParams, data: Readonly<Record<string, unknown>>): { data: Readonly<Record<string, unknown>>; locale: unknown } {
  if (!contentType.localized || !('locale' in data)) return { data, locale: params.locale };
  const { locale, ...rest } = data;
  if (params.locale !== undefined && params.locale !== locale) {
    throw ValidationError.atField('locale', `data.locale is "${String(locale)}" but the call works on "${params.locale}"`, locale);
  }
  return { data: rest, locale: params.locale ?? locale };
}

/**
 * `strapi.documents` for project code: every call is an adapter over the one document service
 * (`App.model.current().documents`, taken per call so that a content-type added at run time
 * is there), with the REST API's parsing, validation, transactions and locks. Reads and
 * writes are not permission-checked, as in Strapi. Status defaults to `draft` (Strapi's
 * Document Service default) on Draft & Publish types.
 */
export function createDocumentsApi({ model, locales }: CompatServices): DocumentsApi {
  return (uid) => {
    if (!model.current().registry.get(uid)) throw new NotFoundError(`strapi.documents(): unknown content-type "${uid}"`);
    const state = () => {
      const current = model.current();
      const contentType = current.registry.get(uid);
      if (!contentType) throw new NotFoundError(`strapi.documents(): unknown content-type "${uid}"`);
      const context: QueryContext = { contentType, registry: current.registry, locales };
      return { documents: current.documents, registry: current.registry, contentType, context };
    };
    const versionsOf = async (documentId: string, params: DocumentsParams, locale: string): Promise<Document[]> => {
      const { documents, contentType, context } = state();
      const statuses: Status[] = contentType.draftAndPublish ? ['draft', 'published'] : ['published'];
      const found: Document[] = [];
      for (const status of statuses) {
        const query = programmaticQuery(context, { fields: params.fields, populate: params.populate, filters: { documentId } }, status);
        found.push(...(await documents.findMany({ query: { ...query, locale } })).documents);
      }
      return found;
    };
    /** Locales of the document that have a version of `status` (for actions on `locale: '*'`). */
    const localesOf = async (documentId: string, status: Status): Promise<string[]> => {
      const { documents, contentType, context } = state();
      if (!contentType.localized) return [locales.defaultLocale()];
      const query = programmaticQuery(context, { fields: ['locale'], filters: { documentId } }, status);
      const page = await documents.findMany({ query: { ...query, locale: '*' } });
      return [...new Set(page.documents.map((document) => String(document.locale)))];
    };
    const versionAction = (action: 'publish' | 'unpublish' | 'discardDraft') => async (params: DocumentsParams & { readonly documentId: string }): Promise<DocumentActionResult> => {
      const documentId = requireDocumentId(action, params);
      const { documents, contentType, context } = state();
      const query = programmaticQuery(context, { fields: params.fields, populate: params.populate, locale: params.locale }, action === 'discardDraft' ? 'draft' : 'published', false);
      // '*' acts on every locale the document has a version to act on, one locale after the other.
      const targets = query.locale === '*' ? await localesOf(documentId, action === 'publish' ? 'draft' : 'published') : [query.locale];
      const entries: Document[] = [];
      for (const locale of targets) {
        const request = { contentType, documentId, query: { ...query, locale } satisfies DocumentQuery };
        if (action === 'publish') {
          const document = await documents.publish(request);
          if (document) entries.push(document);
          continue;
        }
        // Strapi answers no entries where there is no published version; Tessera's actions refuse that case, so it is not asked.
        const live = await documents.findOne({ query: { ...query, status: 'published', locale }, documentId });
        if (!live) continue;
        if (action === 'unpublish') {
          // Strapi's entries are the versions removed: the published one, as read before.
          await documents.unpublish(request);
          entries.push(live);
        } else {
          const document = await documents.discardDraft(request);
          if (document) entries.push(document);
        }
      }
      return { documentId, entries };
    };
    return {
      async findOne(params) {
        const documentId = requireDocumentId('findOne', params);
        const { documents, contentType, context } = state();
        return documents.findOne({ query: programmaticQuery(context, readOf(params), readStatus(contentType, params.status)), documentId });
      },
      async findFirst(params = {}) {
        const { documents, contentType, context } = state();
        // A list of one rather than the service's findFirst: Strapi's findFirst honours filters and sort.
        const query = programmaticQuery(context, { ...readOf(params), pagination: { start: 0, limit: 1 } }, readStatus(contentType, params.status));
        const page = await documents.findMany({ query: query.locale === '*' ? { ...query, locale: locales.defaultLocale() } : query });
        return page.documents[0] ?? null;
      },
      async findMany(params = {}) {
        const { documents, contentType, context } = state();
        return [...(await documents.findMany({ query: programmaticQuery(context, readOf(params), readStatus(contentType, params.status)) })).documents];
      },
      async count(params = {}) {
        const { documents, contentType, context } = state();
        const query = programmaticQuery(context, { filters: params.filters, locale: params.locale }, readStatus(contentType, params.status));
        const page = await documents.findMany({ query: { ...query, pagination: { mode: 'page', page: 1, pageSize: 1, withCount: true } } });
        return page.total ?? 0;
      },
      async create(params) {
        const { documents, registry, contentType, context } = state();
        const { data, locale } = splitLocale(contentType, params, requireData('create', params));
        const write = validateData(data, contentType, 'create', registry);
        const query = programmaticQuery(context, { fields: params.fields, populate: params.populate, locale }, readStatus(contentType, params.status), false);
        return documents.create({ write, query });
      },
      async update(params) {
        const documentId = requireDocumentId('update', params);
        const { documents, registry, contentType, context } = state();
        const { data, locale } = splitLocale(contentType, params, requireData('update', params));
        const write = validateData(data, contentType, 'update', registry);
        // A locale the document does not have yet is created from its shared values, as in Strapi.
        const localize = (base: Readonly<Record<string, unknown>>) => validateData({ ...base, ...data }, contentType, 'create', registry, { joining: true });
        const query = programmaticQuery(context, { fields: params.fields, populate: params.populate, locale }, readStatus(contentType, params.status), false);
        return documents.update({ documentId, write, query, localize });
      },
      async delete(params) {
        const documentId = requireDocumentId('delete', params);
        const { documents, contentType, context } = state();
        if (contentType.draftAndPublish && params.status === 'draft') {
          throw new ValidationError('Cannot delete a draft document: delete removes every version of the locale (use discardDraft or unpublish)', { key: 'status', path: null, source: 'query', param: 'status' });
        }
        const { locale } = programmaticQuery(context, { locale: params.locale }, 'published', false);
        // What the delete removes, read just before it (the service answers only whether it removed anything).
        const entries = await versionsOf(documentId, params, locale);
        const removed = await documents.delete({ contentType, documentId, locale });
        return { documentId, entries: removed ? entries : [] };
      },
      publish: versionAction('publish'),
      unpublish: versionAction('unpublish'),
      discardDraft: versionAction('discardDraft'),
    };
  };
}
