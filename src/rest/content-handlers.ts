import type { FastifyRequest } from 'fastify';
import { isDocumentId } from '../documents/document-id.js';
import { validateData } from '../documents/validate-data.js';
import type { DocumentQuery } from '../query/document-query.js';
import { parseDocumentQuery } from '../query/parse/parse-document-query.js';
import { prunePopulate } from '../query/parse/prune-populate.js';
import { checkLinkedAccess } from '../query/parse/check-linked-access.js';
import type { ContentType } from '../schema/content-type.js';
import { ForbiddenError, NotFoundError } from '../shared/errors.js';
import type { ContentApiContext } from './content-api-context.js';
import { readQuery } from './parse-query-string.js';
import { readData } from './read-data.js';
import type { Handler } from './route-methods.js';
import { responseFormatOf, shapeList, shapeOne } from './shape-response.js';

/** Content-type actions, as permission names spell them (`api::article.article.find`). */
export type ContentAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

/** The stages every content request walks first: who → may they → what do they ask. */
async function begin(request: FastifyRequest, contentType: ContentType, action: ContentAction, context: ContentApiContext): Promise<DocumentQuery> {
  const { auth } = context;
  const principal = await auth.authenticate(request.headers.authorization);
  if (!auth.can(principal, `${contentType.uid}.${action}`)) throw new ForbiddenError();
  const parsed = parseDocumentQuery(readQuery(request.query), { contentType, rest: context.rest, registry: context.registry });
  const canFind = (uid: string) => auth.can(principal, `${uid}.find`);
  // Relations whose target the caller may not `find` are left out of populate silently (spec);
  // filters and sorts through them are refused.
  const query = parsed.populate.length === 0 ? parsed : { ...parsed, populate: prunePopulate(parsed.populate, canFind) };
  checkLinkedAccess(query, canFind);
  return query;
}

/** The documentId of the path; one that cannot exist is a 404 without asking the database. */
function documentIdOf(request: FastifyRequest): string {
  const { documentId } = request.params as { documentId: string };
  if (!isDocumentId(documentId)) throw new NotFoundError();
  return documentId;
}

function format(request: FastifyRequest) {
  return responseFormatOf(request.headers['strapi-response-format']);
}

/** Handlers of a collection type's five routes. */
export function collectionHandlers(contentType: ContentType, context: ContentApiContext): Record<'find' | 'findOne' | 'create' | 'update' | 'delete', Handler> {
  const { documents } = context;
  return {
    async find(request) {
      const query = await begin(request, contentType, 'find', context);
      return shapeList(await documents.findMany(query), query.pagination, format(request), { model: contentType, registry: context.registry });
    },
    async findOne(request) {
      const query = await begin(request, contentType, 'findOne', context);
      const document = await documents.findOne(query, documentIdOf(request));
      if (!document) throw new NotFoundError();
      return shapeOne(document, format(request), { model: contentType, registry: context.registry });
    },
    async create(request, reply) {
      const query = await begin(request, contentType, 'create', context);
      const write = validateData(readData(request.body), contentType, 'create', context.registry);
      const document = await documents.create(write, query);
      return reply.code(201).send(shapeOne(document, format(request), { model: contentType, registry: context.registry }));
    },
    async update(request) {
      const query = await begin(request, contentType, 'update', context);
      const write = validateData(readData(request.body), contentType, 'update', context.registry);
      const document = await documents.update(documentIdOf(request), write, query);
      if (!document) throw new NotFoundError();
      return shapeOne(document, format(request), { model: contentType, registry: context.registry });
    },
    async delete(request, reply) {
      await begin(request, contentType, 'delete', context);
      // DECISIONS, better than the reference 2: deleting what does not exist is a 404, not a 204.
      if (!(await documents.delete(contentType, documentIdOf(request)))) throw new NotFoundError();
      return reply.code(204).send();
    },
  };
}

/** Handlers of a single type's three routes. PUT creates the document when it does not exist. */
export function singleHandlers(contentType: ContentType, context: ContentApiContext): Record<'find' | 'update' | 'delete', Handler> {
  const { documents } = context;
  return {
    async find(request) {
      const query = await begin(request, contentType, 'find', context);
      const document = await documents.findFirst(query);
      if (!document) throw new NotFoundError();
      return shapeOne(document, format(request), { model: contentType, registry: context.registry });
    },
    async update(request) {
      const query = await begin(request, contentType, 'update', context);
      const data = readData(request.body);
      const document = await documents.putSingle(contentType, (mode) => validateData(data, contentType, mode, context.registry), query);
      return shapeOne(document, format(request), { model: contentType, registry: context.registry });
    },
    async delete(request, reply) {
      const query = await begin(request, contentType, 'delete', context);
      const existing = await documents.findFirst({ ...query, filters: null });
      if (!existing || !(await documents.delete(contentType, existing.documentId))) throw new NotFoundError();
      return reply.code(204).send();
    },
  };
}
