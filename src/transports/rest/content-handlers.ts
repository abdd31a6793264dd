import { isDocumentId } from '../../core/documents/document-id.js';
import { validateData } from '../../core/documents/validate-data.js';
import { authorizeRead } from '../../core/auth/authorize-read.js';
import { contentPermission, type ContentAction } from '../../core/auth/permission-names.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { ContentApiContext } from './content-api-context.js';
import { readQuery } from './parse-query-string.js';
import { readData } from './read-data.js';
import type { ContentHandler as Handler, ContentRequest } from './content-request.js';
import { sendAnswer } from './send-answer.js';
import { responseFormatOf, shapeList, shapeOne } from './shape-response.js';

export type { ContentAction };

/** The stages every content request walks first: who → may they → what do they ask. */
export async function begin(request: ContentRequest, contentType: ContentType, action: ContentAction, context: ContentApiContext): Promise<DocumentQuery> {
  const { auth } = context;
  const principal = await auth.authenticate(request.headers.authorization);
  // Only reads let a `locale` filter choose the locale; writes and actions act on the parameter's.
  const filtersChooseLocale = action === 'find' || action === 'findOne';
  return authorizeRead({
    can: (permission) => auth.can(principal, permission),
    permission: contentPermission(contentType.uid, action),
    contentType,
    query: readQuery(request.query),
    parse: { rest: context.rest, registry: context.registry, locales: context.locales, filtersChooseLocale },
  });
}

/** The documentId of the path; one that cannot exist is a 404 without asking the database. */
export function documentIdOf(request: ContentRequest): string {
  const { documentId } = request.params as { documentId: string };
  if (!isDocumentId(documentId)) throw new NotFoundError();
  return documentId;
}

export function format(request: ContentRequest) {
  return responseFormatOf(request.headers['strapi-response-format']);
}

function localeGiven(request: ContentRequest): boolean {
  const raw = readQuery(request.query).locale;
  return raw !== undefined && raw !== null && raw !== '';
}

/**
 * A body's `data` without its `locale` key, and the query's locale settled with it: on a POST
 * `data.locale` chooses the locale when the query names none (DECISIONS 3); otherwise a body
 * locale must be the version's own (the locale of a version cannot change). On a type without
 * locales, `locale` is ignored, unless the type has an attribute of that name: then it is its value.
 */
function withBodyLocale(request: ContentRequest, query: DocumentQuery, context: ContentApiContext, creating: boolean): { data: Readonly<Record<string, unknown>>; query: DocumentQuery } {
  const body = readData(request.body);
  if (!query.contentType.localized && query.contentType.attributes.has('locale')) return { data: body, query };
  const { locale, ...data } = body;
  if (locale === undefined || !query.contentType.localized) return { data, query };
  const bodyLocale = parseBodyLocale(locale, context);
  if (creating && !localeGiven(request)) return { data, query: { ...query, locale: bodyLocale } };
  if (bodyLocale !== query.locale) {
    throw ValidationError.fromFieldErrors([{ path: ['locale'], message: `The locale of a version cannot be changed: data.locale is "${bodyLocale}" but the request works on "${query.locale}"`, name: 'ValidationError', value: bodyLocale }]);
  }
  return { data, query };
}

function parseBodyLocale(raw: unknown, context: ContentApiContext): string {
  const refuse = (message: string): never => {
    throw ValidationError.fromFieldErrors([{ path: ['locale'], message, name: 'ValidationError', value: typeof raw === 'string' ? raw : null }]);
  };
  if (typeof raw !== 'string' || raw === '*') return refuse('data.locale must be a locale code');
  if (!context.locales.has(raw)) return refuse(`Unknown locale "${raw}": it is not one of the configured locales`);
  return raw;
}

/** DELETE works on every version of a locale: a draft cannot be deleted alone. */
function checkDeleteStatus(request: ContentRequest, contentType: ContentType): void {
  if (contentType.draftAndPublish && readQuery(request.query).status === 'draft') {
    throw new ValidationError('A draft cannot be deleted alone: DELETE removes every version of the locale (use discard-draft or unpublish)', { key: 'status', path: null, source: 'query', param: 'status' });
  }
}

/** Handlers of a collection type's five routes. */
export function collectionHandlers(contentType: ContentType, context: ContentApiContext): Record<'find' | 'findOne' | 'create' | 'update' | 'delete', Handler> {
  const { documents, registry } = context;
  const shape = { model: contentType, registry };
  return {
    async find(request, reply) {
      const query = await begin(request, contentType, 'find', context);
      return sendAnswer(reply, shapeList(await documents.findMany({ query }), query.pagination, format(request), shape), query);
    },
    async findOne(request, reply) {
      const query = await begin(request, contentType, 'findOne', context);
      const document = await documents.findOne({ query, documentId: documentIdOf(request) });
      if (!document) throw new NotFoundError();
      return sendAnswer(reply, shapeOne(document, format(request), shape), query);
    },
    async create(request, reply) {
      const { data, query } = withBodyLocale(request, await begin(request, contentType, 'create', context), context, true);
      const write = validateData(data, contentType, 'create', registry);
      const document = await documents.create({ write, query });
      return sendAnswer(reply.code(201), shapeOne(document, format(request), shape), query);
    },
    async update(request, reply) {
      const { data, query } = withBodyLocale(request, await begin(request, contentType, 'update', context), context, false);
      const write = validateData(data, contentType, 'update', registry);
      const localize = (base: Readonly<Record<string, unknown>>) => validateData({ ...base, ...data }, contentType, 'create', registry, { joining: true });
      const document = await documents.update({ documentId: documentIdOf(request), write, query, localize });
      if (!document) throw new NotFoundError();
      return sendAnswer(reply, shapeOne(document, format(request), shape), query);
    },
    async delete(request, reply) {
      const query = await begin(request, contentType, 'delete', context);
      checkDeleteStatus(request, contentType);
      // DECISIONS, better than the reference 2: deleting what does not exist is a 404, not a 204.
      if (!(await documents.delete({ contentType, documentId: documentIdOf(request), locale: query.locale }))) throw new NotFoundError();
      return reply.code(204).send();
    },
  };
}

/** Handlers of a single type's three routes. PUT creates the document (or the locale) when it does not exist. */
export function singleHandlers(contentType: ContentType, context: ContentApiContext): Record<'find' | 'update' | 'delete', Handler> {
  const { documents, registry } = context;
  const shape = { model: contentType, registry };
  return {
    async find(request, reply) {
      const query = await begin(request, contentType, 'find', context);
      const document = await documents.findFirst({ query });
      if (!document) throw new NotFoundError();
      return sendAnswer(reply, shapeOne(document, format(request), shape), query);
    },
    async update(request, reply) {
      const { data, query } = withBodyLocale(request, await begin(request, contentType, 'update', context), context, false);
      const document = await documents.putSingle({ contentType, writeFor: (mode, base, joining) => validateData({ ...base, ...data }, contentType, mode, registry, { joining }), query });
      return sendAnswer(reply, shapeOne(document, format(request), shape), query);
    },
    async delete(request, reply) {
      const query = await begin(request, contentType, 'delete', context);
      checkDeleteStatus(request, contentType);
      const documentId = await documents.singleDocumentId({ contentType });
      if (!documentId || !(await documents.delete({ contentType, documentId, locale: query.locale }))) throw new NotFoundError();
      return reply.code(204).send();
    },
  };
}
