import {
  GraphQLScalarType,
  GraphQLSchema,
  defaultFieldResolver,
  isObjectType,
  isScalarType,
  validateSchema,
  type GraphQLFieldResolver,
} from 'graphql';
import type { AuthService } from '../../../core/auth/auth-service.js';
import { writtenPermission } from '../../../core/auth/permission-names.js';
import type { GraphqlRequestContext } from '../graphql-context.js';
import { bindMiddlewares } from './bind-middlewares.js';
import { bindPolicies } from './bind-policies.js';
import { extendWithTypeDefs } from './extend-with-type-defs.js';
import type { ExtensionServices, GeneratedSchema, GraphqlExtension, MiddlewareFactory, PolicyFunction, ResolverConfig } from './extension-types.js';
import { rebuildSchema } from './rebuild-schema.js';
import { createAuthorizer, wrapResolver } from './wrap-resolver.js';
import { ExtensionError } from './extension-error.js';

export interface ApplyExtensionsOptions {
  readonly auth: AuthService;
  /** Registered policies by name (`global::is-owner`, `plugin::users-permissions.isAuthenticated`). */
  readonly policies: ReadonlyMap<string, PolicyFunction>;
  /** Registered middleware factories by name (`global::log`). */
  readonly middlewares: ReadonlyMap<string, MiddlewareFactory>;
  readonly services: ExtensionServices;
}

type Resolver = GraphQLFieldResolver<unknown, GraphqlRequestContext>;

function fail(problem: string): never {
  throw new ExtensionError(`GraphQL extension: ${problem}`);
}

/**
 * `resolvers`: later extensions win, as the reference's deep merge of resolver maps.
 * A scalar's entry may be a GraphQLScalarType, whose parsing and serializing replace the schema's.
 */
function mergeResolvers(extensions: readonly GraphqlExtension[]): { fields: Map<string, Resolver>; scalars: Map<string, GraphQLScalarType> } {
  const fields = new Map<string, Resolver>();
  const scalars = new Map<string, GraphQLScalarType>();
  for (const extension of extensions) {
    for (const [typeName, map] of Object.entries(extension.resolvers ?? {})) {
      if (map instanceof GraphQLScalarType) {
        scalars.set(typeName, map);
        continue;
      }
      for (const [fieldName, value] of Object.entries(map)) {
        const resolve = typeof value === 'function' ? value : (value as { resolve?: unknown } | null)?.resolve;
        if (typeof resolve !== 'function') fail(`resolvers.${typeName}.${fieldName} must be a function or { resolve }`);
        fields.set(`${typeName}.${fieldName}`, resolve as Resolver);
      }
    }
  }
  return { fields, scalars };
}

/**
 * `resolversConfig`: per path and key (auth, policies, middlewares), the first registered
 * extension wins, as the reference (`merge(new, acc)`), so a project's `register()` settings stay
 * in force whatever a later extension adds.
 */
function mergeResolversConfig(extensions: readonly GraphqlExtension[]): Map<string, ResolverConfig> {
  const merged = new Map<string, ResolverConfig>();
  for (const extension of extensions) {
    for (const [path, config] of Object.entries(extension.resolversConfig ?? {})) {
      merged.set(path, { ...config, ...merged.get(path) });
    }
  }
  return merged;
}

function withTypes(schema: GraphQLSchema, types: NonNullable<GraphqlExtension['types']>): GraphQLSchema {
  if (types.length === 0) return schema;
  const config = schema.toConfig();
  try {
    return new GraphQLSchema({ ...config, types: [...config.types, ...types] });
  } catch (error) {
    fail(`types: ${(error as Error).message}`);
  }
}

/**
 * The served schema: the generated one with every extension's types, typeDefs and resolvers,
 * and every resolver that needs it wrapped in auth → middlewares → policies. Any mistake (bad
 * SDL, unknown policy, a resolver or config for a field the schema lacks) throws at start.
 */
export function applyExtensions(generated: GeneratedSchema, extensions: readonly GraphqlExtension[], options: ApplyExtensionsOptions): GraphQLSchema {
  const typed = withTypes(generated.schema, extensions.flatMap((extension) => extension.types ?? []));
  const extended = extendWithTypeDefs(typed, extensions.flatMap((extension) => (extension.typeDefs === undefined ? [] : [extension.typeDefs])));
  const resolvers = mergeResolvers(extensions);
  const configs = mergeResolversConfig(extensions);

  const fieldExists = (path: string): boolean => {
    const [typeName = '', fieldName = ''] = path.split('.');
    const type = extended.getType(typeName);
    return isObjectType(type) && fieldName in type.getFields();
  };
  for (const path of resolvers.fields.keys()) if (!fieldExists(path)) fail(`resolvers: ${path} is not a field of the schema`);
  // A config for a missing field would silently leave its policies unapplied.
  for (const path of configs.keys()) if (!fieldExists(path)) fail(`resolversConfig: ${path} is not a field of the schema`);
  for (const name of resolvers.scalars.keys()) if (!isScalarType(extended.getType(name))) fail(`resolvers: ${name} is not a scalar of the schema`);

  const roots = new Set([extended.getQueryType(), extended.getMutationType(), extended.getSubscriptionType()].flatMap((type) => (type ? [type.name] : [])));
  const schema = rebuildSchema(
    extended,
    (typeName, fieldName, field) => {
      const path = `${typeName}.${fieldName}`;
      const resolve = resolvers.fields.get(path) ?? (field.resolve as Resolver | undefined);
      const config = configs.get(path);
      const scope = generated.scopes.get(path);
      if (!roots.has(typeName) && scope === undefined && config === undefined) return resolve === field.resolve ? field : { ...field, resolve: resolve as typeof field.resolve };
      // As the reference: roots, scoped fields and fields with an explicit `auth` are checked;
      // a nested field configured only for policies or middlewares is not.
      const checked = roots.has(typeName) || scope !== undefined || config?.auth !== undefined;
      const open = config?.auth === false || generated.open.has(path) || !checked;
      const guard = {
        authorize: open ? null : createAuthorizer(options.auth, config?.auth ? config.auth.scope.map((name) => writtenPermission(name)) : scope),
        middlewares: bindMiddlewares(config?.middlewares ?? [], options.middlewares, options.services, `GraphQL extension: resolversConfig["${path}"].middlewares`),
        policies: bindPolicies(config?.policies ?? [], options.policies, options.services, `GraphQL extension: resolversConfig["${path}"].policies`),
      };
      return { ...field, resolve: wrapResolver(resolve ?? defaultFieldResolver, guard) as typeof field.resolve };
    },
    (scalar) => {
      const implementation = resolvers.scalars.get(scalar.name);
      if (!implementation) return scalar;
      const { serialize, parseValue, parseLiteral } = implementation.toConfig();
      return new GraphQLScalarType({ ...scalar.toConfig(), serialize, parseValue, parseLiteral });
    },
  );
  const errors = validateSchema(schema);
  if (errors.length > 0) fail(`the extended schema is invalid: ${errors.map((error) => error.message).join('; ')}`);
  return schema;
}
