import type { FastifyInstance } from 'fastify';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import { readPermissionInputs } from './admin-permission-input.js';
import { permissionRegistry } from './admin-permission-registry.js';
import { ADMIN_ACTIONS, SUPER_ADMIN_CODE } from './admin-roles.js';
import { requirePolicy, type AdminRoutesContext } from './admin-routes-context.js';
import { routeId } from './route-id.js';
import { STRAPI_ADMIN_BODY, strapiOnlyKeys } from './strapi-admin-body.js';

/** Admin roles and their permissions (Strapi 5's /admin/roles and /admin/permissions). */
export async function adminRoleRoutes(fastify: FastifyInstance, context: AdminRoutesContext): Promise<void> {
  const { roles, guard, model } = context;

  fastify.get('/permissions', async (request) => {
    await guard.authenticate(request);
    return { data: permissionRegistry(model) };
  });

  fastify.get('/roles', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.readAdminRoles);
    return { data: await roles.list() };
  });

  fastify.get<{ Params: { id: string } }>('/roles/:id', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.readAdminRoles);
    const id = routeId(request.params.id);
    const role = id === null ? null : await roles.get(id);
    if (!role) throw new NotFoundError('role.notFound');
    return { data: role };
  });

  const roleBody = (body: unknown, create: boolean): { name?: string; description?: string | null } => {
    const check = BodyChecker.of(body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['name', 'description']);
    const name = create ? check.string('name', { required: true }) : check.string('name');
    const description = check.string('description', { nullable: true });
    return { ...(name === undefined ? {} : { name }), ...(description === undefined ? {} : { description }) };
  };

  fastify.post('/roles', async (request, reply) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.createAdminRoles);
    const { name, description } = roleBody(request.body, true);
    return reply.code(201).send({ data: await roles.create({ name: name ?? '', description: description ?? null }) });
  });

  fastify.put<{ Params: { id: string } }>('/roles/:id', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.updateAdminRoles);
    const id = routeId(request.params.id);
    const changes = roleBody(request.body, false);
    const role = id === null ? null : await roles.update(id, changes);
    if (!role) throw new NotFoundError('role.notFound');
    return { data: role };
  });

  fastify.delete<{ Params: { id: string } }>('/roles/:id', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.deleteAdminRoles);
    const id = routeId(request.params.id);
    // Strapi answers an unknown role with 200 and null.
    const [removed] = id === null ? [] : await roles.remove([id]);
    return { data: removed ?? null };
  });

  fastify.post('/roles/batch-delete', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.deleteAdminRoles);
    const check = BodyChecker.of(request.body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['ids']);
    const value = check.body.ids;
    if (value === undefined) throw ValidationError.fromFieldErrors([{ path: ['ids'], message: 'ids is a required field', name: 'ValidationError' }]);
    if (!Array.isArray(value) || value.length === 0) throw ValidationError.atField('ids', 'ids field must have at least 1 items', value);
    const ids = value.map((item) => (typeof item === 'number' || typeof item === 'string' ? routeId(String(item)) : null));
    if (ids.some((id) => id === null)) throw ValidationError.atField('ids', 'ids must be a list of role ids', value);
    return { data: await roles.remove(ids as number[]) };
  });

  fastify.get<{ Params: { id: string } }>('/roles/:id/permissions', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.readAdminRoles);
    const id = routeId(request.params.id);
    const permissions = id === null ? null : await roles.permissions(id);
    if (!permissions) throw new NotFoundError('role.notFound');
    return { data: permissions };
  });

  fastify.put<{ Params: { id: string } }>('/roles/:id/permissions', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.updateAdminRoles);
    const id = routeId(request.params.id);
    const role = id === null ? null : await roles.get(id);
    if (!role || id === null) throw new NotFoundError('role.notFound');
    if (role.code !== SUPER_ADMIN_CODE) {
      const inputs = readPermissionInputs(request.body, model);
      return { data: await roles.replacePermissions(id, inputs) };
    }
    // The Super Admin's refusal comes first, whatever the body (as Strapi).
    return { data: await roles.replacePermissions(id, []) };
  });
}
