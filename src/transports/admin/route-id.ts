import { parseRowId } from '../../core/schema/scalar-values.js';

/**
 * A numeric id from a route parameter: anything else, an id past the id column's range
 * included, is a 404 (no such resource) rather than a database error.
 */
export function routeId(raw: string): number | null {
  return parseRowId(raw) ?? null;
}
