import { DefinitionError } from '../shared/errors.js';
import { MEDIA_TYPES, RELATION_KINDS, TO_MANY_KINDS, type LinkedAttribute, type MediaType, type RelationKind } from './attribute.js';
import type { AttributeDefinition } from './definition.js';

const CONTENT_TYPE_UID = /^(api|plugin)::[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;
const COMPONENT_UID = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

interface Where {
  readonly file: string;
  readonly name: string;
}

function fail(where: Where, problem: string): never {
  throw new DefinitionError(where.file, `attribute "${where.name}": ${problem}`);
}

function readFlag(definition: AttributeDefinition, key: string, where: Where): boolean {
  const value = definition[key];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') fail(where, `option "${key}" must be a boolean`);
  return value;
}

function readCount(definition: AttributeDefinition, key: 'min' | 'max', where: Where): number | undefined {
  const value = definition[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(where, `option "${key}" must be a non-negative integer`);
  return value;
}

function readBounds(definition: AttributeDefinition, where: Where): { min?: number; max?: number } {
  const min = readCount(definition, 'min', where);
  const max = readCount(definition, 'max', where);
  if (min !== undefined && max !== undefined && min > max) fail(where, 'min is greater than max');
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

function readName(definition: AttributeDefinition, key: 'inversedBy' | 'mappedBy', where: Where): string | undefined {
  const value = definition[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0) fail(where, `option "${key}" must be an attribute name`);
  return value;
}

function normalizeRelation(definition: AttributeDefinition, where: Where, common: { required: boolean; private: boolean; writable: boolean }): LinkedAttribute {
  const relation = definition.relation;
  if (typeof relation !== 'string') fail(where, 'a relation needs "relation" (oneToOne, oneToMany, manyToOne, manyToMany, oneWay or manyWay)');
  if (relation.startsWith('morph')) fail(where, `polymorphic relations ("${relation}") are not supported`);
  if (!(RELATION_KINDS as readonly string[]).includes(relation)) fail(where, `unknown relation "${relation}"`);
  const kind = relation as RelationKind;
  const target = definition.target;
  if (typeof target !== 'string' || !CONTENT_TYPE_UID.test(target)) fail(where, 'a relation needs "target": the uid of a content-type (api::<api>.<name>)');
  const inversedBy = readName(definition, 'inversedBy', where);
  const mappedBy = readName(definition, 'mappedBy', where);
  if (inversedBy !== undefined && mappedBy !== undefined) fail(where, 'a relation has either "inversedBy" (the owning side) or "mappedBy" (the inverse side), not both');
  if ((kind === 'oneWay' || kind === 'manyWay') && (inversedBy !== undefined || mappedBy !== undefined)) {
    fail(where, `a ${kind} relation has no other side: remove "inversedBy"/"mappedBy"`);
  }
  return Object.freeze({
    kind: 'relation',
    name: where.name,
    type: 'relation',
    relation: kind,
    target,
    ...(inversedBy !== undefined ? { inversedBy } : {}),
    ...(mappedBy !== undefined ? { mappedBy } : {}),
    many: TO_MANY_KINDS.has(kind),
    ...common,
  });
}

/** The upload plugin's file type, which media attributes link to. */
const FILE_UID = 'plugin::upload.file';

function readAllowedTypes(definition: AttributeDefinition, where: Where): readonly MediaType[] | null {
  const value = definition.allowedTypes;
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length === 0 || !value.every((type) => (MEDIA_TYPES as readonly unknown[]).includes(type))) {
    fail(where, `option "allowedTypes" must be a non-empty array of ${MEDIA_TYPES.join(', ')}`);
  }
  return Object.freeze([...new Set(value as MediaType[])]);
}

/** A media attribute: a one-way relation (manyWay when `multiple`) to the upload plugin's files. */
function normalizeMedia(definition: AttributeDefinition, where: Where, common: { required: boolean; private: boolean; writable: boolean }): LinkedAttribute {
  const many = readFlag(definition, 'multiple', where);
  return Object.freeze({
    kind: 'relation',
    name: where.name,
    type: 'relation',
    relation: many ? 'manyWay' : 'oneWay',
    target: FILE_UID,
    many,
    media: Object.freeze({ allowedTypes: readAllowedTypes(definition, where) }),
    ...common,
  });
}

/** Checks a relation, component or dynamic-zone definition; cross-model checks wait for the registry. */
export function normalizeLinkedAttribute(name: string, definition: AttributeDefinition, file: string): LinkedAttribute {
  const where = { file, name };
  const type = definition.type as LinkedAttribute['type'] | 'media';
  const common = {
    required: readFlag(definition, 'required', where),
    private: readFlag(definition, 'private', where),
    writable: definition.writable === undefined ? true : readFlag(definition, 'writable', where),
  };
  if (type === 'relation') return normalizeRelation(definition, where, common);
  if (type === 'media') return normalizeMedia(definition, where, common);
  if (type === 'component') {
    const component = definition.component;
    if (typeof component !== 'string' || !COMPONENT_UID.test(component)) fail(where, 'a component attribute needs "component": a component uid (<category>.<name>)');
    const repeatable = readFlag(definition, 'repeatable', where);
    const bounds = readBounds(definition, where);
    if (!repeatable && (bounds.min !== undefined || bounds.max !== undefined)) fail(where, 'min/max apply only to repeatable components');
    return Object.freeze({ kind: 'component', name, type: 'component', component, repeatable, ...common, ...bounds });
  }
  const components = definition.components;
  if (!Array.isArray(components) || components.length === 0 || !components.every((uid) => typeof uid === 'string' && COMPONENT_UID.test(uid))) {
    fail(where, 'a dynamic zone needs "components": a non-empty array of component uids (<category>.<name>)');
  }
  if (new Set(components).size !== components.length) fail(where, '"components" lists a component twice');
  return Object.freeze({ kind: 'dynamiczone', name, type: 'dynamiczone', components: Object.freeze([...(components as string[])]), ...common, ...readBounds(definition, where) });
}
