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

/**
 * Whether a model is a localized content-type: only those have the system `locale` and
 * `localizations` (on other models these are names a user's attributes may have).
 */
export function isLocalizedModel(model: StoredModel): model is ContentType {
  return 'localized' in model && model.localized === true;
}

/** Either kind of model with a table: a content-type or a component. */
export type Model = ContentType | ComponentModel;
