import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../core/shared/errors.js';
import type { AdminAbility } from './admin-ability.js';
import type { AdminContentModel } from './admin-content-subjects.js';
import type { AdminPermissionService } from './admin-permission-service.js';
import type { AdminSessionService } from './admin-session-service.js';
import { SUPER_ADMIN_CODE, type AdminAction } from './admin-roles.js';
import type { AdminUserService, AdminUserView } from './admin-user-service.js';
import { buildAdminAbility } from './build-admin-ability.js';
import { superAdminPermissions } from './default-admin-permissions.js';

/**
 * Who calls an admin route: the admin user of a valid admin access token (`Authorization:
 * Bearer`) whose session still exists (a logout ends it at once), active and not blocked. Anything else is a 401; admin routes never fall back to a
 * public role, and content permissions do not apply to them.
 */
export interface AdminGuard {
  authenticate(request: FastifyRequest): Promise<AdminUserView>;
  /** authenticate, then 403 unless one of the user's roles grants the action. */
  require(request: FastifyRequest, action: AdminAction): Promise<AdminUserView>;
  /** authenticate, then what the user may do: the permissions of all their roles, merged. */
  ability(request: FastifyRequest): Promise<AdminAbility>;
}

/** What the guard reads permissions from. Without `model`, no type counts as localized and a Super Admin's permission list is empty (grants are still everything). */
export interface AdminGuardAccess {
  readonly permissions: AdminPermissionService;
  readonly model?: AdminContentModel | undefined;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The ability of a user already authenticated (also for tests and the CLI). */
export async function adminAbilityOf(user: AdminUserView, access: AdminGuardAccess): Promise<AdminAbility> {
  const { model } = access;
  const isSuperAdmin = user.roles.some((role) => role.code === SUPER_ADMIN_CODE);
  const permissions = isSuperAdmin ? (model ? superAdminPermissions(model) : []) : await access.permissions.ofRoles(user.roles.map((role) => role.id));
  return buildAdminAbility({ user, isSuperAdmin, permissions, isLocalized: (uid) => model?.registry.get(uid)?.localized === true });
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

export function createAdminGuard(sessions: Pick<AdminSessionService, 'verifyAccess'>, users: AdminUserService, access: AdminGuardAccess): AdminGuard {
  const authenticate = async (request: FastifyRequest): Promise<AdminUserView> => {
    const token = bearerToken(request);
    const claims = token === undefined ? null : await sessions.verifyAccess(token);
    const user = claims === null ? null : await users.get(claims.userId);
    if (!user || !user.isActive || user.blocked) throw new UnauthorizedError('Missing or invalid credentials');
    return user;
  };
  const ability = async (request: FastifyRequest): Promise<AdminAbility> => adminAbilityOf(await authenticate(request), access);
  return {
    authenticate,
    ability,
    async require(request, action) {
      const granted = await ability(request);
      if (granted.grant(action) === null) throw new ForbiddenError();
      return granted.user;
    },
  };
}
