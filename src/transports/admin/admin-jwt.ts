import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { AppConfig } from '../../core/config/app-config.js';
import type { Clock } from '../../core/shared/clock.js';
import { DefinitionError } from '../../core/shared/errors.js';
import type { KeyValueStore } from '../../core/store/key-value-store.js';

/**
 * Admin JWTs, Strapi 5's two kinds, HS256 with the admin secret (never the end users'):
 * access tokens `{userId:"1", sessionId, type:"access", iat, exp}` and refresh tokens
 * `{userId, sessionId, type:"refresh", exp}`. A valid signature is not enough: the session must
 * still exist (admin-session-service.ts).
 */
export interface AdminTokenClaims {
  readonly userId: number;
  readonly sessionId: string;
}

export interface AdminJwt {
  /** An access token of the session, valid `lifespanMs` from now (the app's clock). */
  signAccess(claims: AdminTokenClaims, lifespanMs: number): string;
  /** A refresh token of the session, valid until `expiresAt` (ms since the epoch). */
  signRefresh(claims: AdminTokenClaims, expiresAt: number): string;
  /** The claims of a valid, unexpired token of that type; null for anything else. */
  verify(token: string, type: 'access' | 'refresh'): AdminTokenClaims | null;
}

const DEFAULT_EXPIRES_IN = '30m';

function record(value: unknown): Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `'30d'`, `'12h'`, `'15m'`, `'60s'` or a number of seconds → milliseconds. */
function parseAdminExpiresIn(value: unknown, file: string, key: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value * 1000;
  const match = typeof value === 'string' ? /^(\d+)\s*(d|h|m|s)?$/.exec(value.trim()) : null;
  const millis = match ? Number(match[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 }[(match[2] ?? 's') as 'd' | 'h' | 'm' | 's'] : 0;
  if (millis <= 0) throw new DefinitionError(file, `admin ${key} must be like "30d", "12h", "15m" or a number of seconds, got ${JSON.stringify(value)}`);
  return millis;
}

/**
 * The admin JWT secret: `config/admin` `auth.secret`, else env ADMIN_JWT_SECRET. Required in
 * production (the start stops naming ADMIN_JWT_SECRET); in development generated once and kept
 * in the database, so every instance and restart shares it.
 */
export async function resolveAdminJwtSecret(config: AppConfig, store: KeyValueStore): Promise<string> {
  const configured = record(config.files.admin.value.auth).secret ?? config.env.ADMIN_JWT_SECRET;
  if (typeof configured === 'string' && configured.length > 0) return configured;
  if (configured !== undefined && typeof configured !== 'string') throw new DefinitionError(config.files.admin.file, 'admin auth.secret must be a string');
  if (config.production) throw new DefinitionError(config.files.admin.file, 'the environment variable ADMIN_JWT_SECRET (or admin config auth.secret) is required in production');
  return String(await store.getOrInit('admin.jwtSecret', randomBytes(32).toString('base64')));
}

/**
 * The access tokens' lifetime: `auth.sessions.accessTokenLifespan` (seconds, Strapi 5's name),
 * else the older `auth.options.expiresIn`, else 30 minutes (Strapi 5's default).
 */
export function adminAccessTokenLifespan(config: AppConfig): number {
  const auth = record(config.files.admin.value.auth);
  const sessions = record(auth.sessions);
  if (sessions.accessTokenLifespan !== undefined) return parseAdminExpiresIn(sessions.accessTokenLifespan, config.files.admin.file, 'auth.sessions.accessTokenLifespan');
  const options = record(auth.options);
  return parseAdminExpiresIn(options.expiresIn ?? DEFAULT_EXPIRES_IN, config.files.admin.file, 'auth.options.expiresIn');
}

const ID = /^[1-9]\d{0,15}$/;

export async function createAdminJwt(config: AppConfig, store: KeyValueStore, clock: Clock): Promise<AdminJwt> {
  const secret = await resolveAdminJwtSecret(config, store);
  // Access tokens carry an iat of the app's clock (given in the payload); refresh tokens none, as Strapi's.
  const signer = createSigner({ key: secret, algorithm: 'HS256' });
  const refreshSigner = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
  // Expiry is checked against the app's clock below (the library would read the system time).
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000, ignoreExpiration: true });
  const seconds = (millis: number): number => Math.floor(millis / 1000);
  return {
    signAccess: (claims, lifespanMs) => {
      const iat = seconds(clock.now());
      return signer({ userId: String(claims.userId), sessionId: claims.sessionId, type: 'access', iat, exp: iat + Math.max(1, seconds(lifespanMs)) });
    },
    signRefresh: (claims, expiresAt) => refreshSigner({ userId: String(claims.userId), sessionId: claims.sessionId, type: 'refresh', exp: seconds(expiresAt) }),
    verify(token, type) {
      try {
        const payload = verifier(token) as { userId?: unknown; sessionId?: unknown; type?: unknown; exp?: unknown };
        if (typeof payload.exp !== 'number' || payload.exp * 1000 <= clock.now()) return null;
        if (payload.type !== type || typeof payload.sessionId !== 'string' || typeof payload.userId !== 'string' || !ID.test(payload.userId)) return null;
        const userId = Number(payload.userId);
        return Number.isSafeInteger(userId) ? { userId, sessionId: payload.sessionId } : null;
      } catch {
        return null;
      }
    },
  };
}
