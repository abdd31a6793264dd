import type { FastifyRequest } from 'fastify';
import type { AdminAbility, AdminPermission, ContentGrant } from '../../transports/admin/admin-ability.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { SUPER_ADMIN_CODE } from '../../transports/admin/admin-roles.js';
import type { AbilityOf } from './upload-admin-routes.js';

/** The admin guard with the ability of the admin RBAC contract (transports/admin/admin-ability.ts). */
type GuardWithAbility = AdminGuard & { readonly ability?: (request: FastifyRequest) => Promise<AdminAbility> };

const EVERYTHING: ContentGrant = Object.freeze({ fields: null, locales: null, conditions: [] });

/**
 * The ability of the request's admin user: the guard's own once stored admin roles exist;
 * until then, Super Admins may do everything and other roles nothing of the media library.
 */
export function uploadAbilityOf(guard: AdminGuard): AbilityOf {
  const withAbility = guard as GuardWithAbility;
  return async (request) => {
    if (withAbility.ability) return withAbility.ability(request);
    const user = await guard.authenticate(request);
    const isSuperAdmin = user.roles.some((role) => role.code === SUPER_ADMIN_CODE);
    const permissions: readonly AdminPermission[] = [];
    return { user, isSuperAdmin, permissions, grant: () => (isSuperAdmin ? EVERYTHING : null) };
  };
}
