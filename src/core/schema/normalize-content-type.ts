import { DefinitionError } from '../shared/errors.js';
import { isPublicAttribute, type Attribute, type ScalarAttribute, type ScalarType } from './attribute.js';
import { normalizeAttributes, type SystemFields } from './normalize-attributes.js';
import { type ContentType, type ContentTypeKind } from './content-type.js';
import type { CustomFieldTypes } from './custom-fields.js';
import type { SourcedDefinition } from './definition.js';
import { isValidApiName, toSnakeCase } from './names.js';

function systemAttribute(name: string, type: ScalarType, column: string): ScalarAttribute {
  return Object.freeze({ kind: 'scalar', name, type, column, required: false, unique: false, private: false, writable: false });
}

/** The attributes every content-type has; the API reads, filters and sorts on them like any other. */
const SYSTEM_ATTRIBUTES: readonly ScalarAttribute[] = Object.freeze([
  systemAttribute('id', 'integer', 'id'),
  systemAttribute('documentId', 'string', 'document_id'),
  systemAttribute('createdAt', 'datetime', 'created_at'),
  systemAttribute('updatedAt', 'datetime', 'updated_at'),
  systemAttribute('publishedAt', 'datetime', 'published_at'),
]);

/** The version's locale, on localized content-types only (after the other system attributes, as the reference outputs it). */
const LOCALE_ATTRIBUTE: ScalarAttribute = systemAttribute('locale', 'string', 'locale');

/** The names the API gives system fields, with what they hold (for the message refusing an attribute that would shadow one). */
const SYSTEM_FIELD_NAMES: ReadonlyMap<string, string> = new Map([
  ['createdAt', '"createdAt": when the version was created'],
  ['updatedAt', '"updatedAt": when the version was last changed'],
  ['publishedAt', '"publishedAt": when the version was published'],
]);
const LOCALIZED_FIELD_NAMES: ReadonlyMap<string, string> = new Map([
  ...SYSTEM_FIELD_NAMES,
  ['locale', '"locale": the version\'s locale, on localized content-types'],
  ['localizations', '"localizations": the document\'s other locales, on localized content-types'],
]);

/**
 * The fields Tessera adds to a content-type: its columns, and the names the API gives them.
 * `locale` and `localizations` exist on localized types only; elsewhere they are names like any other.
 */
function systemFieldsOf(localized: boolean): SystemFields {
  const attributes = localized ? [...SYSTEM_ATTRIBUTES, LOCALE_ATTRIBUTE] : SYSTEM_ATTRIBUTES;
  return {
    columns: new Map([
      ...attributes.map((attribute): [string, string] => [attribute.column, `the system field "${attribute.name}"`]),
      // Columns without an API field: the admin users who created and last changed a version.
      ['created_by_id', 'the system column "created_by_id"'],
      ['updated_by_id', 'the system column "updated_by_id"'],
    ]),
    names: localized ? LOCALIZED_FIELD_NAMES : SYSTEM_FIELD_NAMES,
  };
}

/** `pluginOptions.i18n.localized` of a definition or attribute, checked; undefined when absent. */
function readLocalized(pluginOptions: unknown, where: string, file: string): boolean | undefined {
  if (pluginOptions === undefined) return undefined;
  if (pluginOptions === null || typeof pluginOptions !== 'object' || Array.isArray(pluginOptions)) throw new DefinitionError(file, `${where}pluginOptions must be an object`);
  const i18n = (pluginOptions as Record<string, unknown>).i18n;
  if (i18n === undefined) return undefined;
  if (i18n === null || typeof i18n !== 'object' || Array.isArray(i18n)) throw new DefinitionError(file, `${where}pluginOptions.i18n must be an object`);
  const localized = (i18n as Record<string, unknown>).localized;
  if (localized === undefined) return undefined;
  if (typeof localized !== 'boolean') throw new DefinitionError(file, `${where}pluginOptions.i18n.localized must be a boolean`);
  return localized;
}

/**
 * Whether `localized: false` makes an attribute shared. As in the reference (its i18n plugin
 * counts every relation and every uid as localized), relations and uids stay per locale
 * whatever the option says; media, components, dynamic zones and other scalars are shared.
 */
