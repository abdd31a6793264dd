import type { GraphQLEnumType, GraphQLInputObjectType, GraphQLScalarType } from 'graphql';
import type { DynamicZoneAttribute, ScalarAttribute } from '../../../core/schema/attribute.js';
import type { Model } from '../../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../../core/schema/registry.js';
import type { ShadowCrudView } from '../extension/extension-types.js';

/**
 * The named types of one schema build, made on first use and then shared (graphql-js needs one
 * object per name). Builders of output and input types take this and ask it for the types
 * they reference, so that mutually recursive models resolve through thunks.
 */
export interface SchemaTypes {
  readonly shape: 'entity' | 'flat';
  readonly registry: SchemaRegistry;
  readonly shadow: ShadowCrudView;
  /** Whether a model is in the schema (its type enabled, and for content-types, not an admin type). */
  isExposed(model: Model): boolean;
  enumOf(model: Model, attribute: ScalarAttribute): GraphQLEnumType;
  /** `StringFilterInput`, `IntFilterInput`, … for a scalar. */
  scalarFiltersOf(scalar: GraphQLScalarType): GraphQLInputObjectType;
  /** `<Type>FiltersInput` of a content-type or component. */
  filtersOf(model: Model): GraphQLInputObjectType;
  /** `<Type>Input` of a content-type or component. */
  inputOf(model: Model): GraphQLInputObjectType;
  /** `<Type><Attr>DynamicZoneInput`. */
  zoneInputOf(model: Model, attribute: DynamicZoneAttribute): GraphQLScalarType;
}
