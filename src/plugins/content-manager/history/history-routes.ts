import type { FastifyInstance } from 'fastify';
import type { DocumentService } from '../../../core/documents/document-service.js';
import { validateData } from '../../../core/documents/validate-data.js';
import type { LocaleService } from '../../../core/locales/locale-service.js';
import type { SchemaRegistry } from '../../../core/schema/registry.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../core/shared/errors.js';
import type { AdminUserService, AdminUserView } from '../../../transports/admin/admin-user-service.js';
import { routeId } from '../../../transports/admin/route-id.js';
import type { ContentGrant } from '../../../transports/admin/admin-ability.js';
import { grantsField, grantsLocale, requireDocument, requireGrant, type AbilityOf } from '../cm-access.js';
import type { Database } from '../../../core/db/database.js';
import { paginationOf, readQuery } from '../cm-reads.js';
import { recordedSchema, unknownAttributes, type RecordedSchema } from './history-schema.js';
import type { HistoryStore, StoredVersion } from './history-store.js';
import { linkedDocumentIds, restoreBody } from './restore-data.js';

export interface HistoryRoutesOptions {
  readonly store: HistoryStore;
  readonly database: Database;
  readonly registry: () => SchemaRegistry;
  readonly documents: () => DocumentService;
  readonly locales: LocaleService;
  readonly users: AdminUserService;
  readonly ability: AbilityOf;
}

type Query = Readonly<Record<string, unknown>>;

const fieldError = (path: string, message: string): ValidationError => ValidationError.fromFieldErrors([{ path: [path], message, name: 'ValidationError' }]);

/** History's page parameters: 20 by default, at most 100. */
function historyPage(query: Query): { page: number; pageSize: number } {
  const read = (name: 'page' | 'pageSize', fallback: number): number => {
    const raw = query[name];
    if (raw === undefined || raw === '') return fallback;
    const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < 1) throw fieldError(name, `${name} must be a positive integer`);
    return name === 'pageSize' ? Math.min(value, 100) : value;
  };
  return { page: read('page', 1), pageSize: read('pageSize', 20) };
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The attributes of a version's data the read grant reaches (ids, timestamps, status and locale always), as Strapi sanitizes them. */
function readable(data: Readonly<Record<string, unknown>>, schema: RecordedSchema, grant: ContentGrant): Readonly<Record<string, unknown>> {
  if (grant.fields === null) return data;
  return Object.fromEntries(Object.entries(data).filter(([name]) => !(name in schema) || grantsField(grant, name) || SYSTEM_FIELDS.has(name)));
}

const SYSTEM_FIELDS: ReadonlySet<string> = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);

/** Relations and media of a version's data as Strapi's history shows them: `{results, meta}`. */
function shownData(data: Readonly<Record<string, unknown>>, schema: RecordedSchema): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...data };
  for (const [name, attribute] of Object.entries(schema)) {
    if ((attribute.type !== 'relation' && attribute.type !== 'media') || !(name in data)) continue;
    const value = data[name];
    const results = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
    shown[name] = { results, meta: { missingCount: 0 } };
  }
  return shown;
}

/**
 * GET /content-manager/history-versions and PUT …/:versionId/restore, in the shapes of Strapi's
 * (paid) history: a version per content-manager save, newest first; a restore writes the
 * version's content into the draft through the document service (a save itself, so it is
 * kept as the newest version).
 */
