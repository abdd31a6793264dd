import type { FastifyInstance } from 'fastify';
import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import { createKnownActionCheck, createKnownActionList } from '../../core/auth/known-actions.js';
import { createDocumentApi } from '../../core/documents/document-api.js';
import { PERMISSIONS_TOPIC } from '../../core/auth/auth-service.js';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import { ROLE_UID, USER_UID } from './content-types.js';
import { adminEndUserRoutes } from './end-user-admin-routes.js';
import { adminRoleRoutes } from './role-admin-routes.js';
import type { UsersPermissionsSettings } from './settings.js';
import { strapiContentRoutes } from './strapi-content-routes.js';
import { strapiRoleAdminRoutes, strapiRoleContentRoutes } from './strapi-role-routes.js';
import { createStrapiRoles } from './strapi-roles.js';
import { strapiSettingsRoutes } from './strapi-settings-routes.js';
import { createUpRoleService } from './up-role-service.js';

/**
 * The plugin's admin API (admin JWT): Strapi's `/users-permissions/*` routes (roles with the
 * nested permissions object, the permission registry, advanced settings, email templates,
 * providers), Tessera's older `/admin/users-permissions/roles…` and `/admin/end-users`; and
 * the content API's `/api/users-permissions/roles|permissions`, as Strapi 5 exposes them.
 */
export async function registerUsersPermissionsAdmin(fastify: FastifyInstance, context: PluginContext, settings: UsersPermissionsSettings): Promise<void> {
  const { config, registry, database, documents, store, auth } = context;
  const guard = createLazyAdminGuard(config, database, store, context.clock, context);
  // The live registry: a type the content-type builder creates can be granted without a restart.
  const isKnownAction = createKnownActionCheck(registry, context.pluginActions);
  const documentApi = createDocumentApi(registry, documents, context.locales);
  // Roles, permissions or users changed: the content API's auth reloads what it holds in memory
  // (role changes also announce themselves to other instances, in their transaction).
  const changed = (): Promise<void> => auth.reloadPermissions();
  const roleService = createUpRoleService(database, registry, isKnownAction, (trx) => context.feed.record(trx, PERMISSIONS_TOPIC));
  const roles = createStrapiRoles({ roles: roleService, knownActions: createKnownActionList(registry, context.pluginActions), isKnownAction, permissionsChanged: changed });
  await fastify.register(
    async (admin) => {
      await adminRoleRoutes(admin, { roles: roleService, guard, permissionsChanged: changed });
      await adminEndUserRoutes(admin, { users: documentApi(USER_UID), roles: documentApi(ROLE_UID), guard, usersChanged: changed });
    },
    { prefix: '/admin' },
  );
  await fastify.register(async (root) => {
    await strapiRoleAdminRoutes(root, { roles, guard, routes: () => strapiContentRoutes(registry.contentTypes, config.rest.prefix) });
    await strapiSettingsRoutes(root, { guard, settings, roles });
  });
  strapiRoleContentRoutes(fastify, { roles, auth, prefix: config.rest.prefix });
}
