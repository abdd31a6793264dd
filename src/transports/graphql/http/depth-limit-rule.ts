import { GraphQLError, Kind, type FieldNode, type SelectionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Refuses an operation with a field deeper than `maxDepth`, as `graphql-depth-limit` counts:
 * root fields are depth 0 (`articles { title }` has depth 1), fragments count as if written
 * in place, and introspection fields (`__schema`, `__typename`, …) are not counted. One error
 * per operation, at the first field past the limit, naming the operation as that package does
 * (`'Deep' exceeds maximum operation depth of 10`) or, when it has no name, its kind (`The
 * anonymous query exceeds …`).
 *
 * Each fragment's height is computed once per document: walking fragments where they are
 * spread (as that package does) costs 2^n for n fragments that each spread the next twice,
 * which a single small request could use to hold the event loop for minutes.
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext) => {
    const heights = new Map<string, number>();
    /** Fragments being measured: a cycle counts as nothing (another rule reports it). */
    const measuring = new Set<string>();

    /** How many levels of counted fields a selection adds below the depth it sits at (a field: 1 + its selection's height). */
    const heightOf = (selection: SelectionNode): number => {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) return 0;
        return 1 + (selection.selectionSet ? height(selection.selectionSet) : 0);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) return height(selection.selectionSet);
      const name = selection.name.value;
      const known = heights.get(name);
      if (known !== undefined) return known;
      const fragment = context.getFragment(name);
      if (!fragment || measuring.has(name)) return 0;
      measuring.add(name);
      const measured = height(fragment.selectionSet);
      measuring.delete(name);
      heights.set(name, measured);
      return measured;
    };
    const height = (selectionSet: SelectionSetNode): number => Math.max(0, ...selectionSet.selections.map(heightOf));

    /** The first field past the limit, depth-first, following only selections whose height says one is there; `spread` guards against cycles. */
    const firstTooDeep = (selectionSet: SelectionSetNode, depth: number, spread: ReadonlySet<string>): FieldNode | null => {
      for (const selection of selectionSet.selections) {
        // The deepest field this selection holds sits at depth + height - 1.
        if (depth + heightOf(selection) - 1 <= maxDepth) continue;
        if (selection.kind === Kind.FIELD) return depth > maxDepth || !selection.selectionSet ? selection : firstTooDeep(selection.selectionSet, depth + 1, spread);
        if (selection.kind === Kind.INLINE_FRAGMENT) return firstTooDeep(selection.selectionSet, depth, spread);
        const name = selection.name.value;
        const fragment = context.getFragment(name);
        if (!fragment || spread.has(name)) continue;
        const found = firstTooDeep(fragment.selectionSet, depth, new Set([...spread, name]));
        if (found) return found;
      }
      return null;
    };

    return {
      OperationDefinition(operation) {
        const found = firstTooDeep(operation.selectionSet, 0, new Set());
        if (found) {
          // graphql-depth-limit's wording (the reference's) for a named operation; it would print '' for an anonymous one.
          const subject = operation.name ? `'${operation.name.value}'` : `The anonymous ${operation.operation}`;
          context.reportError(new GraphQLError(`${subject} exceeds maximum operation depth of ${maxDepth}`, { nodes: found }));
        }
      },
    };
  };
}
