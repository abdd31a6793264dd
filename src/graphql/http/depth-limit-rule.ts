import { GraphQLError, Kind, type ASTNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

/** The first field found deeper than allowed (the error points at it). */
interface TooDeep {
  readonly node: ASTNode;
}

/**
 * Refuses an operation with a field deeper than `maxDepth`, as `graphql-depth-limit` counts:
 * root fields are depth 0 (`articles { title }` has depth 1), fragments count as if written
 * in place, and introspection fields (`__schema`, `__typename`, …) are not counted. One error
 * per operation, at the first field past the limit, naming the operation as that package does
 * (`'Deep' exceeds maximum operation depth of 10`) or, when it has no name, its kind (`The
 * anonymous query exceeds …`).
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext) => {
    /** Depth-first search for the first field past the limit; `fragments` guards against cycles (another rule reports those). */
    const search = (selectionSet: SelectionSetNode, depth: number, fragments: ReadonlySet<string>): TooDeep | null => {
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue;
          if (depth > maxDepth) return { node: selection };
          const found = selection.selectionSet ? search(selection.selectionSet, depth + 1, fragments) : null;
          if (found) return found;
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const found = search(selection.selectionSet, depth, fragments);
          if (found) return found;
        } else {
          const name = selection.name.value;
          const fragment = context.getFragment(name);
          if (!fragment || fragments.has(name)) continue;
          const found = search(fragment.selectionSet, depth, new Set([...fragments, name]));
          if (found) return found;
        }
      }
      return null;
    };
    return {
      OperationDefinition(operation) {
        const found = search(operation.selectionSet, 0, new Set());
        if (found) {
          // graphql-depth-limit's wording (the reference's) for a named operation; it would print '' for an anonymous one.
          const subject = operation.name ? `'${operation.name.value}'` : `The anonymous ${operation.operation}`;
          context.reportError(new GraphQLError(`${subject} exceeds maximum operation depth of ${maxDepth}`, { nodes: found.node }));
        }
      },
    };
  };
}
