import { ValidationError } from '../../shared/errors.js';

/** Errors of the `populate` parameter: every one carries { key, path, source: 'query', param: 'populate' }. */

/** `a.b` under `path` (the top level has no path). */
export function joinPath(path: string | null, key: string): string {
  return path === null ? key : `${path}.${key}`;
}

/** `Invalid key <key>` (at `path` when nested); `path` is the dotted path ending with `key`, or null at the top. */
export function invalidPopulateKey(key: string, path: string | null): never {
  throw ValidationError.invalidKey(key, { source: 'query', param: 'populate', path: path === key ? null : path });
}

/** Any other populate error, with the reference's details. */
export function populateError(message: string, key: string, path: string | null): never {
  throw new ValidationError(message, { key, path: path === key ? null : path, source: 'query', param: 'populate' });
}

/**
 * Runs a parser of another parameter (fields, filters, sort) on a value nested in `populate`
 * at `path` (e.g. `author.filters`). Its errors are reported as populate errors, with the
 * nested path in front of theirs, so that the client sees where in the populate tree the
 * bad key is: `populate[author][fields][0]=nope` → `Invalid key nope at author.fields.nope`.
 */
export function withinPopulate<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const { details } = error;
    const key = typeof details.key === 'string' ? details.key : path.split('.').at(-1) ?? 'populate';
    const inner = typeof details.path === 'string' ? details.path : key;
    // A parser's error about its whole parameter (`key: 'sort'`) is about `path` itself.
    const full = inner === path.split('.').at(-1) ? path : `${path}.${inner}`;
    if (error.message.startsWith('Invalid key ')) throw ValidationError.invalidKey(key, { source: 'query', param: 'populate', path: full });
    throw new ValidationError(error.message, { ...details, key, path: full, source: 'query', param: 'populate' });
  }
}
