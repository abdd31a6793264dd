import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../../core/auth/auth-service.js';
import { pluginPermission, type PermissionName } from '../../core/auth/permission-names.js';
import { ForbiddenError } from '../../core/shared/errors.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { ADMIN_ACTIONS } from '../../transports/admin/admin-roles.js';
import { requirePolicy } from '../../transports/admin/admin-routes-context.js';
import { routeMethods } from '../../transports/plugin-http.js';
import type { StrapiContentRoutes } from './strapi-content-routes.js';
import type { StrapiRoles } from './strapi-roles.js';

const idParam = (request: FastifyRequest): string => (request.params as { id: string }).id;

export interface StrapiRoleAdminRoutesOptions {
  readonly roles: StrapiRoles;
  readonly guard: AdminGuard;
  /** `GET /users-permissions/routes`: the content API's routes by API. */
  readonly routes: () => StrapiContentRoutes;
}

/**
 * Strapi's users-permissions admin routes for roles and permissions, at the root as Strapi
 * serves them: `/users-permissions/roles[/:id]`, `/permissions`, `/routes`, `/policies`.
 * The roles check `plugin::users-permissions.roles.*`; the permission registry, routes and
 * policies are for any admin (as in Strapi, which the role editor needs).
 */
export async function strapiRoleAdminRoutes(fastify: FastifyInstance, { roles, guard, routes }: StrapiRoleAdminRoutesOptions): Promise<void> {
  fastify.get('/users-permissions/roles', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.readRoles);
    return roles.list();
  });
  fastify.get('/users-permissions/roles/:id', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.readRoles);
    return roles.get(idParam(request));
  });
  fastify.post('/users-permissions/roles', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.createRoles);
    return roles.create(request.body);
  });
  fastify.put('/users-permissions/roles/:id', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.updateRoles);
    return roles.update(idParam(request), request.body);
  });
  fastify.delete('/users-permissions/roles/:id', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.deleteRoles);
    return roles.delete(idParam(request));
  });
  fastify.get('/users-permissions/permissions', async (request) => {
    await guard.authenticate(request);
    return roles.permissions();
  });
  fastify.get('/users-permissions/routes', async (request) => {
    await guard.authenticate(request);
    return { routes: routes() };
  });
  fastify.get('/users-permissions/policies', async (request) => {
    await guard.authenticate(request);
    // Tessera has no users-permissions policies to attach to an action.
    return { policies: [] };
  });
}

export interface StrapiRoleContentRoutesOptions {
  readonly roles: StrapiRoles;
  readonly auth: AuthService;
  /** The REST prefix (`/api`). */
  readonly prefix: string;
}

const roleAction = (action: 'find' | 'findOne' | 'createRole' | 'updateRole' | 'deleteRole'): PermissionName => pluginPermission('plugin::users-permissions.role', action);

/**
 * The same operations on the content API, as Strapi 5 exposes them there:
 * `GET|POST <prefix>/users-permissions/roles`, `GET /roles/:id`, `PUT|DELETE /roles/:role`
 * and `GET /users-permissions/permissions`, for callers granted
 * `plugin::users-permissions.role.find|findOne|createRole|updateRole|deleteRole` and
 * `plugin::users-permissions.permissions.getPermissions` (an API token or a user's role).
 */
export function strapiRoleContentRoutes(fastify: FastifyInstance, { roles, auth, prefix }: StrapiRoleContentRoutesOptions): void {
  const allowed = async (request: FastifyRequest, permission: PermissionName): Promise<void> => {
    const principal = await auth.authenticate(request.headers.authorization);
    if (!auth.can(principal, permission)) throw new ForbiddenError();
  };
  const base = `${prefix}/users-permissions`;
  routeMethods(fastify, `${base}/roles`, {
    GET: async (request) => {
      await allowed(request, roleAction('find'));
      return roles.list();
    },
    POST: async (request) => {
      await allowed(request, roleAction('createRole'));
      return roles.create(request.body);
    },
  });
  routeMethods(fastify, `${base}/roles/:id`, {
    GET: async (request) => {
      await allowed(request, roleAction('findOne'));
      return roles.get(idParam(request));
    },
    PUT: async (request) => {
      await allowed(request, roleAction('updateRole'));
      return roles.update(idParam(request), request.body);
    },
    DELETE: async (request) => {
      await allowed(request, roleAction('deleteRole'));
      return roles.delete(idParam(request));
    },
  });
  routeMethods(fastify, `${base}/permissions`, {
    GET: async (request) => {
      await allowed(request, pluginPermission('plugin::users-permissions.permissions', 'getPermissions'));
      return roles.permissions();
    },
  });
}
