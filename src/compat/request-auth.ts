import type { AuthService } from '../core/auth/auth-service.js';
import type { Principal } from '../core/auth/principal.js';
import { PUBLIC_PRINCIPAL } from '../core/auth/principal.js';

/** Who a ctx was authenticated as by its route: null on an `auth: false` route (nothing checked, as on Strapi). */
export type RequestPrincipal = Principal | null;

/** The principals of the contexts the route runner made; a ctx project code builds itself is authenticated from its headers. */
export class RequestPrincipals {
  readonly #principals = new WeakMap<object, RequestPrincipal>();
  set(ctx: object, principal: RequestPrincipal): void {
    this.#principals.set(ctx, principal);
  }
  has(ctx: object): boolean {
    return this.#principals.has(ctx);
  }
  get(ctx: object): RequestPrincipal {
    return this.#principals.get(ctx) ?? null;
  }
}

/**
 * The auth service a core action runs with: the principal already known (authenticated once per
 * request), and on an `auth: false` route every permission granted, as Strapi skips its
 * permission check there.
 */
export function authFor(auth: AuthService, principal: RequestPrincipal): AuthService {
  return {
    authenticate: async () => principal ?? PUBLIC_PRINCIPAL,
    can: principal === null ? () => true : (who, action) => auth.can(who, action),
    permissionsChanged: () => auth.permissionsChanged(),
    reloadPermissions: () => auth.reloadPermissions(),
  };
}
