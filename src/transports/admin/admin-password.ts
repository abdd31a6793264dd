import { fieldError, textField } from './body-fields.js';

/** bcrypt reads only the first 72 bytes: a longer password would be silently truncated. */
const MAX_PASSWORD_BYTES = 72;

/**
 * Admin passwords: at least 8 characters with a lowercase letter, an uppercase letter and a
 * digit (the reference's admin rule), and at most 72 bytes.
 */
export function checkAdminPassword(value: unknown, field = 'password'): string {
  if (typeof value !== 'string' || value.length === 0) throw fieldError(field, `${field} is a required field`, undefined);
  if (Buffer.byteLength(value, 'utf8') > MAX_PASSWORD_BYTES) throw fieldError(field, 'Password must be less than 73 bytes', undefined);
  if (value.length < 8) throw fieldError(field, `${field} must be at least 8 characters`, undefined);
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/\d/.test(value)) {
    throw fieldError(field, `${field} must contain at least one lowercase letter, one uppercase letter and one number`, undefined);
  }
  return value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Admin emails are compared lower-cased, so `Ann@x.io` and `ann@x.io` are one account. */
export function checkAdminEmail(value: unknown, field = 'email'): string {
  if (typeof value !== 'string' || value.trim().length === 0) throw fieldError(field, `${field} is a required field`, value);
  const email = textField(field, value).trim().toLowerCase();
  if (email.length > 255 || !EMAIL.test(email)) throw fieldError(field, `${field} must be a valid email`, value);
  return email;
}
