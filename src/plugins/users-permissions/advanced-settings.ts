/** The advanced settings of users-permissions and their one check (config file and admin API alike). */

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
