import {
  Kind,
  extendSchema,
  parse,
  print,
  type DefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLSchema,
  type InputValueDefinitionNode,
} from 'graphql';
import { ExtensionError } from './extension-error.js';

type FieldNode = FieldDefinitionNode | InputValueDefinitionNode;

function fail(problem: string): never {
  throw new ExtensionError(`GraphQL extension typeDefs: ${problem}`);
}

/** Fields the schema already has are dropped when written identically, refused when written otherwise. */
function newFields<T extends FieldNode>(schema: GraphQLSchema, typeName: string, fields: readonly T[] | undefined): T[] {
  const type = schema.getType(typeName);
  const existing = type && 'getFields' in type ? type.getFields() : {};
  return (fields ?? []).filter((field) => {
    const current = existing[field.name.value];
    if (!current) return true;
    if (String(current.type) !== print(field.type)) fail(`${typeName}.${field.name.value} is already in the schema as ${String(current.type)}, not ${print(field.type)}`);
    return false;
  });
}

/**
 * The reference merges typeDefs into the schema (`type Query { hello: String }` adds a field to
 * the generated Query), where graphql-js's extendSchema only takes `extend type`: a definition of
 * a type the schema already has becomes an extension of it.
 */
function asExtension(schema: GraphQLSchema, definition: DefinitionNode): DefinitionNode | null {
  if (!('name' in definition) || !definition.name || !schema.getType(definition.name.value)) return definition;
  const name = definition.name.value;
  const existing = schema.getType(name);
  switch (definition.kind) {
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.INTERFACE_TYPE_DEFINITION: {
      const kind = definition.kind === Kind.OBJECT_TYPE_DEFINITION ? Kind.OBJECT_TYPE_EXTENSION : Kind.INTERFACE_TYPE_EXTENSION;
      const has = existing && 'getInterfaces' in existing ? new Set(existing.getInterfaces().map((item) => item.name)) : new Set<string>();
      const interfaces = (definition.interfaces ?? []).filter((item) => !has.has(item.name.value));
      return { kind, name: definition.name, directives: definition.directives, interfaces, fields: newFields(schema, name, definition.fields) };
    }
    case Kind.INPUT_OBJECT_TYPE_DEFINITION:
      return { kind: Kind.INPUT_OBJECT_TYPE_EXTENSION, name: definition.name, directives: definition.directives, fields: newFields(schema, name, definition.fields) };
    case Kind.ENUM_TYPE_DEFINITION: {
      const has = existing && 'getValues' in existing ? new Set(existing.getValues().map((value) => value.name)) : new Set<string>();
      return { kind: Kind.ENUM_TYPE_EXTENSION, name: definition.name, directives: definition.directives, values: (definition.values ?? []).filter((value) => !has.has(value.name.value)) };
    }
    case Kind.UNION_TYPE_DEFINITION: {
      const has = existing && 'getTypes' in existing ? new Set(existing.getTypes().map((type) => type.name)) : new Set<string>();
      return { kind: Kind.UNION_TYPE_EXTENSION, name: definition.name, directives: definition.directives, types: (definition.types ?? []).filter((type) => !has.has(type.name.value)) };
    }
    case Kind.SCALAR_TYPE_DEFINITION:
      return null;
    default:
      return definition;
  }
}

/** Merges every extension's SDL into the schema at once, so that one extension's types may use another's. */
export function extendWithTypeDefs(schema: GraphQLSchema, typeDefs: readonly string[]): GraphQLSchema {
  if (typeDefs.length === 0) return schema;
  const definitions: DefinitionNode[] = [];
  for (const source of typeDefs) {
    let document: DocumentNode;
    try {
      document = parse(source);
    } catch (error) {
      fail((error as Error).message);
    }
    for (const definition of document.definitions) {
      const converted = asExtension(schema, definition);
      if (converted) definitions.push(converted);
    }
  }
  try {
    return extendSchema(schema, { kind: Kind.DOCUMENT, definitions });
  } catch (error) {
    fail((error as Error).message);
  }
}
