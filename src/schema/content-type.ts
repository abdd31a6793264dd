import type { ScalarAttribute } from './attribute.js';
import type { ComponentModel } from './component-model.js';
import type { StoredModel } from './model.js';

export type ContentTypeKind = 'collectionType' | 'singleType';

/**
 * A normalized, frozen content-type. Built once from its definition; code passes these
 * objects around instead of uid strings.
 */
export interface ContentType extends StoredModel {
  readonly modelType: 'contentType';
  readonly apiName: string;
  readonly kind: ContentTypeKind;
  readonly singularName: string;
  readonly pluralName: string;
  readonly displayName: string;
  readonly draftAndPublish: boolean;
  /**
   * `pluginOptions.i18n.localized`: one version per locale, a `locale` column and system
   * attribute. Scalars with `pluginOptions.i18n.localized: false` are `shared`.
   */
  readonly localized: boolean;
  /** System attributes, present on every content-type. */
  readonly systemAttributes: readonly ScalarAttribute[];
}

/** Whether Tessera defines the type (`plugin::…`): its plugin serves it, not the generic content API routes. */
export function isPluginType(type: ContentType): boolean {
  return type.uid.startsWith('plugin::');
}

/** Either kind of model with a table: a content-type or a component. */
export type Model = ContentType | ComponentModel;

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
