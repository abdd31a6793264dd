/** One key of an ORDER BY, read from the rows themselves: an attribute name and its direction. */
export interface RowOrder {
  readonly name: string;
  readonly direction: 'asc' | 'desc';
}

type Row = Readonly<Record<string, unknown>>;

/**
 * Compares two values of one attribute. Nulls come first ascending (SQLite's and MySQL's rule);
 * numbers and bigints numerically; dates and the rest as text, by code point.
 */
function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  const left = a instanceof Date ? a.toISOString() : typeof a === 'object' ? JSON.stringify(a) : String(a as string | number);
  const right = b instanceof Date ? b.toISOString() : typeof b === 'object' ? JSON.stringify(b) : String(b as string | number);
  return left < right ? -1 : left > right ? 1 : 0;
}

export function compareRows(a: Row, b: Row, order: readonly RowOrder[]): number {
  for (const { name, direction } of order) {
    const result = compareValues(a[name], b[name]);
    if (result !== 0) return direction === 'asc' ? result : -result;
  }
  return 0;
}

/**
 * Two lists, each already in `order` (as the database sorted them), → one list in `order`.
 * A merge, not a sort: each list keeps the database's own order, so only the interleaving of
 * the two lists is decided here.
 */
export function mergeRows<T extends Row>(left: readonly T[], right: readonly T[], order: readonly RowOrder[]): T[] {
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const a = left[i] as T;
    const b = right[j] as T;
    if (compareRows(a, b, order) <= 0) {
      merged.push(a);
      i += 1;
    } else {
      merged.push(b);
      j += 1;
    }
  }
  return [...merged, ...left.slice(i), ...right.slice(j)];
}
