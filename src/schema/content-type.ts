import type { Attribute, ScalarAttribute } from './attribute.js';

export type ContentTypeKind = 'collectionType' | 'singleType';

/**
 * A normalized, frozen content-type. Built once from its definition; code passes these
 * objects around instead of uid strings.
 */
export interface ContentType {
  /** `api::<api>.<name>` */
  readonly uid: string;
  readonly apiName: string;
  readonly kind: ContentTypeKind;
  readonly singularName: string;
  readonly pluralName: string;
  readonly displayName: string;
  /** Table name. */
  readonly collectionName: string;
  readonly draftAndPublish: boolean;
  /** Every attribute by name, user-defined and system (id, documentId, createdAt, …). */
  readonly attributes: ReadonlyMap<string, Attribute>;
  /** User-defined scalar attributes in definition order. */
  readonly scalarAttributes: readonly ScalarAttribute[];
  /**
   * What a response shows by default, in output order: public user attributes, then
   * createdAt, updatedAt, publishedAt (id and documentId are always output and not listed).
   */
  readonly readableAttributes: readonly ScalarAttribute[];
  /** System attributes, present on every content-type. */
  readonly systemAttributes: readonly ScalarAttribute[];
  /** The file the definition came from, for messages. */
  readonly source: string;
}

/** Names that user attributes may not take: they are system fields or reserved by the API. */
export const RESERVED_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  'id',
  'documentId',
  'document_id',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'created_at',
  'updated_at',
  'published_at',
  'created_by_id',
  'updated_by_id',
  'locale',
  'localizations',
  'status',
  'meta',
  '__component',
  '__contentType',
  '__typename',
]);
