import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CIRCULAR_MESSAGE, duplicateMessage, orderRelationList, RelationOrderError, type Resolved, type ResolvedChange } from './order-relation-list.js';
import type { RelationItem, RelationPosition } from './relation-write.js';

const r = (key: string): Resolved<string> => ({ key, label: key });
type Position = RelationPosition<Resolved<string>>;
const item = (key: string, position: Position | null = null): RelationItem<Resolved<string>> => ({ ref: r(key), position });
const before = (key: string): Position => ({ before: r(key) });
const after = (key: string): Position => ({ after: r(key) });
const connect = (items: RelationItem<Resolved<string>>[], disconnect: string[] = [], strict = true): ResolvedChange<string> => ({ mode: 'change', connect: items, disconnect: disconnect.map(r), strict });
const set = (...keys: string[]): ResolvedChange<string> => ({ mode: 'set', items: keys.map((key) => item(key)) });

function fails(run: () => unknown, message: string): void {
  assert.throws(run, (error: unknown) => error instanceof RelationOrderError && error.message === message);
}

describe('orderRelationList: to-many', () => {
  it('set replaces the list in the given order', () => {
    assert.deepEqual(orderRelationList(['a', 'b'], set('c', 'a'), true), ['c', 'a']);
    assert.deepEqual(orderRelationList(['a', 'b'], set(), true), []);
  });

  it('connect appends by default, and re-connecting an item moves it', () => {
    assert.deepEqual(orderRelationList(['a', 'b'], connect([item('c')]), true), ['a', 'b', 'c']);
    assert.deepEqual(orderRelationList(['a', 'b', 'c'], connect([item('a')]), true), ['b', 'c', 'a']);
  });

  it('places items at start, end, before and after an anchor', () => {
    assert.deepEqual(orderRelationList(['a', 'b'], connect([item('c', { start: true })]), true), ['c', 'a', 'b']);
    assert.deepEqual(orderRelationList(['a', 'b'], connect([item('c', { end: true })]), true), ['a', 'b', 'c']);
    assert.deepEqual(orderRelationList(['a', 'b'], connect([item('c', before('b'))]), true), ['a', 'c', 'b']);
    assert.deepEqual(orderRelationList(['a', 'b'], connect([item('c', after('a'))]), true), ['a', 'c', 'b']);
    assert.deepEqual(orderRelationList(['a', 'b', 'c'], connect([item('c', before('a'))]), true), ['c', 'a', 'b']);
    assert.deepEqual(orderRelationList(['a', 'b', 'c'], connect([item('a', after('c'))]), true), ['b', 'c', 'a']);
  });

  it('disconnects before connecting', () => {
    assert.deepEqual(orderRelationList(['a', 'b', 'c'], connect([item('d', after('a'))], ['b', 'x']), true), ['a', 'd', 'c']);
    assert.deepEqual(orderRelationList(['a', 'b'], connect([item('b')], ['b']), true), ['a', 'b']);
  });

  it('places an item after its anchor connected in the same array, wherever it is', () => {
    assert.deepEqual(orderRelationList(['a'], connect([item('c', before('b')), item('b')]), true), ['a', 'c', 'b']);
    assert.deepEqual(orderRelationList([], connect([item('x', after('y')), item('y', after('z')), item('z')]), true), ['z', 'y', 'x']);
    assert.deepEqual(orderRelationList(['a'], connect([item('b'), item('c', before('b'))]), true), ['a', 'c', 'b']);
  });

  it('rejects circular chains, including an item anchored to itself', () => {
    fails(() => orderRelationList([], connect([item('a', before('b')), item('b', after('a'))]), true), CIRCULAR_MESSAGE);
    fails(() => orderRelationList(['x'], connect([item('a', before('b')), item('b', before('c')), item('c', after('a'))]), true), CIRCULAR_MESSAGE);
    fails(() => orderRelationList(['a'], connect([item('a', before('a'))]), true), CIRCULAR_MESSAGE);
  });

  it('accepts anchors that are connected already even when they point at each other', () => {
    assert.deepEqual(orderRelationList(['a', 'b', 'c'], connect([item('a', after('b')), item('b', after('c'))]), true), ['a', 'c', 'b']);
    assert.deepEqual(orderRelationList(['a', 'b', 'c'], connect([item('a', after('b')), item('b', after('a'))]), true), ['a', 'b', 'c']);
    assert.deepEqual(orderRelationList(['a', 'b', 'c'], connect([item('a', after('b')), item('b', after('a')), item('d')]), true), ['a', 'b', 'c', 'd']);
  });

  it('places items in array order when each anchor is connected or placed earlier, without looking for loops (as the reference)', () => {
    // x is not connected, but its anchor a is; a's anchor x comes earlier in the array.
    assert.deepEqual(orderRelationList(['a', 'b'], connect([item('x', after('a')), item('a', after('x'))]), true), ['x', 'a', 'b']);
    // The same pair with an item that has no anchor: the reference sorts, follows x's chain and finds the loop.
    fails(() => orderRelationList(['a', 'b'], connect([item('x', after('a')), item('a', after('x')), item('y')]), true), CIRCULAR_MESSAGE);
    fails(() => orderRelationList(['a', 'b'], connect([item('b', after('a')), item('a', before('a'))]), true), CIRCULAR_MESSAGE);
  });

  it('rejects an anchor that is nowhere, unless not strict (then the item goes last)', () => {
    fails(
      () => orderRelationList(['a'], connect([item('c', before('z'))]), true),
      'There was a problem connecting relation with id c at position {"before":"z"}. The relation with id z needs to be connected first.',
    );
    fails(() => orderRelationList(['a', 'z'], connect([item('c', after('z'))], ['z']), true), 'There was a problem connecting relation with id c at position {"after":"z"}. The relation with id z needs to be connected first.');
    assert.deepEqual(orderRelationList(['a', 'b'], connect([item('c', before('z'))], [], false), true), ['a', 'b', 'c']);
  });

  it('rejects the same document twice', () => {
    fails(() => orderRelationList([], connect([item('a'), item('a', { start: true })]), true), duplicateMessage('a'));
    fails(() => orderRelationList([], set('a', 'b', 'a'), true), duplicateMessage('a'));
  });
});

describe('orderRelationList: to-one', () => {
  it('keeps only the last item set or connected', () => {
    assert.deepEqual(orderRelationList(['a'], set('b', 'c'), false), ['c']);
    assert.deepEqual(orderRelationList(['a'], set(), false), []);
    assert.deepEqual(orderRelationList(['a'], connect([item('b'), item('c', before('zz'))]), false), ['c']);
  });

  it('disconnects only the item it names', () => {
    assert.deepEqual(orderRelationList(['a'], connect([], ['b']), false), ['a']);
    assert.deepEqual(orderRelationList(['a'], connect([], ['a']), false), []);
    assert.deepEqual(orderRelationList([], connect([]), false), []);
  });
});
