import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchItems, type StoredItem } from './match-items.js';

function item(id: number, parentId: number, order: number, kind = 'a.x', field = 'f'): StoredItem {
  return { id, kind, parentId, field, order, values: {} };
}

describe('matchItems', () => {
  it('matches by rank of parent_ord, deletes extra target items and inserts missing ones', () => {
    const plan = matchItems([{ from: 1, to: 2, fresh: false }], ['f'], [item(10, 1, 2), item(11, 1, 1), item(20, 2, 1), item(21, 2, 5), item(22, 2, 9)]);
    assert.deepEqual(
      plan.matches.map((match) => [match.from.id, match.to.id]),
      [
        [11, 20],
        [10, 21],
      ],
    );
    assert.deepEqual(
      plan.deletes.map((stale) => stale.id),
      [22],
    );
    assert.deepEqual(plan.inserts, []);
  });

  it('replaces an item whose kind differs at its position, and inserts into fresh rows', () => {
    const items = [item(1, 1, 1, 'a.quote', 'zone'), item(2, 1, 2, 'a.link', 'zone'), item(3, 2, 1, 'a.link', 'zone')];
    const plan = matchItems([{ from: 1, to: 2, fresh: false }], ['zone'], items);
    assert.deepEqual(plan.matches, []);
    assert.deepEqual(
      plan.deletes.map((stale) => stale.id),
      [3],
    );
    assert.deepEqual(
      plan.inserts.map((insert) => [insert.from.id, insert.parentId]),
      [
        [1, 2],
        [2, 2],
      ],
    );
    const fresh = matchItems([{ from: 1, to: 9, fresh: true }], ['zone'], items);
    assert.equal(fresh.inserts.length, 2);
    assert.equal(fresh.deletes.length, 0);
  });
});
