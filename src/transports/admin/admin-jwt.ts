import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { AppConfig } from '../../core/config/app-config.js';
import type { Clock } from '../../core/shared/clock.js';
import { DefinitionError } from '../../core/shared/errors.js';
import type { KeyValueStore } from '../../core/store/key-value-store.js';

/** Admin JWTs: HS256 only, payload `{ id, kind: 'admin' }`, a secret of their own (never the end users'). */
export interface AdminJwt {
  sign(adminUserId: number): string;
  /** The admin user id of a valid, unexpired admin token; null for anything else. */
  verify(token: string): number | null;
}

const DEFAULT_EXPIRES_IN = '30d';

function record(value: unknown): Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `'30d'`, `'12h'`, `'15m'`, `'60s'` or a number of seconds → milliseconds. */
function parseAdminExpiresIn(value: unknown, file: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value * 1000;
  const match = typeof value === 'string' ? /^(\d+)\s*(d|h|m|s)?$/.exec(value.trim()) : null;
  const millis = match ? Number(match[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 }[(match[2] ?? 's') as 'd' | 'h' | 'm' | 's'] : 0;
  if (millis <= 0) throw new DefinitionError(file, `admin auth.options.expiresIn must be like "30d", "12h", "15m" or a number of seconds, got ${JSON.stringify(value)}`);
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

export async function createAdminJwt(config: AppConfig, store: KeyValueStore, clock: Clock): Promise<AdminJwt> {
  const secret = await resolveAdminJwtSecret(config, store);
  const options = record(record(config.files.admin.value.auth).options);
  const expiresIn = parseAdminExpiresIn(options.expiresIn ?? DEFAULT_EXPIRES_IN, config.files.admin.file);
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn });
  // Expiry is checked against the app's clock below (the library would read the system time).
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000, ignoreExpiration: true });
  return {
    sign: (adminUserId) => signer({ id: adminUserId, kind: 'admin', iat: Math.floor(clock.now() / 1000) }),
    verify(token) {
      try {
        const payload = verifier(token) as { id?: unknown; kind?: unknown; exp?: unknown };
        if (typeof payload.exp !== 'number' || payload.exp * 1000 <= clock.now()) return null;
        return payload.kind === 'admin' && typeof payload.id === 'number' && Number.isSafeInteger(payload.id) ? payload.id : null;
      } catch {
        return null;
      }
    },
  };
}
