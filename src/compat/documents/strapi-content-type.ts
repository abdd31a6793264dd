import type { Attribute } from '../../core/schema/attribute.js';
import type { ContentType } from '../../core/schema/content-type.js';

/** A content-type as Strapi's project code reads it (`strapi.contentType(uid)`, a middleware's `context.contentType`). */
export interface StrapiContentType {
  readonly uid: string;
  readonly modelType: 'contentType';
  readonly kind: ContentType['kind'];
  readonly modelName: string;
  readonly collectionName: string;
  readonly info: { readonly singularName: string; readonly pluralName: string; readonly displayName: string };
  readonly options: { readonly draftAndPublish: boolean };
  readonly pluginOptions: { readonly i18n: { readonly localized: boolean } };
  readonly attributes: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** An attribute's definition as schema.json writes it: its `type` and the settings Strapi code looks at. */
function definitionOf(attribute: Attribute): Readonly<Record<string, unknown>> {
  switch (attribute.kind) {
    case 'scalar':
      return { type: attribute.type, required: attribute.required, unique: attribute.unique, private: attribute.private, ...(attribute.enum ? { enum: attribute.enum } : {}) };
    case 'relation':
      return attribute.media
        ? { type: 'media', multiple: attribute.many, required: attribute.required, private: attribute.private }
        : { type: 'relation', relation: attribute.relation, target: attribute.target, ...(attribute.inversedBy ? { inversedBy: attribute.inversedBy } : {}), ...(attribute.mappedBy ? { mappedBy: attribute.mappedBy } : {}) };
    case 'component':
      return { type: 'component', component: attribute.component, repeatable: attribute.repeatable, required: attribute.required };
    case 'dynamiczone':
      return { type: 'dynamiczone', components: attribute.components, required: attribute.required };
  }
}

export function toStrapiContentType(contentType: ContentType): StrapiContentType {
  return {
    uid: contentType.uid,
    modelType: 'contentType',
    kind: contentType.kind,
    modelName: contentType.singularName,
    collectionName: contentType.collectionName,
    info: { singularName: contentType.singularName, pluralName: contentType.pluralName, displayName: contentType.displayName },
    options: { draftAndPublish: contentType.draftAndPublish },
    pluginOptions: { i18n: { localized: contentType.localized } },
    attributes: Object.fromEntries([...contentType.attributes].map(([name, attribute]) => [name, definitionOf(attribute)])),
  };
}