export async function historyRoutes(fastify: FastifyInstance, { store, database, registry, documents, locales, users, ability: abilityOf }: HistoryRoutesOptions): Promise<void> {
  async function shown(version: StoredVersion, creators: Map<number, Promise<AdminUserView | null>>, grant: ContentGrant): Promise<Record<string, unknown>> {
    const contentType = registry().get(version.contentType);
    const locale = version.locale === null ? null : (locales.list().find((entry) => entry.code === version.locale) ?? { code: version.locale, name: version.locale });
    let creator: AdminUserView | null = null;
    if (version.createdById !== null) {
      const pending = creators.get(version.createdById) ?? users.get(version.createdById);
      creators.set(version.createdById, pending);
      creator = await pending;
    }
    return {
      id: version.id,
      contentType: version.contentType,
      relatedDocumentId: version.relatedDocumentId,
      locale: locale === null ? null : { name: locale.name ?? locale.code, code: locale.code },
      status: version.status,
      data: shownData(readable(version.data, version.schema, grant), version.schema),
      schema: version.schema,
      componentsSchemas: version.componentsSchemas,
      createdAt: new Date(version.createdAt).toISOString(),
      createdBy: creator === null ? null : { id: creator.id, firstname: creator.firstname, lastname: creator.lastname, username: null, email: creator.email },
      meta: { unknownAttributes: unknownAttributes(version.schema, contentType ? recordedSchema(contentType) : {}) },
    };
  }

  fastify.get('/history-versions', async (request) => {
    const query = request.query as Query;
    const ability = await abilityOf(request);
    if (typeof query.contentType !== 'string' || query.contentType === '') throw fieldError('contentType', 'contentType is a required field');
    const contentType = registry().get(query.contentType);
    if (!contentType) throw fieldError('contentType', `${query.contentType} is not a content-type`);
    const grant = requireGrant(ability, 'read', contentType.uid);
    let documentId = typeof query.documentId === 'string' && query.documentId !== '' ? query.documentId : null;
    if (documentId === null && contentType.kind === 'singleType') documentId = await documents().singleDocumentId({ contentType });
    if (documentId === null) {
      if (contentType.kind === 'singleType') return { data: [], meta: { pagination: paginationOf(historyPage(query), 0) } };
      throw fieldError('documentId', 'documentId is a required field');
    }
    let locale: string | null = null;
    if (contentType.localized) {
      locale = typeof query.locale === 'string' && query.locale !== '' ? query.locale : locales.defaultLocale();
      if (!locales.has(locale)) throw new ValidationError("This locale doesn't exist");
    }
    if (!grantsLocale(grant, locale)) throw new ForbiddenError();
    await requireDocument(database, grant, ability.user.id, contentType, documentId, locale);
    const page = historyPage(query);
    const { versions, total } = await store.list({ contentType: contentType.uid, documentId, locale, ...page });
    const creators = new Map<number, Promise<AdminUserView | null>>();
    const data = [];
    for (const version of versions) data.push(await shown(version, creators, grant));
    return { data, meta: { pagination: paginationOf(page, total) } };
  });

  fastify.put('/history-versions/:versionId/restore', async (request) => {
    const ability = await abilityOf(request);
    const id = routeId((request.params as { versionId: string }).versionId);
    const body = isRecord(request.body) ? request.body : {};
    if (typeof body.contentType !== 'string' || body.contentType === '') throw fieldError('contentType', 'contentType is a required field');
    const version = id === null ? null : await store.get(id);
    if (!version || version.contentType !== body.contentType) throw new NotFoundError();
    const model = registry();
    const contentType = model.get(version.contentType);
    if (!contentType) throw new NotFoundError();
    const grant = requireGrant(ability, 'update', contentType.uid);
    if (!grantsLocale(grant, version.locale)) throw new ForbiddenError();
    await requireDocument(database, grant, ability.user.id, contentType, version.relatedDocumentId, version.locale);
    // Relations are set to the targets that still exist, in any locale (every document has a draft; Strapi drops the others from a restore too).
    const existing = new Set<string>();
    for (const [uid, ids] of linkedDocumentIds(contentType, version.data, model)) {
      const target = model.get(uid);
      if (!target) continue;
      const found = await documents().findMany({ query: { ...readQuery({ registry: model, documents: documents(), locales }, target, { filters: { documentId: { $in: [...ids] } }, fields: [], status: 'draft' }), pagination: { mode: 'offset', start: 0, limit: null, withCount: false }, locale: '*' } });
      for (const document of found.documents) existing.add(`${uid}\u0000${document.documentId}`);
    }
    const data = restoreBody(contentType, version.data, model, (target, documentId) => existing.has(`${target}\u0000${documentId}`));
    const query = readQuery({ registry: model, documents: documents(), locales }, contentType, { status: 'draft', ...(version.locale !== null ? { locale: version.locale } : {}) });
    const restored = await documents().update({
      documentId: version.relatedDocumentId,
      write: validateData(data, contentType, 'update', model),
      query,
      actor: { adminUserId: ability.user.id, origin: 'content-manager' },
    });
    if (!restored) throw new NotFoundError();
    return { data: { documentId: restored.documentId } };
  });
}
