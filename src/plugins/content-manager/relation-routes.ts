import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../core/db/database.js';
import type { Document } from '../../core/documents/document.js';
import type { RelationAttribute } from '../../core/schema/attribute.js';
import type { ContentType, Model } from '../../core/schema/content-type.js';
import { LINK_COLUMNS } from '../../core/schema/relation-link.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { AdminAbility, ContentGrant } from '../../transports/admin/admin-ability.js';
import { grantsField, requireDocument, requireGrant, type AbilityOf } from './cm-access.js';
import { localeParam, statusParam } from './cm-query.js';
import { linkPage } from './cm-link-page.js';
import { versionsOf, type VersionInfo } from './cm-versions.js';
import type { Status } from '../../core/query/document-query.js';
import { modelOf, pageParams, paginationOf, readQuery, withStatuses, type CmReads, type PageParams } from './cm-reads.js';

export interface RelationRoutesOptions extends CmReads {
  readonly database: Database;
  readonly ability: AbilityOf;
  /** The target's list title attribute (the content manager's configured `mainField`). */
  readonly mainFieldOf: (contentType: ContentType) => Promise<string>;
}

type Query = Readonly<Record<string, unknown>>;

/** `:targetField` → a relation attribute of the model; media are not relations to the admin. */
function relationOf(model: Model, field: string): RelationAttribute & { readonly target: string } {
  const attribute = model.attributes.get(field);
  if (!attribute || attribute.kind !== 'relation' || attribute.media) throw new ValidationError(`The relational field ${field} doesn't exist on ${model.uid}`);
  return attribute;
}

/** A list of ids from `idsToOmit[]` / `idsToInclude[]` (numbers, as the admin sends row ids). */
function idList(raw: unknown, name: string): number[] {
  if (raw === undefined || raw === '') return [];
  const items = Array.isArray(raw) ? raw : typeof raw === 'object' && raw !== null ? Object.values(raw) : [raw];
  return items.map((item) => {
    const id = typeof item === 'number' ? item : typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : Number.NaN;
    if (!Number.isSafeInteger(id)) throw ValidationError.fromFieldErrors([{ path: [name], message: `${name} must be a list of ids`, name: 'ValidationError' }]);
    return id;
  });
}

/** Strapi's `_filter`: the operator `_q` is matched with on the main field. */
const SEARCH_OPERATORS = new Set(['$eq', '$eqi', '$ne', '$contains', '$containsi', '$notContains', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi']);

/**
 * Strapi's `filters` of the picker, as its permission checker sanitizes them: conditions on
 * fields the admin's read grant on the target does not reach are left out (all of them without
 * a grant); logical operators keep their readable children. Unknown fields and bad operators
 * are the parser's 400.
 */
export function readableFilters(raw: unknown, grant: ContentGrant | null): Record<string, unknown> | null {
  if (raw === undefined || raw === '' || raw === null) return null;
  if (typeof raw !== 'object') throw ValidationError.fromFieldErrors([{ path: ['filters'], message: 'filters must be an object', name: 'ValidationError' }]);
  if (grant === null) return null;
  const keep = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(keep).filter((child) => child !== null);
    if (node === null || typeof node !== 'object') return node;
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === '$and' || key === '$or') kept[key] = keep(Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : value);
      else if (key === '$not') {
        const child = keep(value);
        if (child !== null) kept[key] = child;
      } else if (key.startsWith('$') || key === 'id' || key === 'documentId' || grantsField(grant, key)) kept[key] = value;
    }
    return Object.keys(kept).length > 0 ? kept : null;
  };
  return keep(raw) as Record<string, unknown> | null;
}

