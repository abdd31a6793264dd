import { Schema, type DOMOutputSpec, type Mark, type Node as PMNode } from 'prosemirror-model';

/**
 * The ProseMirror schema of Strapi's blocks (docs/admin.md, "Blocks editor"). Every node and the
 * link mark carry `extra`: the keys of the Strapi node this editor does not know, written back
 * unchanged (§4 rule 5). A Strapi `list-item` is a `list_item` holding one `paragraph` (its inline
 * content) and the lists nested under it (rule 2); `placeholder` marks the empty item made for a
 * nested list that had no item before it, which is not written back.
 */
const extra = { extra: { default: null } };

const withMarks = (tag: string, attrs: Record<string, string> = {}): DOMOutputSpec => [tag, attrs, 0];

function linkDom(mark: Mark): DOMOutputSpec {
  const { url, rel, target } = mark.attrs as { url: string; rel?: string; target?: string };
  const attrs: Record<string, string> = { href: url };
  if (rel !== undefined) attrs.rel = rel;
  if (target !== undefined) attrs.target = target;
  return ['a', attrs, 0];
}

function imageDom(node: PMNode): DOMOutputSpec {
  const image = node.attrs.image as { url?: unknown; alternativeText?: unknown; name?: unknown };
  const alt = typeof image.alternativeText === 'string' ? image.alternativeText : typeof image.name === 'string' ? image.name : '';
  return ['figure', { class: 'blocks-image' }, ['img', { src: typeof image.url === 'string' ? image.url : '', alt }]];
}

export const blocksSchema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: {
      group: 'block',
      content: 'inline*',
      attrs: { ...extra },
      parseDOM: [{ tag: 'p' }],
      toDOM: () => ['p', 0],
    },
    heading: {
      group: 'block',
      content: 'inline*',
      attrs: { level: { default: 1 }, ...extra },
      defining: true,
      parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level } })),
      toDOM: (node) => [`h${node.attrs.level as number}`, 0],
    },
    quote: {
      group: 'block',
      content: 'inline*',
      attrs: { ...extra },
      defining: true,
      parseDOM: [{ tag: 'blockquote' }],
      toDOM: () => ['blockquote', 0],
    },
    // Strapi's `code` block (the name `code` is the mark's).
    code_block: {
      group: 'block',
      content: 'text*',
      marks: '',
      code: true,
      defining: true,
      // undefined: the Strapi node had no `language` key (null is kept as null).
      attrs: { language: { default: undefined }, ...extra },
      parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
      toDOM: (node) => ['pre', { 'data-language': String(node.attrs.language ?? '') }, ['code', 0]],
    },
    list: {
      group: 'block',
      content: 'list_item+',
      attrs: { format: { default: 'unordered' }, ...extra },
      parseDOM: [{ tag: 'ul', attrs: { format: 'unordered' } }, { tag: 'ol', attrs: { format: 'ordered' } }],
      toDOM: (node) => [node.attrs.format === 'ordered' ? 'ol' : 'ul', 0],
    },
    list_item: {
      content: 'paragraph list*',
      attrs: { placeholder: { default: false }, ...extra },
      defining: true,
      parseDOM: [{ tag: 'li' }],
      toDOM: () => ['li', 0],
    },
    image: {
      group: 'block',
      atom: true,
      selectable: true,
      draggable: true,
      // The whole media object, as Strapi stored it: never rebuilt from the library (rule 4).
      attrs: { image: {}, ...extra },
      toDOM: imageDom,
    },
    text: { group: 'inline' },
  },
  marks: {
    // A link is a mark over its text (rule 1); not inclusive, so typing at its end leaves it.
    link: {
      attrs: { url: {}, rel: { default: undefined }, target: { default: undefined }, ...extra },
      inclusive: false,
      parseDOM: [{ tag: 'a[href]', getAttrs: (dom) => ({ url: (dom as HTMLElement).getAttribute('href') }) }],
      toDOM: linkDom,
    },
    bold: { parseDOM: [{ tag: 'strong' }, { tag: 'b' }], toDOM: () => withMarks('strong') },
    italic: { parseDOM: [{ tag: 'em' }, { tag: 'i' }], toDOM: () => withMarks('em') },
    underline: { parseDOM: [{ tag: 'u' }], toDOM: () => withMarks('u') },
    strikethrough: { parseDOM: [{ tag: 's' }, { tag: 'del' }], toDOM: () => withMarks('s') },
    // Strapi's code mark combines with the others (Slate marks are independent flags).
    code: { parseDOM: [{ tag: 'code' }], toDOM: () => withMarks('code') },
    // Keys of a Strapi text node this editor does not know, kept on its text (rule 5).
    text_extra: { attrs: { data: {} }, toDOM: () => ['span', 0] },
  },
});
