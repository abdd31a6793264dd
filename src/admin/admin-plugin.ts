import type { FastifyInstance } from 'fastify';
import { resolveApiTokenSalt } from '../api-tokens/api-token-salt.js';
import { createApiTokenService } from '../api-tokens/api-token-service.js';
import { createKnownActionCheck } from '../api-tokens/known-actions.js';
import { createDocumentApi } from '../documents/document-api.js';
import type { FeatureContext } from '../features.js';
import { ROLE_UID, USER_UID } from '../users-permissions/content-types.js';
import { adminAccountRoutes } from './admin-account-routes.js';
import { adminEndUserRoutes } from './admin-end-user-routes.js';
import { createAdminGuard } from './admin-guard.js';
import { createAdminJwt } from './admin-jwt.js';
import { adminRoleRoutes } from './admin-role-routes.js';
import { adminTokenRoutes } from './admin-token-routes.js';
import { createAdminUserService } from './admin-user-service.js';
import { createFirstAdminFromEnv } from './first-admin.js';
import { createUpRoleService } from './up-role-service.js';

/**
 * The admin API under /admin: admin login, API tokens, end-user roles and permissions, end
 * users, admin users. Its routes answer only to an admin JWT and an admin role's permissions;
 * content permissions never apply to them. At start it creates the admin roles, and the first
 * super-admin from ADMIN_EMAIL / ADMIN_PASSWORD when no admin exists.
 */
export async function registerAdmin(fastify: FastifyInstance, context: FeatureContext): Promise<void> {
  const { config, registry, database, documents, store, auth, log } = context;
  const users = createAdminUserService(database);
  await users.ensureRoles();
  await createFirstAdminFromEnv(users, config.env, log);
  const jwt = await createAdminJwt(config, store, context.clock);
  // The live registry: a type the content-type builder creates can be granted without a restart.
  const isKnownAction = createKnownActionCheck(registry);
  const tokens = createApiTokenService({ database, salt: await resolveApiTokenSalt(config, store), isKnownAction });
  const guard = createAdminGuard(jwt, users);
  const documentApi = createDocumentApi(registry, documents, context.locales);
  // Roles, permissions, users or tokens changed: the content API's auth reloads what it holds in memory
  // (role changes also announce themselves to other instances, in their transaction).
  const changed = (): Promise<void> => auth.reloadPermissions();

  await fastify.register(
    async (admin) => {
      await adminAccountRoutes(admin, { jwt, users, guard });
      await adminTokenRoutes(admin, { tokens, guard, tokensChanged: changed });
      await adminRoleRoutes(admin, { roles: createUpRoleService(database, registry, isKnownAction, (trx) => context.feed.record(trx, 'permissions')), guard, permissionsChanged: changed });
      await adminEndUserRoutes(admin, { users: documentApi(USER_UID), roles: documentApi(ROLE_UID), guard, usersChanged: changed });
    },
    { prefix: '/admin' },
  );
}