export async function relationRoutes(fastify: FastifyInstance, options: RelationRoutesOptions): Promise<void> {
  const { registry, documents, database, ability: abilityOf, mainFieldOf } = options;

  /** What a picker shows of a target: id, documentId, the main field if the user may read it, then Strapi's fixed fields. */
  async function shownField(target: ContentType, ability: AdminAbility): Promise<string> {
    const mainField = await mainFieldOf(target);
    return mainField === 'id' || grantsField(ability.grant('plugin::content-manager.explorer.read', target.uid), mainField) ? mainField : 'id';
  }

  function shape(target: ContentType, mainField: string, items: readonly Document[], statuses: Map<Document, string>): Record<string, unknown>[] {
    return items.map((item) => ({
      id: item.id,
      documentId: item.documentId,
      ...(mainField !== 'id' ? { [mainField]: item[mainField] ?? null } : {}),
      publishedAt: item.publishedAt ?? null,
      updatedAt: item.updatedAt ?? null,
      ...(target.localized ? { locale: item.locale ?? null } : {}),
      ...(target.draftAndPublish ? { status: statuses.get(item) ?? 'draft' } : {}),
    }));
  }

  /**
   * The documentIds a source version links through the attribute, in stored order: read through
   * the document service's populate (either side of the relation, the read's status and locale);
   * null when the source document has no such version.
   */
  async function linkedOf(model: Model, attribute: RelationAttribute, sourceId: string, query: Query, fields: readonly string[]): Promise<readonly Document[] | null> {
    if (model.modelType === 'component') {
      const rowId = /^\d+$/.test(sourceId) ? Number(sourceId) : Number.NaN;
      if (!Number.isSafeInteger(rowId)) return [];
      const target = registry.get(attribute.target);
      if (!target) return [];
      const { link } = registry.relation(attribute);
      const rows = await database.db
        .selectFrom(link.table)
        .select([LINK_COLUMNS.target, ...(link.targetLocalized ? [LINK_COLUMNS.targetLocale] : [])])
        .where(LINK_COLUMNS.entity, '=', rowId)
        .orderBy(link.ownerMany ? LINK_COLUMNS.targetOrder : LINK_COLUMNS.id)
        .execute();
      const documentIds = rows.map((row) => String(row[LINK_COLUMNS.target]));
      if (documentIds.length === 0) return [];
      const locale = rows.map((row) => row[LINK_COLUMNS.targetLocale]).find((value) => typeof value === 'string') as string | undefined;
      const read = readQuery(options, target, { filters: { documentId: { $in: documentIds } }, fields, status: statusParam(query.status, target), ...(locale ? { locale } : {}) });
      const found = await documents.findMany({ query: { ...read, pagination: { mode: 'offset', start: 0, limit: null, withCount: false } } });
      const byId = new Map(found.documents.map((document) => [document.documentId, document]));
      return documentIds.flatMap((documentId) => byId.get(documentId) ?? []);
    }
    const source = model;
    const read = readQuery(options, source, {
      fields: [],
      populate: { [attribute.name]: { fields } },
      status: statusParam(query.status, source),
      ...(source.localized ? { locale: localeParam(query.locale, source, options.locales) } : {}),
    });
    const document = source.kind === 'singleType' ? await documents.findFirst({ query: read }) : await documents.findOne({ query: read, documentId: sourceId });
    if (!document) return null;
    const value = document[attribute.name];
    if (value === null || value === undefined) return [];
    return (Array.isArray(value) ? value : [value]) as Document[];
  }

  /** The row of the source the links hang on: a component row's id, or the version of the document the read shows (locale, status); null when absent. */
  async function sourceRowId(model: Model, sourceId: string, query: Query, status: Status): Promise<number | null> {
    if (model.modelType === 'component') {
      const rowId = /^\d+$/.test(sourceId) ? Number(sourceId) : Number.NaN;
      return Number.isSafeInteger(rowId) ? rowId : null;
    }
    const locale = model.localized ? localeParam(query.locale, model, options.locales) : null;
    const versions = model.kind === 'singleType' ? await singleVersions(model) : await versionsOf(database, model, [sourceId]);
    return versions.find((version) => version.locale === locale && version.status === status)?.id ?? null;
  }

  async function singleVersions(model: ContentType): Promise<readonly VersionInfo[]> {
    const documentId = await documents.singleDocumentId({ contentType: model });
    return documentId === null ? [] : versionsOf(database, model, [documentId]);
  }

  /** The target documents of a page of links, in the links' order (a target without the read's version is left out). */
  async function targetsInOrder(target: ContentType, documentIds: readonly string[], fields: readonly string[], status: Status, locale: string | undefined): Promise<Document[]> {
    if (documentIds.length === 0) return [];
    const read = readQuery(options, target, { filters: { documentId: { $in: [...new Set(documentIds)] } }, fields, status, ...(locale ? { locale } : {}) });
    const found = await documents.findMany({ query: { ...read, pagination: { mode: 'offset', start: 0, limit: null, withCount: false } } });
    const byId = new Map(found.documents.map((document) => [document.documentId, document]));
    return documentIds.flatMap((documentId) => byId.get(documentId) ?? []);
  }

  /** Who asks, about which relation of which model (a content-type or a component), and its target: both routes start here. */
  async function relationRequest(request: FastifyRequest) {
    const params = request.params as { model: string; targetField: string };
    const ability = await abilityOf(request);
    const model = modelOf(registry, params.model);
    const attribute = relationOf(model, params.targetField);
    const target = registry.get(attribute.target);
    if (!target) throw new ValidationError(`The model ${attribute.target} doesn't exist`);
    return { query: request.query as Query, ability, model, attribute, target };
  }

  /** GET /content-manager/relations/:model/:targetField: the documents the picker offers. */
  fastify.get('/relations/:model/:targetField', async (request) => {
    const { query, ability, model, attribute, target } = await relationRequest(request);
    const page = pageParams(query);
    const status = statusParam(query.status, target);
    const locale = target.localized ? localeParam(query.locale, target, options.locales) : undefined;
    const mainField = await shownField(target, ability);
    const operator = typeof query._filter === 'string' && SEARCH_OPERATORS.has(query._filter) ? query._filter : '$containsi';
    const and: Record<string, unknown>[] = [];
    if (typeof query._q === 'string' && query._q !== '' && mainField !== 'id') and.push({ [mainField]: { [operator]: query._q } });
    const filters = readableFilters(query.filters, ability.grant('plugin::content-manager.explorer.read', target.uid));
    if (filters !== null) and.push(filters);
    const omit = idList(query.idsToOmit, 'idsToOmit');
    const include = idList(query.idsToInclude, 'idsToInclude');
    if (omit.length > 0) and.push({ id: { $notIn: omit } });
    if (typeof query.id === 'string' && query.id !== '') {
      // Strapi's `id`: the source document (or component row) whose linked targets are left out, unless listed in idsToInclude.
      const linked = (await linkedOf(model, attribute, query.id, { status: query.status, locale: query.locale }, [])) ?? [];
      if (linked.length > 0) {
        const notLinked = { documentId: { $notIn: [...new Set(linked.map((item) => item.documentId))] } };
        and.push(include.length > 0 ? { $or: [notLinked, { id: { $in: include } }] } : notLinked);
      }
    }
    const fields = [...(mainField !== 'id' ? [mainField] : []), 'publishedAt', 'updatedAt', ...(target.localized ? ['locale'] : [])];
    const read = readQuery(options, target, {
      ...(and.length > 0 ? { filters: { $and: and } } : {}),
      fields,
      sort: mainField === 'id' ? ['id:asc'] : [`${mainField}:asc`, 'id:asc'],
      pagination: { page: page.page, pageSize: page.pageSize, withCount: true },
      status,
      ...(locale !== undefined ? { locale } : {}),
    });
    const found = await documents.findMany({ query: read });
    const statuses = await withStatuses(options, target, found.documents, status, locale);
    return { results: shape(target, mainField, found.documents, statuses), pagination: paginationOf(page, found.total ?? found.documents.length) };
  });

  /** GET /content-manager/relations/:model/:id/:targetField: the current links, newest first, a page of them. */
  fastify.get('/relations/:model/:id/:targetField', async (request) => {
    const params = request.params as { id: string };
    const { query, ability, model, attribute, target } = await relationRequest(request);
    if (model.modelType === 'contentType') {
      const grant = requireGrant(ability, 'read', model.uid);
      if (!grantsField(grant, attribute.name)) throw new ForbiddenError();
      if (model.kind === 'collectionType') await requireDocument(database, grant, ability.user.id, model, params.id, model.localized ? localeParam(query.locale, model, options.locales) : null);
    }
    const page: PageParams = pageParams(query);
    // The targets shown are the versions the source's read links: drafts from a draft (Draft & Publish source), published ones otherwise.
    const status = model.modelType === 'contentType' ? statusParam(query.status, model) : statusParam(query.status, target);
    const mainField = await shownField(target, ability);
    const fields = [...(mainField !== 'id' ? [mainField] : []), 'publishedAt', 'updatedAt', ...(target.localized ? ['locale'] : [])];
    const side = registry.relation(attribute);
    if (side.side === 'owner' && !side.link.targetStatus) {
      // Owning side: a page of the link table in SQL (newest first) and its count, then only that page's targets.
      const rowId = await sourceRowId(model, params.id, query, status);
      if (rowId === null) {
        if (model.modelType === 'component') return { pagination: paginationOf(page, 0), results: [] };
        throw new NotFoundError('Entity not found');
      }
      const { targets, total } = await linkPage(database, side.link, rowId, status, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize });
      const targetStatus = target.draftAndPublish ? status : 'published';
      const locale = targets.find((item) => item.locale !== null)?.locale ?? undefined;
      const shown = await targetsInOrder(target, targets.map((item) => item.documentId), fields, targetStatus, locale);
      const statuses = await withStatuses(options, target, shown, targetStatus, target.localized ? locale : undefined);
      return { pagination: paginationOf(page, total), results: shape(target, mainField, shown, statuses) };
    }
    // The inverse side and links that name their version: read through populate, a page taken of them.
    const linked = await linkedOf(model, attribute, params.id, query, fields);
    if (linked === null) throw new NotFoundError('Entity not found');
    // Strapi lists the newest link first: the reverse of the stored order.
    const newestFirst = [...linked].reverse();
    const slice = newestFirst.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
    const statuses = await withStatuses(options, target, slice, status, target.localized ? (slice.find((item) => typeof item.locale === 'string')?.locale as string | undefined) : undefined);
    return { pagination: paginationOf(page, linked.length), results: shape(target, mainField, slice, statuses) };
  });
}
