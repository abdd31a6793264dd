import { MAX_PASSWORD_BYTES } from '../../core/documents/hash-password.js';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { ValidationError } from '../../core/shared/errors.js';

/** Anything but a string is `<field> is a required field`, as the reference's admin answers. */
const REQUIRED = 'is a required field';

/**
 * Admin passwords: at least 8 characters with a lowercase letter, an uppercase letter and a
 * digit (the reference's admin rule), and at most 72 bytes. Hashed, never stored as sent.
 */
export function checkAdminPassword(value: unknown, field = 'password'): string {
  const password = BodyChecker.over({ [field]: value }).string(field, {
    required: true,
    emptyIsMissing: true,
    secret: true,
    storable: false,
    min: 8,
    passwordBytes: MAX_PASSWORD_BYTES,
    words: { notAString: REQUIRED },
  });
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
    throw ValidationError.atField(field, `${field} must contain at least one lowercase letter, one uppercase letter and one number`, undefined);
  }
  return password;
}

/** Admin emails are compared lower-cased, so `Ann@x.io` and `ann@x.io` are one account. */
export function checkAdminEmail(value: unknown, field = 'email'): string {
  const email = BodyChecker.over({ [field]: value })
    .string(field, { required: true, trim: true, email: true, words: { notAString: REQUIRED, empty: REQUIRED } })
    .toLowerCase();
  if (email.length > 255) throw ValidationError.atField(field, `${field} must be a valid email`, value);
  return email;
}
