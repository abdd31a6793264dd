import type { FastifyInstance } from 'fastify';
import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import { controllerPermissions } from '../../core/auth/permission-names.js';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import type { Plugin } from '../../core/plugin/plugin.js';
import { localeAdminRoutes } from './locale-admin-routes.js';
import { localeRoutes } from './locale-routes.js';

/**
 * The i18n plugin's routes: `GET <rest prefix>/i18n/locales` on the content API and
 * `/admin/i18n/locales[/:id]` on the admin API (admin JWT). None when `i18n.enabled` is false.
 */
async function registerI18n(fastify: FastifyInstance, context: PluginContext): Promise<null> {
  const { config, database, store, auth, locales } = context;
  if (!locales.enabled) return null;
  localeRoutes(fastify, { prefix: config.rest.prefix, auth, locales });
  const delegate = createLazyAdminGuard(config, database, store, context.clock);
  await fastify.register((admin) => localeAdminRoutes(admin, { guard: delegate, locales }), { prefix: '/admin' });
  return null;
}

export const i18nPlugin: Plugin = { name: 'i18n', actions: controllerPermissions('plugin::i18n.locales'), register: registerI18n };
