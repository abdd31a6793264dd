import type { FieldError } from '../../shared/errors.js';

/** Longest echo of a sent value in an error entry; longer (or unserializable) values show as null. */
const MAX_ECHO_LENGTH = 4096;

/** The value an error entry reports: what was sent, unless it is too large or too deep to repeat. */
export function echoValue(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    const text = JSON.stringify(value);
    return text !== undefined && text.length <= MAX_ECHO_LENGTH ? value : null;
  } catch {
    return null; // too deep for JSON.stringify: a stack overflow must not turn the 400 into a 500
  }
}

export function componentError(path: readonly string[], message: string, value: unknown): FieldError {
  return { path: [...path], message, name: 'ValidationError', value: echoValue(value) };
}

export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The reference's wording for a value of the wrong type. */
export function typeMessage(name: string, type: 'object' | 'array' | 'number', value: unknown): string {
  const shown = echoValue(value);
  const text = shown === null && value !== null ? (Array.isArray(value) ? '[…]' : '{…}') : JSON.stringify(shown);
  return `${name} must be a \`${type}\` type, but the final value was: \`${text.slice(0, 80)}\`.`;
}

/** An `id` that is not an item of the attribute on the row written (the reference's wording, with the id). */
export function foreignIdMessage(attribute: string, id: number): string {
  return `Some of the provided components in ${attribute} are not related to the entity (id ${id})`;
}
