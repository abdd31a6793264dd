import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../core/db/database.js';
import type { Clock } from '../../core/shared/clock.js';
import { UnauthorizedError } from '../../core/shared/errors.js';
import type { AdminJwt, AdminTokenClaims } from './admin-jwt.js';
import type { AdminSessionConfig } from './admin-session-config.js';
import { ADMIN_SESSIONS_TABLE } from './admin-tables.js';

/** What a login, registration or refresh hands out. */
export interface IssuedSession {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** When the refresh cookie expires ("remember me"); null: a browser-session cookie. */
  readonly cookieExpiresAt: number | null;
}

export interface AdminSessionService {
  start(userId: number, options: { rememberMe: boolean; deviceId?: string | undefined }): Promise<IssuedSession>;
  /**
   * Exchanges a refresh token for a new session of the same device (the token is spent): 401
   * "Invalid refresh token", also when `mayContinue` refuses the user (blocked, inactive, deleted).
   */
  refresh(refreshToken: string, mayContinue: (userId: number) => Promise<boolean>): Promise<IssuedSession>;
  /** The user and session of a valid access token whose session still exists; null otherwise. */
  verifyAccess(accessToken: string): Promise<AdminTokenClaims | null>;
  /** Ends the user's sessions on that device, or all of them. */
  end(userId: number, deviceId?: string): Promise<void>;
  /** The user's usable sessions, the current one first, then the latest logins first. */
  list(userId: number, currentSessionId: string): Promise<AdminSessionView[]>;
  /** Ends one session of the user; false when the user has no such session. */
  remove(userId: number, sessionId: string): Promise<boolean>;
}

/** A session as GET /admin/users/me/sessions shows it (Strapi 5's shape). */
export interface AdminSessionView {
  readonly id: string;
  readonly deviceId: string;
  readonly current: boolean;
  readonly loginAt: string;
  readonly lastActiveAt: string;
}

type Row = Record<string, unknown>;

/** A datetime column as read back (a Date, an ISO string, or SQLite's text) in ms; `fallback` when unreadable. */
function loginTime(value: unknown, fallback: number): number {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(/Z|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`) : NaN;
  return Number.isFinite(time) ? time : fallback;
}
const bool = (value: unknown): boolean => value === true || value === 1 || value === '1';

export function createAdminSessionService(database: Database, jwt: AdminJwt, config: AdminSessionConfig, clock: Clock): AdminSessionService {
  const { db, dialect } = database;
  const table = ADMIN_SESSIONS_TABLE.name;

  /** Inserts a session row and signs its tokens. */
  async function issue(userId: number, deviceId: string, rememberMe: boolean, expiresAt: number, loginAt: number): Promise<IssuedSession> {
    const now = clock.now();
    const sessionId = randomBytes(16).toString('hex');
    await db
      .insertInto(table)
      .values({
        session_id: sessionId,
        user_id: userId,
        device_id: deviceId,
        status: 'active',
        remember_me: dialect.encode('boolean', rememberMe),
        // The login's time, kept by every rotation (GET /admin/users/me/sessions shows it as loginAt).
        created_at: dialect.encode('datetime', new Date(loginAt).toISOString()),
        last_active_at: now,
        expires_at: expiresAt,
      })
      .execute();
    const idle = rememberMe ? config.idleRefreshTokenLifespanMs : config.idleSessionLifespanMs;
    const refreshExpiresAt = Math.min(now + idle, expiresAt);
    const claims = { userId, sessionId };
    return {
      accessToken: jwt.signAccess(claims, config.accessTokenLifespanMs),
      refreshToken: jwt.signRefresh(claims, refreshExpiresAt),
      cookieExpiresAt: rememberMe ? refreshExpiresAt : null,
    };
  }

  return {
    async start(userId, { rememberMe, deviceId }) {
      const now = clock.now();
      // Sessions that can no longer be used (anyone's) are dropped as new ones come: logins are rare, the table small.
      await db.deleteFrom(table).where('expires_at', '<=', now).execute();
      return issue(userId, deviceId ?? randomUUID(), rememberMe, now + (rememberMe ? config.maxRefreshTokenLifespanMs : config.maxSessionLifespanMs), now);
    },

    async refresh(refreshToken, mayContinue) {
      const claims = jwt.verify(refreshToken, 'refresh');
      const invalid = new UnauthorizedError('Invalid refresh token');
      if (!claims || !(await mayContinue(claims.userId))) throw invalid;
      const now = clock.now();
      const row = (await db.selectFrom(table).selectAll().where('session_id', '=', claims.sessionId).executeTakeFirst()) as Row | undefined;
      if (!row || Number(row.user_id) !== claims.userId || row.status !== 'active' || Number(row.expires_at) <= now) throw invalid;
      const rememberMe = bool(row.remember_me);
      const idle = rememberMe ? config.idleRefreshTokenLifespanMs : config.idleSessionLifespanMs;
      if (Number(row.last_active_at) + idle <= now) throw invalid;
      // Spent once: of two requests with the same token, one wins.
      const spent = await db.updateTable(table).set({ status: 'rotated' }).where('session_id', '=', claims.sessionId).where('status', '=', 'active').executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) throw invalid;
      // Rotated sessions are kept while their access tokens may live.
      await db.deleteFrom(table).where('user_id', '=', claims.userId).where('status', '=', 'rotated').where('last_active_at', '<=', now - config.accessTokenLifespanMs).execute();
      await db.updateTable(table).set({ last_active_at: now }).where('session_id', '=', claims.sessionId).execute();
      return issue(claims.userId, String(row.device_id), rememberMe, Number(row.expires_at), loginTime(row.created_at, now));
    },

    async verifyAccess(accessToken) {
      const claims = jwt.verify(accessToken, 'access');
      if (!claims) return null;
      const row = await db.selectFrom(table).select(['user_id', 'expires_at']).where('session_id', '=', claims.sessionId).executeTakeFirst();
      if (!row || Number(row.user_id) !== claims.userId || Number(row.expires_at) <= clock.now()) return null;
      return claims;
    },

    async list(userId, currentSessionId) {
      const rows = (await db
        .selectFrom(table)
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .where('expires_at', '>', clock.now())
        .execute()) as Row[];
      const views = rows.map((row) => ({
        id: String(row.session_id),
        deviceId: String(row.device_id),
        current: row.session_id === currentSessionId,
        loginAt: new Date(loginTime(row.created_at, 0)).toISOString(),
        lastActiveAt: new Date(Number(row.last_active_at)).toISOString(),
      }));
      return views.sort((a, b) => Number(b.current) - Number(a.current) || b.loginAt.localeCompare(a.loginAt));
    },

    async remove(userId, sessionId) {
      const done = await db.deleteFrom(table).where('user_id', '=', userId).where('session_id', '=', sessionId).executeTakeFirst();
      return Number(done.numDeletedRows) > 0;
    },

    async end(userId, deviceId) {
      let query = db.deleteFrom(table).where('user_id', '=', userId);
      if (deviceId !== undefined) query = query.where('device_id', '=', deviceId);
      await query.execute();
    },
  };
}
