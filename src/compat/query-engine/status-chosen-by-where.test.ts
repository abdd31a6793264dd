import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statusChosenByWhere } from './status-chosen-by-where.js';

describe('statusChosenByWhere', () => {
  it('a top-level publishedAt test chooses one status; anything else chooses none', () => {
    assert.deepEqual(statusChosenByWhere({ publishedAt: null }), ['draft']);
    assert.deepEqual(statusChosenByWhere({ publishedAt: { $null: true } }), ['draft']);
    assert.deepEqual(statusChosenByWhere({ publishedAt: { $eq: null } }), ['draft']);
    assert.deepEqual(statusChosenByWhere({ publishedAt: { $notNull: true } }), ['published']);
    assert.deepEqual(statusChosenByWhere({ publishedAt: { $ne: null } }), ['published']);
    assert.deepEqual(statusChosenByWhere({ publishedAt: { $null: false } }), ['published']);
    assert.equal(statusChosenByWhere({ publishedAt: { $gt: '2024-01-01' } }), null);
    assert.equal(statusChosenByWhere({ $or: [{ publishedAt: null }] }), null);
    assert.equal(statusChosenByWhere(undefined), null);
  });
});
