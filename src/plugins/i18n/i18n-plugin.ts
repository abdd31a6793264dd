import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import { controllerPermissions } from '../../core/auth/permission-names.js';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import { LOCALE_CONFIG } from '../../core/locales/locale-config.js';
import type { HttpHost, HttpPlugin } from '../../transports/plugin-http.js';
import { localeAdminRoutes } from './locale-admin-routes.js';
import { localeRoutes } from './locale-routes.js';
import { strapiLocaleRoutes } from './strapi-locale-routes.js';
import { fillFromLocaleRoute } from './fill-from-locale-route.js';

/**
 * The i18n plugin's routes: `GET <rest prefix>/i18n/locales` on the content API, and on the
 * admin API (admin JWT) Strapi's `/i18n/locales[/:id]` and `/i18n/iso-locales` besides
 * Tessera's older `/admin/i18n/locales[/:id]`. None when `i18n.enabled` is false.
 */
async function registerI18n(fastify: HttpHost, context: PluginContext): Promise<null> {
  const { config, database, store, auth, locales } = context;
  if (!locales.enabled) return null;
  localeRoutes(fastify, { prefix: config.rest.prefix, auth, locales });
  const delegate = createLazyAdminGuard(config, database, store, context.clock, context);
  // Tessera's older admin routes, kept for the scripts written against them.
  await fastify.register((admin) => localeAdminRoutes(admin, { guard: delegate, locales }), { prefix: '/admin' });
  await fastify.register(async (admin) => {
    await strapiLocaleRoutes(admin, { guard: delegate, locales, documents: context.documents });
    await fillFromLocaleRoute(admin, { guard: delegate, registry: context.registry, documents: context.documents, locales, database });
  });
  return null;
}

/**
 * Locales on the content and admin APIs. Its config section (`i18n`) is read by its reader at
 * start; the locale service, which is core (every read checks its locale), is made from what was read.
 */
export const i18nPlugin: HttpPlugin = { name: 'i18n', config: LOCALE_CONFIG, actions: controllerPermissions('plugin::i18n.locales'), register: registerI18n };
