import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database.js';
import type { DocumentService } from '../../core/documents/document-service.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../core/shared/errors.js';
import { documentsReached, grantsLocale, PolicyError, requireDocument, requirePolicy, type AbilityOf } from './cm-access.js';
import type { ContentGrant } from '../../transports/admin/admin-ability.js';
import { countDraftRelations } from './draft-relation-counts.js';

export interface DraftCountRoutesOptions {
  readonly database: Database;
  readonly registry: SchemaRegistry;
  readonly documents: DocumentService;
  readonly locales: LocaleCatalog;
  readonly ability: AbilityOf;
}

type Query = Readonly<Record<string, unknown>>;

/**
 * countDraftRelations (collection and single types) and countManyEntriesDraftRelations: what
 * the admin's publish dialogs warn about, counted in SQL (draft-relation-counts.ts) — at most
 * two statements for a page of documents, where Strapi populates and counts each one.
 */
export async function draftCountRoutes(fastify: FastifyInstance, { database, registry, documents, locales, ability: abilityOf }: DraftCountRoutesOptions): Promise<void> {
  /** The type, the user's read grant on it, and the locale read (the default one on localized types). */
  async function readScope(request: Parameters<AbilityOf>[0], uid: string, kind: ContentType['kind']): Promise<{ contentType: ContentType; locale: string | null; grant: ContentGrant; userId: number }> {
    const ability = await abilityOf(request);
    const contentType = registry.get(uid);
    if (!contentType || contentType.kind !== kind) throw new PolicyError();
    const grant = requirePolicy(ability, 'read', uid);
    const raw = (request.query as Query).locale;
    let locale: string | null = null;
    if (contentType.localized) {
      locale = typeof raw === 'string' && raw !== '' ? raw : locales.defaultLocale();
      if (!locales.has(locale)) throw new ValidationError("This locale doesn't exist");
    }
    if (!grantsLocale(grant, locale)) throw new ForbiddenError();
    return { contentType, locale, grant, userId: ability.user.id };
  }

  fastify.get('/collection-types/:model/:id/actions/countDraftRelations', async (request) => {
    const { model, id } = request.params as { model: string; id: string };
    const { contentType, locale, grant, userId } = await readScope(request, model, 'collectionType');
    await requireDocument(database, grant, userId, contentType, id, locale);
    return { data: await countDraftRelations(database.db, registry, { contentType, documentIds: [id], locale }) };
  });

  fastify.get('/single-types/:model/actions/countDraftRelations', async (request) => {
    const { model } = request.params as { model: string };
    const { contentType, locale, grant, userId } = await readScope(request, model, 'singleType');
    const documentId = await documents.singleDocumentId({ contentType });
    if (documentId === null) throw new NotFoundError();
    await requireDocument(database, grant, userId, contentType, documentId, locale);
    return { data: await countDraftRelations(database.db, registry, { contentType, documentIds: [documentId], locale }) };
  });

  fastify.get('/collection-types/:model/actions/countManyEntriesDraftRelations', async (request) => {
    const { model } = request.params as { model: string };
    const { contentType, locale, grant, userId } = await readScope(request, model, 'collectionType');
    const raw = (request.query as Query).documentIds;
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : typeof raw === 'object' && raw !== null ? Object.values(raw) : [raw];
    const documentIds = [...new Set(list.filter((item): item is string => typeof item === 'string' && item !== ''))];
    // Strapi answers a request without documents with a 404.
    if (documentIds.length === 0) throw new NotFoundError();
    // Documents an `isCreator` grant does not reach count nothing (Strapi reads them through the user's permission query).
    const reached = await documentsReached(database, grant, userId, contentType, documentIds, locale);
    const counts = await countDraftRelations(database.db, registry, { contentType, documentIds: documentIds.filter((id) => reached.has(id)), locale });
    return { data: counts.unpublishedRelations + counts.draftM2mLinks };
  });
}
