import { GraphQLBoolean, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLScalarType, GraphQLString, Kind, type ValueNode } from 'graphql';
import type { ScalarAttribute } from '../../core/schema/attribute.js';

/**
 * The custom scalars of the schema. Values travel as the REST API writes them (dates and
 * times as ISO strings, big integers as strings), so parsing only checks the literal's kind and
 * leaves the attribute's own checks to write validation, which reports them per attribute.
 */

/** A GraphQL literal as a plain value (objects and lists included), for JSON and the dynamic-zone inputs. */
export function literalValue(node: ValueNode, variables: Readonly<Record<string, unknown>> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.NULL:
      return null;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
    case Kind.ENUM:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.LIST:
      return node.values.map((item) => literalValue(item, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}

function stringLiteral(name: string) {
  return (node: ValueNode): string => {
    if (node.kind !== Kind.STRING) throw new TypeError(`${name} must be a string`);
    return node.value;
  };
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables),
});

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'A date and time, as an ISO 8601 string in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : value),
  parseValue: (value) => value,
  parseLiteral: stringLiteral('DateTime'),
});

export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  description: 'A calendar date, `YYYY-MM-DD`.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: stringLiteral('Date'),
});

export const TimeScalar = new GraphQLScalarType({
  name: 'Time',
  description: 'A time of day, `HH:mm:ss.SSS`.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: stringLiteral('Time'),
});

export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  description: 'A 64-bit integer, as a string (or a number within the safe range on input).',
  serialize: (value) => (typeof value === 'bigint' ? value.toString() : value),
  parseValue: (value) => value,
  parseLiteral: (node) => {
    if (node.kind === Kind.INT || node.kind === Kind.STRING) return node.value;
    throw new TypeError('Long must be an integer or a string of digits');
  },
});

/** A locale code or `*`; whether the locale is configured is checked with the request (400 otherwise). */
export const LocaleCodeScalar = new GraphQLScalarType({
  name: 'I18NLocaleCode',
  description: 'A locale code such as `en` or `fr-FR`, or `*` for every locale (lists only).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: stringLiteral('I18NLocaleCode'),
});

/** The GraphQL scalar of a scalar attribute (enumerations have their own enum types, see type-names). */
export function scalarOf(attribute: ScalarAttribute): GraphQLScalarType {
  switch (attribute.type) {
    case 'integer':
      return GraphQLInt;
    case 'biginteger':
      return LongScalar;
    case 'float':
    case 'decimal':
      return GraphQLFloat;
    case 'boolean':
      return GraphQLBoolean;
    case 'date':
      return DateScalar;
    case 'time':
      return TimeScalar;
    case 'datetime':
    case 'timestamp':
      return DateTimeScalar;
    case 'json':
    case 'blocks':
    case 'array':
      return JSONScalar;
    default:
      return attribute.name === 'documentId' ? GraphQLID : GraphQLString;
  }
}
