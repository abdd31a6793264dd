import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { SUPER_ADMIN_CODE } from '../../transports/admin/admin-roles.js';
import { booleanField, bodyObject, onlyKeys, routeId, stringField } from '../../transports/admin/body-fields.js';
import { ForbiddenError, NotFoundError } from '../../core/shared/errors.js';
import type { LocaleService } from '../../core/locales/locale-service.js';

export interface LocaleAdminRoutesOptions {
  readonly guard: AdminGuard;
  readonly locales: LocaleService;
}

function idOf(request: FastifyRequest): number {
  const id = routeId((request.params as { id: string }).id);
  if (id === null) throw new NotFoundError('Locale not found');
  return id;
}

/**
 * Changing locales is a settings matter: as in the reference, where `plugin::i18n.locale.*` is
 * granted to the Super Admin role only, only super-admins may create, update or delete a
 * locale. Any admin may read them (editors need the list to write content).
 */
async function requireLocaleManager(guard: AdminGuard, request: FastifyRequest): Promise<void> {
  const user = await guard.authenticate(request);
  if (!user.roles.some((role) => role.code === SUPER_ADMIN_CODE)) throw new ForbiddenError();
}

/** The admin API's locale routes, relative to the admin prefix: `/i18n/locales[/:id]`. */
export async function localeAdminRoutes(fastify: FastifyInstance, { guard, locales }: LocaleAdminRoutesOptions): Promise<void> {
  fastify.get('/i18n/locales', async (request) => {
    await guard.authenticate(request);
    return { data: locales.list() };
  });

  fastify.post('/i18n/locales', async (request, reply) => {
    await requireLocaleManager(guard, request);
    const body = bodyObject(request.body);
    onlyKeys(body, ['name', 'code', 'isDefault']);
    const code = stringField(body, 'code', { required: true, max: 64 }) ?? '';
    const name = stringField(body, 'name', { min: 1 }) ?? undefined;
    const created = await locales.create({ code, name, isDefault: booleanField(body, 'isDefault') });
    return reply.code(201).send({ data: created });
  });

  fastify.put('/i18n/locales/:id', async (request) => {
    await requireLocaleManager(guard, request);
    const id = idOf(request);
    const body = bodyObject(request.body ?? {});
    onlyKeys(body, ['name', 'isDefault']);
    const name = stringField(body, 'name', { min: 1 }) ?? undefined;
    return { data: await locales.update(id, { name, isDefault: booleanField(body, 'isDefault') }) };
  });

  fastify.delete('/i18n/locales/:id', async (request) => {
    await requireLocaleManager(guard, request);
    return { data: await locales.delete(idOf(request)) };
  });
}
