import type { PermissionName } from '../../../core/auth/permission-names.js';
import type { GraphQLFieldResolver, GraphQLNamedType, GraphQLResolveInfo, GraphQLSchema } from 'graphql';
import type { GraphqlRequestContext } from '../graphql-context.js';

/** Shadow CRUD actions, as `disableAction` names them. */
export const SHADOW_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type ShadowAction = (typeof SHADOW_ACTIONS)[number];

/** What the schema builder asks of the extension service's shadow CRUD settings (all true by default). */
export interface ShadowCrudView {
  isTypeEnabled(uid: string): boolean;
  isActionEnabled(uid: string, action: ShadowAction): boolean;
  hasOutput(uid: string, field: string): boolean;
  hasInput(uid: string, field: string): boolean;
  hasFilters(uid: string, field: string): boolean;
}

/** What a policy receives, as the reference's policy context (`is('graphql')`, `state`, …). */
export interface PolicyContext {
  readonly type: 'graphql';
  is(type: string): boolean;
  readonly parent: unknown;
  readonly args: Readonly<Record<string, unknown>>;
  readonly context: GraphqlRequestContext;
  readonly info: GraphQLResolveInfo;
  readonly state: Record<string, unknown>;
  readonly http: { readonly request: GraphqlRequestContext['request']; readonly reply: GraphqlRequestContext['reply'] };
}

/** A policy: anything but `true`/`undefined` (or a throw) refuses the call with a 403 "Policy Failed". */
export type PolicyFunction = (context: PolicyContext, config: unknown, services: ExtensionServices) => unknown;
export type PolicyItem = string | { readonly name: string; readonly config?: unknown } | PolicyFunction;

export type MiddlewareFunction = (
  next: GraphQLFieldResolver<unknown, GraphqlRequestContext>,
  parent: unknown,
  args: Readonly<Record<string, unknown>>,
  context: GraphqlRequestContext,
  info: GraphQLResolveInfo,
) => unknown;
/** A named middleware is a factory `(options, services) => MiddlewareFunction` (`src/middlewares/<name>`). */
export type MiddlewareFactory = (options: unknown, services: ExtensionServices) => MiddlewareFunction;
export type MiddlewareItem = string | { readonly name: string; readonly options?: unknown } | MiddlewareFunction;

/** `resolversConfig['Query.articles']`. */
export interface ResolverConfig {
  /** false: no permission check; `{ scope }`: these permissions instead of the generated one. */
  readonly auth?: false | { readonly scope: readonly string[] };
  readonly policies?: readonly PolicyItem[];
  readonly middlewares?: readonly MiddlewareItem[];
}

/** What `use()` takes (or a function of `{ strapi, tessera, nexus?: undefined }` returning it). */
export interface GraphqlExtension {
  /** graphql-js named types to add to the schema. */
  readonly types?: readonly GraphQLNamedType[];
  /** SDL merged into the schema (new types, `extend type Query { … }`). */
  readonly typeDefs?: string;
  /** Server plugins: functions called with the Fastify instance that serves the endpoint, after the GraphQL server is registered (e.g. to add mercurius hooks). */
  readonly plugins?: readonly unknown[];
  /** `{ Query: { hello: resolver }, Article: { … } }`, applied over the generated resolvers. */
  readonly resolvers?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly resolversConfig?: Readonly<Record<string, ResolverConfig>>;
}

/** What policies and middlewares receive as their last argument (`{ strapi }` for code written for the reference). */
export interface ExtensionServices {
  readonly strapi: unknown;
  readonly tessera: unknown;
}

/** The generated schema before extensions: resolvers check nothing themselves; `scopes` say what each needs. */
export interface GeneratedSchema {
  readonly schema: GraphQLSchema;
  /**
   * Permissions per resolver path (`Query.articles` → [`api::article.article.find`],
   * `Article.categories` → [`api::category.category.find`]); every Query and Mutation field
   * not listed needs an authenticated caller unless its config says `auth: false`.
   */
  readonly scopes: ReadonlyMap<string, readonly PermissionName[]>;
  /** Paths that need no permission at all (`Mutation.login`). */
  readonly open: ReadonlySet<string>;
}
