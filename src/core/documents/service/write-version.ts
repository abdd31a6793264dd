import type { DbTransaction } from '../../db/database.js';
import type { DocumentQuery, Status } from '../../query/document-query.js';
import { completeUniqueValues } from '../check-unique.js';
import { applyComponentWrites } from '../components/apply-component-writes.js';
import type { Document } from '../document.js';
import type { Localize, WriteActor } from '../document-requests.js';
import type { OwnerRow, WriteContext, WriteVersion } from '../linked-context.js';
import { writesLinks, type DocumentWrite } from '../model-write.js';
import { applyRelationWrites } from '../relations/apply-relation-writes.js';
import { syncSharedValues } from '../versions/sync-shared-values.js';
import { joinSharedLinked, syncSharedLinked, writtenShared } from '../versions/sync-shared-linked.js';
import { publishVersion, sharedData, sharedSource } from '../versions/version-operations.js';
import { localeColumn, versionOf, versionRows, writtenStatus } from '../versions/version-rows.js';
import { encodeColumns, hashPasswords } from '../write-values.js';
import type { DocumentContext } from './document-context.js';
import { readWritten } from './read-document.js';
import { holdsTableLock } from './take-write-locks.js';
import type { TransactionPlan } from './write-plan.js';
import { insertStatement, updateByIdStatement } from './write-statements.js';

/** Relations and components of a written row, after the row itself. */
async function writeLinked(context: DocumentContext, trx: DbTransaction, write: DocumentWrite, owner: OwnerRow, version: WriteVersion): Promise<void> {
  if (!writesLinks(write)) return;
  const writeContext: WriteContext = { ...context.linked, version };
  await applyRelationWrites(trx, write.contentType, owner, write.relations, writeContext);
  await applyComponentWrites(trx, write.contentType, owner, write.components, writeContext);
}

/**
 * An update's columns. A draft's publishedAt stays null; without Draft & Publish every save
 * is a publish, so publishedAt follows updatedAt (as in the reference).
 */
export function stampedColumns(context: DocumentContext, write: DocumentWrite, actor?: WriteActor): Record<string, unknown> {
  const stamp = context.timestamp();
  const columns: Record<string, unknown> = { ...encodeColumns(context.dialect, write), updated_at: stamp, ...(write.contentType.draftAndPublish ? {} : { published_at: stamp }) };
  if (actor) columns.updated_by_id = actor.adminUserId;
  return columns;
}

/** A version row inserted by a write: the document's draft, or its only row. */
export interface VersionInsert {
  readonly write: DocumentWrite;
  readonly documentId: string;
  readonly locale: string;
  /** The request's status: it tells inverse-side writes which owner versions to reach. */
  readonly status: Status;
  readonly plan: TransactionPlan;
  readonly actor?: WriteActor | undefined;
}

/** Inserts the version row a write changes directly (its draft, or its only row) with its links; its row id. */
export async function insertVersion(context: DocumentContext, trx: DbTransaction, { write, documentId, locale, status, plan, actor }: VersionInsert): Promise<number> {
  const { dialect } = context;
  const { contentType } = write;
  const completed = await completeUniqueValues(write, 'create', { executor: trx, dialect, documentId, locked: holdsTableLock(plan), locale: contentType.localized ? locale : null });
  const stamp = context.timestamp();
  const columns: Record<string, unknown> = {
    document_id: documentId,
    ...encodeColumns(dialect, completed),
    created_at: stamp,
    updated_at: stamp,
    published_at: contentType.draftAndPublish ? null : stamp,
    ...localeColumn(contentType, locale),
  };
  if (actor) {
    columns.created_by_id = actor.adminUserId;
    columns.updated_by_id = actor.adminUserId;
  }
  const result = await trx.executeQuery<{ id?: unknown }>(insertStatement(context, trx, contentType, columns));
  // The id RETURNING gave, or (MySQL) the one the driver reports: no read-back.
  const rowId = Number(result.rows[0]?.id ?? result.insertId);
  if (!Number.isSafeInteger(rowId) || rowId <= 0) throw new Error(`The version of ${documentId} got no id`);
  await writeLinked(context, trx, completed, { rowId, documentId, created: true }, { locale, status });
  return rowId;
}

