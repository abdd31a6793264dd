import type { Document } from '../../core/documents/document.js';
import type { DocumentService } from '../../core/documents/document-service.js';
import { validateData } from '../../core/documents/validate-data.js';
import type { DocumentQuery, Status } from '../../core/query/document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { CompatServices } from '../compat-services.js';
import { programmaticQuery, type QueryContext } from '../documents/programmatic-query.js';
import { mergeRows, type RowOrder } from './merge-rows.js';
import { statusChosenByWhere } from './status-chosen-by-where.js';
import { toDocumentParams, unsupported, type DocumentParams } from './to-document-params.js';

type Params = Readonly<Record<string, unknown>>;
type Row = Document;

/** `strapi.db.query(uid)`: Strapi's Query Engine API, at row level (one row per version), on Tessera's storage. */
export interface StrapiQuery {
  findOne(params?: Params): Promise<Row | null>;
  findMany(params?: Params): Promise<Row[]>;
  findWithCount(params?: Params): Promise<[Row[], number]>;
  findPage(params?: Params): Promise<{ results: Row[]; pagination: { page: number; pageSize: number; pageCount: number; total: number } }>;
  count(params?: Params): Promise<number>;
  create(params: Params): Promise<Row>;
  createMany(params: Params): Promise<{ count: number; ids: number[] }>;
  update(params: Params): Promise<Row | null>;
  updateMany(params: Params): Promise<{ count: number }>;
  delete(params?: Params): Promise<Row | null>;
  deleteMany(params?: Params): Promise<{ count: number }>;
}

export type QueryEngine = (uid: string) => StrapiQuery;

interface State {
  readonly documents: DocumentService;
  readonly registry: SchemaRegistry;
  readonly contentType: ContentType;
  readonly context: QueryContext;
}

/** What a write needs to know of a row: its document, locale and status. */
interface RowKey {
  readonly id: number;
  readonly documentId: string;
  readonly locale: string;
  readonly published: boolean;
}

