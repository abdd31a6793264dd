import type { FastifyInstance } from 'fastify';
import { createLazyAdminGuard } from '../admin/lazy-admin-guard.js';
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
  const delegate = createLazyAdminGuard(config, database, store, context.clock);
  await fastify.register((admin) => localeAdminRoutes(admin, { guard: delegate, locales }), { prefix: '/admin' });
}
