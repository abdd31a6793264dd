import { setBlockType, toggleMark } from 'prosemirror-commands';
import type { Mark, MarkType, Node as PMNode } from 'prosemirror-model';
import { liftListItem, sinkListItem, wrapInList } from 'prosemirror-schema-list';
import type { Command, EditorState } from 'prosemirror-state';
import { blocksSchema } from './blocks-schema';
import type { ImageObject, TextMark } from './strapi-blocks';

/** What the block type menu offers (Strapi's editor's choices). */
export type BlockKind = 'paragraph' | 'heading-1' | 'heading-2' | 'heading-3' | 'heading-4' | 'heading-5' | 'heading-6' | 'quote' | 'code';
export const BLOCK_KINDS: readonly BlockKind[] = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6', 'quote', 'code'];

/** The toolbar's view of the selection: compared as a whole, so the toolbar re-renders only when it changes. */
export interface ToolbarState {
  /** The block the selection starts in, or null for an image or a mixed selection. */
  readonly block: BlockKind | null;
  readonly marks: Readonly<Record<TextMark, boolean>>;
  readonly list: 'ordered' | 'unordered' | null;
  /** The link under the cursor (or the selection's start). */
  readonly link: { readonly url: string } | null;
  readonly codeLanguage: string | null;
  readonly inCode: boolean;
}

const { nodes, marks } = blocksSchema;

export function blockKindOf(node: PMNode): BlockKind | null {
  switch (node.type) {
    case nodes.paragraph:
      return 'paragraph';
    case nodes.heading:
      return `heading-${node.attrs.level as 1}`;
    case nodes.quote:
      return 'quote';
    case nodes.code_block:
      return 'code';
    default:
      return null;
  }
}

function markActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  if (empty) return type.isInSet(state.storedMarks ?? $from.marks()) !== undefined;
  return state.doc.rangeHasMark(from, to, type);
}

export function toolbarState(state: EditorState): ToolbarState {
  const { $from } = state.selection;
  const parent = $from.parent;
  let list: ToolbarState['list'] = null;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if (node.type === nodes.list) {
      list = node.attrs.format as 'ordered' | 'unordered';
      break;
    }
  }
  const link = marks.link!.isInSet($from.marks()) ?? marks.link!.isInSet($from.nodeAfter?.marks ?? []);
  const inCode = parent.type === nodes.code_block;
  return {
    block: parent.isTextblock ? blockKindOf(parent) : null,
    marks: {
      bold: markActive(state, marks.bold!),
      italic: markActive(state, marks.italic!),
      underline: markActive(state, marks.underline!),
      strikethrough: markActive(state, marks.strikethrough!),
      code: markActive(state, marks.code!),
    },
    list,
    link: link ? { url: link.attrs.url as string } : null,
    codeLanguage: inCode ? ((parent.attrs.language as string | null | undefined) ?? null) : null,
    inCode,
  };
}

export const toggleTextMark = (mark: TextMark): Command => toggleMark(marks[mark]!);

export function setBlockKind(kind: BlockKind): Command {
  if (kind === 'paragraph') return setBlockType(nodes.paragraph!);
  if (kind === 'quote') return setBlockType(nodes.quote!);
  // Strapi's editor writes "plaintext" for a new code block.
  if (kind === 'code') return setBlockType(nodes.code_block!, { language: 'plaintext' });
  return setBlockType(nodes.heading!, { level: Number(kind.slice('heading-'.length)) });
}

export function setCodeLanguage(language: string): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    if ($from.parent.type !== nodes.code_block) return false;
    if (dispatch) dispatch(state.tr.setNodeMarkup($from.before(), undefined, { ...$from.parent.attrs, language }));
    return true;
  };
}

/**
 * A list of `format` around the selection; in such a list already, the items leave it; in a
 * list of the other format, that list changes format (as Strapi's toolbar does).
 */
