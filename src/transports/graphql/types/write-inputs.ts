import {
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql';
import type { Attribute, DynamicZoneAttribute } from '../../../core/schema/attribute.js';
import type { Model } from '../../../core/schema/content-type.js';
import { literalValue, scalarOf } from '../scalars.js';
import { inputNameOf, typeNameOf, zoneInputNameOf } from '../type-names.js';
import type { SchemaTypes } from './schema-types.js';

/** Whether a body may carry the attribute: user-defined and writable (system attributes never are). */
function isWritable(model: Model, attribute: Attribute): boolean {
  return attribute.writable && (attribute.kind !== 'scalar' || model.scalarAttributes.includes(attribute));
}

/** The input type of one writable attribute, or undefined when it has no place in the input. */
function attributeInput(model: Model, attribute: Attribute, types: SchemaTypes): GraphQLInputType | undefined {
  switch (attribute.kind) {
    case 'scalar':
      return attribute.type === 'enumeration' ? types.enumOf(model, attribute) : scalarOf(attribute);
    case 'relation': {
      // documentIds (media: file ids), as REST's shorthand `set`.
      const target = types.registry.get(attribute.target);
      if (!target || !types.isExposed(target)) return undefined;
      return attribute.many ? new GraphQLList(GraphQLID) : GraphQLID;
    }
    case 'component': {
      const component = types.registry.component(attribute.component);
      if (!component || !types.isExposed(component)) return undefined;
      const input = types.inputOf(component);
      return attribute.repeatable ? new GraphQLList(input) : input;
    }
    case 'dynamiczone':
      return new GraphQLList(new GraphQLNonNull(types.zoneInputOf(model, attribute)));
  }
}

function writeFields(model: Model, types: SchemaTypes): GraphQLInputFieldConfigMap {
  const fields: GraphQLInputFieldConfigMap = {};
  // A component item sent with its id is updated in place; without, it is a new item.
  if (model.modelType === 'component') fields.id = { type: GraphQLID };
  for (const attribute of model.attributes.values()) {
    if (!isWritable(model, attribute) || !types.shadow.hasInput(model.uid, attribute.name)) continue;
    const type = attributeInput(model, attribute, types);
    if (type) fields[attribute.name] = { type };
  }
  return fields;
}

/**
 * `<Type>Input` of a content-type or component: every writable attribute, all optional (write
 * validation reports missing required ones, per attribute). No publishedAt, locale or system
 * fields: publication and locale are arguments of the mutations.
 */
export function buildWriteInput(model: Model, types: SchemaTypes): GraphQLInputObjectType {
  return new GraphQLInputObjectType({ name: inputNameOf(model), fields: () => writeFields(model, types) });
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `<Type><Attr>DynamicZoneInput`: one item of a dynamic zone, `{ __typename: "ComponentSharedQuote", …fields }`.
 * A scalar, as in the reference, because GraphQL has no input unions. Parsing checks only the
 * item's kind and turns `__typename` into REST's `__component`; the fields are checked by
 * write validation like a REST body's (errors with their paths). No description, so that the
 * printed SDL is the reference's.
 */
export function buildZoneInput(model: Model, attribute: DynamicZoneAttribute, types: SchemaTypes): GraphQLScalarType {
  const name = zoneInputNameOf(model, attribute.name);
  const kinds = new Map<string, string>();
  for (const uid of attribute.components) {
    const component = types.registry.component(uid);
    if (component && types.isExposed(component)) kinds.set(typeNameOf(component), uid);
  }
  const expected = kinds.size > 0 ? `one of ${[...kinds.keys()].join(', ')}` : 'nothing (the zone has no components)';
  const parse = (value: unknown): Record<string, unknown> => {
    if (!isRecord(value)) throw new TypeError(`${name}: each item must be an object with a __typename (${expected})`);
    const { __typename: typename, __component: _ignored, ...fields } = value;
    const uid = typeof typename === 'string' ? kinds.get(typename) : undefined;
    if (uid === undefined) {
      const given = typename === undefined ? 'no __typename' : `__typename ${JSON.stringify(typename)?.slice(0, 80)}`;
      throw new TypeError(`${name}: item has ${given}; expected ${expected}`);
    }
    return { __component: uid, ...fields };
  };
  return new GraphQLScalarType({
    name,
    serialize: (value) => value,
    parseValue: parse,
    parseLiteral: (node, variables) => parse(literalValue(node, variables)),
  });
}
