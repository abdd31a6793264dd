import type { DbTransaction } from '../../db/database.js';
import type { Status } from '../../query/document-query.js';
import { ValidationError } from '../../shared/errors.js';
import type { Document } from '../document.js';
import type { VersionActionRequest } from '../document-requests.js';
import { discardDraftVersion, publishVersion, unpublishVersion } from '../versions/version-operations.js';
import { versionRows, type VersionRow } from '../versions/version-rows.js';
import type { DocumentContext } from './document-context.js';
import { readWritten } from './read-document.js';
import { singleLocale } from './single-locale.js';
import { takeWriteLocks } from './take-write-locks.js';
import { announceChange, readAnnounced, recordChange } from './announce-change.js';
import { recordSavedVersion } from './record-saved-version.js';
import type { SavedAction } from '../version-history.js';
import type { EntryEventName } from '../../events/change-event.js';
import { planWrite } from './write-plan.js';
import { inWriteTransaction } from './write-transaction.js';

type Act = (trx: DbTransaction, rows: VersionRow[], locale: string) => Promise<unknown>;

/** Runs a Draft & Publish action in one transaction under the type's locks; null when the version does not exist. */
async function runVersionAction(context: DocumentContext, { contentType, documentId, query, actor }: VersionActionRequest, status: Status, event: EntryEventName, saved: SavedAction, act: Act): Promise<Document | null> {
  if (!contentType.draftAndPublish) throw new ValidationError(`${contentType.uid} does not have Draft & Publish enabled`);
  const read = { ...query, status, locale: singleLocale({ ...query, status }) };
  const plan = planWrite({ operation: 'version-action', contentType }, context);
  return inWriteTransaction(context, async (trx) => {
    await takeWriteLocks(trx, plan, context.dialect, contentType.collectionName);
    const rows = await versionRows(trx, contentType, documentId, read.locale, plan.lockVersionRows);
    if (rows.length === 0) return null;
    if (event === 'entry.unpublish') {
      // Strapi 5 announces the published version it removes, as stored (recorded:
      // test/fixtures/strapi-webhooks/13-draft-unpublish.json): read before it goes; none, no event.
      const removed = await readAnnounced(context, trx, { contentType, documentId, status: 'published', locale: read.locale });
      await act(trx, rows, read.locale);
      await recordChange(context, trx, event, contentType, removed);
    } else {
      await act(trx, rows, read.locale);
      await announceChange(context, trx, event, { contentType, documentId, status, locale: read.locale });
    }
    await recordSavedVersion(context, trx, actor, { contentType, documentId, locale: read.locale, action: saved });
    return readWritten(context, trx, read, documentId);
  });
}

/** Makes the published version of the locale a copy of its draft. */
export function publishDocument(context: DocumentContext, request: VersionActionRequest): Promise<Document | null> {
  const { contentType, documentId } = request;
  return runVersionAction(context, request, 'published', 'entry.publish', 'publish', (trx, _rows, locale) => publishVersion(trx, contentType, documentId, locale, context.versions, request.actor));
}

/** Removes the published version of the locale (its draft stays). */
export function unpublishDocument(context: DocumentContext, request: VersionActionRequest): Promise<Document | null> {
  return runVersionAction(context, request, 'draft', 'entry.unpublish', 'unpublish', (trx, rows) => unpublishVersion(trx, request.contentType, rows, context.linked));
}

/** Makes the draft of the locale a copy of its published version again. */
export function discardDraft(context: DocumentContext, request: VersionActionRequest): Promise<Document | null> {
  return runVersionAction(context, request, 'draft', 'entry.draft-discard', 'discard', (trx, rows) => discardDraftVersion(trx, request.contentType, request.documentId, rows, context.versions, request.actor));
}
