import type { PermissionName } from './permission-names.js';
import type { Principal } from './principal.js';

/**
 * The permission stage every transport calls (REST, GraphQL, the plugins' routes): who is
 * calling, and may they do this. Actions are full names, made by auth/permission-names.ts:
 * `api::article.article.find`, `plugin::users-permissions.user.me`,
 * `plugin::i18n.locales.listLocales`. Reads go on through auth/authorize-read.ts.
 */
/** The change-feed topic of roles and permissions: recorded by whoever changes them, followed by the auth service. */
export const PERMISSIONS_TOPIC = 'permissions';

export interface AuthService {
  /**
   * The principal of a request from its Authorization header: no header → Public; a valid API
   * token or user JWT → that principal; anything else (malformed, tampered, expired, a blocked
   * or deleted user) → 401, never a fall-back to Public.
   */
  authenticate(authorization: string | undefined): Promise<Principal>;
  /** Whether the principal may do the action. Synchronous: permissions are held in memory (see permissionsChanged). */
  can(principal: Principal, action: PermissionName): boolean;
  /**
   * For whoever wrote roles or permissions directly (tests, tools): announces the change on the
   * change feed, so that other instances follow within the follow delay, and re-reads them
   * here, so that the next request of this instance sees it.
   */
  permissionsChanged(): Promise<void>;
  /**
   * Re-reads roles and permissions here. A writer that announced its change in its own
   * transaction (the admin API: `feed.record`) calls it once that transaction committed.
   */
  reloadPermissions(): Promise<void>;
}
