import { BodyChecker, type BodyDialect } from '../../core/shared/body-checker.js';
import { ValidationError } from '../../core/shared/errors.js';

/**
 * How Strapi 5's own admin routes (session, users, roles) read bodies: the first problem is the
 * 400, strings fit a 255-character column. Tessera's older routes (/admin/admin-users, login)
 * keep ADMIN_BODY.
 */
export const STRAPI_ADMIN_BODY: BodyDialect = {
  unknownKeys: BodyChecker.unspecifiedKeys,
  strings: { trim: true, max: 255 },
};

const SECRET_KEYS = new Set(['password', 'currentPassword', 'resetPasswordToken', 'registrationToken']);

/**
 * Strapi's refusal of unknown keys: `this field has unspecified keys: <keys>`, the object sent
 * as the item's value (its secrets left out: Strapi would echo a password).
 */
export function strapiOnlyKeys(check: BodyChecker, allowed: readonly string[]): void {
  const unknown = Object.keys(check.body).filter((key) => !allowed.includes(key));
  if (unknown.length === 0) return;
  const value = Object.fromEntries(Object.entries(check.body).filter(([key]) => !SECRET_KEYS.has(key)));
  const message = `this field has unspecified keys: ${unknown.join(', ')}`;
  throw ValidationError.fromFieldErrors([{ path: [...check.at], message, name: 'ValidationError', value }]);
}
