import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../core/shared/errors.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { ADMIN_ACTIONS } from '../../transports/admin/admin-roles.js';
import { routeId } from '../../transports/admin/route-id.js';
import type { UpRoleService } from './up-role-service.js';

export interface AdminRoleRoutesOptions {
  readonly roles: UpRoleService;
  readonly guard: AdminGuard;
  /** Reloads the content API's permissions, so a change applies to the next request. */
  readonly permissionsChanged: () => Promise<void>;
}

function idOf(request: FastifyRequest): number {
  const id = routeId((request.params as { id: string }).id);
  if (id === null) throw new NotFoundError('Role not found');
  return id;
}

/** End-user roles and their permissions (`permissions`: full action names). */
export async function adminRoleRoutes(fastify: FastifyInstance, { roles, guard, permissionsChanged }: AdminRoleRoutesOptions): Promise<void> {
  fastify.get('/users-permissions/roles', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readRoles);
    return { data: await roles.list() };
  });

  fastify.get('/users-permissions/roles/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readRoles);
    const role = await roles.get(idOf(request));
    if (!role) throw new NotFoundError('Role not found');
    return { data: role };
  });

  fastify.post('/users-permissions/roles', async (request, reply) => {
    await guard.require(request, ADMIN_ACTIONS.createRoles);
    const created = await roles.create(request.body);
    await permissionsChanged();
    return reply.code(201).send({ data: created });
  });

  fastify.put('/users-permissions/roles/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.updateRoles);
    const updated = await roles.update(idOf(request), request.body ?? {});
    await permissionsChanged();
    return { data: updated };
  });

  fastify.delete('/users-permissions/roles/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.deleteRoles);
    const deleted = await roles.delete(idOf(request));
    await permissionsChanged();
    return { data: deleted };
  });
}
