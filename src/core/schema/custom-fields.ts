import { DefinitionError } from '../shared/errors.js';
import type { ScalarType } from './attribute.js';

/**
 * Custom fields (`type: "customField"`, `customField: "plugin::color-picker.color"`): an
 * attribute whose admin input comes from a plugin and whose stored value is one of the
 * ordinary scalar types. The model knows only that underlying type, by the field's uid.
 */
export type CustomFieldTypes = ReadonlyMap<string, ScalarType>;

export const NO_CUSTOM_FIELDS: CustomFieldTypes = new Map();

/** The types a custom field may store, as Strapi allows them (no relations, media or components). */
export const CUSTOM_FIELD_TYPES: readonly ScalarType[] = Object.freeze([
  'biginteger', 'boolean', 'date', 'datetime', 'decimal', 'email', 'enumeration', 'float', 'integer', 'json', 'password', 'richtext', 'string', 'text', 'time', 'uid',
]);

export function isCustomFieldType(type: unknown): type is ScalarType {
  return typeof type === 'string' && (CUSTOM_FIELD_TYPES as readonly string[]).includes(type);
}

/** `plugin::<plugin>.<name>` or `global::<name>`. */
export const CUSTOM_FIELD_UID = /^(plugin::[A-Za-z0-9$_@/-]+\.[A-Za-z$_-][A-Za-z0-9$_-]*|global::[A-Za-z$_-][A-Za-z0-9$_-]*)$/;

/**
 * Fields of well-known plugins that projects use without the plugin (Tessera runs no plugin's
 * server code): Strapi's own color picker stores the color as a string.
 */
export const BUILT_IN_CUSTOM_FIELDS: CustomFieldTypes = new Map([['plugin::color-picker.color', 'string']]);

/**
 * `customFields` of `config/server` (Tessera's key; Strapi ignores it): uid → the underlying
 * type, or `{ type }`, for a custom field used without its plugin.
 */
export function readCustomFieldMapping(value: unknown, file: string): Map<string, ScalarType> {
  const mapping = new Map<string, ScalarType>();
  if (value === undefined) return mapping;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new DefinitionError(file, 'customFields must be an object: { "<custom field uid>": "<type>" }');
  for (const [uid, entry] of Object.entries(value as Record<string, unknown>)) {
    if (!CUSTOM_FIELD_UID.test(uid)) throw new DefinitionError(file, `customFields: "${uid}" is not a custom field uid (plugin::<plugin>.<name> or global::<name>)`);
    const type = entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? (entry as Record<string, unknown>).type : entry;
    if (!isCustomFieldType(type)) throw new DefinitionError(file, `customFields "${uid}": the type must be one of ${CUSTOM_FIELD_TYPES.join(', ')}, got ${JSON.stringify(type)}`);
    mapping.set(uid, type);
  }
  return mapping;
}
