import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { blocksMessage, checkBlocks, isValidLink } from './check-blocks.js';

interface RecordedCase {
  readonly content: unknown;
  readonly status: number;
  readonly error?: { readonly details?: { readonly errors?: readonly unknown[] } };
}

/** The checkout's test/fixtures, found upwards from this file (run from src/ by tsx, or from dist/ after tsc). */
function fixturesDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'test', 'fixtures', 'strapi-blocks-invalid'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('test/fixtures not found');
    dir = parent;
  }
  return path.join(dir, 'test', 'fixtures');
}

const fixtures = fixturesDir();
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const cases = readJson(path.join(fixtures, 'strapi-blocks-invalid/cases.json')) as Readonly<Record<string, RecordedCase>>;

/** Cases where Tessera answers differently on purpose: name → Tessera's error items. */
const differences = readJson(path.join(fixtures, 'strapi-blocks-invalid/differences.json')) as Readonly<Record<string, readonly unknown[]>>;

/** Tessera's error items for `content`, as the REST answer carries them. */
function tesseraErrors(content: unknown): unknown[] {
  return checkBlocks(content).map((problem) => {
    const item: Record<string, unknown> = { path: ['content', ...problem.path], message: blocksMessage(problem, ['content']), name: 'ValidationError' };
    if (Object.hasOwn(problem, 'value')) item.value = problem.value;
    return JSON.parse(JSON.stringify(item)) as unknown;
  });
}

describe('checkBlocks against Strapi 5.54 recordings', () => {
  for (const [name, recorded] of Object.entries(cases)) {
    it(name, () => {
      const actual = tesseraErrors(recorded.content);
      const deliberate = differences[name];
      if (deliberate) {
        assert.deepEqual(actual, deliberate);
        return;
      }
      if (recorded.status < 300) assert.deepEqual(actual, []);
      else assert.deepEqual(actual, recorded.error?.details?.errors);
    });
  }
});

describe('checkBlocks accepts what Strapi stored', () => {
  // Recorded from Strapi 5.54 by test/fixtures/strapi-blocks/record.mjs.
  const names = ['code', 'empty-heading-and-quote', 'headings', 'images', 'links', 'lists', 'nested-lists', 'paragraphs-and-marks', 'quotes', 'recorded-example'];
  for (const name of names) {
    it(name, () => {
      assert.deepEqual(checkBlocks(readJson(path.join(fixtures, 'strapi-blocks', `${name}.json`))), []);
    });
  }
});

describe('isValidLink', () => {
  const table: readonly [string, boolean][] = [
    ['https://example.com', true], ['http://x', true], ['ftp://x', true], ['mailto:a@b.c', true], ['tel:+1', true], ['/page', true], ['//host/x', true],
    ['javascript:alert(1)', false], ['JAVASCRIPT:alert(1)', false], ['\tjavascript:alert(1)', false], ['data:text/html,x', false], ['vbscript:x', false],
    ['file:///etc/passwd', false], ['example.com', false], ['', false],
  ];
  for (const [url, valid] of table) it(`${JSON.stringify(url)} → ${valid}`, () => assert.equal(isValidLink(url), valid));
});

describe('checkBlocks', () => {
  it('refuses nesting deeper than it walks, without recursing further', () => {
    let list: unknown = { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'x' }] }] };
    for (let depth = 0; depth < 40; depth += 1) list = { type: 'list', format: 'ordered', children: [list] };
    const problems = checkBlocks([list]);
    assert.equal(problems.length, 1);
    assert.match(problems[0]?.text ?? '', /nest more than/);
  });
  it('reports the path of a component attribute with yup labels', () => {
    const [problem] = checkBlocks([{ type: 'heading', level: 9, children: [{ type: 'text', text: 'x' }] }]);
    assert.ok(problem);
    assert.equal(blocksMessage(problem, ['sections', '1', 'body']), 'sections[1].body[0].level must be one of the following values: 1, 2, 3, 4, 5, 6');
  });
});
