import type { AuthService } from '../core/auth/auth-service.js';
import type { ResponseCache } from '../core/cache/response-cache.js';
import type { LocaleService } from '../core/locales/locale-service.js';

/**
 * The auth service, dropping every cached answer once permissions were re-read here (every
 * answer depends on the Public role's permissions). Other instances drop theirs when they follow
 * the change (the change feed's `permissions` topic).
 */
export function invalidatingAuth(auth: AuthService, cache: ResponseCache): AuthService {
  return {
    authenticate: (authorization) => auth.authenticate(authorization),
    can: (principal, action) => auth.can(principal, action),
    async permissionsChanged() {
      await auth.permissionsChanged();
      await cache.invalidateAll(true);
    },
    async reloadPermissions() {
      await auth.reloadPermissions();
      await cache.invalidateAll(true);
    },
  };
}

const LOCALE_CHANGES: ReadonlySet<PropertyKey> = new Set(['create', 'update', 'delete', 'reload']);

/** The locale service, dropping every cached answer after each change made (and applied) here. */
export function invalidatingLocales(locales: LocaleService, cache: ResponseCache): LocaleService {
  return new Proxy(locales, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!LOCALE_CHANGES.has(key)) return method.bind(target);
      return async (...args: unknown[]) => {
        const result: unknown = await method.apply(target, args);
        await cache.invalidateAll(true);
        return result;
      };
    },
  });
}
