import type { AppConfig } from '../../core/config/app-config.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { adminAccessTokenLifespan } from './admin-jwt.js';

/**
 * Admin sessions as configured in `config/admin` (Strapi 5's names, seconds):
 * `auth.sessions.{accessTokenLifespan, maxRefreshTokenLifespan, idleRefreshTokenLifespan,
 * maxSessionLifespan, idleSessionLifespan}` and the refresh cookie's `auth.cookie.{secure,
 * domain, path, sameSite}`. "Remember me" sessions use the refresh-token lifespans and a
 * persistent cookie; the others the session lifespans and a browser-session cookie.
 */
export interface AdminSessionConfig {
  readonly accessTokenLifespanMs: number;
  readonly maxRefreshTokenLifespanMs: number;
  readonly idleRefreshTokenLifespanMs: number;
  readonly maxSessionLifespanMs: number;
  readonly idleSessionLifespanMs: number;
  readonly cookie: {
    /** undefined: Secure in production over HTTPS only (Strapi's rule). */
    readonly secure: boolean | undefined;
    readonly domain: string | undefined;
    readonly path: string;
    readonly sameSite: 'lax' | 'strict' | 'none';
  };
}

const DAY = 86_400;
const DEFAULTS = { maxRefreshTokenLifespan: 30 * DAY, idleRefreshTokenLifespan: 14 * DAY, maxSessionLifespan: DAY, idleSessionLifespan: 2 * 3600 } as const;

function record(value: unknown): Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function readAdminSessionConfig(config: AppConfig): AdminSessionConfig {
  const file = config.files.admin.file;
  const auth = record(config.files.admin.value.auth);
  const sessions = record(auth.sessions);
  const cookie = record(auth.cookie);
  const seconds = (key: keyof typeof DEFAULTS): number => {
    const value = sessions[key] ?? DEFAULTS[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw new DefinitionError(file, `admin auth.sessions.${key} must be a positive number of seconds, got ${JSON.stringify(value)}`);
    return value * 1000;
  };
  const optionalString = (key: string): string | undefined => {
    const value = cookie[key];
    if (value !== undefined && (typeof value !== 'string' || value === '' || /[;\s]/.test(value))) throw new DefinitionError(file, `admin auth.cookie.${key} must be a cookie attribute value`);
    return value;
  };
  const sameSite = cookie.sameSite ?? 'lax';
  if (sameSite !== 'lax' && sameSite !== 'strict' && sameSite !== 'none') throw new DefinitionError(file, 'admin auth.cookie.sameSite must be "lax", "strict" or "none"');
  if (cookie.secure !== undefined && typeof cookie.secure !== 'boolean') throw new DefinitionError(file, 'admin auth.cookie.secure must be a boolean');
  return {
    accessTokenLifespanMs: adminAccessTokenLifespan(config),
    maxRefreshTokenLifespanMs: seconds('maxRefreshTokenLifespan'),
    idleRefreshTokenLifespanMs: seconds('idleRefreshTokenLifespan'),
    maxSessionLifespanMs: seconds('maxSessionLifespan'),
    idleSessionLifespanMs: seconds('idleSessionLifespan'),
    cookie: { secure: cookie.secure, domain: optionalString('domain'), path: optionalString('path') ?? '/admin', sameSite },
  };
}
