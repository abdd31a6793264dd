import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../core/config/app-config.js';
import { DefinitionError } from '../../core/shared/errors.js';
import type { KeyValueStore } from '../../core/store/key-value-store.js';

/**
 * The salt API tokens are hashed with: `config/admin` `apiToken.salt`, else env API_TOKEN_SALT.
 * Required in production (the start stops naming API_TOKEN_SALT); in development generated
 * once and kept in the database, so every instance and restart hashes alike.
 */
export async function resolveApiTokenSalt(config: AppConfig, store: KeyValueStore): Promise<string> {
  const apiToken = config.files.admin.value.apiToken;
  const configured = (apiToken !== null && typeof apiToken === 'object' ? (apiToken as Record<string, unknown>).salt : undefined) ?? config.env.API_TOKEN_SALT;
  if (typeof configured === 'string' && configured.length > 0) return configured;
  if (config.production) throw new DefinitionError(config.files.admin.file, 'the environment variable API_TOKEN_SALT (or admin config apiToken.salt) is required in production');
  return String(await store.getOrInit('admin.apiTokenSalt', randomBytes(16).toString('base64')));
}
