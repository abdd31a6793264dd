import type { FastifyInstance } from 'fastify';
import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import { createKnownActionCheck } from '../../core/auth/known-actions.js';
import { createDocumentApi } from '../../core/documents/document-api.js';
import { PERMISSIONS_TOPIC } from '../../core/auth/auth-service.js';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import { ROLE_UID, USER_UID } from './content-types.js';
import { adminEndUserRoutes } from './end-user-admin-routes.js';
import { adminRoleRoutes } from './role-admin-routes.js';
import { createUpRoleService } from './up-role-service.js';

/** The plugin's admin API (admin JWT): `/admin/users-permissions/roles…` and the end users. */
export async function registerUsersPermissionsAdmin(fastify: FastifyInstance, context: PluginContext): Promise<void> {
  const { config, registry, database, documents, store, auth } = context;
  const guard = createLazyAdminGuard(config, database, store, context.clock, context);
  // The live registry: a type the content-type builder creates can be granted without a restart.
  const isKnownAction = createKnownActionCheck(registry, context.pluginActions);
  const documentApi = createDocumentApi(registry, documents, context.locales);
  // Roles, permissions or users changed: the content API's auth reloads what it holds in memory
  // (role changes also announce themselves to other instances, in their transaction).
  const changed = (): Promise<void> => auth.reloadPermissions();
  await fastify.register(
    async (admin) => {
      await adminRoleRoutes(admin, { roles: createUpRoleService(database, registry, isKnownAction, (trx) => context.feed.record(trx, PERMISSIONS_TOPIC)), guard, permissionsChanged: changed });
      await adminEndUserRoutes(admin, { users: documentApi(USER_UID), roles: documentApi(ROLE_UID), guard, usersChanged: changed });
    },
    { prefix: '/admin' },
  );
}
