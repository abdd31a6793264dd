import { slateInline } from './slate-inline';
import { emptyText, type Blocks, type InlineNode, type ListBlock, type ListItemNode, type RootBlock, type TextNode } from './strapi-blocks';

/**
 * The form two blocks values are compared in (§4 rule 1): every element's inline children in
 * Slate's normal form (slate-inline.ts), a code block's text as one unmarked text node, an
 * element without children given the empty text Strapi's validator wants (rule 3), and a nested
 * list's `indentLevel` its depth (absent at the top). What Strapi's editor writes is already in
 * this form, so the editor must give it back unchanged.
 */
export function normaliseBlocks(blocks: Blocks): Blocks {
  return blocks.map((block) => normaliseBlock(block));
}

function normaliseBlock(block: RootBlock): RootBlock {
  switch (block.type) {
    case 'paragraph':
    case 'quote':
    case 'heading':
      return { ...block, children: slateInline(block.children) };
    case 'code':
      return { ...block, children: [codeText(block.children)] };
    case 'list':
      return normaliseList(block, 0);
    case 'image':
      return { ...block, children: [emptyText()] };
    default:
      return block;
  }
}

function codeText(children: readonly TextNode[]): TextNode {
  return { type: 'text', text: children.map((child) => child.text).join('') };
}

function normaliseList(list: ListBlock, depth: number): ListBlock {
  const { indentLevel: _ignored, children, ...rest } = list;
  const out: ListBlock = { ...rest, ...(depth > 0 ? { indentLevel: depth } : {}), children: [] };
  out.children = children.map((child) => (child.type === 'list' ? normaliseList(child, depth + 1) : ({ ...child, children: slateInline(child.children as InlineNode[]) } satisfies ListItemNode)));
  return out;
}
