import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database.js';
import { createDocumentApi } from '../../core/documents/document-api.js';
import type { DocumentService } from '../../core/documents/document-service.js';
import type { LocaleService } from '../../core/locales/locale-service.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ForbiddenError, NotFoundError, ValidationError, type FieldError } from '../../core/shared/errors.js';
import { CONTENT_MANAGER_ACTIONS } from '../../transports/admin/admin-ability.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { PolicyError } from '../../transports/admin/admin-errors.js';
import { creatorsReached } from '../../transports/admin/creators-reached.js';
import { fillFromLocale, fillPopulate } from './fill-from-locale.js';

export interface FillFromLocaleRouteOptions {
  readonly guard: AdminGuard;
  /** Where the versions' creators are read (a conditional grant: `admin::is-creator`, `has-same-role-as-creator`). */
  readonly database: Database;
  readonly registry: SchemaRegistry;
  readonly documents: DocumentService;
  readonly locales: LocaleService;
}

const COLLECTION_TYPES = ['collection-types', 'single-types'];

/** The query, every problem at once in Strapi's words. */
function readQuery(raw: unknown): { documentId: string; sourceLocale: string } {
  const query = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const problems: FieldError[] = [];
  const text = (key: string): string => {
    const value = query[key];
    if (typeof value === 'string' && value !== '') return value;
    problems.push({ path: [key], message: value === undefined || value === '' ? `${key} is a required field` : `${key} must be a \`string\` type`, name: 'ValidationError', ...(value === undefined ? {} : { value }) });
    return '';
  };
  const documentId = text('documentId');
  const sourceLocale = text('sourceLocale');
  text('targetLocale');
  const collectionType = text('collectionType');
  if (collectionType !== '' && !COLLECTION_TYPES.includes(collectionType)) {
    problems.push({ path: ['collectionType'], message: `collectionType must be one of the following values: ${COLLECTION_TYPES.join(', ')}`, name: 'ValidationError', value: collectionType });
  }
  if (problems.length > 0) throw ValidationError.fromFieldErrors(problems);
  return { documentId, sourceLocale };
}

/**
 * `GET /i18n/content-manager/get-fill-from-locale/:model?documentId&sourceLocale&targetLocale&collectionType`:
 * the draft of the document in the source locale as the edit form of another locale is
 * filled from it (fill-from-locale.ts). Needs `plugin::content-manager.explorer.read` on the
 * model for the source locale; only the fields that grant reaches are given.
 */
export async function fillFromLocaleRoute(fastify: FastifyInstance, { guard, registry, documents, locales, database }: FillFromLocaleRouteOptions): Promise<void> {
  const documentApi = createDocumentApi(registry, documents, locales);
  fastify.get('/i18n/content-manager/get-fill-from-locale/:model', async (request) => {
    const ability = await guard.ability(request);
    const uid = (request.params as { model: string }).model;
    const model = registry.get(uid);
    const grant = model ? ability.grant(CONTENT_MANAGER_ACTIONS.read, uid) : null;
    // Strapi's route policy (`cm.read` on the model): an unknown model fails it too.
    if (!model || !grant) throw new PolicyError();
    const { documentId, sourceLocale } = readQuery(request.query);
    if (model.localized && !locales.has(sourceLocale)) throw new NotFoundError('Not Found');
    if (grant.locales !== null && !grant.locales.has(sourceLocale)) throw new ForbiddenError();
    const source = await documentApi(uid).findOne({
      documentId,
      ...(model.localized ? { locale: sourceLocale } : {}),
      ...(model.draftAndPublish ? { status: 'draft' as const } : {}),
      populate: fillPopulate(registry, model),
    });
    if (!source) throw new NotFoundError('Not Found');
    // A conditional grant (an Author's `admin::is-creator`) reaches the version when its creator is one of the grant's.
    const creators = await creatorsReached(database, ability, grant);
    if (creators !== null) {
      const row = await database.db.selectFrom(model.collectionName).select('created_by_id').where('id', '=', Number(source.id)).executeTakeFirst();
      const creator = row?.created_by_id === null || row?.created_by_id === undefined ? null : Number(row.created_by_id);
      if (creator === null || !creators.has(creator)) throw new ForbiddenError();
    }
    return { data: fillFromLocale(registry, model, source, grant.fields) };
  });
}