/** The write of a document's existing version in the query's locale. */
export interface VersionWrite {
  readonly documentId: string;
  readonly write: DocumentWrite;
  /** Its locale is the written one (a single locale), its status whether the write publishes. */
  readonly query: DocumentQuery;
  readonly localize?: Localize;
  readonly plan: TransactionPlan;
  readonly actor?: WriteActor | undefined;
}

/** A new document's version, published unless the query says `draft`, read back. */
export async function createVersion(context: DocumentContext, trx: DbTransaction, insert: VersionInsert & { readonly query: DocumentQuery }): Promise<Document> {
  const { write, documentId, locale, query, actor } = insert;
  await insertVersion(context, trx, insert);
  if (write.contentType.draftAndPublish && query.status === 'published') await publishVersion(trx, write.contentType, documentId, locale, context.versions, actor);
  return readWritten(context, trx, { ...query, locale }, documentId);
}

/**
 * Writes a document's version of the query's locale: updates the draft (or only row), or
 * creates the locale's version when the document exists in other locales only (given
 * `localize`), then publishes unless the query says `draft`. null: nothing to write.
 */
export async function writeVersion(context: DocumentContext, trx: DbTransaction, { documentId, write, query, localize, plan, actor }: VersionWrite): Promise<Document | null> {
  const { dialect, linked } = context;
  const { contentType } = write;
  const { locale } = query;
  // Locked as read when the plan says so (after the write locks, as the UPDATE would lock them
  // anyway): a plain type's lone DELETE takes none of our locks, and a row it removed between
  // this read and the UPDATE left nothing to read back (a 500 on PostgreSQL) or, on MySQL, a
  // 200 showing the deleted snapshot for a write that changed nothing. Now the delete came first
  // (no rows: 404) or waits for this write; on InnoDB both now lock the document_id index entry
  // before the row, which also ended their deadlocks.
  const all = await versionRows(trx, contentType, documentId, '*', plan.lockVersionRows);
  if (all.length === 0) return null;
  const own = all.filter((row) => row.locale === (contentType.localized ? locale : null));
  const row = versionOf(own, writtenStatus(contentType));
  let rowId: number;
  if (row) {
    // Without the table lock the write holds no unique values (write-plan): nothing to check.
    const completed = holdsTableLock(plan) ? await completeUniqueValues(write, 'update', { executor: trx, dialect, documentId, locked: true, locale: contentType.localized ? locale : null }) : write;
    await trx.executeQuery(updateByIdStatement(context, trx, contentType, stampedColumns(context, completed, actor), row.id));
    await writeLinked(context, trx, completed, { rowId: row.id, documentId, created: false }, { locale, status: query.status });
    rowId = row.id;
    await syncSharedLinked(trx, contentType, rowId, documentId, writtenStatus(contentType), writtenShared(contentType, completed), linked);
  } else {
    const source = sharedSource(contentType, all);
    if (!localize || !source) return null;
    const created = await hashPasswords(localize(await sharedData(trx, contentType, all, linked)));
    rowId = await insertVersion(context, trx, { write: created, documentId, locale, status: query.status, plan, actor });
    await joinSharedLinked(trx, contentType, source.id, rowId, documentId, writtenStatus(contentType), created, linked);
  }
  await syncSharedValues(trx, dialect, contentType, rowId, documentId, writtenStatus(contentType));
  if (contentType.draftAndPublish && query.status === 'published') await publishVersion(trx, contentType, documentId, locale, context.versions, actor);
  return readWritten(context, trx, query, documentId);
}
