import type { ComponentModel } from '../../core/schema/component-model.js';
import type { ContentType, Model } from '../../core/schema/content-type.js';

/**
 * Every generated name, in one place, spelled as Strapi's plugin spells them so that clients'
 * queries and fragments written for the reference keep working.
 */

/** Words of a name: split at anything not alphanumeric and at lower→upper case changes. */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
}

export function pascalCase(text: string): string {
  return words(text)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join('');
}

export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** `plugin::users-permissions.user` → `users-permissions`; undefined for `api::` types. */
function pluginOf(contentType: ContentType): string | undefined {
  return contentType.uid.startsWith('plugin::') ? contentType.uid.slice('plugin::'.length).split('.')[0] : undefined;
}

/** `Article`, `UsersPermissionsUser`, `UploadFile`; components: `ComponentSharedSeo`. */
export function typeNameOf(model: Model): string {
  if (model.modelType === 'component') return pascalCase(`component_${model.uid}`);
  const plugin = pluginOf(model);
  return pascalCase(plugin === undefined ? model.singularName : `${plugin}-${model.singularName}`);
}

/** Root query of one document: `article`, `usersPermissionsUser`. */
export function singularFieldOf(contentType: ContentType): string {
  const name = typeNameOf(contentType);
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Root query of a list: `articles`, `usersPermissionsUsers`. */
export function pluralFieldOf(contentType: ContentType): string {
  const plugin = pluginOf(contentType);
  return camelCase(plugin === undefined ? contentType.pluralName : `${plugin}-${contentType.pluralName}`);
}

export const entityNameOf = (model: ContentType): string => `${typeNameOf(model)}Entity`;
export const entityResponseNameOf = (model: ContentType): string => `${typeNameOf(model)}EntityResponse`;
export const entityCollectionNameOf = (model: ContentType): string => `${typeNameOf(model)}EntityResponseCollection`;
export const relationCollectionNameOf = (model: ContentType): string => `${typeNameOf(model)}RelationResponseCollection`;
export const inputNameOf = (model: Model): string => `${typeNameOf(model)}Input`;
export const filtersNameOf = (model: Model): string => `${typeNameOf(model)}FiltersInput`;

/** `ArticleBlocksDynamicZone` (the union) and `ArticleBlocksDynamicZoneInput` (its input scalar). */
export const zoneNameOf = (model: Model, attribute: string): string => `${typeNameOf(model)}${pascalCase(attribute)}DynamicZone`;
export const zoneInputNameOf = (model: Model, attribute: string): string => `${zoneNameOf(model, attribute)}Input`;

/** `ENUM_ARTICLE_STATE`, `ENUM_COMPONENTSHAREDLINK_KIND` (an attribute's `enumName` overrides it). */
export function enumNameOf(model: Model, attribute: string, enumName?: string): string {
  return enumName ?? `ENUM_${typeNameOf(model).toUpperCase()}_${attribute.toUpperCase()}`;
}

/**
 * An enumeration value as a GraphQL name: other characters become `_`, case is kept
 * (`draft-mode` → `draft_mode`); a leading digit gets a `_` in front, as names may not start with one.
 */
export function enumValueNameOf(value: string): string {
  const name = value.replace(/[^_A-Za-z0-9]/g, '_');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

export type NamedModel = ContentType | ComponentModel;
