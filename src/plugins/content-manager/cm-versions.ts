import type { Database } from '../../core/db/database.js';
import type { Status } from '../../core/query/document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import { readColumn } from '../../core/query/compile/sql-expressions.js';

/**
 * What the content manager shows of a document's versions besides their content: which exist
 * (status, other locales, `meta`), and who created and last changed them. Read in one statement
 * for a page of documents, from the columns the document service keeps.
 */
export interface VersionInfo {
  readonly id: number;
  readonly documentId: string;
  readonly locale: string | null;
  readonly status: Status;
  readonly publishedAt: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly createdBy: number | null;
  readonly updatedBy: number | null;
}

/** A stored instant as ISO 8601, whatever form the driver returns (Date, ISO text, SQL text, epoch ms). */
function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  const text = String(value);
  const parsed = Date.parse(/[TZ+]/.test(text.slice(10)) ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(parsed) ? text : new Date(parsed).toISOString();
}
const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Every version of the documents (all locales, both statuses), in id order. */
export async function versionsOf(database: Database, contentType: ContentType, documentIds: readonly string[]): Promise<VersionInfo[]> {
  if (documentIds.length === 0) return [];
  const { dialect } = database;
  const rows = await database.db
    .selectFrom(contentType.collectionName)
    .select([
      'id',
      'document_id',
      ...(contentType.localized ? ['locale'] : []),
      readColumn(dialect, 'published_at', 'datetime').as('published_at'),
      readColumn(dialect, 'created_at', 'datetime').as('created_at'),
      readColumn(dialect, 'updated_at', 'datetime').as('updated_at'),
      'created_by_id',
      'updated_by_id',
    ])
    .where('document_id', 'in', [...new Set(documentIds)])
    .orderBy('id')
    .execute();
  return rows.map((row: Record<string, unknown>) => {
    const publishedAt = iso(row.published_at);
    return {
      id: Number(row.id),
      documentId: String(row.document_id),
      locale: contentType.localized ? String(row.locale) : null,
      // Without Draft & Publish the only row is the published one.
      status: contentType.draftAndPublish && publishedAt === null ? 'draft' : 'published',
      publishedAt,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      createdBy: idOrNull(row.created_by_id),
      updatedBy: idOrNull(row.updated_by_id),
    };
  });
}

/** The admin's status of a version: `draft` (never published), `modified` (draft newer than the published version), `published`. */
export function statusOf(contentType: ContentType, versions: readonly VersionInfo[], documentId: string, locale: string | null): 'draft' | 'published' | 'modified' {
  if (!contentType.draftAndPublish) return 'published';
  const own = versions.filter((version) => version.documentId === documentId && version.locale === locale);
  const published = own.find((version) => version.status === 'published');
  const draft = own.find((version) => version.status === 'draft');
  if (!published) return 'draft';
  if (draft && draft.updatedAt !== null && published.updatedAt !== null && Date.parse(draft.updatedAt) > Date.parse(published.updatedAt)) return 'modified';
  return 'published';
}
