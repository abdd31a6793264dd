import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { AppConfig } from '../../core/config/app-config.js';
import { DefinitionError } from '../../core/shared/errors.js';
import type { KeyValueStore } from '../../core/store/key-value-store.js';

/** End users' JWTs: HS256 only (never `none`, never another algorithm), payload `{ id }`. */
export interface UserJwt {
  sign(userId: number): string;
  /** The user id of a valid, unexpired token signed with this secret; null for anything else. */
  verify(token: string): number | null;
}

/** `'30d'`, `'12h'`, `'15m'`, `'60s'` or a number of seconds → milliseconds. */
export function parseExpiresIn(value: unknown, file: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value * 1000;
  const match = typeof value === 'string' ? /^(\d+)\s*(d|h|m|s)?$/.exec(value.trim()) : null;
  if (!match) throw new DefinitionError(file, `users-permissions jwt.expiresIn must be like "30d", "12h", "15m" or a number of seconds, got ${JSON.stringify(value)}`);
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 }[(match[2] ?? 's') as 'd' | 'h' | 'm' | 's'];
  return Number(match[1]) * unit;
}

function usersPermissionsConfig(config: AppConfig): Readonly<Record<string, unknown>> {
  const plugin = config.files.plugins.value['users-permissions'];
  const inner = plugin !== null && typeof plugin === 'object' ? (plugin as Record<string, unknown>).config : undefined;
  return inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>) : {};
}

/**
 * The JWT secret: `config/plugins` users-permissions `jwtSecret`, else env JWT_SECRET. In
 * production one of them is required (the start stops naming JWT_SECRET); in development a
 * secret is generated once and kept in the database, so every instance and restart shares it.
 */
export async function resolveJwtSecret(config: AppConfig, store: KeyValueStore): Promise<string> {
  const configured = usersPermissionsConfig(config).jwtSecret ?? config.env.JWT_SECRET;
  if (typeof configured === 'string' && configured.length > 0) return configured;
  if (config.production) {
    throw new DefinitionError(config.files.plugins.file, 'the environment variable JWT_SECRET (or users-permissions config.jwtSecret) is required in production');
  }
  return String(await store.getOrInit('users-permissions.jwtSecret', randomBytes(32).toString('base64')));
}

export async function createUserJwt(config: AppConfig, store: KeyValueStore): Promise<UserJwt> {
  const secret = await resolveJwtSecret(config, store);
  const jwtConfig = usersPermissionsConfig(config).jwt;
  const expiresIn = parseExpiresIn(jwtConfig !== null && typeof jwtConfig === 'object' ? ((jwtConfig as Record<string, unknown>).expiresIn ?? '30d') : '30d', config.files.plugins.file);
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    sign: (userId) => signer({ id: userId }),
    verify(token) {
      try {
        const payload = verifier(token) as { id?: unknown };
        return typeof payload.id === 'number' && Number.isSafeInteger(payload.id) ? payload.id : null;
      } catch {
        return null;
      }
    },
  };
}
