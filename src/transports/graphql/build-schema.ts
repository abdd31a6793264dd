import { GraphQLObjectType, GraphQLSchema, type GraphQLFieldConfigMap } from 'graphql';
import { readPermission, type PermissionName } from '../../core/auth/permission-names.js';
import type { GeneratedSchema, ShadowCrudView } from './extension/extension-types.js';
import type { GraphqlRequestContext, GraphqlServices } from './graphql-context.js';
import { contentTypeFields } from './resolve/content-type-fields.js';
import { graphqlRestConfig, type RootContext } from './resolve/read-query.js';
import { typeNameOf } from './type-names.js';
import { createOutputTypes } from './types/output-types.js';
import { createSchemaTypes } from './types/create-schema-types.js';
import type { SchemaTypes } from './types/schema-types.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlRequestContext>;

/** Root fields a plugin adds beside shadow CRUD (the users-permissions mutations, the upload file mutations). */
export interface PluginFields {
  readonly queries?: Fields;
  readonly mutations?: Fields;
  /** Permissions per resolver path (`Mutation.changePassword` → [...]). */
  readonly scopes?: ReadonlyMap<string, readonly PermissionName[]>;
  /** Paths open to everyone (`Mutation.login`). */
  readonly open?: readonly string[];
}

export type PluginSchema = (types: SchemaTypes, context: RootContext) => PluginFields;

/** A plugin's part of the GraphQL schema, returned by its `register` (plugin/plugin.ts: the transports' own parts). */
export interface GraphqlContribution {
  readonly graphql?: PluginSchema;
}

/**
 * The schema generated from the registry (shadow CRUD) in the configured shape, plus the
 * plugins' fields. Its resolvers check no permission: `scopes` says what each path needs and
 * extension/apply-extensions wraps them (so that `resolversConfig` can change it).
 */
export function generateSchema(services: GraphqlServices, shadow: ShadowCrudView, plugins: readonly PluginSchema[] = []): GeneratedSchema {
  const { config, registry } = services;
  const types = createSchemaTypes(registry, shadow, config.shape);
  const output = createOutputTypes(types, config);
  const context: RootContext = { services, output, rest: graphqlRestConfig(services) };
  const queries: Fields = {};
  const mutations: Fields = {};
  const scopes = new Map<string, readonly PermissionName[]>();
  const open = new Set<string>();

  if (config.shadowCRUD) {
    for (const contentType of registry.contentTypes) {
      if (!types.isExposed(contentType)) continue;
      const fields = contentTypeFields(contentType, types, context);
      Object.assign(queries, fields.queries);
      Object.assign(mutations, fields.mutations);
      for (const [path, permission] of fields.scopes) scopes.set(path, [permission]);
    }
    // A nested relation needs `find` on its target (reference §6); media are read with their holder.
    for (const model of [...registry.contentTypes, ...registry.components]) {
      if (!types.isExposed(model)) continue;
      for (const attribute of model.linkedAttributes) {
        if (attribute.kind !== 'relation' || attribute.media !== undefined) continue;
        const permission = [readPermission(attribute.target)];
        scopes.set(`${typeNameOf(model)}.${attribute.name}`, permission);
        if (config.shape === 'flat' && attribute.many) scopes.set(`${typeNameOf(model)}.${attribute.name}_connection`, permission);
      }
    }
  }
  for (const plugin of plugins) {
    const fields = plugin(types, context);
    Object.assign(queries, fields.queries ?? {});
    Object.assign(mutations, fields.mutations ?? {});
    for (const [path, permissions] of fields.scopes ?? []) scopes.set(path, permissions);
    for (const path of fields.open ?? []) open.add(path);
  }
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: queries }),
    mutation: Object.keys(mutations).length > 0 ? new GraphQLObjectType({ name: 'Mutation', fields: mutations }) : undefined,
  });
  return { schema, scopes, open };
}
