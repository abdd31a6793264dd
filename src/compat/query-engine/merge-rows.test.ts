import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mergeRows } from './merge-rows.js';

describe('mergeRows: two sorted lists → one', () => {
  it('interleaves by the keys, ties by the next key, descending too', () => {
    const drafts = [{ id: 1, v: 1 }, { id: 3, v: 2 }, { id: 5, v: 5 }];
    const published = [{ id: 2, v: 1 }, { id: 4, v: 3 }];
    assert.deepEqual(mergeRows(drafts, published, [{ name: 'v', direction: 'asc' }, { name: 'id', direction: 'asc' }]).map((row) => row.id), [1, 2, 3, 4, 5]);
    const down = (rows: typeof drafts) => [...rows].reverse();
    assert.deepEqual(mergeRows(down(drafts), down(published), [{ name: 'v', direction: 'desc' }, { name: 'id', direction: 'desc' }]).map((row) => row.id), [5, 4, 3, 2, 1]);
  });

  it('nulls first ascending; text by code point; each list keeps its own order', () => {
    const left = [{ id: 1, t: null }, { id: 2, t: 'B' }];
    const right = [{ id: 3, t: 'a' }];
    assert.deepEqual(mergeRows(left, right, [{ name: 't', direction: 'asc' }]).map((row) => row.id), [1, 2, 3]);
    // A list the database ordered otherwise is not re-sorted.
    assert.deepEqual(mergeRows([{ id: 9, t: 'z' }, { id: 8, t: 'a' }], [], [{ name: 't', direction: 'asc' }]).map((row) => row.id), [9, 8]);
  });
});
