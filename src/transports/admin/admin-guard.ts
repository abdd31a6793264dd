import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../core/shared/errors.js';
import type { AdminJwt } from './admin-jwt.js';
import { rolesAllow, type AdminAction } from './admin-roles.js';
import type { AdminUserService, AdminUserView } from './admin-user-service.js';

/**
 * Who calls an admin route: the admin user of a valid admin JWT (`Authorization: Bearer`),
 * still active and not blocked. Anything else is a 401; admin routes never fall back to a
 * public role, and content permissions do not apply to them.
 */
export interface AdminGuard {
  authenticate(request: FastifyRequest): Promise<AdminUserView>;
  /** authenticate, then 403 unless one of the user's roles grants the action. */
  require(request: FastifyRequest, action: AdminAction): Promise<AdminUserView>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createAdminGuard(jwt: AdminJwt, users: AdminUserService): AdminGuard {
  const authenticate = async (request: FastifyRequest): Promise<AdminUserView> => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    const id = token === undefined ? null : jwt.verify(token);
    const user = id === null ? null : await users.get(id);
    if (!user || !user.isActive || user.blocked) throw new UnauthorizedError('Missing or invalid credentials');
    return user;
  };
  return {
    authenticate,
    async require(request, action) {
      const user = await authenticate(request);
      if (!rolesAllow(user.roles.map((role) => role.code), action)) throw new ForbiddenError();
      return user;
    },
  };
}
