import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../../core/auth/auth-service.js';
import { pluginPermission } from '../../core/auth/permission-names.js';
// The one sanctioned gate into rest/ for plugin routes (eslint.config.js).
import { routeMethods } from '../../transports/plugin-http.js';
import { ForbiddenError } from '../../core/shared/errors.js';
import type { LocaleService } from '../../core/locales/locale-service.js';

/** The content API permission of the locale list, as the reference names it. */
export const LIST_LOCALES_ACTION = pluginPermission('plugin::i18n.locales', 'listLocales');

export interface LocaleRoutesOptions {
  readonly prefix: string;
  readonly auth: AuthService;
  readonly locales: LocaleService;
}

/**
 * `GET <prefix>/i18n/locales`: the locales as a bare array (the reference's shape, not wrapped
 * in `data`), for callers granted `plugin::i18n.locales.listLocales`. Answered from memory.
 */
export function localeRoutes(fastify: FastifyInstance, { prefix, auth, locales }: LocaleRoutesOptions): void {
  routeMethods(fastify, `${prefix}/i18n/locales`, {
    GET: async (request) => {
      const principal = await auth.authenticate(request.headers.authorization);
      if (!auth.can(principal, LIST_LOCALES_ACTION)) throw new ForbiddenError();
      return locales.list();
    },
  });
}
