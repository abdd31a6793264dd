import type { Mark, Node as PMNode, Schema } from 'prosemirror-model';
import { TEXT_MARKS, type Blocks, type InlineNode, type ListBlock, type ListItemNode, type RootBlock, type TextNode } from './strapi-blocks';

/** A Strapi node this editor cannot represent (an unknown type): the field shows it and does not edit. */
export class BlocksShapeError extends Error {}

/** The keys of `node` other than `known`: kept as the ProseMirror node's `extra` (§4 rule 5). */
export function extraKeys(node: Record<string, unknown>, known: readonly string[]): Record<string, unknown> | null {
  const entries = Object.entries(node).filter(([key]) => !known.includes(key));
  return entries.length === 0 ? null : Object.fromEntries(entries);
}

/** Strapi's blocks JSON → a ProseMirror document of `schema` (blocks-schema.ts). */
export function blocksToDoc(blocks: Blocks | null | undefined, schema: Schema): PMNode {
  const content = (blocks ?? []).map((block, index) => rootNode(block, schema, `[${index}]`));
  if (content.length === 0) content.push(schema.nodes.paragraph!.create());
  return schema.nodes.doc!.create(null, content);
}

function rootNode(block: RootBlock, schema: Schema, path: string): PMNode {
  const nodes = schema.nodes;
  switch (block.type) {
    case 'paragraph':
    case 'quote':
      return nodes[block.type]!.create({ extra: extraKeys(block, ['type', 'children']) }, inline(block.children, schema, path));
    case 'heading':
      return nodes.heading!.create({ level: block.level, extra: extraKeys(block, ['type', 'level', 'children']) }, inline(block.children, schema, path));
    case 'code': {
      const text = block.children.map((child) => child.text).join('');
      return nodes.code_block!.create({ language: 'language' in block ? block.language : undefined, extra: extraKeys(block, ['type', 'language', 'children']) }, text === '' ? [] : [schema.text(text)]);
    }
    case 'list':
      return list(block, schema, path);
    case 'image':
      return nodes.image!.create({ image: block.image, extra: extraKeys(block, ['type', 'image', 'children']) });
    default:
      throw new BlocksShapeError(`block ${path} is of a type this editor does not know: ${String((block as { type?: unknown }).type)}`);
  }
}

/** Rule 2: a nested list moves into the item before it; with none, into an empty placeholder item. */
function list(block: ListBlock, schema: Schema, path: string): PMNode {
  const items: { item: ListItemNode | null; lists: PMNode[] }[] = [];
  block.children.forEach((child, index) => {
    const childPath = `${path}.children[${index}]`;
    if (child.type === 'list') {
      if (items.length === 0) items.push({ item: null, lists: [] });
      items.at(-1)!.lists.push(list(child, schema, childPath));
    } else if (child.type === 'list-item') {
      items.push({ item: child, lists: [] });
    } else {
      throw new BlocksShapeError(`${childPath} is neither a list item nor a list`);
    }
  });
  const { nodes } = schema;
  return nodes.list!.create(
    { format: block.format, extra: extraKeys(block, ['type', 'format', 'indentLevel', 'children']) },
    items.map(({ item, lists }) =>
      nodes.list_item!.create(
        { placeholder: item === null, extra: item ? extraKeys(item, ['type', 'children']) : null },
        [nodes.paragraph!.create(null, item ? inline(item.children, schema, path) : []), ...lists],
      ),
    ),
  );
}

function inline(children: readonly InlineNode[], schema: Schema, path: string): PMNode[] {
  const out: PMNode[] = [];
  for (const child of children) {
    if (child.type === 'link') {
      const link = schema.marks.link!.create({ url: child.url, rel: child.rel, target: child.target, extra: extraKeys(child, ['type', 'url', 'rel', 'target', 'children']) });
      for (const text of child.children) pushText(out, text, schema, [link]);
    } else if (child.type === 'text') {
      pushText(out, child, schema, []);
    } else {
      throw new BlocksShapeError(`an inline node in ${path} is of a type this editor does not know: ${String((child as { type?: unknown }).type)}`);
    }
  }
  return out;
}

function pushText(out: PMNode[], node: TextNode, schema: Schema, outer: readonly Mark[]): void {
  if (node.text === '') return; // ProseMirror has no empty text: rule 3 writes it back
  let marks: readonly Mark[] = outer;
  for (const name of TEXT_MARKS) if (node[name] === true) marks = schema.marks[name]!.create().addToSet(marks);
  const unknown = extraKeys(node, ['type', 'text', ...TEXT_MARKS]);
  if (unknown) marks = schema.marks.text_extra!.create({ data: unknown }).addToSet(marks);
  out.push(schema.text(node.text, marks));
}
