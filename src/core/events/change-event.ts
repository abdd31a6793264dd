/** Strapi 5's names of the document service's events. */
export const ENTRY_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard'] as const;
/** Strapi 5's names of the media library's events (announced by the upload plugin). */
export const MEDIA_EVENTS = ['media.create', 'media.update', 'media.delete'] as const;
/** Every event a webhook may subscribe to. */
export const CHANGE_EVENTS: readonly ChangeEventName[] = [...ENTRY_EVENTS, ...MEDIA_EVENTS];

export type EntryEventName = (typeof ENTRY_EVENTS)[number];
export type MediaEventName = (typeof MEDIA_EVENTS)[number];
export type ChangeEventName = EntryEventName | MediaEventName;

/**
 * One committed change, shaped as Strapi 5's webhook payload: `model` is the content-type's
 * singular name, `entry` the version as the REST API shows it (private fields left out).
 * Media events carry `media` instead of `model`/`uid`/`entry`, as in Strapi.
 */
export type ChangeEvent =
  | { readonly event: EntryEventName; readonly createdAt: string; readonly model: string; readonly uid: string; readonly entry: Readonly<Record<string, unknown>> }
  | { readonly event: MediaEventName; readonly createdAt: string; readonly media: Readonly<Record<string, unknown>> };
