import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tempKey } from './fill-from-locale.js';

describe('tempKey', () => {
  it("gives Strapi's form keys: fractional indexing from an empty list", () => {
    assert.deepEqual([0, 1, 9, 10, 35, 36, 61].map(tempKey), ['a0', 'a1', 'a9', 'aA', 'aZ', 'aa', 'az']);
    assert.deepEqual([62, 63, 62 + 62, 62 + 3843, 62 + 3844].map(tempKey), ['b00', 'b01', 'b10', 'bzz', 'c000']);
  });
});
