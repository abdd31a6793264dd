import { GraphQLEnumType, type GraphQLInputObjectType, type GraphQLScalarType } from 'graphql';
import type { DynamicZoneAttribute, ScalarAttribute } from '../../../core/schema/attribute.js';
import type { Model } from '../../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../../core/schema/registry.js';
import type { ShadowCrudView } from '../extension/extension-types.js';
import { enumNameOf, enumValueNameOf } from '../type-names.js';
import { buildFiltersInput, buildScalarFilterInput } from './filter-inputs.js';
import type { SchemaTypes } from './schema-types.js';
import { buildWriteInput, buildZoneInput } from './write-inputs.js';

/** One schema build's named types, each made once on first use (graphql-js wants one object per name). */
export function createSchemaTypes(registry: SchemaRegistry, shadow: ShadowCrudView, shape: 'entity' | 'flat'): SchemaTypes {
  const cache = new Map<string, unknown>();
  function memo<T>(key: string, make: () => T): T {
    if (cache.has(key)) return cache.get(key) as T;
    const made = make();
    cache.set(key, made);
    return made;
  }
  const types: SchemaTypes = {
    shape,
    registry,
    shadow,
    isExposed: (model) => shadow.isTypeEnabled(model.uid) && !model.uid.startsWith('admin::'),
    enumOf: (model: Model, attribute: ScalarAttribute) => {
      const name = enumNameOf(model, attribute.name);
      return memo(`enum:${name}`, () => new GraphQLEnumType({
        name,
        // The value travels under its GraphQL name and is stored as written (`draft-mode` ↔ draft_mode).
        values: Object.fromEntries((attribute.enum ?? []).map((value) => [enumValueNameOf(value), { value }])),
      }));
    },
    scalarFiltersOf: (scalar: GraphQLScalarType) => memo(`scalar-filters:${scalar.name}`, () => buildScalarFilterInput(scalar)),
    filtersOf: (model: Model): GraphQLInputObjectType => memo(`filters:${model.uid}`, () => buildFiltersInput(model, types)),
    inputOf: (model: Model): GraphQLInputObjectType => memo(`input:${model.uid}`, () => buildWriteInput(model, types)),
    zoneInputOf: (model: Model, attribute: DynamicZoneAttribute) => memo(`zone-input:${model.uid}.${attribute.name}`, () => buildZoneInput(model, attribute, types)),
  };
  return types;
}
