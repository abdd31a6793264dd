import type { FastifyRequest } from 'fastify';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { SUPER_ADMIN_CODE } from '../../transports/admin/admin-roles.js';
import { ForbiddenError } from '../../core/shared/errors.js';

/** Who may use the builder: reading takes any admin; changing the model, a super-admin. */
export interface BuilderAccess {
  read(request: FastifyRequest): Promise<void>;
  write(request: FastifyRequest): Promise<void>;
}

/**
 * Admin permissions are a fixed list per admin role (admin-roles.ts) and changing the content
 * model is a settings matter: as the i18n locales, and as the reference grants
 * `plugin::content-type-builder.*` to the Super Admin role only, only super-admins write.
 */
export function adminBuilderAccess(guard: AdminGuard): BuilderAccess {
  return {
    async read(request) {
      await guard.authenticate(request);
    },
    async write(request) {
      const user = await guard.authenticate(request);
      if (!user.roles.some((role) => role.code === SUPER_ADMIN_CODE)) throw new ForbiddenError();
    },
  };
}
