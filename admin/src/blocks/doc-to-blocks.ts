import type { Mark, Node as PMNode } from 'prosemirror-model';
import { slateInline } from './slate-inline';
import { emptyText, TEXT_MARKS, type Blocks, type InlineNode, type ListBlock, type ListItemNode, type RootBlock, type TextNode } from './strapi-blocks';

/**
 * A ProseMirror document of blocks-schema.ts → Strapi's blocks JSON, in the form Strapi's editor
 * writes (Slate's normal form, slate-inline.ts): what blocksToDoc read comes back unchanged
 * (normaliseBlocks). Keys this editor does not know come back from each node's `extra`.
 */
export function docToBlocks(doc: PMNode): Blocks {
  const blocks: Blocks = [];
  doc.forEach((node) => blocks.push(rootBlock(node)));
  return blocks;
}

const extra = (node: PMNode | Mark): Record<string, unknown> => (node.attrs.extra as Record<string, unknown> | null) ?? {};

function rootBlock(node: PMNode): RootBlock {
  switch (node.type.name) {
    case 'paragraph':
      return { type: 'paragraph', ...extra(node), children: inline(node) };
    case 'quote':
      return { type: 'quote', ...extra(node), children: inline(node) };
    case 'heading':
      return { type: 'heading', level: node.attrs.level as 1, ...extra(node), children: inline(node) };
    case 'code_block': {
      const language = node.attrs.language as string | null | undefined;
      return { type: 'code', ...(language === undefined ? {} : { language }), ...extra(node), children: [{ type: 'text', text: node.textContent }] };
    }
    case 'list':
      return list(node, 0);
    case 'image':
      return { type: 'image', image: node.attrs.image as Record<string, unknown> as never, ...extra(node), children: [emptyText()] };
    default:
      throw new Error(`the blocks schema has no node ${node.type.name}`);
  }
}

/** Rule 2 backwards: an item's nested lists follow it as its siblings, `indentLevel` their depth. */
function list(node: PMNode, depth: number): ListBlock {
  const children: (ListItemNode | ListBlock)[] = [];
  node.forEach((item) => {
    item.forEach((child, _offset, index) => {
      if (index === 0) {
        if (!(item.attrs.placeholder === true && child.content.size === 0)) children.push({ type: 'list-item', ...extra(item), children: inline(child) });
      } else {
        children.push(list(child, depth + 1));
      }
    });
  });
  return { type: 'list', format: node.attrs.format as 'ordered', ...(depth > 0 ? { indentLevel: depth } : {}), ...extra(node), children };
}

/** Text runs with their marks; a run under one link mark is one `link` node (rule 1). */
function inline(node: PMNode): InlineNode[] {
  const out: InlineNode[] = [];
  let previousLink: Mark | null = null;
  node.forEach((child) => {
    const text = textNode(child);
    const link = child.marks.find((mark) => mark.type.name === 'link') ?? null;
    const last = out.at(-1);
    if (link && previousLink && link.eq(previousLink) && last?.type === 'link') last.children.push(text);
    else if (link) out.push({ type: 'link', url: link.attrs.url as string, ...(link.attrs.rel === undefined ? {} : { rel: link.attrs.rel as string }), ...(link.attrs.target === undefined ? {} : { target: link.attrs.target as string }), ...extra(link), children: [text] });
    else out.push(text);
    previousLink = link;
  });
  return slateInline(out);
}

function textNode(node: PMNode): TextNode {
  const out: TextNode = { type: 'text', text: node.text ?? '' };
  for (const mark of node.marks) {
    if ((TEXT_MARKS as readonly string[]).includes(mark.type.name)) out[mark.type.name] = true;
    else if (mark.type.name === 'text_extra') Object.assign(out, mark.attrs.data as Record<string, unknown>);
  }
  return out;
}
