import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../core/db/database.js';
import type { Document } from '../../core/documents/document.js';
import { isDocumentId } from '../../core/documents/document-id.js';
import type { BatchOperation, DocumentService, WriteActor } from '../../core/documents/document-service.js';
import { validateData } from '../../core/documents/validate-data.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';
import { toOffsetLimit, type DocumentQuery, type FilterNode, type Status } from '../../core/query/document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ApplicationError, ForbiddenError, NotFoundError, ValidationError } from '../../core/shared/errors.js';
import { END_USERS, endUserData } from './cm-end-users.js';
import { CONTENT_MANAGER_ACTIONS, type AdminAbility, type ContentGrant } from '../../transports/admin/admin-ability.js';
import { creatorsReached } from '../../transports/admin/creators-reached.js';
import type { AbilityOf } from './cm-ability.js';
import { adminUsersOf } from './cm-admin-users.js';
import { PolicyError } from '../../transports/admin/admin-errors.js';
import { contentData, documentIdsOf } from './cm-input.js';
import { listRequest, localeParam, populateOf, statusParam, versionQuery, type QueryContext } from './cm-query.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import { documentIdsInState } from '../../core/query/compile/compile-publication-state.js';
import { DEFAULT_REST_CONFIG, type RestConfig } from '../../core/config/app-config.js';
import { documentMeta, shapeDocument, type ShapeContext } from './cm-shape.js';
import { versionsOf, type VersionInfo } from './cm-versions.js';
import { isDisplayed } from './content-manager-schemas.js';

/**
 * The content manager's document routes (collection types and single types), on the document
 * service: every write goes through its validation, locks, versions and events, with the admin
 * user as the write's actor. Each route asks the caller's ability first (403 PolicyError when
 * the action is not granted on the type, as Strapi's route policy), then checks the grant's
 * locales and conditions per document (403 ForbiddenError, as Strapi's controllers).
 */

export interface DocumentRoutesContext {
  readonly registry: () => SchemaRegistry;
  readonly documents: DocumentService;
  readonly database: Database;
  readonly locales: LocaleCatalog;
  readonly abilityOf: AbilityOf;
  /** The attributes the type's list view marks searchable (its stored configuration): what `_q` searches. */
  readonly searchableOf: (uid: string) => Promise<ReadonlySet<string> | null>;
}

type Request = FastifyRequest;
type Query = Readonly<Record<string, unknown>>;

interface Access {
  readonly ability: AdminAbility;
  readonly grant: ContentGrant;
  readonly contentType: ContentType;
  readonly actor: WriteActor;
}

const A = CONTENT_MANAGER_ACTIONS;

/** The most documents a `__status` filter may match (it is applied as a documentId list, see withStatusFilter). */
const STATUS_FILTER_LIMIT = 10_000;

const CM_READ_REST: RestConfig = { ...DEFAULT_REST_CONFIG, maxLimit: null, strictParams: false };

const NO_FIELDS: ContentGrant = { fields: new Set(), locales: null, conditions: [] };

