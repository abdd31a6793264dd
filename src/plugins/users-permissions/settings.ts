import type { AppConfig } from '../../core/config/app-config.js';
import { DefinitionError, ValidationError } from '../../core/shared/errors.js';
import type { KeyValueStore } from '../../core/store/key-value-store.js';
import { DEFAULT_EMAIL_TEMPLATES, readEmailTemplates, type EmailTemplates } from './email-templates.js';
import { readUsersPermissionsConfig } from './users-permissions-config.js';

/** The reference's "advanced settings" of users-permissions, by their stored names. */
export interface AdvancedSettings {
  readonly unique_email: boolean;
  readonly allow_register: boolean;
  readonly email_confirmation: boolean;
  /** Base URL of the reset link in reset mails (`<url>?code=<code>`); null: the code alone. */
  readonly email_reset_password: string | null;
  /** Where GET /auth/email-confirmation redirects; null: `/`. */
  readonly email_confirmation_redirection: string | null;
  /** Role type given to registered users. */
  readonly default_role: string;
}

export const DEFAULT_ADVANCED_SETTINGS: AdvancedSettings = Object.freeze({
  unique_email: true,
  allow_register: true,
  email_confirmation: false,
  email_reset_password: null,
  email_confirmation_redirection: null,
  default_role: 'authenticated',
});

const ADVANCED_KEY = 'users-permissions.advanced';
const EMAIL_KEY = 'users-permissions.email';

const BOOLEAN_KEYS = ['unique_email', 'allow_register', 'email_confirmation'] as const;
const URL_KEYS = ['email_reset_password', 'email_confirmation_redirection'] as const;

/**
 * Checks a partial change of the advanced settings; `fail` names the source (config file or
 * request). URLs must be absolute http(s) or a path, so a stored setting cannot become a
 * `javascript:` link in a mail or an open redirect to another scheme.
 */
export function checkAdvancedChanges(raw: Readonly<Record<string, unknown>>, fail: (problem: string) => Error): Partial<AdvancedSettings> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'boolean') throw fail(`${key} must be true or false`);
    } else if ((URL_KEYS as readonly string[]).includes(key)) {
      if (value !== null && value !== '' && !(typeof value === 'string' && /^(https?:\/\/[^\s]+|\/[^\s]*)$/i.test(value))) {
        throw fail(`${key} must be an http(s) URL or a path starting with /`);
      }
      changes[key] = value === '' ? null : value;
      continue;
    } else if (key === 'default_role') {
      if (typeof value !== 'string' || value === '' || value === 'public') throw fail('default_role must be the type of a role other than public');
    } else throw fail(`unknown setting ${key}`);
    changes[key] = value;
  }
  return changes as Partial<AdvancedSettings>;
}

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

export async function createUsersPermissionsSettings(config: AppConfig, store: KeyValueStore): Promise<UsersPermissionsSettings> {
  const fileConfig = readUsersPermissionsConfig(config);
  const fromFile = checkAdvancedChanges(fileConfig.advanced, (problem) => new DefinitionError(fileConfig.file, `users-permissions config.advanced: ${problem}`));
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
