/**
 * Structural check of a `blocks` value: an array of block nodes, each with a string `type`
 * and a `children` array; inline children are text nodes (`{ type: 'text', text }`) or
 * links / list items with children of their own. Returns a problem, or null when valid.
 */

const MAX_DEPTH = 20;

function describe(path: string): string {
  return path === '' ? 'the value' : path;
}

function checkInline(node: unknown, path: string, depth: number): string | null {
  if (depth > MAX_DEPTH) return `${describe(path)} is nested too deeply`;
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return `${describe(path)} must be an object`;
  const { type, text, children } = node as Record<string, unknown>;
  if (typeof type !== 'string' || type.length === 0) return `${describe(path)} must have a string "type"`;
  if (type === 'text') return typeof text === 'string' ? null : `${describe(path)} is a text node without a string "text"`;
  if (!Array.isArray(children)) return `${describe(path)} must have a "children" array`;
  for (const [index, child] of children.entries()) {
    const problem = checkInline(child, `${path}.children[${index}]`, depth + 1);
    if (problem) return problem;
  }
  return null;
}

export function checkBlocks(value: unknown): string | null {
  if (!Array.isArray(value)) return 'must be an array of blocks';
  for (const [index, block] of value.entries()) {
    const path = `[${index}]`;
    if (block === null || typeof block !== 'object' || Array.isArray(block)) return `block ${path} must be an object`;
    const { type, children } = block as Record<string, unknown>;
    if (typeof type !== 'string' || type.length === 0) return `block ${path} must have a string "type"`;
    if (!Array.isArray(children)) return `block ${path} must have a "children" array`;
    for (const [childIndex, child] of children.entries()) {
      const problem = checkInline(child, `${path}.children[${childIndex}]`, 1);
      if (problem) return `block ${problem}`;
    }
  }
  return null;
}
