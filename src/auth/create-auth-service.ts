import { resolveApiTokenSalt } from '../api-tokens/api-token-salt.js';
import type { AppConfig } from '../config/app-config.js';
import type { Database, Executor } from '../db/database.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { UnauthorizedError } from '../shared/errors.js';
import type { KeyValueStore } from '../store/key-value-store.js';
import { createUserJwt, resolveJwtSecret, type UserJwt } from '../users-permissions/user-jwt.js';
import { authenticateApiToken } from './api-token-strategy.js';
import type { AuthService } from './auth-service.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { PUBLIC_ROLE_TYPE } from './permissions-table.js';
import { PUBLIC_PRINCIPAL, type Principal } from './principal.js';
import { loadRoleSnapshot, type RoleSnapshot } from './role-permissions.js';
import { syncRolesAndPermissions } from './sync-roles.js';
import { createUserStrategy } from './user-strategy.js';

export interface AuthServiceOptions {
  readonly config: AppConfig;
  readonly registry: SchemaRegistry;
  readonly database: Database;
  readonly store: KeyValueStore;
  /** Other instances' changes of roles and permissions arrive through it. */
  readonly feed: ChangeFeed;
  readonly log: (message: string) => void;
}

/** A value computed once, on first use; a failure is not kept, so the next use tries again. */
function lazy<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= compute().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

/** `Bearer <token>` (scheme case-insensitive, as the reference reads it); null for anything else. */
function bearerToken(authorization: string): string | null {
  const match = /^bearer\s+(\S+)$/i.exec(authorization.trim());
  return match?.[1] ?? null;
}

/**
 * The app's auth service. At start: the default and configured roles are created and
 * config/permissions is synchronised into the database (sync-roles.ts), and every role's
 * permissions are held in memory — reloaded when the change feed shows that another instance
 * changed them (db/change-feed.ts), and at once by `permissionsChanged()`.
 * `authenticate` tries an API token first, then a user JWT (reference order).
 */
export async function createAuthService({ config, registry, database, store, feed, log }: AuthServiceOptions): Promise<AuthService> {
  // Secrets are read on first use (no statement at start); in production a missing one stops the start here.
  if (config.production) {
    await resolveJwtSecret(config, store);
    await resolveApiTokenSalt(config, store);
  }
  let snapshot: RoleSnapshot = await syncRolesAndPermissions({ database, registry, grants: config.permissions, announce: (trx) => feed.record(trx, 'permissions'), log });
  let loads = 0;
  let applied = 0;
  const apply = (next: RoleSnapshot, started: number): void => {
    // A slower read that started before a newer one must not put older permissions back.
    if (started < applied) return;
    applied = started;
    snapshot = next;
  };
  const reload = async (db: Executor): Promise<void> => {
    const started = (loads += 1);
    apply(await loadRoleSnapshot(db, registry), started);
  };
  feed.subscribe('permissions', reload);
  const salt = lazy(() => resolveApiTokenSalt(config, store));
  const jwt = lazy<UserJwt>(() => createUserJwt(config, store));
  const userStrategy = createUserStrategy(database, registry, jwt);
  const customActions = new WeakMap<Principal, ReadonlySet<string>>();

  return {
    async authenticate(authorization) {
      if (authorization === undefined || authorization.trim() === '') {
        // Reference: when the Public role holds no permission at all, a call without credentials is a 401.
        if ((snapshot.byType.get(PUBLIC_ROLE_TYPE)?.actions.size ?? 0) === 0) throw new UnauthorizedError('Missing or invalid credentials');
        return PUBLIC_PRINCIPAL;
      }
      const token = bearerToken(authorization);
      if (token === null) throw new UnauthorizedError('Missing or invalid credentials');
      // API tokens are hex; a token with a dot can only be a JWT, and is not looked up as one.
      if (!token.includes('.')) {
        const principal = await authenticateApiToken(database, token, await salt());
        if (principal) return principal;
      }
      return userStrategy(token);
    },
    can(principal, action) {
      switch (principal.kind) {
        case 'public':
          return snapshot.byType.get(PUBLIC_ROLE_TYPE)?.actions.has(action) ?? false;
        case 'user':
          return principal.roleId !== null && (snapshot.byId.get(principal.roleId)?.actions.has(action) ?? false);
        case 'api-token': {
          if (principal.tokenType === 'full-access') return true;
          if (principal.tokenType === 'read-only') return action.endsWith('.find') || action.endsWith('.findOne');
          let actions = customActions.get(principal);
          if (!actions) customActions.set(principal, (actions = new Set(principal.actions)));
          return actions.has(action);
        }
      }
    },
    async permissionsChanged() {
      await feed.record(database.db, 'permissions');
      await reload(database.db);
    },
    reloadPermissions: () => reload(database.db),
  };
}
