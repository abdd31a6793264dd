import type { FastifyInstance } from 'fastify';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import { ADMIN_BODY } from './admin-body.js';
import { checkAdminEmail, checkAdminPassword } from './admin-password.js';
import { ADMIN_ACTIONS } from './admin-roles.js';
import { requirePolicy, type AdminRoutesContext } from './admin-routes-context.js';
import { routeId } from './route-id.js';
import { STRAPI_ADMIN_BODY, strapiOnlyKeys } from './strapi-admin-body.js';

const MAX_PAGE_SIZE = 100;

/** A list of role ids (`roles: [1, 2]`), as Strapi's bodies send them. */
function roleIds(check: BodyChecker, required: boolean): number[] | undefined {
  const value = check.body.roles;
  if (value === undefined && !required) return undefined;
  if (!Array.isArray(value) || value.length === 0) throw ValidationError.atField('roles', value === undefined ? 'roles is a required field' : 'roles field must have at least 1 items', value);
  const ids = value.map((item) => (typeof item === 'number' || typeof item === 'string' ? routeId(String(item)) : null));
  if (ids.some((id) => id === null)) throw ValidationError.atField('roles', 'roles must be a list of role ids', value);
  return [...new Set(ids as number[])];
}

function positive(value: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw ValidationError.atField(name, `${name} must be a positive integer`, value);
  return Math.min(number, max);
}

/**
 * Admin users, Strapi 5's routes (/admin/users: list, invite, read, update, delete, batch delete)
 * and Tessera's older /admin/admin-users (list, create with a password), kept for existing scripts.
 */
export async function adminUserRoutes(fastify: FastifyInstance, context: AdminRoutesContext): Promise<void> {
  const { users, sessions, guard } = context;

  fastify.get('/users', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.readAdminUsers);
    const query = request.query as Record<string, unknown>;
    const unknown = Object.keys(query).filter((key) => !['page', 'pageSize', 'sort', '_q'].includes(key));
    if (unknown.length > 0) throw ValidationError.invalidKey(unknown[0] ?? '', { source: 'query' });
    const page = positive(query.page, 'page', 1);
    const pageSize = positive(query.pageSize, 'pageSize', 10, MAX_PAGE_SIZE);
    let sort: { field: string; direction: 'asc' | 'desc' } | undefined;
    if (query.sort !== undefined) {
      const match = typeof query.sort === 'string' ? /^(\w+)(?::(asc|desc))?$/i.exec(query.sort) : null;
      const field = match?.[1];
      if (!field || !['id', 'firstname', 'lastname', 'email', 'username', 'isActive', 'createdAt', 'updatedAt'].includes(field)) throw ValidationError.invalidKey(String(field ?? query.sort), { source: 'query', param: 'sort' });
      sort = { field, direction: (match?.[2]?.toLowerCase() ?? 'asc') as 'asc' | 'desc' };
    }
    const q = query._q === undefined ? undefined : String(query._q);
    return { data: await users.page({ page, pageSize, q, sort }) };
  });

  fastify.post('/users', async (request, reply) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.createAdminUsers);
    const check = BodyChecker.of(request.body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['email', 'firstname', 'lastname', 'roles']);
    const email = checkAdminEmail(check.body.email);
    const firstname = check.string('firstname', { required: true });
    const lastname = check.string('lastname', { nullable: true }) ?? null;
    const ids = roleIds(check, true) ?? [];
    return reply.code(201).send({ data: await users.invite({ email, firstname, lastname, roleIds: ids }) });
  });

  fastify.get<{ Params: { id: string } }>('/users/:id', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.readAdminUsers);
    const id = routeId(request.params.id);
    const user = id === null ? null : await users.get(id);
    if (!user) throw new NotFoundError('User does not exist');
    return { data: user };
  });

  fastify.put<{ Params: { id: string } }>('/users/:id', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.updateAdminUsers);
    const id = routeId(request.params.id);
    if (id === null) throw new NotFoundError('User does not exist');
    const check = BodyChecker.of(request.body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['email', 'firstname', 'lastname', 'username', 'preferedLanguage', 'password', 'isActive', 'blocked', 'roles']);
    const changes = {
      email: check.body.email === undefined ? undefined : checkAdminEmail(check.body.email),
      firstname: check.string('firstname', { nullable: true }),
      lastname: check.string('lastname', { nullable: true }),
      username: check.string('username', { nullable: true }),
      preferedLanguage: check.string('preferedLanguage', { nullable: true }),
      password: check.body.password === undefined ? undefined : checkAdminPassword(check.body.password),
      isActive: check.boolean('isActive'),
      blocked: check.boolean('blocked'),
      roleIds: roleIds(check, false),
    };
    const updated = await users.update(id, changes);
    // A deactivated or blocked account, or a new password set by an administrator: its sessions end.
    if (changes.isActive === false || changes.blocked === true || changes.password !== undefined) await sessions.end(id);
    return { data: updated };
  });

  fastify.delete<{ Params: { id: string } }>('/users/:id', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.deleteAdminUsers);
    const id = routeId(request.params.id);
    const [removed] = id === null ? [] : await users.remove([id]);
    if (!removed) throw new NotFoundError('User not found');
    await sessions.end(removed.id);
    return { data: removed };
  });

  fastify.post('/users/batch-delete', async (request) => {
    await requirePolicy(context, request, ADMIN_ACTIONS.deleteAdminUsers);
    const check = BodyChecker.of(request.body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['ids']);
    const value = check.body.ids;
    if (value === undefined) throw ValidationError.fromFieldErrors([{ path: ['ids'], message: 'ids is a required field', name: 'ValidationError' }]);
    if (!Array.isArray(value) || value.length === 0) throw ValidationError.atField('ids', 'ids field must have at least 1 items', value);
    const ids = value.map((item) => (typeof item === 'number' || typeof item === 'string' ? routeId(String(item)) : null));
    if (ids.some((id) => id === null)) throw ValidationError.atField('ids', 'ids must be a list of user ids', value);
    const removed = await users.remove(ids as number[]);
    for (const user of removed) await sessions.end(user.id);
    return { data: removed };
  });

  // Tessera's older routes (before Strapi's /admin/users): a list without pagination, and users created with a password.
  fastify.get('/admin-users', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readAdminUsers);
    return { data: await users.list() };
  });

  fastify.post('/admin-users', async (request, reply) => {
    await guard.require(request, ADMIN_ACTIONS.createAdminUsers);
    const check = BodyChecker.of(request.body, ADMIN_BODY);
    check.onlyKeys(['email', 'password', 'firstname', 'lastname', 'roles']);
    const created = await users.create({
      email: check.body.email,
      password: check.body.password,
      firstname: check.string('firstname', { nullable: true }),
      lastname: check.string('lastname', { nullable: true }),
      roles: check.stringList('roles'),
    });
    return reply.code(201).send({ data: created });
  });
}
