import { DefinitionError } from '../shared/errors.js';
import { isPublicAttribute, type Attribute, type ScalarAttribute, type ScalarType } from './attribute.js';
import { RESERVED_ATTRIBUTE_NAMES, type ContentType, type ContentTypeKind } from './content-type.js';
import type { SourcedDefinition } from './definition.js';
import { isValidApiName, isValidAttributeName, toSnakeCase } from './names.js';
import { checkAttributeReferences, normalizeAttribute } from './normalize-attribute.js';

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

function readName(value: unknown, what: string, file: string): string {
  if (typeof value !== 'string' || !isValidApiName(value)) {
    throw new DefinitionError(file, `info.${what} must be kebab-case (lowercase letters, digits and dashes, starting with a letter), got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Checks one content-type definition and builds its frozen model. */
export function normalizeContentType(source: SourcedDefinition): ContentType {
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

  const rawAttributes = definition.attributes ?? {};
  if (rawAttributes === null || typeof rawAttributes !== 'object' || Array.isArray(rawAttributes)) {
    throw new DefinitionError(file, '"attributes" must be an object');
  }
  const userAttributes = new Map<string, ScalarAttribute>();
  const columns = new Map<string, string>(SYSTEM_ATTRIBUTES.map((attribute) => [attribute.column, attribute.name]));
  for (const [name, attributeDefinition] of Object.entries(rawAttributes)) {
    if (!isValidAttributeName(name)) {
      throw new DefinitionError(file, `attribute "${name}": a name starts with a letter, holds only letters, digits and underscores, and has at most 60 characters`);
    }
    if (RESERVED_ATTRIBUTE_NAMES.has(name)) throw new DefinitionError(file, `attribute "${name}": the name is reserved`);
    const attribute = normalizeAttribute(name, attributeDefinition, file);
    const clash = columns.get(attribute.column);
    if (clash !== undefined) {
      throw new DefinitionError(file, `attribute "${name}": its column "${attribute.column}" collides with attribute "${clash}"`);
    }
    columns.set(attribute.column, name);
    userAttributes.set(name, attribute);
  }
  checkAttributeReferences(userAttributes, file);

  const attributes = new Map<string, Attribute>();
  for (const attribute of SYSTEM_ATTRIBUTES) attributes.set(attribute.name, attribute);
  for (const attribute of userAttributes.values()) attributes.set(attribute.name, attribute);

  return Object.freeze({
    uid: source.uid,
    apiName: source.apiName,
    kind: kind as ContentTypeKind,
    singularName,
    pluralName,
    displayName,
    collectionName,
    draftAndPublish,
    attributes,
    scalarAttributes: Object.freeze([...userAttributes.values()]),
    readableAttributes: Object.freeze([
      ...[...userAttributes.values()].filter(isPublicAttribute),
      ...SYSTEM_ATTRIBUTES.filter((attribute) => attribute.name !== 'id' && attribute.name !== 'documentId'),
    ]),
    systemAttributes: SYSTEM_ATTRIBUTES,
    source: file,
  });
}
