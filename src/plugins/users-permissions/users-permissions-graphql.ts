import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLNullableType,
} from 'graphql';
import { pluginPermission, type PermissionName, type PluginAction } from '../../core/auth/permission-names.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import { ForbiddenError } from '../../core/shared/errors.js';
import type { AuthActions, AuthResult } from './auth-routes.js';
import type { UserService } from './user-service.js';
import type { AuthRateLimit } from '../../transports/security/rate-limit-plugin.js';
import type { LimitedAuthAction } from '../../transports/security/rate-limit-key.js';
import type { PluginSchema } from '../../transports/graphql/build-schema.js';
import type { GraphqlRequestContext } from '../../transports/graphql/graphql-context.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlRequestContext>;
type Args = Readonly<Record<string, unknown>>;

/** What the users-permissions plugin hands to its GraphQL fields: the same actions and service as its REST routes. */
export interface UsersPermissionsGraphqlDeps {
  readonly actions: AuthActions;
  readonly users: UserService;
  /** The auth routes' rate limit (absent: not limited). */
  readonly rateLimit?: AuthRateLimit;
}

const auth = (action: PluginAction<'plugin::users-permissions.auth'>): PermissionName => pluginPermission('plugin::users-permissions.auth', action);

const nonNull = <T extends GraphQLNullableType>(type: T) => new GraphQLNonNull(type);

/** The named types, made once per schema build (graphql-js wants one object per name in a schema). */
function createTypes() {
  const role = new GraphQLObjectType({
    name: 'UsersPermissionsMeRole',
    fields: { id: { type: nonNull(GraphQLID) }, name: { type: nonNull(GraphQLString) }, description: { type: GraphQLString }, type: { type: GraphQLString } },
  });
  const me = new GraphQLObjectType({
    name: 'UsersPermissionsMe',
    fields: {
      id: { type: nonNull(GraphQLID) },
      documentId: { type: nonNull(GraphQLID) },
      username: { type: nonNull(GraphQLString) },
      email: { type: GraphQLString },
      confirmed: { type: GraphQLBoolean },
      blocked: { type: GraphQLBoolean },
      // Only `me` populates the role; register and login answer `role: null`, as the reference.
      role: { type: role },
    },
  });
  const loginPayload = new GraphQLObjectType({ name: 'UsersPermissionsLoginPayload', fields: { jwt: { type: GraphQLString }, user: { type: nonNull(me) } } });
  const passwordPayload = new GraphQLObjectType({ name: 'UsersPermissionsPasswordPayload', fields: { ok: { type: nonNull(GraphQLBoolean) } } });
  const registerInput = new GraphQLInputObjectType({
    name: 'UsersPermissionsRegisterInput',
    fields: { username: { type: nonNull(GraphQLString) }, email: { type: nonNull(GraphQLString) }, password: { type: nonNull(GraphQLString) } },
  });
  const loginInput = new GraphQLInputObjectType({
    name: 'UsersPermissionsLoginInput',
    fields: { identifier: { type: nonNull(GraphQLString) }, password: { type: nonNull(GraphQLString) }, provider: { type: nonNull(GraphQLString), defaultValue: 'local' } },
  });
  return { me, loginPayload, passwordPayload, registerInput, loginInput };
}

/** A GraphQL input object has a null prototype: a plain copy is what the REST body readers take. */
const bodyOf = (value: unknown): Record<string, unknown> => ({ ...(value as Args) });

/** `{ jwt, user }` with `jwt: null` when register needs an email confirmation first. */
const payload = (result: AuthResult) => ({ jwt: result.jwt ?? null, user: result.user });

/**
 * The users-permissions plugin's GraphQL fields (reference §6): `me` and the auth mutations,
 * running the very actions of the REST routes. `provider` of login is accepted but only
 * `local` exists, as over REST (`/api/auth/local`).
 */