export function toggleList(format: 'ordered' | 'unordered'): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    for (let depth = $from.depth; depth > 0; depth -= 1) {
      const node = $from.node(depth);
      if (node.type !== nodes.list) continue;
      if (node.attrs.format === format) return liftListItem(nodes.list_item!)(state, dispatch);
      if (dispatch) dispatch(state.tr.setNodeMarkup($from.before(depth), undefined, { ...node.attrs, format }));
      return true;
    }
    // Only paragraphs go into a list item (its first child is a paragraph).
    if ($from.parent.type !== nodes.paragraph) {
      if (!setBlockType(nodes.paragraph!)(state)) return false;
      if (!dispatch) return true;
      const tr = state.tr.setBlockType(state.selection.from, state.selection.to, nodes.paragraph!);
      const next = state.apply(tr);
      return wrapInList(nodes.list!, { format })(next, (wrap) => {
        for (const step of wrap.steps) tr.step(step);
        dispatch(tr.setSelection(wrap.selection.map(tr.doc, tr.mapping.slice(tr.steps.length))));
      });
    }
    return wrapInList(nodes.list!, { format })(state, dispatch);
  };
}

/** The extent of the link mark around `pos` in its textblock. */
function linkRange(state: EditorState, pos: number): { from: number; to: number; mark: Mark } | null {
  const $pos = state.doc.resolve(pos);
  const parent = $pos.parent;
  const start = $pos.start();
  let offset = 0;
  const children: { from: number; to: number; mark: Mark | undefined }[] = [];
  parent.forEach((child) => {
    children.push({ from: start + offset, to: start + offset + child.nodeSize, mark: marks.link!.isInSet(child.marks) });
    offset += child.nodeSize;
  });
  const index = children.findIndex((child) => child.mark && child.from <= pos && pos <= child.to);
  if (index === -1) return null;
  const mark = children[index]!.mark!;
  let first = index;
  let last = index;
  while (first > 0 && children[first - 1]!.mark?.eq(mark)) first -= 1;
  while (last < children.length - 1 && children[last + 1]!.mark?.eq(mark)) last += 1;
  return { from: children[first]!.from, to: children[last]!.to, mark };
}

/**
 * Sets the link over the selection, or over the link under the cursor; with nothing selected
 * outside a link, inserts the URL as the link's text (Strapi's links always have text).
 */
export function setLink(url: string): Command {
  return (state, dispatch) => {
    const { from, to, empty } = state.selection;
    if (!state.selection.$from.parent.inlineContent || state.selection.$from.parent.type.spec.code) return false;
    if (!dispatch) return true;
    const existing = empty ? linkRange(state, from) : null;
    const attrs = existing ? { ...existing.mark.attrs, url } : { url };
    const mark = marks.link!.create(attrs);
    if (existing) dispatch(state.tr.removeMark(existing.from, existing.to, marks.link!).addMark(existing.from, existing.to, mark));
    else if (empty) dispatch(state.tr.insert(from, blocksSchema.text(url, [mark])));
    else dispatch(state.tr.removeMark(from, to, marks.link!).addMark(from, to, mark));
    return true;
  };
}

export const removeLink: Command = (state, dispatch) => {
  const { from, to, empty } = state.selection;
  const range = empty ? linkRange(state, from) : { from, to };
  if (!range) return false;
  if (dispatch) dispatch(state.tr.removeMark(range.from, range.to, marks.link!));
  return true;
};

/** An image block after the selection's block: the media object kept whole (rule 4). */
export function insertImage(image: ImageObject): Command {
  return (state, dispatch) => {
    if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.image!.create({ image })).scrollIntoView());
    return true;
  };
}

/**
 * Indents the list item into a list under the item before it (Tab). A list made for it takes
 * the format of the list it came from, as in Strapi's editor (ProseMirror's own command would
 * make it the schema's default).
 */
export const indentListItem: Command = (state, dispatch) =>
  sinkListItem(nodes.list_item!)(
    state,
    dispatch &&
      ((tr) => {
        const $from = tr.selection.$from;
        for (let depth = $from.depth; depth > 2; depth -= 1) {
          const inner = $from.node(depth);
          if (inner.type !== nodes.list) continue;
          const outer = $from.node(depth - 2);
          if (inner.childCount === 1 && outer.type === nodes.list && outer.attrs.format !== inner.attrs.format) tr.setNodeMarkup($from.before(depth), undefined, { ...inner.attrs, format: outer.attrs.format });
          break;
        }
        dispatch(tr);
      }),
  );
