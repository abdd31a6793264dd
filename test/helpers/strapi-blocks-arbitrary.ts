import fc from 'fast-check';
import type { Blocks, ImageObject, InlineNode, LinkNode, ListBlock, ListItemNode, RootBlock, TextMark, TextNode } from '../../admin/src/blocks/strapi-blocks.js';

/**
 * Random blocks values as Strapi's editor writes them — a model of Strapi's rules
 * (/work/shared/reference §4 and Slate's normalisation), written apart from the editor's code:
 * - root nodes: paragraph, quote, heading 1–6, code (one text, `language` a Prism id), list,
 *   image (the media object's 16 fields, `children` one empty text);
 * - inline: non-empty texts, marks `true` or absent, never two neighbours with equal marks;
 *   links (http/https/mailto/tel/ftp or `/…`, sometimes rel/target) with a text on each side
 *   (empty when nothing else is there), two links with equal attributes never only an empty
 *   text apart; an element with nothing in it has one empty text;
 * - lists: a nested list follows an item (never first), `indentLevel` its depth, absent at the top.
 */
const MARKS: readonly TextMark[] = ['bold', 'italic', 'underline', 'strikethrough', 'code'];
const CHARS = ['a', 'b', 'z', ' ', 'é', '中', '🎉', '"', '<', '&', '\n', '.'];

const textValue = fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 8 }).map((chars) => chars.join(''));
const marks = fc.subarray([...MARKS]);
const run = fc.record({ text: textValue, marks });
const linkAttrs = fc.record({
  url: fc.constantFrom('https://strapi.io', 'http://example.com/a?b=1#c', 'mailto:a@example.com', 'tel:+33123', 'ftp://f.example/x', '/relative/page', '/'),
  extra: fc.constantFrom<Record<string, string>>({}, {}, { rel: 'noopener', target: '_blank' }, { target: '_self' }),
});

const textNode = (text: string, set: readonly TextMark[]): TextNode => ({ type: 'text', text, ...Object.fromEntries(set.map((mark) => [mark, true])) });
const sameSet = (a: readonly TextMark[], b: readonly TextMark[]) => a.length === b.length && a.every((mark) => b.includes(mark));

/** Texts with neighbours of different marks (Slate merges equal ones). */
function texts(runs: readonly { text: string; marks: TextMark[] }[]): TextNode[] {
  const out: { text: string; marks: TextMark[] }[] = [];
  for (const item of runs) {
    const last = out.at(-1);
    if (last && sameSet(last.marks, item.marks)) last.text += item.text;
    else out.push({ ...item });
  }
  return out.map((item) => textNode(item.text, item.marks));
}

type Piece = { kind: 'text'; runs: { text: string; marks: TextMark[] }[] } | { kind: 'link'; url: string; extra: Record<string, string>; runs: { text: string; marks: TextMark[] }[] };
const piece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('text' as const), runs: fc.array(run, { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('link' as const), url: linkAttrs.map((a) => a.url), extra: linkAttrs.map((a) => a.extra), runs: fc.array(run, { minLength: 1, maxLength: 2 }) }) },
);

function inline(pieces: readonly Piece[]): InlineNode[] {
  const out: InlineNode[] = [];
  let lastLink: LinkNode | null = null;
  for (const item of pieces) {
    if (item.kind === 'text') {
      const [first, ...rest] = texts(item.runs);
      const last = out.at(-1);
      // Slate would merge this text into the text before it: write them as one.
      if (last?.type === 'text' && first) out.splice(out.length - 1, 1, ...texts([{ text: last.text, marks: MARKS.filter((mark) => last[mark] === true) }, { text: first.text, marks: MARKS.filter((mark) => first[mark] === true) }]));
      else if (first) out.push(first);
      out.push(...rest);
      lastLink = null;
      continue;
    }
    const link: LinkNode = { type: 'link', url: item.url, ...item.extra, children: texts(item.runs) };
    const sameAsLast = lastLink !== null && lastLink.url === link.url && lastLink.rel === link.rel && lastLink.target === link.target;
    if (out.at(-1)?.type !== 'text') out.push(textNode(sameAsLast ? ' ' : '', []));
    out.push(link);
    lastLink = link;
  }
  if (out.length === 0 || out.at(-1)?.type === 'link') out.push(textNode('', []));
  return out;
}

const inlineChildren = fc.array(piece, { maxLength: 5 }).map(inline);
const image = fc.record({ name: fc.constantFrom('a.png', 'photo.jpg'), alternativeText: fc.constantFrom('a.png', 'Described'), caption: fc.constantFrom(null, 'A caption'), width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }) }).map(
  (base): ImageObject => ({ ...base, url: `http://127.0.0.1:1337/uploads/${base.name.replace('.', '_x.')}`, formats: null, hash: 'hash_x', ext: '.png', mime: 'image/png', size: 1.5, previewUrl: null, provider: 'local', provider_metadata: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }),
);

const listItem = inlineChildren.map((children): ListItemNode => ({ type: 'list-item', children }));
const format = fc.constantFrom<'ordered' | 'unordered'>('ordered', 'unordered');

function list(depth: number): fc.Arbitrary<ListBlock> {
  const nested = depth >= 3 ? fc.constant([] as ListBlock[]) : fc.array(fc.constant(null).chain(() => list(depth + 1)), { maxLength: depth === 0 ? 2 : 1 });
  const entry = fc.record({ item: listItem, lists: fc.oneof({ weight: 3, arbitrary: fc.constant([] as ListBlock[]) }, { weight: 1, arbitrary: nested }) });
  return fc.record({ format, entries: fc.array(entry, { minLength: 1, maxLength: 3 }) }).map(({ format: kind, entries }) => ({
    type: 'list',
    format: kind,
    ...(depth > 0 ? { indentLevel: depth } : {}),
    children: entries.flatMap(({ item, lists }) => [item, ...lists]),
  }));
}

const rootBlock: fc.Arbitrary<RootBlock> = fc.oneof(
  { weight: 4, arbitrary: inlineChildren.map((children): RootBlock => ({ type: 'paragraph', children })) },
  { weight: 1, arbitrary: inlineChildren.map((children): RootBlock => ({ type: 'quote', children })) },
  { weight: 2, arbitrary: fc.record({ level: fc.constantFrom<1 | 2 | 3 | 4 | 5 | 6>(1, 2, 3, 4, 5, 6), children: inlineChildren }).map(({ level, children }): RootBlock => ({ type: 'heading', level, children })) },
  { weight: 1, arbitrary: fc.record({ language: fc.constantFrom('plaintext', 'typescript', 'python', 'bash'), text: fc.oneof(fc.constant(''), textValue) }).map(({ language, text }): RootBlock => ({ type: 'code', language, children: [{ type: 'text', text }] })) },
  { weight: 2, arbitrary: list(0) },
  { weight: 1, arbitrary: image.map((value): RootBlock => ({ type: 'image', image: value, children: [{ type: 'text', text: '' }] })) },
);

/** A blocks value as Strapi's editor writes it (at least one block, as Slate keeps one). */
export const strapiBlocks: fc.Arbitrary<Blocks> = fc.array(rootBlock, { minLength: 1, maxLength: 6 });
