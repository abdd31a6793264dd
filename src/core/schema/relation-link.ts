import type { RelationAttribute, RelationKind } from './attribute.js';
import type { ContentType, Model } from './content-type.js';
import { shortenIdentifier, toSnakeCase } from './names.js';

/**
 * Columns of every link table. A link joins a row (one version of the owning document, or a
 * component row) to a target *document*: which version of the target a read shows follows
 * the read (status, locale), so publishing a target needs no re-linking.
 */
export const LINK_COLUMNS = Object.freeze({
  id: 'id',
  /** Row id of the owner (the model holding the owning attribute). */
  entity: 'entity_id',
  /** documentId of the target. */
  target: 'target_document_id',
  /** Position of the target in the owner's list, 1..n (to-many owners). */
  targetOrder: 'target_ord',
  /** Position of the owner in the target's inverse list, 1..n (to-many inverse sides). */
  entityOrder: 'entity_ord',
  /** The target's locale, on links to localized types only: lists are per locale. */
  targetLocale: 'target_locale',
  /** The target version a link names (`draft`/`published`; null: the read's), on links from a type without Draft & Publish to one with it. */
  targetStatus: 'target_status',
});

/** One link table: the relation attribute that owns it, and its other side if any. */
export interface RelationLink {
  readonly table: string;
  /** The model whose rows are in `entity_id`. */
  readonly owner: Model;
  readonly ownerAttribute: RelationAttribute;
  /** The content-type whose documents are in `target_document_id`. */
  readonly target: ContentType;
  /** The `mappedBy` attribute on the target, for bidirectional relations. */
  readonly inverseAttribute: RelationAttribute | null;
  /** The owner holds a list of targets (target_ord orders it). */
  readonly ownerMany: boolean;
  /**
   * A target is linked from at most one owner: linking it elsewhere moves it. Only two-sided
   * oneToOne and oneToMany relations, whose inverse side holds one owner; a one-sided relation
   * has no inverse side to keep consistent, so any number of owners may link a target (as in
   * the reference: a component's `oneToMany` used on several pages or locales keeps every link).
   */
  readonly targetExclusive: boolean;
  /** The inverse attribute holds a list (entity_ord orders it). */
  readonly inverseMany: boolean;
  /** The target is localized: links carry `target_locale`, and every list is within one locale. */
  readonly targetLocalized: boolean;
  /** A content-type without Draft & Publish links one with it: links may name the target's version (`target_status`). */
  readonly targetStatus: boolean;
}

/** A relation attribute as the model holding it sees its link table. */
export interface RelationSide {
  readonly link: RelationLink;
  /** `owner`: this model's rows are `entity_id`; `inverse`: this model's documents are `target_document_id`. */
  readonly side: 'owner' | 'inverse';
  /** The model whose documents the attribute lists. */
  readonly other: Model;
}

/** Owner kinds whose inverse side holds one owner: exclusive when that side exists. */
const EXCLUSIVE: ReadonlySet<RelationKind> = new Set(['oneToOne', 'oneToMany']);

export function linkTableName(owner: Model, attribute: RelationAttribute): string {
  return shortenIdentifier(`${owner.collectionName}_${toSnakeCase(attribute.name)}_lnk`);
}

export function createRelationLink(owner: Model, attribute: RelationAttribute, target: ContentType, inverseAttribute: RelationAttribute | null): RelationLink {
  return Object.freeze({
    table: linkTableName(owner, attribute),
    owner,
    ownerAttribute: attribute,
    target,
    inverseAttribute,
    ownerMany: attribute.many,
    targetExclusive: inverseAttribute !== null && EXCLUSIVE.has(attribute.relation),
    inverseMany: inverseAttribute?.many ?? false,
    targetLocalized: target.localized,
    targetStatus: owner.modelType === 'contentType' && !owner.draftAndPublish && target.draftAndPublish,
  });
}
