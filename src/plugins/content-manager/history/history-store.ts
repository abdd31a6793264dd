import type { Database, Executor } from '../../../core/db/database.js';
import type { Document } from '../../../core/documents/document.js';
import type { SavedVersion, VersionHistory } from '../../../core/documents/version-history.js';
import type { LocaleCatalog } from '../../../core/query/locale-catalog.js';
import { parseDocumentQuery } from '../../../core/query/parse/parse-document-query.js';
import type { ContentType, Model } from '../../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../../core/schema/registry.js';
import { CM_REST, defaultMainField } from '../cm-reads.js';
import { componentSchemas, recordedSchema, type RecordedSchema } from './history-schema.js';
import { HISTORY_VERSIONS_TABLE } from './history-table.js';

const TABLE = HISTORY_VERSIONS_TABLE.name;
const DAY_MS = 86_400_000;

/** A kept version as stored. */
export interface StoredVersion {
  readonly id: number;
  readonly contentType: string;
  readonly relatedDocumentId: string;
  readonly locale: string | null;
  readonly status: 'draft' | 'published' | 'modified';
  readonly data: Readonly<Record<string, unknown>>;
  readonly schema: RecordedSchema;
  readonly componentsSchemas: Readonly<Record<string, RecordedSchema>>;
  /** Milliseconds on the app's clock. */
  readonly createdAt: number;
  readonly createdById: number | null;
}

export interface VersionListQuery {
  readonly contentType: string;
  readonly documentId: string;
  readonly locale: string | null;
  readonly page: number;
  readonly pageSize: number;
}

export interface HistoryStore extends VersionHistory {
  /** One document's versions in a locale, newest first, and how many there are. */
  list(query: VersionListQuery): Promise<{ versions: StoredVersion[]; total: number }>;
  get(id: number): Promise<StoredVersion | null>;
  /** Removes the versions older than the retention; how many went. */
  prune(): Promise<number>;
}

export interface HistoryStoreOptions {
  readonly database: Database;
  /** The model served now (the content-type builder may replace it). */
  readonly registry: () => SchemaRegistry;
  readonly locales: LocaleCatalog;
  readonly now: () => number;
  readonly retentionDays: number;
}

/**
 * What a version keeps: every attribute, components and dynamic zones to any depth, media,
 * and each relation's targets by documentId (with their locale and list title), which is
 * what a restore links again.
 */
function snapshotPopulate(model: Model, registry: SchemaRegistry, seen: ReadonlySet<string>): Record<string, unknown> {
  const populate: Record<string, unknown> = {};
  for (const attribute of model.linkedAttributes) {
    if (attribute.kind === 'relation') {
      const target = registry.get(attribute.target);
      if (attribute.media || !target) populate[attribute.name] = true;
      else {
        const title = defaultMainField(target);
        populate[attribute.name] = { fields: [...(title !== 'id' ? [title] : []), ...(target.localized ? ['locale'] : [])] };
      }
      continue;
    }
    const nested = (uid: string): unknown => {
      const component = registry.component(uid);
      if (!component || seen.has(uid)) return true;
      const inner = snapshotPopulate(component, registry, new Set([...seen, uid]));
      return Object.keys(inner).length > 0 ? { populate: inner } : true;
    };
    if (attribute.kind === 'component') populate[attribute.name] = nested(attribute.component);
    else populate[attribute.name] = { on: Object.fromEntries(attribute.components.map((uid) => [uid, nested(uid)])) };
  }
  return populate;
}

function parseJson<T>(text: unknown, fallback: T): T {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function decode(row: Record<string, unknown>): StoredVersion {
  const schema = parseJson<{ attributes?: RecordedSchema; components?: Record<string, RecordedSchema> }>(row.schema, {});
  return {
    id: Number(row.id),
    contentType: String(row.content_type),
    relatedDocumentId: String(row.related_document_id),
    locale: row.locale === null || row.locale === undefined ? null : String(row.locale),
    status: String(row.status) as StoredVersion['status'],
    data: parseJson<Record<string, unknown>>(row.data, {}),
    schema: schema.attributes ?? {},
    componentsSchemas: schema.components ?? {},
    createdAt: Number(row.created_at),
    createdById: row.created_by_id === null || row.created_by_id === undefined ? null : Number(row.created_by_id),
  };
}

export function createHistoryStore({ database, registry, locales, now, retentionDays }: HistoryStoreOptions): HistoryStore {
  const query = (contentType: ContentType, raw: Record<string, unknown>) => parseDocumentQuery(raw, { contentType, rest: CM_REST, registry: registry(), locales, filtersChooseLocale: false });

  async function record(executor: Executor, saved: SavedVersion): Promise<void> {
    const { contentType } = saved;
    const model = registry();
    const locale = contentType.localized ? saved.locale : null;
    const at = locale !== null ? { locale } : {};
    const shownStatus = contentType.draftAndPublish ? 'draft' : 'published';
    const document: Document | null = await saved.read(query(contentType, { ...at, status: shownStatus, populate: snapshotPopulate(contentType, model, new Set()) }));
    // An unpublish that discarded the draft, or a version gone: nothing to keep.
    if (!document) return;
    let status: StoredVersion['status'] = 'published';
    if (contentType.draftAndPublish) {
      const published = await saved.read(query(contentType, { ...at, status: 'published', fields: ['updatedAt'] }));
      status = !published ? 'draft' : Date.parse(String(document.updatedAt)) > Date.parse(String(published.updatedAt)) ? 'modified' : 'published';
    }
    await executor
      .insertInto(TABLE)
      .values({
        content_type: contentType.uid,
        related_document_id: saved.documentId,
        locale,
        status,
        data: JSON.stringify(document),
        schema: JSON.stringify({ attributes: recordedSchema(contentType), components: componentSchemas(contentType, model) }),
        created_at: now(),
        created_by_id: saved.actor.adminUserId,
      })
      .execute();
  }

  return {
    record,
    async list({ contentType, documentId, locale, page, pageSize }) {
      const where = <T extends { where: (column: string, operator: '=' | 'is', value: string | null) => T }>(select: T): T =>
        select.where('content_type', '=', contentType).where('related_document_id', '=', documentId).where('locale', locale === null ? 'is' : '=', locale);
      const rows = await where(database.db.selectFrom(TABLE).selectAll())
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const counted = await where(database.db.selectFrom(TABLE).select((eb) => eb.fn.countAll().as('n'))).executeTakeFirst();
      return { versions: rows.map(decode), total: Number(counted?.n ?? 0) };
    },
    async get(id) {
      const row = await database.db.selectFrom(TABLE).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? decode(row) : null;
    },
    async prune() {
      const cutoff = now() - retentionDays * DAY_MS;
      const result = await database.db.deleteFrom(TABLE).where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
