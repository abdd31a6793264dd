import { DefinitionError } from '../shared/errors.js';
import { isPublicAttribute, type Attribute, type ScalarAttribute, type ScalarType } from './attribute.js';
import { normalizeAttributes } from './normalize-attributes.js';
import { type ContentType, type ContentTypeKind } from './content-type.js';
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

const SYSTEM_COLUMNS: ReadonlyMap<string, string> = new Map(SYSTEM_ATTRIBUTES.map((attribute) => [attribute.column, `attribute "${attribute.name}"`]));

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

  const userAttributes = normalizeAttributes(definition.attributes, file, SYSTEM_COLUMNS);
  const userScalars = [...userAttributes.values()].filter((attribute): attribute is ScalarAttribute => attribute.kind === 'scalar');

  const attributes = new Map<string, Attribute>();
  for (const attribute of SYSTEM_ATTRIBUTES) attributes.set(attribute.name, attribute);
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
    attributes,
    scalarAttributes: Object.freeze(userScalars),
    linkedAttributes: Object.freeze([...userAttributes.values()].filter((attribute) => attribute.kind !== 'scalar')),
    readableAttributes: Object.freeze([
      ...userScalars.filter(isPublicAttribute),
      ...SYSTEM_ATTRIBUTES.filter((attribute) => attribute.name !== 'id' && attribute.name !== 'documentId'),
    ]),
    systemAttributes: SYSTEM_ATTRIBUTES,
    source: file,
  });
}
