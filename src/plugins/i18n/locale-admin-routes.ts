import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { SUPER_ADMIN_CODE } from '../../transports/admin/admin-roles.js';
import { ADMIN_BODY } from '../../transports/admin/admin-body.js';
import { routeId } from '../../transports/admin/route-id.js';
import { BodyChecker } from '../../core/shared/body-checker.js';
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
    const check = BodyChecker.of(request.body, ADMIN_BODY);
    check.onlyKeys(['name', 'code', 'isDefault']);
    const code = check.string('code', { required: true, max: 64 });
    const name = check.string('name', { min: 1 });
    const created = await locales.create({ code, name, isDefault: check.boolean('isDefault') });
    return reply.code(201).send({ data: created });
  });

  fastify.put('/i18n/locales/:id', async (request) => {
    await requireLocaleManager(guard, request);
    const id = idOf(request);
    const check = BodyChecker.of(request.body ?? {}, ADMIN_BODY);
    check.onlyKeys(['name', 'isDefault']);
    const name = check.string('name', { min: 1 });
    return { data: await locales.update(id, { name, isDefault: check.boolean('isDefault') }) };
  });

  fastify.delete('/i18n/locales/:id', async (request) => {
    await requireLocaleManager(guard, request);
    return { data: await locales.delete(idOf(request)) };
  });
}
