import type { FastifyInstance } from 'fastify';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import { adminAccountRoutes } from './admin-account-routes.js';
import { createAdminGuard } from './admin-guard.js';
import { createAdminJwt } from './admin-jwt.js';
import { createAdminPermissionService } from './admin-permission-service.js';
import { createAdminUserService } from './admin-user-service.js';
import { createFirstAdminFromEnv } from './first-admin.js';

/**
 * The admin API under /admin: admin login and admin users. Plugins add their own admin routes
 * (API tokens, end-user roles and permissions, end users, locales) behind the same guard
 * (lazy-admin-guard.ts). Its routes answer only to an admin JWT and an admin role's
 * permissions; content permissions never apply to them. At start it creates the admin roles, and
 * the first super-admin from ADMIN_EMAIL / ADMIN_PASSWORD when no admin exists.
 */
export async function registerAdmin(fastify: FastifyInstance, context: PluginContext): Promise<void> {
  const { config, database, store, log } = context;
  const users = createAdminUserService(database);
  const permissions = createAdminPermissionService(database);
  await users.ensureRoles();
  await permissions.seedDefaults(context);
  await createFirstAdminFromEnv(users, config.env, log);
  const jwt = await createAdminJwt(config, store, context.clock);
  const guard = createAdminGuard(jwt, users, { permissions, model: context });
  await fastify.register(
    async (admin) => {
      await adminAccountRoutes(admin, { jwt, users, guard });
    },
    { prefix: '/admin' },
  );
}
