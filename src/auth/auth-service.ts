import type { PermissionName } from './permission-names.js';
import type { Principal } from './principal.js';

/**
 * The permission stage every transport calls (REST, GraphQL, the plugins' routes): who is
 * calling, and may they do this. Actions are full names, made by auth/permission-names.ts:
 * `api::article.article.find`, `plugin::users-permissions.user.me`,
 * `plugin::i18n.locales.listLocales`. Reads go on through auth/authorize-read.ts.
 */
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
   * Re-reads roles and permissions now. Whoever changes them in the database (the admin API)
   * calls it after the write commits, so that the next request of this instance sees the
   * change; other instances see it within a couple of seconds.
   */
  permissionsChanged(): Promise<void>;
  /** Stops background work (the permission refresh); the app calls it before closing the database. */
  close(): Promise<void>;
}
