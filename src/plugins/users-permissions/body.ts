import { ValidationError, type FieldError } from '../../core/shared/errors.js';
import { unstorableTextProblem } from '../../core/shared/storable-text.js';

/** bcrypt reads at most 72 bytes: a longer password would be silently cut, so it is refused. */
export const MAX_PASSWORD_BYTES = 72;

export type Body = Readonly<Record<string, unknown>>;

/** The JSON body as an object; anything else (missing, array, string) is a 400. */
export function readBody(body: unknown): Body {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('Invalid request body: an object is expected');
  return body as Body;
}

/** The reference's message for unknown keys of the forgot, reset and change bodies. */
export function refuseUnknownKeys(body: Body, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw new ValidationError(`this field has unspecified keys: ${unknown.join(', ')}`);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface FieldRule {
  readonly required?: boolean;
  readonly email?: boolean;
  /** A new password: held to bcrypt's 72 bytes, and secret. */
  readonly password?: boolean;
  /** Never echoed back in an error (current passwords, confirmations, reset codes). */
  readonly secret?: boolean;
}

/**
 * The string fields of a body, checked as the reference's yup schemas do (type, required,
 * email format) plus what no database stores as sent (shared/storable-text). Every problem at once.
 */
export function readStrings<K extends string>(body: Body, rules: Readonly<Record<K, FieldRule>>): Record<K, string | undefined> {
  const errors: FieldError[] = [];
  const result = {} as Record<K, string | undefined>;
  for (const key of Object.keys(rules) as K[]) {
    const rule = rules[key];
    const value = body[key];
    const shown = rule.password || rule.secret ? {} : { value: typeof value === 'object' ? null : value };
    const fail = (message: string) => errors.push({ path: [key], message, name: 'ValidationError', ...shown });
    if (value === undefined || value === null || value === '') {
      if (rule.required) fail(`${key} is a required field`);
      continue;
    }
    const unstorable = typeof value === 'string' ? unstorableTextProblem(value) : null;
    if (typeof value !== 'string') fail(`${key} must be a \`string\` type`);
    else if (unstorable !== null) fail(`${key} ${unstorable}`);
    else if (rule.email && !EMAIL.test(value)) fail(`${key} must be a valid email`);
    else if (rule.password && Buffer.byteLength(value) > MAX_PASSWORD_BYTES) fail('Password must be less than 73 bytes');
    else result[key] = value;
  }
  if (errors.length > 0) throw ValidationError.fromFieldErrors(errors);
  return result;
}

/** A value `readStrings` guarantees present (required); narrows the type. */
export function required(value: string | undefined): string {
  if (value === undefined) throw new ValidationError('Missing value');
  return value;
}
