import { ValidationError, type FieldError } from '../../core/shared/errors.js';
import { unstorableTextProblem } from '../../core/shared/storable-text.js';
import { parseRowId } from '../../core/schema/scalar-values.js';

/**
 * Reading the JSON bodies of the admin API (and the CLI's equivalent input): every bad value
 * is a 400 ValidationError naming the field, never a 500.
 */
export type Body = Readonly<Record<string, unknown>>;

export function bodyObject(value: unknown): Body {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ValidationError('The request body must be a JSON object');
  return value as Body;
}

/** Keys outside `allowed` → 400 `Invalid key <key>` (mass assignment is refused, not ignored). */
export function onlyKeys(body: Body, allowed: readonly string[]): void {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw ValidationError.invalidKey(key, { source: 'body' });
}

export function fieldError(field: string, message: string, value: unknown): ValidationError {
  const error: FieldError = { path: [field], message, name: 'ValidationError', value };
  return ValidationError.fromFieldErrors([error]);
}

/**
 * Any string of an admin body that is stored or looked up: NUL and lone surrogates are refused
 * (shared/storable-text) before they reach the database, whose answer would be a 500 or an
 * altered value. The value itself is not echoed: it may be a password.
 */
export function textField(field: string, value: string): string {
  const problem = unstorableTextProblem(value);
  if (problem !== null) throw fieldError(field, `${field} ${problem}`, undefined);
  return value;
}

export interface StringRule {
  readonly required?: boolean;
  readonly min?: number;
  readonly max?: number;
  /** Null is accepted (and returned) for an optional field. */
  readonly nullable?: boolean;
}

/** A string field, trimmed; undefined when absent and not required. */
export function stringField(body: Body, field: string, rule: StringRule = {}): string | null | undefined {
  const value = body[field];
  if (value === undefined || (value === null && rule.nullable === true)) {
    if (rule.required === true) throw fieldError(field, `${field} is a required field`, value);
    return value as null | undefined;
  }
  if (typeof value !== 'string') throw fieldError(field, `${field} must be a string`, value);
  textField(field, value);
  const trimmed = value.trim();
  const min = rule.min ?? (rule.required === true ? 1 : 0);
  if (trimmed.length < min) throw fieldError(field, min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`, value);
  if (trimmed.length > (rule.max ?? 255)) throw fieldError(field, `${field} must be at most ${rule.max ?? 255} characters`, value);
  return trimmed;
}

export function booleanField(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw fieldError(field, `${field} must be a boolean`, value);
  return value;
}

/** A list of distinct non-empty strings. */
export function stringListField(body: Body, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.length === 0 || item.length > 255)) {
    throw fieldError(field, `${field} must be a list of action names`, value);
  }
  for (const item of value as string[]) textField(field, item);
  return [...new Set(value as string[])];
}

/**
 * A numeric id from a route parameter: anything else, an id past the id column's range
 * included, is a 404 (no such resource) rather than a database error.
 */
export function routeId(raw: string): number | null {
  return parseRowId(raw) ?? null;
}
