import type { DbTransaction } from '../../db/database.js';
import { readColumn } from '../../query/compile/sql-expressions.js';
import type { ContentType } from '../../schema/content-type.js';
import { columnTypeOf } from '../../schema/to-table-model.js';
import { ValidationError } from '../../shared/errors.js';
import { deleteComponents } from '../components/apply-component-writes.js';
import { createRowDecoder } from '../decode-row.js';
import type { LinkedContext } from '../linked-context.js';
import type { WriteActor } from '../document-requests.js';
import { deleteRelationLinks } from '../relations/apply-relation-writes.js';
import { checkPublishable } from './check-publishable.js';
import { cloneVersion, copyVersion } from './copy-version.js';
import { sharedLinked, syncSharedLinked } from './sync-shared-linked.js';
import { syncSharedValues } from './sync-shared-values.js';
import { versionOf, versionRows, writtenStatus, type VersionRow } from './version-rows.js';

/** What the operations on versions need: links and components, and the clock (an encoded timestamp). */
export interface VersionContext extends LinkedContext {
  readonly timestamp: () => unknown;
}

/** The `updated_by_id` an admin user's write sets; nothing without one. */
function actorColumn(actor: WriteActor | undefined): { updated_by_id?: number } {
  return actor ? { updated_by_id: actor.adminUserId } : {};
}

/**
 * Makes the published version of a locale a copy of its draft, in place when it exists (ids
 * of the row, its component items and unchanged links stay), and syncs shared values to the
 * other locales' published versions. null when the locale has no draft. A draft that breaks a
 * rule checked at publish (check-publishable.ts) is a 400.
 */
export async function publishVersion(trx: DbTransaction, contentType: ContentType, documentId: string, locale: string, context: VersionContext, actor?: WriteActor): Promise<number | null> {
  const rows = await versionRows(trx, contentType, documentId, locale);
  const draft = versionOf(rows, 'draft');
  if (!draft) return null;
  await checkPublishable(trx, contentType, draft.id, locale, context);
  const published = versionOf(rows, 'published');
  let rowId: number;
  if (published) {
    await copyVersion(trx, contentType, draft.id, published.id, context);
    const stamp = context.timestamp();
    await trx.updateTable(contentType.collectionName).set({ updated_at: stamp, published_at: stamp, ...actorColumn(actor) }).where('id', '=', published.id).execute();
    rowId = published.id;
  } else {
    // The published version starts as the draft's copy: same creator; the publisher last updated it.
    rowId = await cloneVersion(trx, contentType, draft.id, { published_at: context.timestamp(), ...actorColumn(actor) }, context);
  }
  await syncSharedValues(trx, context.dialect, contentType, rowId, documentId, 'published');
  await syncSharedLinked(trx, contentType, rowId, documentId, 'published', sharedLinked(contentType), context);
  return rowId;
}

/** Deletes version rows with their components and the links they own (links *to* the document are the caller's). */
export async function deleteVersions(trx: DbTransaction, contentType: ContentType, rows: readonly VersionRow[], context: LinkedContext): Promise<void> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return;
  await deleteComponents(trx, contentType, ids, context);
  for (const status of ['draft', 'published'] as const) {
    const ofStatus = rows.filter((row) => row.status === status).map((row) => row.id);
    if (ofStatus.length > 0) await deleteRelationLinks(trx, contentType, { ids: ofStatus, status: contentType.draftAndPublish ? status : null }, null, context);
  }
  await trx.deleteFrom(contentType.collectionName).where('id', 'in', ids).execute();
}

/** Removes the published version of a locale (its draft stays); a 400 when there is none. */
export async function unpublishVersion(trx: DbTransaction, contentType: ContentType, rows: readonly VersionRow[], context: LinkedContext): Promise<void> {
  const published = versionOf(rows, 'published');
  if (!published) throw new ValidationError('This document is not published: there is nothing to unpublish');
  await deleteVersions(trx, contentType, [published], context);
}

/** Makes the draft of a locale a copy of its published version, in place; a 400 when there is none. */
export async function discardDraftVersion(trx: DbTransaction, contentType: ContentType, documentId: string, rows: readonly VersionRow[], context: VersionContext, actor?: WriteActor): Promise<void> {
  const published = versionOf(rows, 'published');
  const draft = versionOf(rows, 'draft');
  if (!published || !draft) throw new ValidationError('This document has no published version to discard the draft to');
  await copyVersion(trx, contentType, published.id, draft.id, context);
  // The draft is the published version again, as of when that was last changed (Strapi's discard does the same): it reads as unmodified.
  const stamp = await trx.selectFrom(contentType.collectionName).select(readColumn(context.dialect, 'updated_at', 'datetime').as('updated_at')).where('id', '=', published.id).executeTakeFirst();
  const updatedAt = typeof stamp?.updated_at === 'string' ? context.dialect.encode('datetime', stamp.updated_at) : context.timestamp();
  await trx.updateTable(contentType.collectionName).set({ updated_at: updatedAt, ...actorColumn(actor) }).where('id', '=', draft.id).execute();
  await syncSharedValues(trx, context.dialect, contentType, draft.id, documentId, 'draft');
  await syncSharedLinked(trx, contentType, draft.id, documentId, 'draft', sharedLinked(contentType), context);
}

/**
 * The version a new locale's version takes the document's shared values from: one of the
 * status being written (a draft, on Draft & Publish types), whose shared values the new
 * version joins. (The reference prefers the published row, which overwrote unpublished edits.)
 */
export function sharedSource(contentType: ContentType, rows: readonly VersionRow[]): VersionRow | undefined {
  return versionOf(rows, writtenStatus(contentType)) ?? rows[0];
}

/** The document's shared scalar values as API data, for a new locale's version (see sharedSource). */
export async function sharedData(trx: DbTransaction, contentType: ContentType, rows: readonly VersionRow[], context: LinkedContext): Promise<Record<string, unknown>> {
  const shared = contentType.scalarAttributes.filter((attribute) => attribute.shared);
  const source = sharedSource(contentType, rows);
  if (shared.length === 0 || !source) return {};
  const stored = await trx
    .selectFrom(contentType.collectionName)
    .select(shared.map((attribute) => readColumn(context.dialect, attribute.column, columnTypeOf(attribute.type)).as(attribute.name)))
    .where('id', '=', source.id)
    .execute();
  const row = stored[0];
  if (!row) return {};
  const document = createRowDecoder(contentType)(row);
  const data: Record<string, unknown> = {};
  for (const attribute of shared) if (document[attribute.name] !== undefined) data[attribute.name] = document[attribute.name];
  return data;
}
