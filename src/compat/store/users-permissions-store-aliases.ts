import { ValidationError } from '../../core/shared/errors.js';
import { checkAdvancedChanges, DEFAULT_ADVANCED_SETTINGS } from '../../plugins/users-permissions/advanced-settings.js';
import { fromStrapiEmailTemplates, readEmailTemplates, toStrapiEmailTemplates } from '../../plugins/users-permissions/email-templates.js';
import { ADVANCED_KEY, EMAIL_KEY } from '../../plugins/users-permissions/settings.js';
import type { StoreAlias } from './strapi-store.js';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `strapi.store({ type: 'plugin', name: 'users-permissions' })` `advanced` and `email`: the
 * settings users-permissions runs on, so that the common bootstrap that turns email
 * confirmation on (get, change, set) changes what registration does. Strapi nests each template
 * under `options`; Tessera stores the template alone.
 */
export function usersPermissionsStoreAliases(): ReadonlyMap<string, StoreAlias> {
  const advanced: StoreAlias = {
    key: ADVANCED_KEY,
    read: (stored) => ({ ...DEFAULT_ADVANCED_SETTINGS, ...(isRecord(stored) ? stored : {}) }),
    write(value) {
      if (!isRecord(value)) throw new ValidationError('strapi.store users-permissions advanced: the value must be an object of settings');
      const changes = checkAdvancedChanges(value, (problem) => new ValidationError(`strapi.store users-permissions advanced: ${problem}`));
      return { ...DEFAULT_ADVANCED_SETTINGS, ...changes };
    },
  };
  const email: StoreAlias = {
    key: EMAIL_KEY,
    read: (stored) => toStrapiEmailTemplates(readEmailTemplates(stored)),
    write(value) {
      const unwrapped = fromStrapiEmailTemplates(value);
      try {
        return readEmailTemplates(unwrapped, true);
      } catch (error) {
        throw error instanceof ValidationError ? new ValidationError(`strapi.store users-permissions email: ${error.message}`) : error;
      }
    },
  };
  return new Map([
    ['plugin_users-permissions_advanced', advanced],
    ['plugin_users-permissions_email', email],
  ]);
}
