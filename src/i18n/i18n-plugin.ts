import type { FastifyInstance } from 'fastify';
import { createAdminGuard, type AdminGuard } from '../admin/admin-guard.js';
import { createAdminJwt } from '../admin/admin-jwt.js';
import { createAdminUserService } from '../admin/admin-user-service.js';
import type { FeatureContext } from '../features.js';
import { localeAdminRoutes } from './locale-admin-routes.js';
import { localeRoutes } from './locale-routes.js';

/**
 * The i18n plugin's routes: `GET <rest prefix>/i18n/locales` on the content API and
 * `/admin/i18n/locales[/:id]` on the admin API (admin JWT). None when `i18n.enabled` is false.
 */
export async function registerI18n(fastify: FastifyInstance, context: FeatureContext): Promise<void> {
  const { config, database, store, auth, locales } = context;
  if (!locales.enabled) return;
  localeRoutes(fastify, { prefix: config.rest.prefix, auth, locales });
  // The admin JWT secret is resolved on the first admin call (the admin plugin already checked
  // it at start): a start reads nothing more for these routes.
  let guard: Promise<AdminGuard> | undefined;
  const users = createAdminUserService(database);
  const lazyGuard = (): Promise<AdminGuard> =>
    (guard ??= createAdminJwt(config, store)
      .then((jwt) => createAdminGuard(jwt, users))
      .catch((error: unknown) => {
        guard = undefined;
        throw error;
      }));
  const delegate: AdminGuard = {
    authenticate: async (request) => (await lazyGuard()).authenticate(request),
    require: async (request, action) => (await lazyGuard()).require(request, action),
  };
  await fastify.register((admin) => localeAdminRoutes(admin, { guard: delegate, locales }), { prefix: '/admin' });
}
