/**
 * Strapi 5's `blocks` value (Slate's shape, packages/core/types/.../blocks.ts): an array of root
 * nodes; elements have `type` and `children`, text nodes are the leaves. Keys this editor does not
 * know are kept (the index signatures) so that they survive a save.
 */
export type TextMark = 'bold' | 'italic' | 'underline' | 'strikethrough' | 'code';
export const TEXT_MARKS: readonly TextMark[] = ['bold', 'italic', 'underline', 'strikethrough', 'code'];

export interface TextNode {
  type: 'text';
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
  [key: string]: unknown;
}

export interface LinkNode {
  type: 'link';
  url: string;
  rel?: string;
  target?: string;
  children: TextNode[];
  [key: string]: unknown;
}

export type InlineNode = TextNode | LinkNode;

export interface ParagraphBlock { type: 'paragraph'; children: InlineNode[]; [key: string]: unknown }
export interface QuoteBlock { type: 'quote'; children: InlineNode[]; [key: string]: unknown }
export interface HeadingBlock { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: InlineNode[]; [key: string]: unknown }
export interface CodeBlock { type: 'code'; language?: string | null; children: TextNode[]; [key: string]: unknown }
export interface ListItemNode { type: 'list-item'; children: InlineNode[]; [key: string]: unknown }
export interface ListBlock {
  type: 'list';
  format: 'ordered' | 'unordered';
  indentLevel?: number;
  children: (ListItemNode | ListBlock)[];
  [key: string]: unknown;
}
/** The media object copied into the block (a snapshot, not a relation). */
export interface ImageObject {
  name: string;
  url: string;
  alternativeText?: string | null;
  caption?: string | null;
  width?: number;
  height?: number;
  [key: string]: unknown;
}
export interface ImageBlock { type: 'image'; image: ImageObject; children: TextNode[]; [key: string]: unknown }

export type RootBlock = ParagraphBlock | QuoteBlock | HeadingBlock | CodeBlock | ListBlock | ImageBlock;
export type Blocks = RootBlock[];

/** The text node Strapi's validator wants where an element has nothing in it. */
export const emptyText = (): TextNode => ({ type: 'text', text: '' });
