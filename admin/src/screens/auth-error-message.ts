import { ApiError } from '../api/api-error';
import { t } from '../i18n/translate';

/**
 * The words shown for a refused login or registration. Strapi answers a wrong password with a
 * 400 "Invalid credentials" (not a 401) and too many tries with a 429; other messages are shown
 * as the server wrote them.
 */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return t('auth.error.unexpected', { message: String(error) });
  if (error.status === 0) return t('app.error.network');
  if (error.status === 429) return t('auth.error.tooMany');
  if (error.message === 'Invalid credentials') return t('auth.error.invalidCredentials');
  if (/not active|blocked/i.test(error.message)) return t('auth.error.blocked');
  return t('auth.error.unexpected', { message: error.message });
}
