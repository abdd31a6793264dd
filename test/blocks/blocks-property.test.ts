// @databases: sqlite — pure conversions of the editor app and the blocks validator: no storage
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { checkBlocks } from '../../src/core/documents/check-blocks.js';
import { importAdminModules } from '../helpers/admin-bundle.js';
import { propertyRunParameters } from '../helpers/property-runs.js';
import { strapiBlocks, type Blocks } from '../helpers/strapi-blocks-arbitrary.js';
import { ROOT } from '../helpers/test-app.js';

/** What the editor's blocks field converts with (admin/src/blocks), bundled for Node. */
interface BlocksConversions {
  roundTrip(blocks: Blocks): Blocks;
  normaliseBlocks(blocks: Blocks): Blocks;
}

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'strapi-blocks');

describe('the blocks editor\'s conversions (Strapi blocks JSON ↔ ProseMirror)', () => {
  let editor: BlocksConversions;
  before(async () => {
    editor = await importAdminModules<BlocksConversions>(`
      import { blocksSchema } from './blocks/blocks-schema';
      import { blocksToDoc } from './blocks/blocks-to-doc';
      import { docToBlocks } from './blocks/doc-to-blocks';
      export { normaliseBlocks } from './blocks/normalise-blocks';
      export function roundTrip(blocks) {
        const doc = blocksToDoc(blocks, blocksSchema);
        doc.check();
        return docToBlocks(doc);
      }
    `);
  });

  it('every fixture Strapi stored passes Tessera\'s validator and comes back unchanged', () => {
    const files = readdirSync(FIXTURES).filter((file) => file.endsWith('.json'));
    assert.ok(files.length >= 10);
    for (const file of files) {
      const blocks = JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as Blocks;
      assert.deepEqual(checkBlocks(blocks), [], file);
      assert.deepEqual(editor.roundTrip(blocks), blocks, file);
    }
  });

  it('a random value written as Strapi\'s editor writes it comes back unchanged, and passes Tessera\'s validator', () => {
    fc.assert(
      fc.property(strapiBlocks, (blocks) => {
        const back = editor.roundTrip(blocks);
        assert.deepEqual(back, blocks);
        assert.deepEqual(checkBlocks(back), []);
      }),
      { numRuns: 300, ...propertyRunParameters() },
    );
  });

  it('a value with what Slate would normalise (split texts, false marks, missing empty texts) comes back normalised, once and for all', () => {
    const loosen = (blocks: Blocks): Blocks =>
      JSON.parse(JSON.stringify(blocks), (key, value: unknown) => {
        if (key !== 'children' || !Array.isArray(value)) return value;
        // Split every non-empty text in two, add false marks, drop the empty texts Slate adds.
        return (value as Record<string, unknown>[]).flatMap((node) => {
          if (node.type !== 'text') return [node];
          const text = node.text as string;
          if (text === '') return value.length === 1 ? [node] : [];
          const cut = Math.ceil(text.length / 2);
          return [{ ...node, text: text.slice(0, cut), italic: node.italic ?? false }, { ...node, text: text.slice(cut) }].filter((part) => part.text !== '');
        });
      }) as Blocks;
    fc.assert(
      fc.property(strapiBlocks, (blocks) => {
        const loose = loosen(blocks);
        const back = editor.roundTrip(loose);
        assert.deepEqual(back, editor.normaliseBlocks(loose));
        assert.deepEqual(editor.roundTrip(back), back);
        assert.deepEqual(checkBlocks(back), []);
      }),
      { numRuns: 200, ...propertyRunParameters() },
    );
  });
});
