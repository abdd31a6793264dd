import type { PluginConfigReader } from '../../core/config/plugin-config.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { checkAdvancedChanges, type AdvancedSettings } from './advanced-settings.js';

/**
 * The keys of `config/plugins` → `'users-permissions': { config: { … } }` read by this module
 * (`jwtSecret` and `jwt.expiresIn` are read by user-jwt.ts, `ratelimit` by the rate limiter):
 * - `register.allowedFields`: extra user attributes a registration may set;
 * - `advanced`: the advanced settings (advanced-settings.ts), which the file sets at every start.
 */
export interface UsersPermissionsFileConfig {
  readonly allowedFields: readonly string[];
  /** Only the keys the file names, checked. */
  readonly advanced: Partial<AdvancedSettings>;
  readonly file: string;
}

/**
 * Attributes no registration may set, whatever the config says: they decide who a user is and
 * what it may do (the reference lets `allowedFields` name them; we refuse such a config).
 */
export const PROTECTED_USER_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'documentId',
  'role',
  'confirmed',
  'blocked',
  'provider',
  'resetPasswordToken',
  'confirmationToken',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'locale',
  'localizations',
  'createdBy',
  'updatedBy',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function readUsersPermissionsConfig(section: unknown, file: string): UsersPermissionsFileConfig {
  const plugin = section;
  const inner = isRecord(plugin) && isRecord(plugin.config) ? plugin.config : {};
  const register = inner.register ?? {};
  if (!isRecord(register)) throw new DefinitionError(file, 'users-permissions config.register must be an object');
  const allowed = register.allowedFields ?? [];
  if (!Array.isArray(allowed) || !allowed.every((name): name is string => typeof name === 'string')) {
    throw new DefinitionError(file, 'users-permissions config.register.allowedFields must be a list of attribute names');
  }
  for (const name of allowed) {
    if (PROTECTED_USER_FIELDS.has(name)) throw new DefinitionError(file, `users-permissions config.register.allowedFields may not name "${name}": registration must not set it`);
  }
  const advanced = inner.advanced ?? {};
  if (!isRecord(advanced)) throw new DefinitionError(file, 'users-permissions config.advanced must be an object');
  const checked = checkAdvancedChanges(advanced, (problem) => new DefinitionError(file, `users-permissions config.advanced: ${problem}`));
  return { allowedFields: allowed.filter((name) => !['username', 'email', 'password'].includes(name)), advanced: checked, file };
}

/** The `users-permissions` section's reader (`Plugin.config`) for the keys above. */
export const USERS_PERMISSIONS_CONFIG: PluginConfigReader<UsersPermissionsFileConfig> = { key: 'users-permissions', read: readUsersPermissionsConfig };
