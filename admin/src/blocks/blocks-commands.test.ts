import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { indentListItem, insertImage, removeLink, setBlockKind, setCodeLanguage, setLink, toggleList, toggleTextMark, toolbarState } from './blocks-commands';
import { blocksSchema } from './blocks-schema';
import { blocksToDoc } from './blocks-to-doc';
import { docToBlocks } from './doc-to-blocks';
import type { Blocks } from './strapi-blocks';

/** A state of `blocks` with the cursor (or selection) at text offsets of the block `index`. */
function stateOf(blocks: Blocks, index = 0, from = 0, to = from): EditorState {
  const doc = blocksToDoc(blocks, blocksSchema);
  let block = 0;
  doc.forEach((_node, offset, i) => {
    if (i === index) block = offset;
  });
  // The content of the block's first textblock (a list's is its first item's paragraph).
  let content = -1;
  doc.nodesBetween(block, doc.content.size, (node, pos) => {
    if (content === -1 && node.isTextblock && pos >= block) content = pos + 1;
    return content === -1;
  });
  return EditorState.create({ doc, selection: TextSelection.create(doc, content + from, content + to) });
}

function apply(state: EditorState, command: Command): EditorState {
  let next = state;
  assert.equal(command(state, (tr) => (next = state.apply(tr))), true, 'the command applies');
  return next;
}

const text = (value: string, marks: Record<string, true> = {}) => ({ type: 'text' as const, text: value, ...marks });
const p = (...children: Blocks[number]['children']) => ({ type: 'paragraph' as const, children }) as Blocks[number];

describe('the blocks toolbar\'s commands', () => {
  it('marks the selection and says so in the toolbar\'s state', () => {
    const state = apply(stateOf([p(text('hello world'))], 0, 0, 5), toggleTextMark('bold'));
    assert.deepEqual(docToBlocks(state.doc), [p(text('hello', { bold: true }), text(' world'))]);
    assert.equal(toolbarState(state).marks.bold, true);
    assert.equal(toolbarState(state).block, 'paragraph');
  });

  it('changes the block type; a code block gets Strapi\'s "plaintext", then another language', () => {
    let state = apply(stateOf([p(text('x'))]), setBlockKind('heading-3'));
    assert.deepEqual(docToBlocks(state.doc), [{ type: 'heading', level: 3, children: [text('x')] }]);
    state = apply(state, setBlockKind('code'));
    assert.deepEqual(docToBlocks(state.doc), [{ type: 'code', language: 'plaintext', children: [text('x')] }]);
    assert.equal(toolbarState(state).inCode, true);
    state = apply(state, setCodeLanguage('rust'));
    assert.deepEqual(docToBlocks(state.doc), [{ type: 'code', language: 'rust', children: [text('x')] }]);
    state = apply(state, setBlockKind('quote'));
    assert.deepEqual(docToBlocks(state.doc), [{ type: 'quote', children: [text('x')] }]);
  });

  it('makes a list of a paragraph or a heading, switches its format, and lifts its item out', () => {
    let state = apply(stateOf([{ type: 'heading', level: 2, children: [text('item')] }]), toggleList('unordered'));
    const list = (format: 'ordered' | 'unordered') => [{ type: 'list', format, children: [{ type: 'list-item', children: [text('item')] }] }];
    assert.deepEqual(docToBlocks(state.doc), list('unordered'));
    assert.equal(toolbarState(state).list, 'unordered');
    state = apply(state, toggleList('ordered'));
    assert.deepEqual(docToBlocks(state.doc), list('ordered'));
    state = apply(state, toggleList('ordered'));
    assert.deepEqual(docToBlocks(state.doc), [p(text('item'))]);
  });

  it('indents an item under the one before it, in a list of the same format', () => {
    const blocks: Blocks = [{ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('a')] }, { type: 'list-item', children: [text('b')] }] }];
    const state = stateOf(blocks);
    // The cursor into the second item's paragraph.
    let target = 0;
    state.doc.descendants((node, pos) => {
      if (node.isText && node.text === 'b') target = pos;
    });
    const next = apply(state.apply(state.tr.setSelection(TextSelection.create(state.doc, target))), indentListItem);
    assert.deepEqual(docToBlocks(next.doc), [{ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('a')] }, { type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [text('b')] }] }] }]);
  });

  it('links the selection; inside a link, changes its URL and keeps its other attributes; removes it', () => {
    let state = apply(stateOf([p(text('see docs'))], 0, 4, 8), setLink('https://docs.example'));
    assert.deepEqual(docToBlocks(state.doc), [p(text('see '), { type: 'link', url: 'https://docs.example', children: [text('docs')] }, text(''))]);
    state = stateOf([p(text(''), { type: 'link', url: '/a', rel: 'noopener', target: '_blank', children: [text('link')] }, text(''))], 0, 2);
    assert.deepEqual(toolbarState(state).link, { url: '/a' });
    state = apply(state, setLink('/b'));
    assert.deepEqual(docToBlocks(state.doc), [p(text(''), { type: 'link', url: '/b', rel: 'noopener', target: '_blank', children: [text('link')] }, text(''))]);
    state = apply(state, removeLink);
    assert.deepEqual(docToBlocks(state.doc), [p(text('link'))]);
  });

  it('inserts the URL as the link\'s text where nothing is selected outside a link', () => {
    const state = apply(stateOf([p(text('go '))], 0, 3), setLink('tel:+331'));
    assert.deepEqual(docToBlocks(state.doc), [p(text('go '), { type: 'link', url: 'tel:+331', children: [text('tel:+331')] }, text(''))]);
  });

  it('inserts an image block holding the media object as given', () => {
    const image = { name: 'a.png', url: 'http://x/uploads/a.png', alternativeText: 'a.png', caption: null, width: 1, height: 1, hash: 'a', ext: '.png', mime: 'image/png', size: 1, provider: 'local', createdAt: 'c', updatedAt: 'u', formats: null, previewUrl: null, provider_metadata: null };
    const state = apply(stateOf([p(text('above'))], 0, 5), insertImage(image));
    assert.deepEqual(docToBlocks(state.doc), [p(text('above')), { type: 'image', image, children: [text('')] }]);
  });
});
