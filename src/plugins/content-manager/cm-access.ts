import type { FastifyRequest } from 'fastify';
import type { AdminAbility, ContentGrant } from '../../transports/admin/admin-ability.js';
import { CONTENT_MANAGER_ACTIONS } from '../../transports/admin/admin-ability.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { SUPER_ADMIN_CODE } from '../../transports/admin/admin-roles.js';
import { CmsError, ForbiddenError } from '../../core/shared/errors.js';

/** The ability of the request's admin user (401 without a valid admin token): what every route here asks. */
export type AbilityOf = (request: FastifyRequest) => Promise<AdminAbility>;

const EVERYTHING: ContentGrant = Object.freeze({ fields: null, locales: null, conditions: [] });

/**
 * An ability read from the admin roles alone, for a server whose guard has no `ability` yet:
 * a Super Admin may do everything, any other role nothing. The admin RBAC's `guard.ability`
 * replaces it where it exists (content-manager-extras.ts chooses).
 */
export function superAdminAbility(guard: AdminGuard): AbilityOf {
  return async (request) => {
    const user = await guard.authenticate(request);
    const isSuperAdmin = user.roles.some((role) => role.code === SUPER_ADMIN_CODE);
    return { user, isSuperAdmin, permissions: [], grant: () => (isSuperAdmin ? EVERYTHING : null) };
  };
}

/** The grant of a content-manager action on a type, or Strapi's controller 403 (`ForbiddenError`). */
export function requireGrant(ability: AdminAbility, action: keyof typeof CONTENT_MANAGER_ACTIONS, uid: string): ContentGrant {
  const grant = ability.grant(CONTENT_MANAGER_ACTIONS[action], uid);
  if (!grant) throw new ForbiddenError();
  return grant;
}

/** Whether a grant reaches an attribute (a null field list reaches all). */
export function grantsField(grant: ContentGrant | null, field: string): boolean {
  return grant !== null && (grant.fields === null || grant.fields.has(field) || [...grant.fields].some((name) => name.startsWith(`${field}.`)));
}

/** Whether a grant reaches a locale (a null locale list reaches all; no locale: a type without i18n). */
export function grantsLocale(grant: ContentGrant, locale: string | null): boolean {
  return locale === null || grant.locales === null || grant.locales.has(locale);
}

/** Strapi's route-policy 403 (a missing action, an unknown `:model`), told apart from the controller's `ForbiddenError`. */
export class PolicyError extends CmsError {
  override readonly name = 'PolicyError';
  readonly status = 403;
  constructor(message = 'Policy Failed') {
    super(message);
  }
}

/** The route policy of the content-manager's document routes: the action on the type, or 403 `PolicyError`. */
export function requirePolicy(ability: AdminAbility, action: keyof typeof CONTENT_MANAGER_ACTIONS, uid: string): ContentGrant {
  const grant = ability.grant(CONTENT_MANAGER_ACTIONS[action], uid);
  if (!grant) throw new PolicyError();
  return grant;
}
