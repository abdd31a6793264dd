import type { FastifyRequest } from 'fastify';
import { CONTENT_MANAGER_ACTIONS, IS_CREATOR_CONDITION, type AdminAbility, type AdminPermission, type ContentGrant } from '../../transports/admin/admin-ability.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import type { AdminUserView } from '../../transports/admin/admin-user-service.js';

/** Where the content manager gets the caller's ability: the admin guard's `ability` (RBAC), or the interim one below. */
export type AbilityOf = (request: FastifyRequest) => Promise<AdminAbility>;

const SUPER_ADMIN = 'strapi-super-admin';
const EDITOR = 'strapi-editor';
const AUTHOR = 'strapi-author';

const ALL: ContentGrant = { fields: null, locales: null, conditions: [] };
const OWN: ContentGrant = { fields: null, locales: null, conditions: [IS_CREATOR_CONDITION] };
const CM_ACTIONS: ReadonlySet<string> = new Set(Object.values(CONTENT_MANAGER_ACTIONS));

/**
 * Strapi's default roles read from the user's role codes, for as long as the guard has no stored
 * admin permissions: Super Admin and Editor reach every document, Author only those it created.
 */
export function interimAbility(user: AdminUserView): AdminAbility {
  const codes = new Set(user.roles.map((role) => role.code));
  const isSuperAdmin = codes.has(SUPER_ADMIN);
  const grant = isSuperAdmin || codes.has(EDITOR) ? ALL : codes.has(AUTHOR) ? OWN : null;
  const permissions: AdminPermission[] = [];
  return {
    user,
    isSuperAdmin,
    permissions,
    grant: (action) => (CM_ACTIONS.has(action) || (isSuperAdmin && action.startsWith('plugin::content-manager.')) ? grant : null),
  };
}

/** The guard's ability when it has one, the interim one otherwise. */
export function abilitySource(guard: AdminGuard): AbilityOf {
  const withAbility = guard as AdminGuard & { ability?: (request: FastifyRequest) => Promise<AdminAbility> };
  if (typeof withAbility.ability === 'function') return (request) => (withAbility.ability as (request: FastifyRequest) => Promise<AdminAbility>)(request);
  return async (request) => interimAbility(await guard.authenticate(request));
}
