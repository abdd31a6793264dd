import type { GraphQLFieldResolver } from 'graphql';
import type { AuthService } from '../../../core/auth/auth-service.js';
import type { PermissionName } from '../../../core/auth/permission-names.js';
import { ForbiddenError } from '../../../core/shared/errors.js';
import type { GraphqlRequestContext } from '../graphql-context.js';
import { createPolicyContext, runPolicies, type BoundPolicy } from './bind-policies.js';
import type { MiddlewareFunction } from './extension-types.js';

type Resolver = GraphQLFieldResolver<unknown, GraphqlRequestContext>;

/** What protects one resolver; `authorize: null` means no permission check (`auth: false`, open paths). */
export interface ResolverGuard {
  readonly authorize: ((context: GraphqlRequestContext) => void) | null;
  readonly middlewares: readonly MiddlewareFunction[];
  readonly policies: readonly BoundPolicy[];
}

/**
 * The permission check of a resolver: with a scope, every permission of it; without one, any
 * authenticated caller (user or API token). The reference answers both with "Forbidden access".
 */
export function createAuthorizer(auth: AuthService, scope: readonly PermissionName[] | undefined): (context: GraphqlRequestContext) => void {
  if (scope === undefined) {
    return (context) => {
      if (context.principal.kind === 'public') throw new ForbiddenError('Forbidden access');
    };
  }
  return (context) => {
    for (const permission of scope) if (!auth.can(context.principal, permission)) throw new ForbiddenError('Forbidden access');
  };
}

/** auth → middlewares (in order) → policies → resolver, composed once at start. */
export function wrapResolver(resolve: Resolver, guard: ResolverGuard): Resolver {
  const { policies, middlewares, authorize } = guard;
  let chain: Resolver =
    policies.length === 0
      ? resolve
      : async (parent, args, context, info) => {
          await runPolicies(policies, createPolicyContext(parent, args, context, info));
          return resolve(parent, args, context, info);
        };
  for (const middleware of [...middlewares].reverse()) {
    const next = chain;
    chain = (parent, args, context, info) => middleware(next, parent, args, context, info);
  }
  if (authorize) {
    const inner = chain;
    chain = (parent, args, context, info) => {
      authorize(context);
      return inner(parent, args, context, info);
    };
  }
  return chain;
}
