import type { Executor } from '../../db/database.js';
import type { Status } from '../../query/document-query.js';
import type { ContentType } from '../../schema/content-type.js';

/** One stored version of a document: its row, locale (null on types that are not localized) and status. */
export interface VersionRow {
  readonly id: number;
  readonly locale: string | null;
  readonly status: Status;
}

/**
 * The rows of a document (of one locale, or all with '*'), oldest first. With `lock` they stay
 * locked (FOR UPDATE) until the transaction ends: a write that read them must not find them
 * gone when it writes them (see document-service writeVersion).
 */
export async function versionRows(executor: Executor, contentType: ContentType, documentId: string, locale: string, lock = false): Promise<VersionRow[]> {
  let select = executor
    .selectFrom(contentType.collectionName)
    .select(['id', 'published_at', ...(contentType.localized ? ['locale'] : [])])
    .where('document_id', '=', documentId)
    .orderBy('id');
  if (contentType.localized && locale !== '*') select = select.where('locale', '=', locale);
  if (lock) select = select.forUpdate();
  const rows = await select.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    locale: contentType.localized ? String(row.locale) : null,
    // Without Draft & Publish every row is the published version.
    status: contentType.draftAndPublish && row.published_at === null ? 'draft' : 'published',
  }));
}

/** The row of one version among a document's rows. */
export function versionOf(rows: readonly VersionRow[], status: Status): VersionRow | undefined {
  return rows.find((row) => row.status === status);
}

/**
 * The status of the row a write changes: Draft & Publish types are written through their
 * draft (publishing copies it), others have only their published row.
 */
export function writtenStatus(contentType: ContentType): Status {
  return contentType.draftAndPublish ? 'draft' : 'published';
}

/** The locale column's value for a write in `locale` (null on types that are not localized). */
export function localeColumn(contentType: ContentType, locale: string): Record<string, string> {
  return contentType.localized ? { locale } : {};
}
