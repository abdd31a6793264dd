import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Model } from '../../schema/content-type.js';
import { LINK_COLUMNS, type RelationSide } from '../../schema/relation-link.js';
import type { Status } from '../document-query.js';

/** The version a read shows: its status, and a locale code or '*' (every locale). */
export interface ReadVersion {
  readonly status: Status;
  readonly locale: string;
}

const ref = (alias: string, column: string): RawBuilder<unknown> => sql.ref(`${alias}.${column}`);

function and(parts: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> | null {
  if (parts.length === 0) return null;
  return parts.length === 1 && parts[0] ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql.raw(' and '))})`;
}

/** `published_at is [not] null` on Draft & Publish types; nothing on others (every row is published). */
function statusCondition(model: Model, alias: string, status: Status): RawBuilder<SqlBool> | null {
  if (model.modelType !== 'contentType' || !model.draftAndPublish) return null;
  return status === 'draft' ? sql<SqlBool>`${ref(alias, 'published_at')} is null` : sql<SqlBool>`${ref(alias, 'published_at')} is not null`;
}

function isLocalized(model: Model): boolean {
  return model.modelType === 'contentType' && model.localized;
}

/**
 * Which rows of a model stand for its documents in a read, as a condition on the rows aliased
 * `alias`: the read's status on Draft & Publish types, its locale on localized ones. null: no
 * restriction (components, and types with neither option). Roots of reads use it directly;
 * linked documents go through `linkedVersion`, which adds what the link itself decides.
 */
export function visibleVersion(model: Model, alias: string, read: ReadVersion): RawBuilder<SqlBool> | null {
  const parts = [statusCondition(model, alias, read.status)];
  if (isLocalized(model) && read.locale !== '*') parts.push(sql<SqlBool>`${ref(alias, 'locale')} = ${sql.val(read.locale)}`);
  return and(parts.filter((part): part is RawBuilder<SqlBool> => part !== null));
}

/**
 * The condition that picks, for a link aliased `link`, the rows aliased `row` of the documents
 * on `side.other` that a read shows. This is the one place that decides which version of a
 * linked document counts (populate, and filters and sorts through relations).
 *
 * Links join a version of the owner to a target *document*; on localized targets the link also
 * records the target locale, and each list is within one locale:
 * - owner side (rows are targets): the target's version in the link's locale, with the read's
 *   status; a non-localized owner keeps one list per target locale, and a read sees the list of
 *   its locale.
 * - inverse side (rows are owners): the owners' versions of the read's status; the caller ties
 *   the link to the outer document (and its locale: see `inverseLocale`). Localized owners of a
 *   non-localized target are shown in the read's locale.
 */
export function linkedVersion(side: RelationSide, row: string, link: string, read: ReadVersion): RawBuilder<SqlBool> | null {
  const { targetLocalized, owner, targetStatus } = side.link;
  const chosen = ref(link, LINK_COLUMNS.targetStatus);
  const parts: (RawBuilder<SqlBool> | null)[] = [];
  if (targetStatus && side.side === 'owner') {
    // The link may name the target's version; otherwise the read's status decides.
    parts.push(
      sql<SqlBool>`((${chosen} is null and ${statusCondition(side.other, row, read.status)}) or (${chosen} = 'draft' and ${ref(row, 'published_at')} is null) or (${chosen} = 'published' and ${ref(row, 'published_at')} is not null))`,
    );
  } else {
    parts.push(statusCondition(side.other, row, read.status));
    // Seen from the target, a link that names a version counts only in reads of that version.
    if (targetStatus) parts.push(sql<SqlBool>`(${chosen} is null or ${chosen} = ${sql.lit(read.status)})`);
  }
  if (side.side === 'owner') {
    if (targetLocalized) {
      parts.push(sql<SqlBool>`${ref(row, 'locale')} = ${ref(link, LINK_COLUMNS.targetLocale)}`);
      if (!isLocalized(owner) && read.locale !== '*') parts.push(sql<SqlBool>`${ref(link, LINK_COLUMNS.targetLocale)} = ${sql.val(read.locale)}`);
    }
  } else if (!targetLocalized && isLocalized(side.other) && read.locale !== '*') {
    parts.push(sql<SqlBool>`${ref(row, 'locale')} = ${sql.val(read.locale)}`);
  }
  return and(parts.filter((part): part is RawBuilder<SqlBool> => part !== null));
}

/**
 * On the inverse side of a link to a localized type, the link's locale must be the outer
 * version's: `link.target_locale = outer.locale`. null when the target is not localized.
 */
export function inverseLocale(side: RelationSide, link: string, outer: string): RawBuilder<SqlBool> | null {
  if (side.side !== 'inverse' || !side.link.targetLocalized) return null;
  return sql<SqlBool>`${ref(link, LINK_COLUMNS.targetLocale)} = ${ref(outer, 'locale')}`;
}
