/**
 * The most brackets (`{`, `[`, `(`) a GraphQL document may nest. graphql-js parses selection
 * sets, lists and input objects recursively, so a few thousand nested brackets (a few KB of
 * text) overflow the stack before any rule runs; the depth limit (10 fields) and the filter
 * nesting bound (20 levels, about two brackets each) keep real operations far below this.
 */
export const MAX_BRACKET_NESTING = 200;

/**
 * How deep the brackets of a GraphQL text nest, outside strings, block strings and comments —
 * one linear scan, stopping as soon as `limit` is passed (the answer is then `limit + 1`).
 */
export function bracketNesting(source: string, limit = MAX_BRACKET_NESTING): number {
  let depth = 0;
  let deepest = 0;
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at];
    if (char === '#') {
      while (at < source.length && source[at] !== '\n' && source[at] !== '\r') at += 1;
    } else if (char === '"') {
      if (source.startsWith('"""', at)) {
        at += 3;
        while (at < source.length && !source.startsWith('"""', at)) at += source.startsWith('\\"""', at) ? 4 : 1;
        at += 2;
      } else {
        at += 1;
        while (at < source.length && source[at] !== '"' && source[at] !== '\n') at += source[at] === '\\' ? 2 : 1;
      }
    } else if (char === '{' || char === '[' || char === '(') {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === '}' || char === ']' || char === ')') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}
