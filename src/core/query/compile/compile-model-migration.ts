import { sql, type RawBuilder } from 'kysely';
import type { ContentType } from '../../schema/content-type.js';

/**
 * Statements that move stored versions when the content model changes (Draft & Publish or
 * i18n turned on or off). Executed by model/migrate-data.ts and versions/upgrade-versions.ts
 * inside their transactions.
 */

/** A version row's id and whether it is published. */
export interface StoredVersionRow {
  readonly id: unknown;
  readonly published_at: unknown;
}

/** `locale is null or locale <> <locale>`: rows outside one locale. */
function outsideLocale(locale: string): RawBuilder<unknown> {
  return sql`${sql.ref('locale')} is null or ${sql.ref('locale')} <> ${locale}`;
}

/** The versions of a type stored in another locale than `locale` (i18n turned off). */
export function selectVersionsOutsideLocale(type: ContentType, locale: string): RawBuilder<StoredVersionRow> {
  return sql<StoredVersionRow>`select ${sql.ref('id')}, ${sql.ref('published_at')} from ${sql.table(type.collectionName)} where ${outsideLocale(locale)}`;
}

/** Links to versions outside `locale`, by their target locale column (i18n turned off). */
export function deleteLinksOutsideLocale(linkTable: string, localeColumn: string, locale: string): RawBuilder<unknown> {
  const column = sql.ref(localeColumn);
  return sql`delete from ${sql.table(linkTable)} where ${column} is null or ${column} <> ${locale}`;
}

/** Drafts whose document has a published version in the same locale (Draft & Publish turned off: they go). */
export function selectSupersededDrafts(type: ContentType): RawBuilder<StoredVersionRow> {
  const table = type.collectionName;
  const locale = type.localized ? sql`and ${sql.ref('p.locale')} = ${sql.ref(`${table}.locale`)}` : sql``;
  return sql<StoredVersionRow>`select ${sql.ref('id')}, ${sql.ref('published_at')} from ${sql.table(table)} where ${sql.ref('published_at')} is null and exists (select 1 from ${sql.table(table)} as p
    where ${sql.ref('p.document_id')} = ${sql.ref(`${table}.document_id`)} and ${sql.ref('p.published_at')} is not null ${locale})`;
}

/** Every remaining draft becomes published, as of its last change (Draft & Publish turned off). */
export function publishRemainingDrafts(type: ContentType): RawBuilder<unknown> {
  return sql`update ${sql.table(type.collectionName)} set ${sql.ref('published_at')} = coalesce(${sql.ref('updated_at')}, ${sql.ref('created_at')})
    where ${sql.ref('published_at')} is null`;
}

/** Every row id of a table. */
export function selectRowIds(table: string): RawBuilder<{ readonly id: unknown }> {
  return sql<{ readonly id: unknown }>`select ${sql.ref('id')} from ${sql.table(table)}`;
}

/** The locale of the owner row a link starts from: its value for a link table's new target-locale column. */
export function linkOwnerLocale(linkTable: string, entityColumn: string, ownerTable: string): RawBuilder<unknown> {
  return sql`(select ${sql.ref(`o.locale`)} from ${sql.table(ownerTable)} as o where ${sql.ref('o.id')} = ${sql.ref(`${linkTable}.${entityColumn}`)})`;
}

/** Published versions with no draft in their locale (Draft & Publish turned on: each gets one). */
export function selectPublishedWithoutDraft(type: ContentType): RawBuilder<{ readonly id: number }> {
  const table = type.collectionName;
  const localeMatch = type.localized ? sql`and ${sql.ref('d.locale')} = ${sql.ref('p.locale')}` : sql``;
  return sql<{ readonly id: number }>`select ${sql.ref('p.id')} as id from ${sql.table(table)} as p
        where ${sql.ref('p.published_at')} is not null
        and not exists (select 1 from ${sql.table(table)} as d where ${sql.ref('d.document_id')} = ${sql.ref('p.document_id')} and ${sql.ref('d.published_at')} is null ${localeMatch})`;
}
