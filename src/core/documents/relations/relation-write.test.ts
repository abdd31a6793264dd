import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RelationAttribute } from '../../schema/attribute.js';
import type { FieldError } from '../../shared/errors.js';
import type { ValueContext } from '../model-write.js';
import { MAX_RELATION_ITEMS } from './parse-relation-item.js';
import { parseRelationWrite } from './relation-write.js';

const attribute: RelationAttribute = { kind: 'relation', name: 'tags', type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', many: true, required: false, private: false, writable: true };

function parse(raw: unknown, mode: 'create' | 'update' = 'update') {
  const errors: FieldError[] = [];
  const context = { errors, mode } as unknown as ValueContext;
  const write = parseRelationWrite(attribute, raw, ['tags'], context);
  return { write, errors: errors.map((error) => error.message) };
}

function ok(raw: unknown) {
  const { write, errors } = parse(raw);
  assert.deepEqual(errors, []);
  const { attribute: _attribute, path: _path, ...change } = write;
  return change;
}

function bad(raw: unknown, pattern: RegExp): void {
  const { errors } = parse(raw);
  assert.equal(errors.length, 1, `expected one error for ${JSON.stringify(raw)}`);
  assert.match(errors[0] ?? '', pattern);
}

const doc = (documentId: string) => ({ ref: { documentId }, position: null });

describe('parseRelationWrite: forms', () => {
  it('reads shorthand values, null and [] as a set', () => {
    assert.deepEqual(ok('abc'), { mode: 'set', items: [doc('abc')] });
    assert.deepEqual(ok(['a', 'b']), { mode: 'set', items: [doc('a'), doc('b')] });
    assert.deepEqual(ok(null), { mode: 'set', items: [] });
    assert.deepEqual(ok([]), { mode: 'set', items: [] });
    assert.deepEqual(ok({ set: [{ documentId: 'a' }] }), { mode: 'set', items: [doc('a')] });
  });

  it('reads connect and disconnect, with positions and options', () => {
    assert.deepEqual(ok({ connect: ['a', { documentId: 'b', position: { before: 'a' } }, { documentId: 'c', position: { start: true } }], disconnect: ['d'], options: { strict: false } }), {
      mode: 'change',
      connect: [doc('a'), { ref: { documentId: 'b' }, position: { before: { documentId: 'a' } } }, { ref: { documentId: 'c' }, position: { start: true } }],
      disconnect: [{ documentId: 'd' }],
      strict: false,
    });
    assert.deepEqual(ok({}), { mode: 'change', connect: [], disconnect: [], strict: true });
  });

  it('is always strict on create, as the reference', () => {
    const { write } = parse({ connect: ['a'], options: { strict: false } }, 'create');
    assert.equal(write.mode === 'change' && write.strict, true);
  });

  it('drops byte-identical duplicates', () => {
    assert.deepEqual(ok({ connect: ['a', 'a', { documentId: 'b' }, { documentId: 'b' }] }), { mode: 'change', connect: [doc('a'), doc('b')], disconnect: [], strict: true });
  });
});

describe('parseRelationWrite: bad values', () => {
  it('rejects unknown keys in the relation object, in items and in positions', () => {
    bad({ connect: [], add: [] }, /Invalid key add/);
    bad({ connect: [{ documentId: 'a', extra: 1 }] }, /Invalid key extra in connect\[0\]/);
    bad({ connect: [{ documentId: 'a', position: { middle: true } }] }, /Invalid key middle/);
    bad({ disconnect: [{ documentId: 'a', position: { start: true } }] }, /position is only allowed in connect/);
    bad({ options: { strict: false, loose: true } }, /Invalid key loose in options/);
  });

  it('rejects set combined with connect or disconnect', () => {
    bad({ set: [], connect: ['a'] }, /set cannot be combined/);
    bad({ set: ['a'], disconnect: [] }, /set cannot be combined/);
  });

  it('rejects positions with two keys, none, or a start that is not true', () => {
    bad({ connect: [{ documentId: 'a', position: { before: 'b', after: 'c' } }] }, /exactly one of/);
    bad({ connect: [{ documentId: 'a', position: {} }] }, /exactly one of/);
    bad({ connect: [{ documentId: 'a', position: { start: false } }] }, /start must be true/);
    bad({ connect: [{ documentId: 'a', position: 'start' }] }, /position must be an object/);
  });

  it('rejects wrong types', () => {
    bad(true, /expected a documentId/);
    bad(12.5, /not a valid id/);
    bad(-1, /not a valid id/);
    bad('', /expected a documentId/);
    bad([['a']], /got an array/);
    bad({ connect: 'a' }, /connect must be an array/);
    bad({ connect: [{ position: { end: true } }] }, /must have a documentId/);
    bad({ connect: [{ documentId: 'a', id: 3 }] }, /must have a documentId/);
    bad({ connect: [{ documentId: 'a', status: 'archived' }] }, /status must be/);
    bad({ options: { strict: 'no' } }, /strict must be a boolean/);
    bad({ connect: [{ documentId: { $ne: 1 } }] }, /expected a documentId/);
  });

  it('bounds the number of items', () => {
    bad({ connect: Array.from({ length: MAX_RELATION_ITEMS + 1 }, (_, index) => `d${index}`) }, /at most 1000/);
    assert.equal(ok(Array.from({ length: MAX_RELATION_ITEMS }, (_, index) => `d${index}`)).mode, 'set');
  });
});
