import type { AppConfig } from '../../core/config/app-config.js';
import type { Database } from '../../core/db/database.js';
import type { Clock } from '../../core/shared/clock.js';
import type { KeyValueStore } from '../../core/store/key-value-store.js';
import type { AdminContentModel } from './admin-content-subjects.js';
import { createAdminGuard, type AdminGuard } from './admin-guard.js';
import { createAdminJwt } from './admin-jwt.js';
import { createAdminPermissionService } from './admin-permission-service.js';
import { readAdminSessionConfig } from './admin-session-config.js';
import { createAdminSessionService } from './admin-session-service.js';
import { createAdminUserService } from './admin-user-service.js';

/**
 * An admin guard for the admin routes of other features (locales, the content-type builder)
 * whose JWT secret is resolved on the first call: the admin plugin already checked it at start,
 * so a start reads nothing more for these routes. A failed resolution is tried again next time.
 * `model` (the PluginContext has it: pass the context) tells `ability()` which types are
 * localized and lists a Super Admin's permissions; routes that use `ability()` must pass it.
 */
export function createLazyAdminGuard(config: AppConfig, database: Database, store: KeyValueStore, clock: Clock, model?: AdminContentModel): AdminGuard {
  let guard: Promise<AdminGuard> | undefined;
  const users = createAdminUserService(database);
  const permissions = createAdminPermissionService(database);
  const resolve = (): Promise<AdminGuard> =>
    (guard ??= createAdminJwt(config, store, clock)
      .then((jwt) => createAdminGuard(createAdminSessionService(database, jwt, readAdminSessionConfig(config), clock), users, { permissions, model }))
      .catch((error: unknown) => {
        guard = undefined;
        throw error;
      }));
  return {
    authenticate: async (request) => (await resolve()).authenticate(request),
    require: async (request, action) => (await resolve()).require(request, action),
    ability: async (request) => (await resolve()).ability(request),
  };
}