export function createDocumentHandlers(context: DocumentRoutesContext) {
  const { documents, database, locales, abilityOf } = context;
  const queryContext = (): QueryContext => ({ registry: context.registry(), locales });

  /** Who asks, for which type, with which grant of the action: Strapi's route policy. */
  async function access(request: Request, action: string): Promise<Access> {
    const ability = await abilityOf(request);
    const uid = (request.params as { model?: string }).model ?? '';
    const contentType = context.registry().get(uid);
    if (!contentType || !isDisplayed(contentType)) throw new PolicyError();
    const grant = ability.grant(action, uid);
    if (!grant) throw new PolicyError();
    return { ability, grant, contentType, actor: { adminUserId: ability.user.id, origin: 'content-manager' } };
  }

  /** The common ground of publish, unpublish and discard: a Draft & Publish type, the document's versions, the grant reaching them. */
  async function versionAction(request: Request, action: string): Promise<Access & { readonly documentId: string; readonly locale: string; readonly versions: VersionInfo[] }> {
    const reached = await access(request, action);
    const { grant, contentType, ability } = reached;
    if (!contentType.draftAndPublish) throw new ValidationError(`${contentType.uid} does not have Draft & Publish enabled`);
    const documentId = await targetId(request, contentType);
    const locale = localeOf(request, contentType);
    checkLocale(grant, contentType, locale);
    const versions = await existing(contentType, documentId);
    await checkDocument(grant, ability, versions, versionLocale(contentType, locale));
    return { ...reached, documentId, locale, versions };
  }

  const queryOf = (request: Request): Query => (request.query ?? {}) as Query;

  function documentIdParam(request: Request): string {
    const { id } = request.params as { id: string };
    if (!isDocumentId(id)) throw new NotFoundError();
    return id;
  }

  /** The document an action is on: the path's documentId, or a single type's one document (404 when it has none). */
  async function targetId(request: Request, contentType: ContentType): Promise<string> {
    if ((request.params as { id?: string }).id !== undefined) return documentIdParam(request);
    const documentId = await documents.singleDocumentId({ contentType });
    if (documentId === null) throw new NotFoundError();
    return documentId;
  }

  function localeOf(request: Request, contentType: ContentType, allowAll = false): string {
    return localeParam(queryOf(request).locale, contentType, locales, allowAll);
  }

  /** The grant's locales reach this one (types without i18n: always). */
  function checkLocale(grant: ContentGrant, contentType: ContentType, locale: string): void {
    if (!contentType.localized || grant.locales === null || locale === '*') return;
    if (!grant.locales.has(locale)) throw new ForbiddenError();
  }

  /** Whether a condition-bound grant reaches the version: its creator is one of the grant's (creators-reached.ts). */
  function reachesVersion(creators: ReadonlySet<number> | null, version: VersionInfo | undefined): boolean {
    if (creators === null) return true;
    return version?.createdBy !== null && version?.createdBy !== undefined && creators.has(version.createdBy);
  }

  async function checkDocument(grant: ContentGrant, ability: AdminAbility, versions: readonly VersionInfo[], locale: string | null): Promise<void> {
    if (grant.conditions.length === 0) return;
    const own = versions.filter((version) => locale === null || version.locale === locale);
    const version = own.find((item) => item.status === 'draft') ?? own[0] ?? versions[0];
    if (!reachesVersion(await creatorsReached(database, ability, grant), version)) throw new ForbiddenError();
  }

  async function shapeContext(contentType: ContentType, grant: ContentGrant, documentIds: readonly string[], known?: readonly VersionInfo[]): Promise<ShapeContext> {
    const versions = known ?? (await versionsOf(database, contentType, documentIds));
    const users = await adminUsersOf(database, versions.flatMap((version) => [version.createdBy, version.updatedBy]));
    return { contentType, versions, users, grant, defaultLocale: locales.defaultLocale() };
  }

  /** `{data, meta}` of one version, read again after the write so that meta is current. */
  async function answer(contentType: ContentType, grant: ContentGrant, document: Document, status: Status): Promise<{ data: unknown; meta: unknown }> {
    const shape = await shapeContext(contentType, grant, [document.documentId]);
    const locale = contentType.localized ? (typeof document.locale === 'string' ? document.locale : null) : null;
    return { data: shapeDocument(document, shape), meta: documentMeta(document.documentId, locale, status, shape) };
  }

  /** The 200 `{data:{}, meta}` of a document that exists, but not in this locale. */
  async function missingLocale(contentType: ContentType, grant: ContentGrant, documentId: string, versions: readonly VersionInfo[], locale: string, status: Status) {
    const shape = await shapeContext(contentType, grant, [documentId], versions);
    return { data: {}, meta: documentMeta(documentId, locale, status, shape) };
  }

  /** Relations read whole (their documentId and locale are what the clone links), the rest as a findOne reads it. */
  const parseClonePopulate = (contentType: ContentType) => {
    const populate: Record<string, unknown> = { ...populateOf(contentType, context.registry(), { fields: null, locales: null, conditions: [] }, false) };
    for (const attribute of contentType.linkedAttributes) if (attribute.kind === 'relation' && !attribute.media && !attribute.private) populate[attribute.name] = true;
    return versionQueryWith(contentType, populate);
  };
  const versionQueryWith = (contentType: ContentType, populate: Record<string, unknown>) =>
    parseDocumentQuery({ populate }, { contentType, rest: CM_READ_REST, registry: context.registry(), locales, filtersChooseLocale: false }).populate;

  const readQuery = (contentType: ContentType, grant: ContentGrant, locale: string, status: Status): DocumentQuery => versionQuery(contentType, queryContext(), grant, locale, status);
  const writeStatus = (contentType: ContentType): Status => (contentType.draftAndPublish ? 'draft' : 'published');

  function writeOf(contentType: ContentType, grant: ContentGrant, body: unknown, mode: 'create' | 'update') {
    const data = contentData(body, contentType, grant);
    if (contentType.uid === END_USERS) endUserData(body, data, mode);
    return { data, write: validateData(data, contentType, mode, context.registry()) };
  }

  /**
   * Strapi's users-permissions checks of an end user written through the content manager:
   * usernames unique, emails unique whatever their case (400 ApplicationError), excluding the
   * user itself on an update.
   */
  async function checkEndUserTaken(contentType: ContentType, data: Readonly<Record<string, unknown>>, self: string | null): Promise<void> {
    const taken = async (filters: Record<string, unknown>): Promise<boolean> => {
      const parsed = parseDocumentQuery({ filters: self === null ? filters : { $and: [filters, { documentId: { $ne: self } }] } }, { contentType, rest: CM_READ_REST, registry: context.registry(), locales, filtersChooseLocale: false });
      return (await documents.count({ query: { ...parsed, status: 'published' } })) > 0;
    };
    if (typeof data.username === 'string' && (await taken({ username: { $eq: data.username } }))) throw new ApplicationError('Username already taken');
    if (typeof data.email === 'string' && (await taken({ email: { $eqi: data.email } }))) throw new ApplicationError('Email already taken');
  }

  /** The versions of a document; 404 when it has none. */
  async function existing(contentType: ContentType, documentId: string): Promise<VersionInfo[]> {
    const versions = await versionsOf(database, contentType, [documentId]);
    if (versions.length === 0) throw new NotFoundError();
    return versions;
  }

  const versionLocale = (contentType: ContentType, locale: string): string | null => (contentType.localized ? locale : null);

  return {
    async list(request: Request) {
      const { grant, contentType, ability } = await access(request, A.read);
      const raw = queryOf(request);
      const searchable = typeof raw._q === 'string' && raw._q !== '' ? await context.searchableOf(contentType.uid) : null;
      const { query, statusFilter, statusSort } = listRequest(raw, contentType, queryContext(), grant, await creatorsReached(database, ability, grant), searchable);
      const { pagination } = query;
      const pageSize = pagination.mode === 'page' ? pagination.pageSize : 10;
      const page = pagination.mode === 'page' ? pagination.page : 1;
      if (contentType.localized && grant.locales !== null && !grant.locales.has(query.locale)) return { results: [], pagination: { page, pageSize, pageCount: 0, total: 0 } };
      const filtered = statusFilter === null ? query : await withStatusFilter(query, statusFilter);
      if (filtered === null) return { results: [], pagination: { page, pageSize, pageCount: 0, total: 0 } };
      const result = statusSort === null ? await documents.findMany({ query: filtered }) : await findSortedByStatus(filtered, statusSort);
      const shape = await shapeContext(contentType, grant, result.documents.map((document) => document.documentId));
      // Strapi's lists give every document a status: `published` on types without Draft & Publish (findOne does not).
      const results = result.documents.map((document) => (contentType.draftAndPublish ? shapeDocument(document, shape) : { ...shapeDocument(document, shape), status: 'published' }));
      const total = result.total ?? results.length;
      return { results, pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } };
    },

    async create(request: Request, reply: FastifyReply) {
      const { grant, contentType, actor } = await access(request, A.create);
      const locale = localeOf(request, contentType);
      checkLocale(grant, contentType, locale);
      const { data, write } = writeOf(contentType, grant, request.body, 'create');
      if (contentType.uid === END_USERS) await checkEndUserTaken(contentType, data, null);
      const document = await documents.create({ write, query: readQuery(contentType, grant, locale, writeStatus(contentType)), actor });
      const body = await answer(contentType, grant, document, writeStatus(contentType));
      // Strapi's users-permissions answers its own create and update with the bare user.
      return reply.code(201).send(contentType.uid === END_USERS ? body.data : body);
    },

    /** POST …/actions/publish: creates the document and publishes it, in one transaction. */
    async createAndPublish(request: Request) {
      const { grant, contentType, actor, ability } = await access(request, A.publish);
      if (!contentType.draftAndPublish) throw new ValidationError(`${contentType.uid} does not have Draft & Publish enabled`);
      const createGrant = ability.grant(A.create, contentType.uid);
      if (!createGrant) throw new ForbiddenError();
      const locale = localeOf(request, contentType);
      checkLocale(grant, contentType, locale);
      checkLocale(createGrant, contentType, locale);
      const { write } = writeOf(contentType, createGrant, request.body, 'create');
      const document = await documents.create({ write, query: readQuery(contentType, grant, locale, 'published'), actor });
      return answer(contentType, grant, document, 'published');
    },

    async findOne(request: Request) {
      const { grant, contentType, ability } = await access(request, A.read);
      const documentId = documentIdParam(request);
      const locale = localeOf(request, contentType);
      const status = statusParam(queryOf(request).status, contentType);
      const versions = await existing(contentType, documentId);
      checkLocale(grant, contentType, locale);
      await checkDocument(grant, ability, versions, versionLocale(contentType, locale));
      const document = await documents.findOne({ query: readQuery(contentType, grant, locale, status), documentId });
      if (!document) return missingLocale(contentType, grant, documentId, versions, locale, status);
      return answer(contentType, grant, document, status);
    },

    async update(request: Request) {
      const { grant, contentType, actor, ability } = await access(request, A.update);
      const documentId = documentIdParam(request);
      const locale = localeOf(request, contentType);
      checkLocale(grant, contentType, locale);
      const versions = await existing(contentType, documentId);
      await checkDocument(grant, ability, versions, null);
      const creating = contentType.localized && !versions.some((version) => version.locale === locale);
      // A PUT in a locale the document lacks creates that version: Strapi asks `create` for it.
      const createGrant = creating ? ability.grant(A.create, contentType.uid) : null;
      if (creating && (!createGrant || (createGrant.locales !== null && !createGrant.locales.has(locale)))) throw new ForbiddenError();
      const { data, write } = writeOf(contentType, grant, request.body, 'update');
      if (contentType.uid === END_USERS) await checkEndUserTaken(contentType, data, documentId);
      const registry = context.registry();
      const localize = (base: Readonly<Record<string, unknown>>) => validateData({ ...base, ...data }, contentType, 'create', registry, { joining: true });
      const document = await documents.update({ documentId, write, query: readQuery(contentType, grant, locale, writeStatus(contentType)), localize, actor });
      if (!document) throw new NotFoundError();
      const body = await answer(contentType, grant, document, writeStatus(contentType));
      return contentType.uid === END_USERS ? body.data : body;
    },

    async delete(request: Request) {
      const { grant, contentType, ability } = await access(request, A.delete);
      const documentId = documentIdParam(request);
      const locale = localeOf(request, contentType, true);
      checkLocale(grant, contentType, locale);
      const versions = await existing(contentType, documentId);
      await checkDocument(grant, ability, versions, locale === '*' ? null : versionLocale(contentType, locale));
      if (!(await documents.delete({ contentType, documentId, locale }))) throw new NotFoundError();
      return {};
    },

    async clone(request: Request) {
      const { grant, contentType, actor, ability } = await access(request, A.create);
      const { sourceId } = request.params as { sourceId: string };
      if (!isDocumentId(sourceId)) throw new NotFoundError();
      const locale = localeOf(request, contentType);
      checkLocale(grant, contentType, locale);
      const versions = await existing(contentType, sourceId);
      const readGrant = ability.grant(A.read, contentType.uid);
      if (!readGrant) throw new ForbiddenError();
      await checkDocument(readGrant, ability, versions, versionLocale(contentType, locale));
      const base = readQuery(contentType, { fields: null, locales: null, conditions: [] }, locale, writeStatus(contentType));
      const source = await documents.findOne({ query: { ...base, populate: parseClonePopulate(contentType) }, documentId: sourceId });
      if (!source) throw new NotFoundError();
      const overrides = contentData(request.body, contentType, grant);
      const data = { ...cloneData(contentType, source, context.registry()), ...overrides };
      const write = validateData(contentData(data, contentType, grant), contentType, 'create', context.registry());
      const document = await documents.create({ write, query: readQuery(contentType, grant, locale, writeStatus(contentType)), actor });
      return answer(contentType, grant, document, writeStatus(contentType));
    },

    async publish(request: Request) {
      const { grant, contentType, actor, ability, documentId, locale } = await versionAction(request, A.publish);
      // Strapi saves the body into the draft first when the caller may update it (else the body is ignored).
      const updateGrant = ability.grant(A.update, contentType.uid);
      const body = contentData(request.body, contentType, updateGrant ?? NO_FIELDS);
      const operations: BatchOperation[] = [];
      if (updateGrant && Object.keys(body).length > 0) {
        const write = validateData(body, contentType, 'update', context.registry());
        operations.push({ action: 'update', request: { documentId, write, query: readQuery(contentType, grant, locale, 'draft'), actor } });
      }
      // Saved and published in one transaction (entry.update, then entry.publish, as Strapi announces them): a draft that cannot be published is not saved either.
      operations.push({ action: 'publish', request: { contentType, documentId, query: readQuery(contentType, grant, locale, 'published'), actor } });
      const document = (await documents.batch({ operations })).at(-1);
      if (!document || typeof document !== 'object') throw new NotFoundError();
      return answer(contentType, grant, document, 'published');
    },

    async unpublish(request: Request) {
      const { grant, contentType, actor, documentId, locale, versions } = await versionAction(request, A.publish);
      if (!versions.some((version) => version.status === 'published' && version.locale === versionLocale(contentType, locale))) throw new NotFoundError('Entity not found');
      const discard = request.body !== null && typeof request.body === 'object' && (request.body as Record<string, unknown>).discardDraft === true;
      const query = readQuery(contentType, grant, locale, 'draft');
      // Strapi answers the published version the unpublish removes (recorded: unpublish.json), read before it goes.
      const removed = await documents.findOne({ query: readQuery(contentType, grant, locale, 'published'), documentId });
      if (!removed) throw new NotFoundError('Entity not found');
      const operations: BatchOperation[] = discard ? [{ action: 'discardDraft', request: { contentType, documentId, query, actor } }] : [];
      operations.push({ action: 'unpublish', request: { contentType, documentId, query, actor } });
      if ((await documents.batch({ operations })).at(-1) === null) throw new NotFoundError('Entity not found');
      // Shaped with the versions it had (its status is the published one's: published or modified, as Strapi's); meta is of now.
      const shape = await shapeContext(contentType, grant, [documentId], versions);
      const metaShape = await shapeContext(contentType, grant, [documentId]);
      return { data: shapeDocument(removed, shape), meta: documentMeta(documentId, versionLocale(contentType, locale), 'published', metaShape) };
    },

    async discard(request: Request) {
      const { grant, contentType, actor, documentId, locale, versions } = await versionAction(request, A.update);
      if (!versions.some((version) => version.status === 'published' && version.locale === versionLocale(contentType, locale))) throw new NotFoundError();
      const document = await documents.discardDraft({ contentType, documentId, query: readQuery(contentType, grant, locale, 'draft'), actor });
      if (!document) throw new NotFoundError();
      return answer(contentType, grant, document, 'draft');
    },

    /** bulkDelete / bulkPublish / bulkUnpublish: bare `{count}` of the documents acted on (those the grant reaches). */
    async bulk(request: Request, kind: 'delete' | 'publish' | 'unpublish') {
      const { grant, contentType, actor, ability } = await access(request, kind === 'delete' ? A.delete : A.publish);
      if (kind !== 'delete' && !contentType.draftAndPublish) throw new ValidationError(`${contentType.uid} does not have Draft & Publish enabled`);
      const ids = documentIdsOf(request.body).filter(isDocumentId);
      const locale = localeOf(request, contentType, kind === 'delete');
      checkLocale(grant, contentType, locale);
      const versions = await versionsOf(database, contentType, ids);
      const creators = await creatorsReached(database, ability, grant);
      const inLocale = (version: VersionInfo) => locale === '*' || version.locale === versionLocale(contentType, locale);
      const reached = ids.filter((id) => {
        const own = versions.filter((version) => version.documentId === id && inLocale(version));
        if (own.length === 0) return false;
        if (kind === 'unpublish' && !own.some((version) => version.status === 'published')) return false;
        return reachesVersion(creators, own.find((version) => version.status === 'draft') ?? own[0]);
      });
      if (reached.length === 0 && kind === 'delete') throw new NotFoundError();
      // One transaction for the whole bulk, as Strapi's: a draft that cannot be published fails it all, nothing written.
      const query = readQuery(contentType, grant, locale, kind === 'publish' ? 'published' : 'draft');
      const operations: BatchOperation[] = reached.map((documentId) => (kind === 'delete' ? { action: 'delete', request: { contentType, documentId, locale } } : { action: kind, request: { contentType, documentId, query, actor } }));
      const results = operations.length > 0 ? await documents.batch({ operations }) : [];
      const count = results.filter((result) => result !== null && result !== false).length;
      return { count };
    },

    // Single types: the document of the type, whatever its documentId.
    async singleFind(request: Request) {
      const { grant, contentType, ability } = await access(request, A.read);
      const locale = localeOf(request, contentType);
      const status = statusParam(queryOf(request).status, contentType);
      checkLocale(grant, contentType, locale);
      const documentId = await documents.singleDocumentId({ contentType });
      if (documentId === null) throw new NotFoundError();
      const versions = await existing(contentType, documentId);
      await checkDocument(grant, ability, versions, versionLocale(contentType, locale));
      const document = await documents.findOne({ query: readQuery(contentType, grant, locale, status), documentId });
      if (!document) return missingLocale(contentType, grant, documentId, versions, locale, status);
      return answer(contentType, grant, document, status);
    },

    async singlePut(request: Request) {
      const ability = await abilityOf(request);
      const uid = (request.params as { model?: string }).model ?? '';
      const contentType = context.registry().get(uid);
      if (!contentType || !isDisplayed(contentType)) throw new PolicyError();
      const updateGrant = ability.grant(A.update, uid);
      const createGrant = ability.grant(A.create, uid);
      if (!updateGrant && !createGrant) throw new PolicyError();
      const actor: WriteActor = { adminUserId: ability.user.id, origin: 'content-manager' };
      const locale = localeOf(request, contentType);
      const documentId = await documents.singleDocumentId({ contentType });
      const versions = documentId === null ? [] : await versionsOf(database, contentType, [documentId]);
      const creating = documentId === null || (contentType.localized && !versions.some((version) => version.locale === locale));
      const grant = creating ? createGrant : updateGrant;
      if (!grant) throw new ForbiddenError();
      checkLocale(grant, contentType, locale);
      if (!creating) await checkDocument(grant, ability, versions, null);
      const data = contentData(request.body, contentType, grant);
      const registry = context.registry();
      const document = await documents.putSingle({
        contentType,
        writeFor: (mode, base, joining) => validateData({ ...base, ...data }, contentType, mode, registry, { joining }),
        query: readQuery(contentType, grant, locale, writeStatus(contentType)),
        actor,
      });
      return answer(contentType, grant, document, writeStatus(contentType));
    },

    async singleDelete(request: Request) {
      const { grant, contentType, ability } = await access(request, A.delete);
      const locale = localeOf(request, contentType, true);
      checkLocale(grant, contentType, locale);
      const documentId = await documents.singleDocumentId({ contentType });
      if (documentId === null) throw new NotFoundError();
      const versions = await existing(contentType, documentId);
      await checkDocument(grant, ability, versions, null);
      if (!(await documents.delete({ contentType, documentId, locale }))) throw new NotFoundError();
      return {};
    },
  };

  /**
   * A list sorted on the admin's status first (ascending: never published, modified, published;
   * the query's own sort within each): three groups of documentIds, each counted, the page taken
   * across them. The never-published and modified documents are found by one statement each.
   */
  async function findSortedByStatus(query: DocumentQuery, direction: 'asc' | 'desc'): Promise<{ documents: Document[]; total: number }> {
    const { contentType } = query;
    const never = await documentIdsInState(database.db, contentType, query.locale, 'never');
    const modified = await documentIdsInState(database.db, contentType, query.locale, 'modified');
    if (never.length + modified.length > STATUS_FILTER_LIMIT) throw new ValidationError(`Sorting on status needs fewer than ${STATUS_FILTER_LIMIT} draft or modified documents: filter the list first`);
    const documentIdAttribute = contentType.systemAttributes.find((attribute) => attribute.name === 'documentId');
    if (!documentIdAttribute) return { documents: [...(await documents.findMany({ query })).documents], total: 0 };
    const among = (ids: readonly string[], operator: '$in' | '$notIn'): FilterNode => ({ kind: 'condition', attribute: documentIdAttribute, operator, value: ids });
    const rest = never.length + modified.length === 0 ? null : among([...never, ...modified], '$notIn');
    const groups: (FilterNode | null | 'empty')[] = [never.length > 0 ? among(never, '$in') : 'empty', modified.length > 0 ? among(modified, '$in') : 'empty', rest];
    if (direction === 'desc') groups.reverse();
    const { offset, limit } = toOffsetLimit(query.pagination);
    let skip = offset;
    let remaining = limit ?? Number.POSITIVE_INFINITY;
    let total = 0;
    const found: Document[] = [];
    for (const group of groups) {
      if (group === 'empty') continue;
      const groupQuery: DocumentQuery = { ...query, filters: group === null ? query.filters : query.filters ? { kind: 'and', children: [query.filters, group] } : group };
      const count = await documents.count({ query: groupQuery });
      total += count;
      if (remaining > 0 && skip < count) {
        const page = await documents.findMany({ query: { ...groupQuery, pagination: { mode: 'offset', start: skip, limit: Number.isFinite(remaining) ? remaining : null, withCount: false } } });
        found.push(...page.documents);
        remaining -= page.documents.length;
        skip = 0;
      } else skip = Math.max(0, skip - count);
    }
    return { documents: found, total };
  }

  /**
   * The `__status` pseudo-filter: `draft` = never published (drafts without a published version),
   * `published-modified` / `published-unmodified` = published versions whose draft is / is not
   * newer, `published` = every published version. Evaluated as a documentId list (one statement);
   * null when nothing matches.
   */
  async function withStatusFilter(query: DocumentQuery, statusFilter: 'draft' | 'published' | 'published-modified' | 'published-unmodified'): Promise<DocumentQuery | null> {
    if (statusFilter === 'published') return query;
    const { contentType } = query;
    const ids = await documentIdsInState(database.db, contentType, query.locale, statusFilter === 'draft' ? 'never' : statusFilter === 'published-modified' ? 'modified' : 'unmodified');
    if (ids.length === 0) return null;
    if (ids.length > STATUS_FILTER_LIMIT) throw new ValidationError(`The __status filter matches more than ${STATUS_FILTER_LIMIT} documents: narrow the list with other filters or _q first`);
    const documentIdAttribute = contentType.systemAttributes.find((attribute) => attribute.name === 'documentId');
    if (!documentIdAttribute) return query;
    const condition = { kind: 'condition' as const, attribute: documentIdAttribute, operator: '$in' as const, value: ids };
    return { ...query, filters: query.filters ? { kind: 'and', children: [query.filters, condition] } : condition };
  }
}

