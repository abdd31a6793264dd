import { MAX_PASSWORD_BYTES } from '../../core/documents/hash-password.js';
import { BodyChecker, type BodyDialect } from '../../core/shared/body-checker.js';
import { ValidationError } from '../../core/shared/errors.js';

/**
 * How the auth and /users bodies are read, in the reference's wording (its yup schemas): every
 * problem at once, null and '' as not sent, unknown keys as `this field has unspecified keys: …`.
 */
export const UP_BODY: BodyDialect = {
  notAnObject: () => new ValidationError('Invalid request body: an object is expected'),
  unknownKeys: BodyChecker.unspecifiedKeys,
  collect: true,
  echo: (value) => (typeof value === 'object' ? null : value),
  echoUnstorable: true,
  strings: { emptyIsMissing: true, words: { notAString: 'must be a `string` type' } },
};

/** A new password: held to bcrypt's 72 bytes, and never shown. */
export const NEW_PASSWORD = { passwordBytes: MAX_PASSWORD_BYTES, secret: true } as const;

/** `Invalid parameters: a, b`: the reference's wording for the register and /users bodies. */
export function invalidParameters(keys: readonly string[]): ValidationError {
  return new ValidationError(`Invalid parameters: ${keys.join(', ')}`);
}
