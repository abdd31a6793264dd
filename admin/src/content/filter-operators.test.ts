import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { filterKindOf, isListable, OPERATORS } from './filter-operators';

describe('the filters and columns an attribute allows', () => {
  it('gives each type the operators that fit it', () => {
    assert.equal(filterKindOf({ type: 'string' }), 'text');
    assert.equal(filterKindOf({ type: 'biginteger' }), 'number');
    assert.equal(filterKindOf({ type: 'datetime' }), 'datetime');
    assert.equal(filterKindOf({ type: 'boolean' }), 'boolean');
    assert.equal(filterKindOf({ type: 'enumeration', enum: ['a'] }), 'enumeration');
    assert.ok(OPERATORS.text.some((item) => item.operator === '$containsi'));
    assert.ok(!OPERATORS.boolean.some((item) => item.operator === '$gt'));
    assert.ok(OPERATORS.number.some((item) => item.operator === '$gte'));
    assert.deepEqual(
      OPERATORS.enumeration.map((item) => item.operator),
      ['$eq', '$ne', '$null', '$notNull'],
    );
  });

  it('filters a to-one relation (on its main field), not a to-many one, nor json, blocks or components', () => {
    assert.equal(filterKindOf({ type: 'relation', relation: 'manyToOne' }), 'text');
    assert.equal(filterKindOf({ type: 'relation', relation: 'manyToMany' }), null);
    for (const type of ['json', 'blocks', 'component', 'dynamiczone', 'media', 'password']) assert.equal(filterKindOf({ type }), null, type);
  });

  it('lists what the configuration accepts as columns', () => {
    assert.ok(isListable('id', { type: 'integer' }));
    assert.ok(isListable('title', { type: 'string' }));
    assert.ok(isListable('author', { type: 'relation', relation: 'manyToOne', targetModel: 'api::author.author' }));
    assert.ok(!isListable('body', { type: 'richtext' }));
    assert.ok(!isListable('seo', { type: 'component' }));
  });
});
