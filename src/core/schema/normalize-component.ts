import { DefinitionError } from '../shared/errors.js';
import { isPublicAttribute, type Attribute, type ScalarAttribute } from './attribute.js';
import { COMPONENT_OWNER_COLUMNS, type ComponentModel } from './component-model.js';
import type { CustomFieldTypes } from './custom-fields.js';
import type { SourcedComponentDefinition } from './definition.js';
import { toSnakeCase } from './names.js';
import { normalizeAttributes, type SystemFields } from './normalize-attributes.js';

const ID: ScalarAttribute = Object.freeze({ kind: 'scalar', name: 'id', type: 'integer', column: 'id', required: false, unique: false, private: false, writable: false });

const SYSTEM_FIELDS: SystemFields = {
  columns: new Map([
    ['id', 'the system field "id"'],
    ...Object.values(COMPONENT_OWNER_COLUMNS).map((column): [string, string] => [column, `the system column "${column}"`]),
  ]),
  names: new Map(),
};

/** Checks one component definition (`src/components/<category>/<name>.json`) and builds its frozen model. */
export function normalizeComponent(source: SourcedComponentDefinition, customFields?: CustomFieldTypes): ComponentModel {
  const { definition, file } = source;
  if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) {
    throw new DefinitionError(file, 'a component definition must be a JSON object');
  }
  const collectionName = definition.collectionName ?? `components_${toSnakeCase(source.category)}_${toSnakeCase(source.name)}`;
  if (typeof collectionName !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(collectionName) || collectionName.length > 50) {
    throw new DefinitionError(file, `collectionName must be a table name (letters, digits, underscores), got ${JSON.stringify(collectionName)}`);
  }
  const userAttributes = normalizeAttributes(definition.attributes, file, SYSTEM_FIELDS, customFields);
  for (const attribute of userAttributes.values()) {
    if (attribute.kind === 'dynamiczone') throw new DefinitionError(file, `attribute "${attribute.name}": a component cannot hold a dynamic zone`);
    if (attribute.kind === 'relation' && (attribute.inversedBy !== undefined || attribute.mappedBy !== undefined)) {
      throw new DefinitionError(file, `attribute "${attribute.name}": relations in components are one-sided (no "inversedBy"/"mappedBy")`);
    }
    // Uniqueness is per content-type; a component's rows belong to documents of many types.
    if (attribute.kind === 'scalar' && attribute.unique) throw new DefinitionError(file, `attribute "${attribute.name}": "unique" is not supported in components`);
  }
  const scalars = [...userAttributes.values()].filter((attribute): attribute is ScalarAttribute => attribute.kind === 'scalar');
  const attributes = new Map<string, Attribute>([['id', ID], ...userAttributes]);
  const displayName = typeof definition.info?.displayName === 'string' ? definition.info.displayName : source.name;
  return Object.freeze({
    modelType: 'component',
    uid: source.uid,
    category: source.category,
    displayName,
    collectionName,
    attributes,
    scalarAttributes: Object.freeze(scalars),
    linkedAttributes: Object.freeze([...userAttributes.values()].filter((attribute) => attribute.kind !== 'scalar')),
    readableAttributes: Object.freeze(scalars.filter(isPublicAttribute)),
    source: file,
  });
}
