import { emptyText, TEXT_MARKS, type InlineNode, type LinkNode, type TextNode } from './strapi-blocks';

/**
 * The inline children of one element in Slate's normal form, which is what Strapi's editor
 * writes (slate's `normalizeNode`): adjacent texts with equal marks merged, an empty text beside
 * another text removed, an inline link always with a text on each side (empty if need be), and
 * at least one child. Two links with equal attributes and only an empty text between them become
 * one (ProseMirror holds a link as a mark, so it cannot tell them apart: §4 rule 1). Marks set to
 * `false` are dropped, and an empty text carries no marks (ProseMirror has no empty text).
 */
export function slateInline(children: readonly InlineNode[]): InlineNode[] {
  const out: InlineNode[] = [];
  for (const child of children) {
    if (child.type === 'link') {
      const link: LinkNode = { ...child, children: slateInline(child.children).filter((node): node is TextNode => node.type === 'text') };
      const prev = out.at(-1);
      const beforePrev = out.at(-2);
      if (prev?.type === 'text' && prev.text === '' && beforePrev?.type === 'link' && sameLink(beforePrev, link)) {
        out.pop();
        out[out.length - 1] = { ...beforePrev, children: slateInline([...beforePrev.children, ...link.children]) as TextNode[] };
        continue;
      }
      if (prev === undefined || prev.type !== 'text') out.push(emptyText());
      out.push(link);
      continue;
    }
    const text = cleanText(child);
    const prev = out.at(-1);
    if (prev?.type === 'text') {
      if (sameMarks(prev, text)) out[out.length - 1] = { ...prev, text: prev.text + text.text };
      else if (prev.text === '') out[out.length - 1] = text;
      else if (text.text !== '') out.push(text);
      continue;
    }
    out.push(text);
  }
  if (out.length === 0 || out.at(-1)?.type === 'link') out.push(emptyText());
  return out;
}

function cleanText(node: TextNode): TextNode {
  const out: TextNode = { type: 'text', text: node.text };
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'text') continue;
    if ((TEXT_MARKS as readonly string[]).includes(key) && value !== true) continue;
    if (node.text === '') continue;
    out[key] = value;
  }
  return out;
}

/** Equal marks and equal unknown keys, whatever their order. */
export function sameMarks(a: TextNode, b: TextNode): boolean {
  const keys = (node: TextNode) => Object.keys(node).filter((key) => key !== 'text').sort();
  const left = keys(a);
  const right = keys(b);
  return left.length === right.length && left.every((key, index) => key === right[index] && sameValue(a[key], b[key]));
}

function sameLink(a: LinkNode, b: LinkNode): boolean {
  const keys = (node: LinkNode) => Object.keys(node).filter((key) => key !== 'children').sort();
  const left = keys(a);
  const right = keys(b);
  return left.length === right.length && left.every((key, index) => key === right[index] && sameValue(a[key], b[key]));
}

/** Structural equality of JSON values (the unknown keys may hold objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = Object.keys(a);
  const right = Object.keys(b);
  return left.length === right.length && left.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
