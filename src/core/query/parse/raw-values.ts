/** Helpers for reading the loosely typed values the query-string parser yields. */

export function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * An array, or an object whose keys are all indexes (what qs yields for lists past its
 * arrayLimit), as a list in index order. Anything else → undefined.
 */
export function toList(value: unknown): readonly unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isPlainRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return undefined;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
}
