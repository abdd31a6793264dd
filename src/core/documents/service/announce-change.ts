import type { Executor } from '../../db/database.js';
import type { EntryEventName, MediaEventName } from '../../events/change-event.js';
import type { DocumentQuery, Status } from '../../query/document-query.js';
import type { PopulateNode } from '../../query/document-query.js';
import { parsePopulate } from '../../query/parse/parse-populate.js';
import { isPublicAttribute } from '../../schema/attribute.js';
import { isPluginType, type ContentType } from '../../schema/content-type.js';
import type { StoredModel } from '../../schema/model.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { Document } from '../document.js';
import type { DocumentContext } from './document-context.js';
import { readDocument } from './read-document.js';

/**
 * What Strapi 5's document service populates in an event's entry: components and dynamic zones
 * to any depth, media, and each relation one level deep (its targets' own fields). Private
 * attributes are left out, as its output sanitizer removes them.
 */
function eventPopulate(model: StoredModel, registry: SchemaRegistry, seen: ReadonlySet<string>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const attribute of model.attributes.values()) {
    if (!isPublicAttribute(attribute)) continue;
    if (attribute.kind === 'relation') raw[attribute.name] = true;
    else if (attribute.kind === 'component') raw[attribute.name] = nested(attribute.component, registry, seen);
    else if (attribute.kind === 'dynamiczone') {
      const on: Record<string, unknown> = {};
      for (const uid of attribute.components) on[uid] = nested(uid, registry, seen);
      raw[attribute.name] = { on };
    }
  }
  return raw;
}

/** A component's own populate (nothing inside when the component is already on the path, so a cycle ends). */
function nested(uid: string, registry: SchemaRegistry, seen: ReadonlySet<string>): Record<string, unknown> {
  const component = registry.component(uid);
  if (!component || seen.has(uid)) return {};
  const populate = eventPopulate(component, registry, new Set([...seen, uid]));
  return Object.keys(populate).length > 0 ? { populate } : {};
}

/**
 * The populate tree of an entry, through the REST API's own parser, built once per content-type
 * (per model). A schema beyond the parser's bounds (populate depth, number of populated
 * attributes) yields the version's own fields only rather than failing the write; the log says
 * so once, since every event of the type is then sent so.
 */
function entryPopulate(context: DocumentContext, contentType: ContentType): readonly PopulateNode[] {
  const known = context.eventPopulates.get(contentType);
  if (known) return known;
  let populate: readonly PopulateNode[];
  try {
    populate = parsePopulate(eventPopulate(contentType, context.registry, new Set()), contentType, context.registry);
  } catch (error) {
    populate = [];
    context.log(`Change events of ${contentType.uid} carry its own fields only, nothing populated (no component, dynamic zone, media or relation): ${error instanceof Error ? error.message : String(error)}`);
  }
  context.eventPopulates.set(contentType, populate);
  return populate;
}

/** The version an event carries: its public attributes, and what `populate` names, whatever the request asked. */
function eventQuery(contentType: ContentType, populate: readonly PopulateNode[], status: Status, locale: string): DocumentQuery {
  return {
    contentType,
    fields: contentType.readableAttributes.filter(isPublicAttribute),
    filters: null,
    sort: [],
    pagination: { mode: 'offset', start: 0, limit: 1, withCount: false },
    status: contentType.draftAndPublish ? status : 'published',
    locale,
    populate,
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

/**
 * Reads the version an event carries, inside the write's transaction (before a delete removes
 * it); null when not announcing. `populated`: with what Strapi populates (not for a delete or an
 * unpublish, whose entry Strapi sends as stored, nor for files).
 */
export async function readAnnounced(context: DocumentContext, executor: Executor, { contentType, documentId, status, locale }: AnnouncedVersion, populated = false): Promise<Document | null> {
  if (!announcing(context, contentType)) return null;
  const populate = populated && contentType.uid !== MEDIA_UID ? entryPopulate(context, contentType) : [];
  return readDocument(context, executor, eventQuery(contentType, populate, status, locale), documentId);
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

/** Reads the version and records its event (create, update, publish, discard: the version as it is after the write, populated). */
export async function announceChange(context: DocumentContext, executor: Executor, event: EntryEventName, version: AnnouncedVersion): Promise<void> {
  if (!announcing(context, version.contentType)) return;
  await recordChange(context, executor, event, version.contentType, await readAnnounced(context, executor, version, true));
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
