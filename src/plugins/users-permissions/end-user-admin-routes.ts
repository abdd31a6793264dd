import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocumentApi } from '../../core/documents/document-api.js';
import type { Document } from '../../core/documents/document.js';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { ADMIN_ACTIONS } from '../../transports/admin/admin-roles.js';
import { ADMIN_BODY } from '../../transports/admin/admin-body.js';
import { routeId } from '../../transports/admin/route-id.js';

export interface AdminEndUserRoutesOptions {
  readonly users: DocumentApi;
  readonly roles: DocumentApi;
  readonly guard: AdminGuard;
  /** Tells the content API's auth that a user changed (blocked, role), so it stops trusting what it knew. */
  readonly usersChanged: () => Promise<void>;
}

const MAX_PAGE_SIZE = 100;

function positive(value: unknown, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(number >= 1)) throw ValidationError.atField(field, `${field} must be a positive integer`, value);
  return number;
}

/**
 * End users (plugin::users-permissions.user) through the document service, so that every
 * write is validated as any other: list them, and block, confirm or move them to a role.
 * `:id` is the user's documentId or numeric id.
 */
export async function adminEndUserRoutes(fastify: FastifyInstance, { users, roles, guard, usersChanged }: AdminEndUserRoutesOptions): Promise<void> {
  async function findUser(request: FastifyRequest): Promise<Document> {
    const raw = (request.params as { id: string }).id;
    const id = routeId(raw);
    const user =
      id !== null
        ? await users.findFirst({ filters: { id: { $eq: id } } })
        : /^[a-z0-9]{1,64}$/.test(raw)
          ? await users.findOne({ documentId: raw })
          : null;
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  fastify.get('/end-users', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readEndUsers);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = positive(query.page, 1, 'page');
    const pageSize = Math.min(positive(query.pageSize, 25, 'pageSize'), MAX_PAGE_SIZE);
    const [data, total] = await Promise.all([
      users.findMany({ populate: { role: true }, sort: ['id:asc'], start: (page - 1) * pageSize, limit: pageSize }),
      users.count(),
    ]);
    return { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } };
  });

  fastify.put('/end-users/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.updateEndUsers);
    const check = BodyChecker.of(request.body, ADMIN_BODY);
    check.onlyKeys(['blocked', 'confirmed', 'role']);
    const data: Record<string, unknown> = {};
    const blocked = check.boolean('blocked');
    const confirmed = check.boolean('confirmed');
    if (blocked !== undefined) data.blocked = blocked;
    if (confirmed !== undefined) data.confirmed = confirmed;
    if (check.body.role !== undefined) data.role = await roleDocumentId(check.body.role);
    const user = await findUser(request);
    const updated = await users.update({ documentId: String(user.documentId), data, populate: { role: true } });
    if (!updated) throw new NotFoundError('User not found');
    await usersChanged();
    return { data: updated };
  });

  /** A role named by its numeric id or documentId (null: no role); an unknown one is a 400. */
  async function roleDocumentId(value: unknown): Promise<string | null> {
    if (value === null) return null;
    const role =
      typeof value === 'number' && Number.isSafeInteger(value)
        ? await roles.findFirst({ filters: { id: { $eq: value } } })
        : typeof value === 'string' && /^[a-z0-9]{1,64}$/.test(value)
          ? await roles.findOne({ documentId: value })
          : null;
    if (!role) throw ValidationError.atField('role', 'role must be the id or documentId of an existing role', value);
    return String(role.documentId);
  }
}
