import { ValidationError } from '../../core/shared/errors.js';
import { checkAdvancedChanges, DEFAULT_ADVANCED_SETTINGS } from '../../plugins/users-permissions/advanced-settings.js';
import { readEmailTemplates } from '../../plugins/users-permissions/email-templates.js';
import { ADVANCED_KEY, EMAIL_KEY } from '../../plugins/users-permissions/settings.js';
import type { StoreAlias } from './strapi-store.js';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** How Strapi's admin shows each template (part of the shape Strapi stores, kept for code that reads it). */
const TEMPLATE_LOOKS: Readonly<Record<string, { display: string; icon: string }>> = {
  reset_password: { display: 'Email.template.reset_password', icon: 'sync' },
  email_confirmation: { display: 'Email.template.email_confirmation', icon: 'check-square' },
};

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
    read(stored) {
      const templates = readEmailTemplates(stored);
      return Object.fromEntries(Object.entries(templates).map(([name, options]) => [name, { ...TEMPLATE_LOOKS[name], options }]));
    },
    write(value) {
      const record = isRecord(value) ? value : {};
      const unwrapped = Object.fromEntries(Object.entries(record).map(([name, entry]) => [name, isRecord(entry) && isRecord(entry.options) ? entry.options : entry]));
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
