import type { FilterNode } from '../document-query.js';

/** Text matches no index serves: a row can only be told apart by reading it. */
const SCANNING = new Set(['$contains', '$notContains', '$containsi', '$notContainsi', '$endsWith', '$endsWithi', '$eqi', '$nei']);

/**
 * Whether a filter makes the database read every candidate row anyway: a text search on the
 * root row (`_q` of the content manager, `$containsi`…). A list then takes its total in the
 * same scan (a window count) rather than scanning a second time for the count; without one a
 * sorted page may stop early on an index, and a separate count is cheaper.
 */
export function scansEveryRow(node: FilterNode | null): boolean {
  if (node === null) return false;
  switch (node.kind) {
    case 'condition':
      return SCANNING.has(node.operator);
    case 'and':
    case 'or':
      return node.children.some((child) => scansEveryRow(child));
    case 'not':
      return scansEveryRow(node.child);
    default:
      return false;
  }
}