export function usersPermissionsSchema({ actions, users, rateLimit }: UsersPermissionsGraphqlDeps): PluginSchema {
  /**
   * Each auth mutation spends the very counter of its REST route (same key: address, route and,
   * where REST keys by it, the email), so that N REST and M GraphQL attempts share one budget.
   */
  const limit = async (ctx: GraphqlRequestContext, action: LimitedAuthAction, email?: unknown): Promise<void> => {
    if (rateLimit) await rateLimit(ctx.request, ctx.reply, { action, email });
  };
  return (_types, context) => {
    const { registry, rest, locales } = context.services;
    const types = createTypes();
    // A user may always see their own role, as on GET /users/me?populate=role.
    const meQuery = parseDocumentQuery({ populate: ['role'] }, { contentType: users.contentType, rest, registry, locales });

    const queries: Fields = {
      me: {
        type: types.me,
        resolve: async (_parent, _args, ctx) => {
          if (ctx.principal.kind !== 'user') throw new ForbiddenError('Forbidden access');
          const user = await users.output(ctx.principal.documentId, meQuery);
          if (!user) throw new ForbiddenError('Forbidden access');
          return user;
        },
      },
    };

    const loginResult = nonNull(types.loginPayload);
    const password = { type: nonNull(GraphQLString) };
    const mutations: Fields = {
      register: {
        type: loginResult,
        args: { input: { type: nonNull(types.registerInput) } },
        resolve: async (_parent, args: Args, ctx) => {
          const body = bodyOf(args.input);
          // Per address, as REST's register (rate-limit-key.ts): a new email must not mean a new budget.
          await limit(ctx, 'register');
          return payload(await actions.register(body));
        },
      },
      login: {
        type: loginResult,
        args: { input: { type: nonNull(types.loginInput) } },
        resolve: async (_parent, args: Args, ctx) => {
          const { provider: _provider, ...body } = bodyOf(args.input);
          await limit(ctx, 'login');
          return payload(await actions.login(body));
        },
      },
      forgotPassword: {
        type: types.passwordPayload,
        args: { email: { type: nonNull(GraphQLString) } },
        resolve: async (_parent, args: Args, ctx) => {
          await limit(ctx, 'forgotPassword', args.email);
          return actions.forgotPassword({ email: args.email });
        },
      },
      resetPassword: {
        type: types.loginPayload,
        args: { password, passwordConfirmation: password, code: password },
        resolve: async (_parent, args: Args, ctx) => {
          await limit(ctx, 'resetPassword');
          return payload(await actions.resetPassword(bodyOf(args)));
        },
      },
      changePassword: {
        type: types.loginPayload,
        args: { currentPassword: password, password, passwordConfirmation: password },
        resolve: async (_parent, args: Args, ctx) => {
          await limit(ctx, 'changePassword');
          return payload(await actions.changePassword(ctx.principal, bodyOf(args)));
        },
      },
      // Not limited, as its REST route GET /auth/email-confirmation (the reference limits only
      // the calls that guess or spend something; a confirmation token is not guessable).
      emailConfirmation: {
        type: types.loginPayload,
        args: { confirmation: { type: nonNull(GraphQLString) } },
        resolve: async (_parent, args: Args) => payload(await actions.confirmEmail({ confirmation: args.confirmation })),
      },
    };

    return {
      queries,
      mutations,
      scopes: new Map([
        ['Query.me', [pluginPermission('plugin::users-permissions.user', 'me')]],
        ['Mutation.changePassword', [auth('changePassword')]],
        // The permissions of the REST routes doing the same (the reference leaves these open over
        // GraphQL, so that revoking e.g. `auth.register` from Public would close only REST).
        ['Mutation.register', [auth('register')]],
        ['Mutation.login', [auth('callback')]],
        ['Mutation.forgotPassword', [auth('forgotPassword')]],
        ['Mutation.resetPassword', [auth('resetPassword')]],
        ['Mutation.emailConfirmation', [auth('emailConfirmation')]],
      ]),
    };
  };
}
