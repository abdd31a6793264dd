import { ValidationError } from '../../core/shared/errors.js';
import type { KeyValueStore } from '../../core/store/key-value-store.js';
import { DEFAULT_EMAIL_TEMPLATES, readEmailTemplates, type EmailTemplates } from './email-templates.js';
import { checkAdvancedChanges, DEFAULT_ADVANCED_SETTINGS, type AdvancedSettings } from './advanced-settings.js';
import type { UsersPermissionsFileConfig } from './users-permissions-config.js';

/** Where the settings are stored (compat's `strapi.store` reads and writes them under Strapi's names). */
export const ADVANCED_KEY = 'users-permissions.advanced';
export const EMAIL_KEY = 'users-permissions.email';

function normalize(stored: unknown): AdvancedSettings {
  const record = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...DEFAULT_ADVANCED_SETTINGS };
  for (const key of Object.keys(DEFAULT_ADVANCED_SETTINGS)) if (record[key] !== undefined) result[key] = record[key];
  return result as unknown as AdvancedSettings;
}

/**
 * The users-permissions settings. They live in the key-value store, so every instance reads
 * the same values and an admin API can change them; `config/plugins` users-permissions
 * `config.advanced` sets the keys it names at every start (the file wins for what it names).
 */
export interface UsersPermissionsSettings {
  advanced(): Promise<AdvancedSettings>;
  setAdvanced(changes: Readonly<Record<string, unknown>>): Promise<AdvancedSettings>;
  emailTemplates(): Promise<EmailTemplates>;
  setEmailTemplates(templates: unknown): Promise<EmailTemplates>;
  /** `register.allowedFields` of the config: extra attributes a registration may set. */
  readonly allowedFields: readonly string[];
}

export async function createUsersPermissionsSettings(fileConfig: UsersPermissionsFileConfig, store: KeyValueStore): Promise<UsersPermissionsSettings> {
  const fromFile = fileConfig.advanced;
  const initial = normalize(await store.getOrInit(ADVANCED_KEY, { ...DEFAULT_ADVANCED_SETTINGS, ...fromFile }));
  if (Object.entries(fromFile).some(([key, value]) => initial[key as keyof AdvancedSettings] !== value)) {
    await store.set(ADVANCED_KEY, { ...initial, ...fromFile });
  }
  await store.getOrInit(EMAIL_KEY, DEFAULT_EMAIL_TEMPLATES);
  return {
    allowedFields: fileConfig.allowedFields,
    advanced: async () => normalize(await store.get(ADVANCED_KEY)),
    async setAdvanced(raw) {
      const changes = checkAdvancedChanges(raw, (problem) => new ValidationError(problem));
      const next = { ...normalize(await store.get(ADVANCED_KEY)), ...changes };
      await store.set(ADVANCED_KEY, next);
      return next;
    },
    emailTemplates: async () => readEmailTemplates(await store.get(EMAIL_KEY)),
    async setEmailTemplates(templates) {
      const checked = readEmailTemplates(templates, true);
      await store.set(EMAIL_KEY, checked);
      return checked;
    },
  };
}
