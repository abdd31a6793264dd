import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { blocksSchema } from './blocks-schema';
import { blocksToDoc } from './blocks-to-doc';
import { docToBlocks } from './doc-to-blocks';
import { isValidLinkUrl } from './link-url';
import { normaliseBlocks } from './normalise-blocks';
import type { Blocks } from './strapi-blocks';

// Bundled into dist/test/admin-app/blocks/: the fixtures are read from the repository.
const FIXTURES = path.resolve(process.cwd(), 'test/fixtures/strapi-blocks');
const fixtures = readdirSync(FIXTURES).filter((file) => file.endsWith('.json')).sort();

describe('Strapi blocks ↔ ProseMirror', () => {
  it('has the fixtures Strapi stored', () => assert.ok(fixtures.length >= 10));

  for (const file of fixtures) {
    it(`${file}: Strapi's stored value comes back unchanged, and is already in normal form`, () => {
      const blocks = JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as Blocks;
      assert.deepEqual(normaliseBlocks(blocks), blocks);
      const doc = blocksToDoc(blocks, blocksSchema);
      doc.check();
      assert.deepEqual(docToBlocks(doc), blocks);
    });
  }

  it('writes empty blocks with the empty text Strapi requires (rule 3)', () => {
    const doc = blocksSchema.nodes.doc!.create(null, [blocksSchema.nodes.heading!.create({ level: 2 }), blocksSchema.nodes.code_block!.create({ language: 'plaintext' })]);
    assert.deepEqual(docToBlocks(doc), [
      { type: 'heading', level: 2, children: [{ type: 'text', text: '' }] },
      { type: 'code', language: 'plaintext', children: [{ type: 'text', text: '' }] },
    ]);
  });

  it('reads an empty value as one empty paragraph', () => {
    assert.deepEqual(docToBlocks(blocksToDoc([], blocksSchema)), [{ type: 'paragraph', children: [{ type: 'text', text: '' }] }]);
    assert.deepEqual(docToBlocks(blocksToDoc(null, blocksSchema)), [{ type: 'paragraph', children: [{ type: 'text', text: '' }] }]);
  });

  it('keeps keys it does not know, on every kind of node (rule 5), and a null code language', () => {
    const blocks = [
      { type: 'paragraph', align: 'center', children: [{ type: 'text', text: 'x', color: 'red' }, { type: 'link', url: '/a', data: { id: 1 }, children: [{ type: 'text', text: 'y' }] }, { type: 'text', text: '' }] },
      { type: 'code', language: null, children: [{ type: 'text', text: 'a\nb' }] },
      { type: 'list', format: 'ordered', start: 3, children: [{ type: 'list-item', checked: true, children: [{ type: 'text', text: 'i' }] }] },
    ] as unknown as Blocks;
    assert.deepEqual(docToBlocks(blocksToDoc(blocks, blocksSchema)), blocks);
  });

  it('gives a nested list that starts a list an empty placeholder item, not written back (rule 2)', () => {
    const blocks: Blocks = [{ type: 'list', format: 'unordered', children: [{ type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [{ type: 'text', text: 'deep' }] }] }, { type: 'list-item', children: [{ type: 'text', text: 'top' }] }] }];
    const doc = blocksToDoc(blocks, blocksSchema);
    doc.check();
    assert.deepEqual(docToBlocks(doc), blocks);
  });

  it('merges what Slate merges: equal-mark texts, links with equal attributes', () => {
    const blocks = [{ type: 'paragraph', children: [{ type: 'text', text: 'a', bold: true }, { type: 'text', text: 'b', bold: true, italic: false }, { type: 'link', url: '/x', children: [{ type: 'text', text: 'c' }] }, { type: 'text', text: '' }, { type: 'link', url: '/x', children: [{ type: 'text', text: 'd' }] }] }] as Blocks;
    const expected = [{ type: 'paragraph', children: [{ type: 'text', text: 'ab', bold: true }, { type: 'link', url: '/x', children: [{ type: 'text', text: 'cd' }] }, { type: 'text', text: '' }] }];
    assert.deepEqual(normaliseBlocks(blocks), expected);
    assert.deepEqual(docToBlocks(blocksToDoc(blocks, blocksSchema)), expected);
  });

  it('checks link URLs as Strapi does', () => {
    for (const url of ['https://a.example', 'http://a', 'ftp://f.example/x', 'mailto:a@b.c', 'tel:+331', '/relative', '/']) assert.equal(isValidLinkUrl(url), true, url);
    for (const url of ['', 'example.com', 'javascript:alert(1)', 'data:text/html,x', 'relative/path', 'file:///etc/passwd']) assert.equal(isValidLinkUrl(url), false, url);
  });
});
