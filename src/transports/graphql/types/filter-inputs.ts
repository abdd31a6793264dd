import { GraphQLBoolean, GraphQLInputObjectType, GraphQLList, type GraphQLInputFieldConfigMap, type GraphQLInputType, type GraphQLScalarType } from 'graphql';
import { isPublicAttribute, type Attribute } from '../../../core/schema/attribute.js';
import type { Model } from '../../../core/schema/content-type.js';
import { scalarOf } from '../scalars.js';
import { filtersNameOf } from '../type-names.js';
import type { SchemaTypes } from './schema-types.js';

/**
 * What an operator field of a scalar filter input holds: the scalar (`value`), a list of it
 * (`list`), the filter input itself (`self`) or a flag (`flag`).
 */
export type OperatorShape = 'value' | 'list' | 'self' | 'flag';

/**
 * The operators of every `<Scalar>FilterInput`, in the reference's order, with
 * `startsWithi`/`endsWithi` (which our REST API has and the reference's GraphQL lacks) after
 * their case-sensitive pair. `and`/`or` here are lists of values, not of filter objects.
 */
export const SCALAR_FILTER_OPERATORS: ReadonlyArray<readonly [name: string, shape: OperatorShape]> = [
  ['and', 'list'],
  ['or', 'list'],
  ['not', 'self'],
  ['eq', 'value'],
  ['eqi', 'value'],
  ['ne', 'value'],
  ['nei', 'value'],
  ['startsWith', 'value'],
  ['endsWith', 'value'],
  ['startsWithi', 'value'],
  ['endsWithi', 'value'],
  ['contains', 'value'],
  ['notContains', 'value'],
  ['containsi', 'value'],
  ['notContainsi', 'value'],
  ['gt', 'value'],
  ['gte', 'value'],
  ['lt', 'value'],
  ['lte', 'value'],
  ['null', 'flag'],
  ['notNull', 'flag'],
  ['in', 'list'],
  ['notIn', 'list'],
  ['between', 'list'],
];

/** `StringFilterInput`, `DateTimeFilterInput`, …: every operator, whatever the scalar (as the reference). */
export function buildScalarFilterInput(scalar: GraphQLScalarType): GraphQLInputObjectType {
  const self: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: `${scalar.name}FilterInput`,
    fields: () => {
      const shapes: Record<OperatorShape, GraphQLInputType> = { value: scalar, list: new GraphQLList(scalar), self, flag: GraphQLBoolean };
      return Object.fromEntries(SCALAR_FILTER_OPERATORS.map(([name, shape]) => [name, { type: shapes[shape] }]));
    },
  });
  return self;
}

/** System attributes listed after the user's, in the reference's order (documentId comes first, apart). */
const TRAILING_SYSTEM_ATTRIBUTES = ['createdAt', 'updatedAt', 'publishedAt', 'locale'];

/**
 * Never among the user's: the row id (never a filter field: v5 filters by documentId) and the
 * system attributes placed apart. A user's attribute of the same name (a component's `locale`) is the user's.
 */
function isPlacedApart(model: Model, attribute: Attribute): boolean {
  if (attribute.name === 'id') return true;
  return model.modelType === 'contentType' && model.systemAttributes.some((system) => system === attribute);
}

/** The filter input type of one attribute, or undefined when it cannot be filtered on over GraphQL. */
function attributeFilter(model: Model, attribute: Attribute, types: SchemaTypes): GraphQLInputType | undefined {
  if (!isPublicAttribute(attribute) || !types.shadow.hasFilters(model.uid, attribute.name)) return undefined;
  switch (attribute.kind) {
    case 'scalar':
      // Enumerations are strings here (scalarOf gives String for them), as in the reference.
      return types.scalarFiltersOf(scalarOf(attribute));
    case 'relation': {
      if (attribute.media) return undefined;
      const target = types.registry.get(attribute.target);
      return target && types.isExposed(target) ? types.filtersOf(target) : undefined;
    }
    case 'component': {
      const component = types.registry.component(attribute.component);
      return component && types.isExposed(component) ? types.filtersOf(component) : undefined;
    }
    case 'dynamiczone':
      return undefined;
  }
}

function filterFields(model: Model, types: SchemaTypes, self: GraphQLInputObjectType): GraphQLInputFieldConfigMap {
  const fields: GraphQLInputFieldConfigMap = {};
  const add = (attribute: Attribute | undefined): void => {
    const type = attribute && attributeFilter(model, attribute, types);
    if (attribute && type) fields[attribute.name] = { type };
  };
  if (model.modelType === 'contentType' && model.kind === 'collectionType') add(model.attributes.get('documentId'));
  for (const attribute of model.attributes.values()) if (!isPlacedApart(model, attribute)) add(attribute);
  if (model.modelType === 'contentType') {
    for (const name of TRAILING_SYSTEM_ATTRIBUTES) {
      const attribute = model.attributes.get(name);
      if (attribute && isPlacedApart(model, attribute)) add(attribute);
    }
    // No `localizations` filter (Strapi has one): the query layer cannot filter on other versions of a document yet.
  }
  fields.and = { type: new GraphQLList(self) };
  fields.or = { type: new GraphQLList(self) };
  fields.not = { type: self };
  return fields;
}

/**
 * `<Type>FiltersInput` of a content-type or component: one field per public attribute that
 * may be filtered on (relations and components as the other model's filters input, for deep
 * filtering), and `and`/`or`/`not` over itself. Media, dynamic zones and private attributes are
 * left out; components have no id/documentId filter, single types no documentId.
 */
export function buildFiltersInput(model: Model, types: SchemaTypes): GraphQLInputObjectType {
  const self: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: filtersNameOf(model),
    fields: () => filterFields(model, types, self),
  });
  return self;
}
