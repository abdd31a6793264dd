import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupByParent, keyChunks, MAX_KEYS_PER_STATEMENT, PARENT_KEY } from './populate-sql.js';

describe('populate statements: parent keys', () => {
  it('are deduplicated by their text and split past the statement limit', () => {
    const rows = Array.from({ length: MAX_KEYS_PER_STATEMENT * 2 + 1 }, (_, index) => ({ id: index }));
    const chunks = keyChunks([...rows, { id: 0 }, { id: '1' }, { id: null }], (row) => row.id);
    assert.deepEqual(chunks.map((chunk) => chunk.length), [MAX_KEYS_PER_STATEMENT, MAX_KEYS_PER_STATEMENT, 1]);
    assert.deepEqual(chunks.flat().slice(0, 3), [0, '1', 2]);
  });

  it('group rows by parent in statement order, without the helper key', () => {
    const groups = groupByParent([{ [PARENT_KEY]: 2, id: 'a' }, { [PARENT_KEY]: '1', id: 'b' }, { [PARENT_KEY]: 2, id: 'c' }]);
    assert.deepEqual([...groups], [['2', [{ id: 'a' }, { id: 'c' }]], ['1', [{ id: 'b' }]]]);
  });
});
