import type { AppConfig } from '../config/app-config.js';
import type { Database, Executor } from '../db/database.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { UnauthorizedError } from '../shared/errors.js';
import { PERMISSIONS_TOPIC, type AuthService } from './auth-service.js';
import type { AuthStrategy } from './auth-strategy.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { PUBLIC_ROLE_TYPE } from './permissions-table.js';
import { PUBLIC_PRINCIPAL, type Principal } from './principal.js';
import { loadRoleSnapshot, type RoleSnapshot } from './role-permissions.js';
import { syncRolesAndPermissions } from './sync-roles.js';

export interface AuthServiceOptions {
  readonly config: AppConfig;
  readonly registry: SchemaRegistry;
  readonly database: Database;
  /** Other instances' changes of roles and permissions arrive through it. */
  readonly feed: ChangeFeed;
  readonly log: (message: string) => void;
  /** The plugins' ways of reading a bearer token, asked in this order (API tokens, user JWTs). */
  readonly strategies: readonly AuthStrategy[];
  /** The plugins' actions (`plugin::users-permissions.auth.register`, …), which `*` on their controllers stands for. */
  readonly pluginActions: readonly string[];
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
 * `authenticate` asks the plugins' strategies in turn (an API token, then a user JWT: the reference
 * order); a token none of them takes is a 401.
 */
export async function createAuthService({ config, registry, database, feed, log, strategies, pluginActions }: AuthServiceOptions): Promise<AuthService> {
  // Secrets are read on first use (no statement at start); in production a missing one stops the start here.
  for (const strategy of strategies) await strategy.checkAtStart?.();
  let snapshot: RoleSnapshot = await syncRolesAndPermissions({
    database,
    registry,
    grants: config.permissions,
    pluginActions,
    announce: (trx) => feed.record(trx, PERMISSIONS_TOPIC),
    log,
  });
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
  feed.subscribe(PERMISSIONS_TOPIC, reload);
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
      for (const strategy of strategies) {
        const principal = await strategy.authenticate(token);
        if (principal) return principal;
      }
      throw new UnauthorizedError('Missing or invalid credentials');
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
      await feed.record(database.db, PERMISSIONS_TOPIC);
      await reload(database.db);
    },
    reloadPermissions: () => reload(database.db),
  };
}
