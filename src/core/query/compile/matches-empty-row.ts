import type { ConditionNode, FilterNode, ScalarValue } from '../document-query.js';

/**
 * Whether a filter holds for a row whose every attribute is null, evaluated exactly as
 * compile-filter's SQL would (an unknown result counts as false: WHERE drops it, and `$not`
 * coalesces it to false before negating).
 *
 * A document with nothing linked through a relation or component is filtered as if linked to
 * one such empty item, which is what the reference's LEFT JOINs do: `filters[author][id][$null]=true`
 * finds articles without an author, and "no author" has no author name, so it also matches
 * `filters[author][name][$ne]=x` as a missing value matches `$ne` (DECISIONS deviation 5).
 */
export function matchesEmptyRow(node: FilterNode): boolean {
  switch (node.kind) {
    case 'condition':
      return conditionOnNull(node);
    case 'not':
      return !matchesEmptyRow(node.child);
    case 'and':
      return node.children.every(matchesEmptyRow);
    case 'or':
      return node.children.some(matchesEmptyRow);
    case 'relation':
    case 'component':
      // An empty item has nothing linked either.
      return matchesEmptyRow(node.child);
  }
}

function conditionOnNull({ operator, value }: ConditionNode): boolean {
  switch (operator) {
    case '$eq':
      return value === null;
    case '$ne':
      return value !== null;
    case '$nei':
    case '$notContains':
    case '$notContainsi':
      return true;
    case '$null':
      return value === true;
    case '$notNull':
      return value === false;
    case '$in':
      return (value as readonly ScalarValue[]).includes(null);
    case '$notIn':
      // `not in (…)` includes null rows unless the list names null itself.
      return !(value as readonly ScalarValue[]).includes(null);
    default:
      return false;
  }
}
