import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readableFilters } from './relation-routes.js';

describe('readableFilters (the relation picker\'s `filters`)', () => {
  const all = { fields: null, locales: null, conditions: [] };
  const nameOnly = { fields: new Set(['name']), locales: null, conditions: [] };

  it('keeps every condition for a grant reaching every field', () => {
    const filters = { name: { $eq: 'a' }, secret: { $eq: 'b' }, $or: [{ secret: { $null: true } }] };
    assert.deepEqual(readableFilters(filters, all), filters);
  });

  it('leaves out conditions on fields the grant does not reach, inside $and/$or/$not too', () => {
    const filters = { name: { $eq: 'a' }, secret: { $eq: 'b' }, $or: { 0: { secret: { $null: true } }, 1: { name: { $null: true } } }, $not: { secret: { $eq: 'c' } }, id: { $gt: 2 } };
    assert.deepEqual(readableFilters(filters, nameOnly), { name: { $eq: 'a' }, $or: [{ name: { $null: true } }], id: { $gt: 2 } });
  });

  it('without a read grant on the target: no filter; absent: none; not an object: 400', () => {
    assert.equal(readableFilters({ name: { $eq: 'a' } }, null), null);
    assert.equal(readableFilters(undefined, all), null);
    assert.throws(() => readableFilters('name', all), { name: 'ValidationError' });
  });
});
