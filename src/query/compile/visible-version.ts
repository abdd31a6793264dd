import type { RawBuilder, SqlBool } from 'kysely';
import type { Model } from '../../schema/content-type.js';
import type { Status } from '../document-query.js';

/** The version a read shows: its status and locale. */
export interface ReadVersion {
  readonly status: Status;
  readonly locale: string | null;
}

/**
 * Which rows of a linked document's model stand for it in a read, as a condition on the rows
 * aliased `alias`. Links join a row to a *document*, and a document may have several rows
 * (draft and published versions, locales). This is the one place that choice is made, for
 * populated targets, owners listed on inverse sides, and filters and sorts through relations.
 * Without Draft & Publish and i18n there is one row per document, so every row counts (null:
 * no restriction); issue 6 restricts it here to the read's status and locale.
 */
export function visibleVersion(_model: Model, _alias: string, _read: ReadVersion | null): RawBuilder<SqlBool> | null {
  return null;
}
