import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PopulateNode } from '../../query/document-query.js';
import { answerSize } from './answer-size.js';
import type { Row } from './populate-context.js';

/** A relation populate node as answerSize reads it: the attribute's name, count, and what is populated below. */
function relation(name: string, populate: readonly PopulateNode[] = [], count = false): PopulateNode {
  return { kind: 'relation', attribute: { name }, count, populate } as unknown as PopulateNode;
}

describe('answerSize', () => {
  it('counts every object the JSON answer writes out', () => {
    const tags = [{ id: 1 }, { id: 2 }];
    const rows: Row[] = [
      { id: 1, author: { id: 9 }, tags },
      { id: 2, author: null, tags: [] },
    ];
    assert.equal(answerSize(rows, [relation('author'), relation('tags')], 100), 2 + 1 + 2);
    assert.equal(answerSize(rows, [relation('tags', [], true)], 100), 2, 'a count is no object');
  });

  it('counts a shared list once per place it is written, without walking it again', () => {
    // 40 levels of one row whose list holds the next level twice: 2^40 objects in JSON, 40 rows in memory.
    const populate: PopulateNode[] = [];
    let level: PopulateNode[] = populate;
    let row: Row = { id: 0 };
    for (let depth = 1; depth <= 40; depth += 1) {
      const next: PopulateNode[] = [];
      level.push(relation('items', next));
      level = next;
    }
    for (let depth = 40; depth >= 1; depth -= 1) row = { id: depth, items: [row, row] };
    assert.equal(answerSize([row], populate, 1_000_000), 1_000_001, 'stops just past the limit');
    assert.equal(answerSize([row], populate, Number.MAX_SAFE_INTEGER - 1), 2 ** 41 - 1);
  });

  it('dynamic zone items count with what their kind populates', () => {
    const zone = { kind: 'dynamiczone', attribute: { name: 'blocks' }, count: false, components: new Map([['shared.slider', { populate: [relation('slides')] }]]) } as unknown as PopulateNode;
    const rows: Row[] = [{ id: 1, blocks: [{ __component: 'shared.quote', id: 1 }, { __component: 'shared.slider', id: 2, slides: [{ id: 1 }, { id: 2 }, { id: 3 }] }] }];
    assert.equal(answerSize(rows, [zone], 100), 1 + 2 + 3);
  });
});
