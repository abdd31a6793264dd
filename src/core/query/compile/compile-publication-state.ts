import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ContentType } from '../../schema/content-type.js';

/**
 * The admin's publication states of a Draft & Publish type's documents in one locale: drafts
 * never published (`never`), drafts newer than their published version (`modified`), drafts not
 * newer (`unmodified`). Strapi's content manager filters lists on them (`__status`).
 */
export type PublicationState = 'never' | 'modified' | 'unmodified';

/** The documentIds of the type's drafts in that state (in `locale`, or every locale for '*'). */
export async function documentIdsInState(executor: Executor, contentType: ContentType, locale: string, state: PublicationState): Promise<string[]> {
  const table = sql.table(contentType.collectionName);
  const ofLocale = contentType.localized && locale !== '*' ? sql`and d.locale = ${locale}` : sql``;
  const sameLocale = contentType.localized ? sql`and p.locale = d.locale` : sql``;
  const newer = state === 'modified' ? sql`and d.updated_at > p.updated_at` : state === 'unmodified' ? sql`and d.updated_at <= p.updated_at` : sql``;
  const rows = await sql<{ document_id: string }>`select d.document_id from ${table} d
    where d.published_at is null ${ofLocale}
    and ${state === 'never' ? sql`not exists` : sql`exists`} (select 1 from ${table} p where p.document_id = d.document_id ${sameLocale} and p.published_at is not null ${newer})`.execute(executor);
  return rows.rows.map((row) => String(row.document_id));
}
