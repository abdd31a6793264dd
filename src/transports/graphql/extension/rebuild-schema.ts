import {
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLUnionType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isSpecifiedDirective,
  isSpecifiedScalarType,
  isUnionType,
  type GraphQLArgumentConfig,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLNamedType,
  type GraphQLScalarType,
  type GraphQLType,
} from 'graphql';

export type FieldMapper = (typeName: string, fieldName: string, config: GraphQLFieldConfig<unknown, unknown>) => GraphQLFieldConfig<unknown, unknown>;
export type ScalarMapper = (type: GraphQLScalarType) => GraphQLScalarType;

function mapValues<T, U>(record: Readonly<Record<string, T>>, map: (value: T, key: string) => U): Record<string, U> {
  const result: Record<string, U> = {};
  for (const [key, value] of Object.entries(record)) result[key] = map(value, key);
  return result;
}

/**
 * A copy of the schema with new type objects, each object field passed through `mapField` (and
 * each custom scalar through `mapScalar`). graphql-js has no such helper; copying instead of
 * setting `resolve` on the given schema's fields keeps the generated schema untouched, so it can
 * be extended again (a rebuild after a content model change) without wrapping twice.
 */
export function rebuildSchema(schema: GraphQLSchema, mapField: FieldMapper, mapScalar: ScalarMapper = (type) => type): GraphQLSchema {
  const types = new Map<string, GraphQLNamedType>();
  const named = <T extends GraphQLNamedType>(type: T): T => types.get(type.name) as T;
  const replace = <T extends GraphQLType>(type: T): T => {
    if (isListType(type)) return new GraphQLList(replace(type.ofType)) as T;
    if (isNonNullType(type)) return new GraphQLNonNull(replace(type.ofType)) as T;
    return named(type as GraphQLNamedType) as T;
  };
  const args = (map: GraphQLFieldConfigArgumentMap): GraphQLFieldConfigArgumentMap =>
    mapValues(map, (arg): GraphQLArgumentConfig => ({ ...arg, type: replace(arg.type) }));

  for (const type of Object.values(schema.getTypeMap())) {
    types.set(type.name, copyType(type));
  }

  function copyType(type: GraphQLNamedType): GraphQLNamedType {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) return type;
    if (isScalarType(type)) return mapScalar(type);
    if (isEnumType(type)) return new GraphQLEnumType(type.toConfig());
    if (isObjectType(type)) {
      const config = type.toConfig();
      return new GraphQLObjectType({
        ...config,
        interfaces: () => config.interfaces.map(named),
        fields: () => mapValues(config.fields, (field, name) => mapField(type.name, name, { ...field, type: replace(field.type), args: args(field.args ?? {}) })),
      });
    }
    if (isInterfaceType(type)) {
      const config = type.toConfig();
      return new GraphQLInterfaceType({
        ...config,
        interfaces: () => config.interfaces.map(named),
        fields: () => mapValues(config.fields, (field) => ({ ...field, type: replace(field.type), args: args(field.args ?? {}) })),
      });
    }
    if (isUnionType(type)) {
      const config = type.toConfig();
      return new GraphQLUnionType({ ...config, types: () => config.types.map(named) });
    }
    if (isInputObjectType(type)) {
      const config = type.toConfig();
      return new GraphQLInputObjectType({ ...config, fields: () => mapValues(config.fields, (field) => ({ ...field, type: replace(field.type) })) });
    }
    throw new Error(`Unexpected GraphQL type ${String(type)}`);
  }

  const config = schema.toConfig();
  return new GraphQLSchema({
    ...config,
    query: config.query && named(config.query),
    mutation: config.mutation && named(config.mutation),
    subscription: config.subscription && named(config.subscription),
    types: [...types.values()],
    directives: config.directives.map((directive) =>
      isSpecifiedDirective(directive) ? directive : new GraphQLDirective({ ...directive.toConfig(), args: args(directive.toConfig().args) })),
  });
}
