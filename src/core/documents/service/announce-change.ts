import type { Executor } from '../../db/database.js';
import type { EntryEventName, MediaEventName } from '../../events/change-event.js';
import type { DocumentQuery, Status } from '../../query/document-query.js';
import { isPublicAttribute } from '../../schema/attribute.js';
import { isPluginType, type ContentType } from '../../schema/content-type.js';
import type { Document } from '../document.js';
import type { DocumentContext } from './document-context.js';
import { readDocument } from './read-document.js';

/** The version an event carries: its public scalar attributes, nothing populated, whatever the request asked. */
function eventQuery(contentType: ContentType, status: Status, locale: string): DocumentQuery {
  return {
    contentType,
    fields: contentType.readableAttributes.filter(isPublicAttribute),
    filters: null,
    sort: [],
    pagination: { mode: 'offset', start: 0, limit: 1, withCount: false },
    status: contentType.draftAndPublish ? status : 'published',
    locale,
    populate: [],
  };
}

export interface AnnouncedVersion {
  readonly contentType: ContentType;
  readonly documentId: string;
  readonly status: Status;
  readonly locale: string;
}

/** The media library's files (the upload plugin's type, which media attributes link to): announced as `media.*`. */
const MEDIA_UID = 'plugin::upload.file';

const MEDIA_EVENT: Partial<Record<EntryEventName, MediaEventName>> = { 'entry.create': 'media.create', 'entry.update': 'media.update', 'entry.delete': 'media.delete' };

/** Whether a write to this type is announced now: project types, and files (media). Tessera's other types (users…) never are, as Strapi's webhooks skip users. */
export function announcing(context: DocumentContext, contentType: ContentType): boolean {
  return context.announces && (!isPluginType(contentType) || contentType.uid === MEDIA_UID);
}

/** Reads the version an event carries, inside the write's transaction (before a delete removes it); null when not announcing. */
export async function readAnnounced(context: DocumentContext, executor: Executor, { contentType, documentId, status, locale }: AnnouncedVersion): Promise<Document | null> {
  if (!announcing(context, contentType)) return null;
  return readDocument(context, executor, eventQuery(contentType, status, locale), documentId);
}

/** Records the event of a committed-to-be change in the write's transaction; nothing when not announcing or when there is no entry. */
export async function recordChange(context: DocumentContext, executor: Executor, event: EntryEventName, contentType: ContentType, entry: Document | null): Promise<void> {
  const { changes } = context;
  if (!changes || entry === null || !announcing(context, contentType)) return;
  const createdAt = context.now().toISOString();
  if (contentType.uid === MEDIA_UID) {
    const media = MEDIA_EVENT[event];
    if (media) await changes.record(executor, { event: media, createdAt, media: entry });
    return;
  }
  await changes.record(executor, { event, createdAt, model: contentType.singularName, uid: contentType.uid, entry });
}

/** Reads the version and records its event (create, update, publish…: the version as it is after the write). */
export async function announceChange(context: DocumentContext, executor: Executor, event: EntryEventName, version: AnnouncedVersion): Promise<void> {
  if (!announcing(context, version.contentType)) return;
  await recordChange(context, executor, event, version.contentType, await readAnnounced(context, executor, version));
}

/**
 * A create or an update: its event carries the draft on a Draft & Publish type, and a write
 * that also published (status `published`, REST's default) announces `entry.publish` after it,
 * as Strapi's document service does.
 */
export async function announceWrite(context: DocumentContext, executor: Executor, event: 'entry.create' | 'entry.update', version: AnnouncedVersion): Promise<void> {
  if (!announcing(context, version.contentType)) return;
  const published = version.contentType.draftAndPublish && version.status === 'published';
  await announceChange(context, executor, event, { ...version, status: 'draft' });
  if (published) await announceChange(context, executor, 'entry.publish', version);
}