function isRecord(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `strapi.db.query(uid)` for project code. Strapi's Query Engine reads and writes table rows;
 * Tessera's rows are the versions of its documents, so every read here is a read of the
 * document service over every version — every locale, and both statuses on Draft & Publish
 * types (two reads, merged in `orderBy` order) — and every write is the document service's
 * write of the version a row stands for (same validation, transactions and locks as REST).
 * Where a row-level write has no document-level equivalent (changing a published row alone,
 * deleting a draft row whose published row stays), the call is refused naming it, before any
 * write. docs/custom-code.md lists the differences.
 */
export function createQueryEngine({ model, locales }: CompatServices): QueryEngine {
  return (uid) => {
    if (!model.current().registry.get(uid)) throw new NotFoundError(`strapi.db.query(): unknown content-type "${uid}"`);
    const name = (method: string) => `strapi.db.query('${uid}').${method}`;
    const state = (): State => {
      const current = model.current();
      const contentType = current.registry.get(uid);
      if (!contentType) throw new NotFoundError(`strapi.db.query(): unknown content-type "${uid}"`);
      return { documents: current.documents, registry: current.registry, contentType, context: { contentType, registry: current.registry, locales } };
    };
    /** The statuses whose rows a `where` may match: both on Draft & Publish types unless `where.publishedAt` chooses. */
    const statuses = (contentType: ContentType, where: unknown): Status[] => (contentType.draftAndPublish ? (statusChosenByWhere(where) ?? ['draft', 'published']) : ['published']);
    /** The query of one status over every locale: rows are versions, whatever their locale. */
    const queryOf = (s: State, read: DocumentParams, status: Status): DocumentQuery => ({ ...programmaticQuery(s.context, read, status, false), locale: '*' });

    const readRows = async (method: string, params: Params, known: readonly string[] = []): Promise<Row[]> => {
      const s = state();
      const read = toDocumentParams(name(method), params, known);
      if (read.pagination?.limit === 0) return [];
      const wanted = statuses(s.contentType, params.where);
      const probe = queryOf(s, read, wanted[0] ?? 'published');
      // A read of every locale outputs `locale` whatever `select` says: taken out again when not selected.
      const unselected = new Set(read.fields !== undefined && s.contentType.localized && !probe.fields.some((attribute) => attribute.name === 'locale') ? ['locale'] : []);
      const strip = (rows: readonly Row[]): Row[] => (unselected.size === 0 ? [...rows] : rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !unselected.has(key))) as Row));
      if (wanted.length === 1) return strip((await s.documents.findMany({ query: probe })).documents);
      // Both statuses: each list is sorted by the database and cut at offset + limit, then merged.
      const order: RowOrder[] = probe.sort.map((key) => {
        if (key.path.length > 0) {
          const path = `${key.path.map((step) => step.attribute.name).join('.')}.${key.attribute.name}`;
          throw unsupported(name(method), 'orderBy', `on a Draft & Publish type the draft and published rows are read apart and merged in order, which needs ${uid}'s own attributes (not "${path}"); choose one status with where.publishedAt ({ $null: true } or { $notNull: true }) to order by "${path}"`);
        }
        return { name: key.attribute.name, direction: key.direction };
      });
      const selected = new Set(probe.fields.map((attribute) => attribute.name));
      const missing = order.filter((key) => !selected.has(key.name) && key.name !== 'id' && key.name !== 'documentId').map((key) => key.name);
      for (const key of missing) unselected.add(key);
      const start = read.pagination?.start ?? 0;
      const limit = read.pagination?.limit;
      const fields = missing.length > 0 ? [...selected, ...missing] : read.fields;
      const each: DocumentParams = { ...read, ...(fields === undefined ? {} : { fields }), pagination: limit === undefined ? {} : { start: 0, limit: start + limit } };
      const [drafts, published] = await Promise.all(wanted.map(async (status) => (await s.documents.findMany({ query: queryOf(s, each, status) })).documents));
      return strip(mergeRows(drafts ?? [], published ?? [], order).slice(start, limit === undefined ? undefined : start + limit));
    };

    const countRows = async (method: string, params: Params, known: readonly string[] = []): Promise<number> => {
      const s = state();
      const { filters } = toDocumentParams(name(method), params, known);
      let total = 0;
      for (const status of statuses(s.contentType, params.where)) {
        const query = queryOf(s, { filters }, status);
        total += (await s.documents.findMany({ query: { ...query, pagination: { mode: 'page', page: 1, pageSize: 1, withCount: true } } })).total ?? 0;
      }
      return total;
    };

    /** The rows `where` matches, as keys for writes. */
    const rowKeys = async (method: string, where: unknown, limit?: number): Promise<RowKey[]> => {
      const { contentType } = state();
      const select = ['documentId', ...(contentType.localized ? ['locale'] : []), ...(contentType.draftAndPublish ? ['publishedAt'] : [])];
      const rows = await readRows(method, { where, select, ...(limit === undefined ? {} : { limit }) });
      return rows.map((row) => ({
        id: row.id,
        documentId: row.documentId,
        locale: contentType.localized ? String(row.locale) : locales.defaultLocale(),
        published: !contentType.draftAndPublish || (row.publishedAt !== null && row.publishedAt !== undefined),
      }));
    };

    const writeData = (method: string, params: Params): Params => {
      if (!isRecord(params.data)) throw new ValidationError(`${name(method)}: data must be an object`, { key: 'data', path: null, source: 'body' });
      return params.data;
    };

    /** A row's update: its version's write, as the document service does it. */
    const refusePublished = (method: string, s: State, keys: readonly RowKey[]): void => {
      const key = keys.find((candidate) => s.contentType.draftAndPublish && candidate.published);
      if (key) {
        throw unsupported(name(method), 'where', `row ${key.id} is the published version of document ${key.documentId}; Tessera changes published versions only by publishing the draft — update the draft row (publishedAt: null) and call strapi.documents('${uid}').publish()`);
      }
    };

    const updateRow = async (method: string, s: State, key: RowKey, data: Params, params: Params): Promise<Row | null> => {
      refusePublished(method, s, [key]);
      const write = validateData(data, s.contentType, 'update', s.registry);
      const query = { ...programmaticQuery(s.context, toDocumentParams(name(method), { select: params.select, populate: params.populate }), s.contentType.draftAndPublish ? 'draft' : 'published', false), locale: key.locale };
      return s.documents.update({ documentId: key.documentId, write, query });
    };

    const checkUpdateData = (method: string, data: Params): void => {
      for (const key of ['publishedAt', 'documentId', 'locale', 'id'] as const) {
        if (key in data && (key !== 'locale' || state().contentType.localized)) throw unsupported(name(method), `data.${key}`, `a row's ${key} is not written by Tessera's query engine (publish with strapi.documents('${uid}').publish(), add a locale with strapi.documents('${uid}').update({ documentId, locale, data }))`);
      }
    };

    /**
     * The document-level deletes that remove exactly `rows`: a whole locale when all of its
     * versions go, the published version alone when only it goes (an unpublish). A draft row
     * whose published row stays cannot be removed alone: refused, before anything is written.
     */
    const planDelete = async (method: string, rows: readonly RowKey[]): Promise<{ kind: 'delete' | 'unpublish'; key: RowKey }[]> => {
      const s = state();
      if (!s.contentType.draftAndPublish) return rows.map((key) => ({ kind: 'delete' as const, key }));
      const documentIds = [...new Set(rows.map((row) => row.documentId))];
      const all = documentIds.length === 0 ? [] : await rowKeys(method, { documentId: { $in: documentIds } });
      const targeted = new Set(rows.map((row) => row.id));
      const groups = new Map<string, RowKey[]>();
      for (const row of all) groups.set(`${row.documentId}\u0000${row.locale}`, [...(groups.get(`${row.documentId}\u0000${row.locale}`) ?? []), row]);
      const plan: { kind: 'delete' | 'unpublish'; key: RowKey }[] = [];
      for (const versions of groups.values()) {
        const hit = versions.filter((row) => targeted.has(row.id));
        const first = hit[0];
        if (!first) continue;
        if (hit.length === versions.length) plan.push({ kind: 'delete', key: first });
        else if (hit.every((row) => row.published)) plan.push({ kind: 'unpublish', key: first });
        else throw unsupported(name(method), 'where', `row ${first.id} is the draft of document ${first.documentId} (${first.locale}), whose published version stays; Tessera keeps a draft for every published version — delete both rows, or use strapi.documents('${uid}').unpublish() / discardDraft()`);
      }
      return plan;
    };

    const runDelete = async (plan: readonly { kind: 'delete' | 'unpublish'; key: RowKey }[]): Promise<void> => {
      for (const { kind, key } of plan) {
        const s = state();
        if (kind === 'delete') await s.documents.delete({ contentType: s.contentType, documentId: key.documentId, locale: key.locale });
        else await s.documents.unpublish({ contentType: s.contentType, documentId: key.documentId, query: { ...programmaticQuery(s.context, {}, 'published', false), locale: key.locale } });
      }
    };

    /** A create's version: data.locale chooses the locale, data.publishedAt (set) publishes, as the row would be. */
    const createTarget = (method: string, s: State, data: Params): { data: Params; status: Status; locale: string | undefined } => {
      const { publishedAt, locale, documentId, ...rest } = data;
      if (documentId !== undefined) throw unsupported(name(method), 'data.documentId', `a create makes a new document; add a locale to an existing one with strapi.documents('${uid}').update({ documentId, locale, data })`);
      const fields: Record<string, unknown> = { ...rest };
      if (!s.contentType.localized && locale !== undefined) fields.locale = locale;
      if (!s.contentType.draftAndPublish && publishedAt !== undefined) fields.publishedAt = publishedAt;
      const status: Status = s.contentType.draftAndPublish && publishedAt !== undefined && publishedAt !== null ? 'published' : s.contentType.draftAndPublish ? 'draft' : 'published';
      return { data: fields, status, locale: s.contentType.localized && typeof locale === 'string' ? locale : undefined };
    };

    return {
      async findOne(params = {}) {
        return (await readRows('findOne', { ...params, limit: 1 }))[0] ?? null;
      },
      findMany: (params = {}) => readRows('findMany', params),
      async findWithCount(params = {}) {
        return [await readRows('findWithCount', params), await countRows('findWithCount', params)];
      },
      async findPage(params = {}) {
        const { page: rawPage = 1, pageSize: rawSize = 10, ...rest } = params;
        const page = Number(rawPage);
        const pageSize = Number(rawSize);
        if (!Number.isSafeInteger(page) || !Number.isSafeInteger(pageSize) || pageSize < 1) throw new ValidationError(`${name('findPage')}: page and pageSize must be integers (pageSize at least 1)`, { key: 'pagination', path: null, source: 'query', param: 'pagination' });
        const results = await readRows('findPage', { ...rest, limit: pageSize, offset: Math.max(page - 1, 0) * pageSize });
        const total = await countRows('findPage', rest);
        return { results, pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } };
      },
      count: (params = {}) => countRows('count', params),
      async create(params) {
        const s = state();
        toDocumentParams(name('create'), params, ['data']);
        const target = createTarget('create', s, writeData('create', params));
        const write = validateData(target.data, s.contentType, 'create', s.registry);
        const query = programmaticQuery(s.context, { ...toDocumentParams(name('create'), { select: params.select, populate: params.populate }), locale: target.locale }, target.status, false);
        return s.documents.create({ write, query });
      },
      async createMany(params) {
        const s = state();
        toDocumentParams(name('createMany'), params, ['data']);
        if (!Array.isArray(params.data)) throw new ValidationError(`${name('createMany')}: data must be an array of objects`, { key: 'data', path: null, source: 'body' });
        if (params.data.length === 0) return { count: 0, ids: [] };
        const targets = params.data.map((item: unknown) => createTarget('createMany', s, isRecord(item) ? item : writeData('createMany', { data: item })));
        const first = targets[0];
        if (first && targets.some((target) => target.status !== first.status || target.locale !== first.locale)) {
          throw unsupported(name('createMany'), 'data', 'rows of different locales or publication states in one call; Tessera creates a batch in one transaction for one locale and status — call createMany once per locale and status');
        }
        // Every item is validated before anything is written; the batch is one transaction.
        const writes = targets.map((target) => validateData(target.data, s.contentType, 'create', s.registry));
        const query = programmaticQuery(s.context, { fields: ['documentId'], locale: first?.locale }, first?.status ?? 'published', false);
        const created = await s.documents.createMany({ writes, query });
        return { count: created.length, ids: created.map((document) => document.id) };
      },
      async update(params) {
        const s = state();
        toDocumentParams(name('update'), params, ['data']);
        const data = writeData('update', params);
        checkUpdateData('update', data);
        const [key] = await rowKeys('update', params.where, 1);
        if (!key) return null;
        return updateRow('update', s, key, data, params);
      },
      async updateMany(params) {
        const s = state();
        toDocumentParams(name('updateMany'), params, ['data']);
        const data = writeData('updateMany', params);
        checkUpdateData('updateMany', data);
        const keys = await rowKeys('updateMany', params.where);
        // Refused as a whole, before any write, when one row cannot be written.
        validateData(data, s.contentType, 'update', s.registry);
        refusePublished('updateMany', s, keys);
        let count = 0;
        for (const key of keys) if (await updateRow('updateMany', s, key, data, { select: ['documentId'] })) count += 1;
        return { count };
      },
      async delete(params = {}) {
        toDocumentParams(name('delete'), params);
        const [row] = await readRows('delete', { ...params, limit: 1 });
        if (!row) return null;
        const [key] = await rowKeys('delete', { id: row.id });
        if (!key) return null;
        await runDelete(await planDelete('delete', [key]));
        return row;
      },
      async deleteMany(params = {}) {
        toDocumentParams(name('deleteMany'), params);
        const keys = await rowKeys('deleteMany', params.where);
        await runDelete(await planDelete('deleteMany', keys));
        return { count: keys.length };
      },
    };
  };
}