function canBeShared(attribute: Attribute): boolean {
  if (attribute.kind === 'scalar') return attribute.type !== 'uid';
  return attribute.kind !== 'relation' || attribute.media !== undefined;
}

/**
 * On a localized type, attributes marked `localized: false` are shared: one value per document
 * and status, kept equal across locales by every write (documents/versions/).
 */
function markShared(attributes: Map<string, Attribute>, definition: SourcedDefinition['definition'], file: string): void {
  for (const [name, attribute] of attributes) {
    const raw = definition.attributes?.[name];
    const localized = readLocalized(raw?.pluginOptions, `attribute "${name}": `, file);
    if (localized === false && canBeShared(attribute)) attributes.set(name, Object.freeze({ ...attribute, shared: true }));
  }
}

function readName(value: unknown, what: string, file: string): string {
  if (typeof value !== 'string' || !isValidApiName(value)) {
    throw new DefinitionError(file, `info.${what} must be kebab-case (lowercase letters, digits and dashes, starting with a letter), got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Checks one content-type definition and builds its frozen model. */
export function normalizeContentType(source: SourcedDefinition, customFields?: CustomFieldTypes): ContentType {
  const { definition, file } = source;
  if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) {
    throw new DefinitionError(file, 'a content-type definition must be a JSON object');
  }
  const kind = definition.kind ?? 'collectionType';
  if (kind !== 'collectionType' && kind !== 'singleType') {
    throw new DefinitionError(file, `kind must be "collectionType" or "singleType", got ${JSON.stringify(kind)}`);
  }
  const info = definition.info ?? {};
  const singularName = readName(info.singularName ?? source.modelName, 'singularName', file);
  const pluralName = readName(info.pluralName ?? `${singularName}s`, 'pluralName', file);
  if (singularName === pluralName) throw new DefinitionError(file, `singularName and pluralName must differ (both are "${singularName}")`);
  const collectionName = definition.collectionName ?? toSnakeCase(pluralName);
  if (typeof collectionName !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(collectionName) || collectionName.length > 50) {
    throw new DefinitionError(file, `collectionName must be a table name (letters, digits, underscores), got ${JSON.stringify(collectionName)}`);
  }
  // SQLite reserves these names: creating the table would fail at sync with an SQL error instead.
  if (collectionName.toLowerCase().startsWith('sqlite_')) {
    throw new DefinitionError(file, `collectionName ${JSON.stringify(collectionName)} is reserved by the database (names starting with "sqlite_")`);
  }
  const displayName = typeof info.displayName === 'string' ? info.displayName : singularName;
  const draftAndPublish = definition.options?.draftAndPublish ?? false;
  if (typeof draftAndPublish !== 'boolean') throw new DefinitionError(file, 'options.draftAndPublish must be a boolean');

  const localized = readLocalized(definition.pluginOptions, '', file) ?? false;
  const userAttributes = new Map(normalizeAttributes(definition.attributes, file, systemFieldsOf(localized), customFields));
  if (localized) markShared(userAttributes, definition, file);
  const systemAttributes = localized ? [...SYSTEM_ATTRIBUTES, LOCALE_ATTRIBUTE] : SYSTEM_ATTRIBUTES;
  const userScalars = [...userAttributes.values()].filter((attribute): attribute is ScalarAttribute => attribute.kind === 'scalar');

  const attributes = new Map<string, Attribute>();
  for (const attribute of systemAttributes) attributes.set(attribute.name, attribute);
  for (const attribute of userAttributes.values()) attributes.set(attribute.name, attribute);

  return Object.freeze({
    modelType: 'contentType',
    uid: source.uid,
    apiName: source.apiName,
    kind: kind as ContentTypeKind,
    singularName,
    pluralName,
    displayName,
    collectionName,
    draftAndPublish,
    localized,
    attributes,
    scalarAttributes: Object.freeze(userScalars),
    linkedAttributes: Object.freeze([...userAttributes.values()].filter((attribute) => attribute.kind !== 'scalar')),
    readableAttributes: Object.freeze([
      ...userScalars.filter(isPublicAttribute),
      ...systemAttributes.filter((attribute) => attribute.name !== 'id' && attribute.name !== 'documentId'),
    ]),
    systemAttributes: Object.freeze(systemAttributes),
    source: file,
  });
}