export type DocumentHandlers = ReturnType<typeof createDocumentHandlers>;

const stripIds = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stripIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([key]) => key !== 'id').map(([key, item]) => [key, stripIds(item)]));
};

/**
 * The data of a clone: the source's content as a create body (relations as documentIds, media as
 * file ids, components without their row ids). Relations whose other side holds at most one
 * document (oneToOne, the inverse of a manyToOne) are not copied: the clone would take them
 * from the source.
 */
export function cloneData(contentType: ContentType, source: Document, registry: SchemaRegistry): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, attribute] of contentType.attributes) {
    const value = source[name];
    if (value === undefined) continue;
    if (attribute.kind === 'scalar') {
      if (attribute.writable && attribute.type !== 'password') data[name] = value;
    } else if (attribute.kind === 'relation') {
      const items = (Array.isArray(value) ? value : value === null ? [] : [value]) as Record<string, unknown>[];
      if (attribute.media) data[name] = attribute.many ? items.map((item) => item.id) : (items[0]?.id ?? null);
      else if (attribute.relation === 'oneToOne' || attribute.relation === 'oneToMany') continue;
      else {
        const targetLocalized = registry.get(attribute.target)?.localized === true;
        data[name] = { set: items.map((item) => (targetLocalized && typeof item.locale === 'string' ? { documentId: item.documentId, locale: item.locale } : { documentId: item.documentId })) };
      }
    } else data[name] = stripIds(value);
  }
  return data;
}
