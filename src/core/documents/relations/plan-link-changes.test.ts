import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planLinkChanges, type LinkPlan, type LinkShape, type ListChange, type StoredLink } from './plan-link-changes.js';

const MANY_TO_MANY: LinkShape = { ownerMany: true, inverseMany: true, targetExclusive: false };
const MANY_TO_ONE: LinkShape = { ownerMany: false, inverseMany: true, targetExclusive: false };
const ONE_TO_ONE: LinkShape = { ownerMany: false, inverseMany: false, targetExclusive: true };
const ONE_TO_MANY: LinkShape = { ownerMany: true, inverseMany: false, targetExclusive: true };
const MANY_WAY: LinkShape = { ownerMany: true, inverseMany: false, targetExclusive: false };

const link = (id: number, entity: number, target: string, targetOrd: number | null, entityOrd: number | null): StoredLink => ({ id, entity, target, targetOrd, entityOrd });

/** Every loaded list is complete, as the loader promises for the lists it was asked for. */
function plan(links: StoredLink[], shape: LinkShape, changes: ListChange[]): LinkPlan {
  return planLinkChanges({ links, owners: new Set(links.map((l) => l.entity).concat(changes.flatMap((c) => (c.side === 'owner' ? [c.entity] : c.list)))), targets: new Set(links.map((l) => l.target).concat(changes.flatMap((c) => (c.side === 'inverse' ? [c.target] : c.list)))) }, shape, changes);
}

/** The table after applying a plan (new links get ids from 100), sorted by id. */
function apply(links: StoredLink[], result: LinkPlan): StoredLink[] {
  const deleted = new Set(result.deletes);
  const updates = new Map(result.updates.map((update) => [update.id, update]));
  const kept = links.filter((l) => !deleted.has(l.id)).map((l) => ({ ...l, ...updates.get(l.id), id: l.id }));
  return [...kept, ...result.inserts.map((insert, index) => ({ id: 100 + index, ...insert }))];
}

describe('planLinkChanges: owner side', () => {
  it('keeps unchanged links, deletes removed ones, inserts new ones and renumbers moved ones', () => {
    const links = [link(1, 7, 'a', 1, 1), link(2, 7, 'b', 2, 1), link(3, 7, 'c', 3, 2), link(4, 8, 'c', 1, 1)];
    const result = plan(links, MANY_TO_MANY, [{ side: 'owner', entity: 7, list: ['c', 'a', 'd'] }]);
    assert.deepEqual(result.deletes, [2]);
    assert.deepEqual(result.inserts, [{ entity: 7, target: 'd', targetOrd: 3, entityOrd: 1 }]);
    assert.deepEqual(result.updates, [{ id: 1, targetOrd: 2 }, { id: 3, targetOrd: 1 }]);
  });

  it('appends a new link at the end of the target inverse list and renumbers lists that lost an item', () => {
    const links = [link(1, 8, 'a', 1, 1), link(2, 7, 'a', 1, 2), link(3, 9, 'a', 1, 3), link(4, 9, 'b', 2, 1)];
    const after = apply(links, plan(links, MANY_TO_MANY, [{ side: 'owner', entity: 7, list: ['b'] }]));
    assert.deepEqual(after, [link(1, 8, 'a', 1, 1), link(3, 9, 'a', 1, 2), link(4, 9, 'b', 2, 1), link(100, 7, 'b', 1, 2)]);
  });

  it('to-one owner: replacing the target leaves the old target inverse list contiguous', () => {
    const links = [link(1, 5, 'A', null, 1), link(2, 6, 'A', null, 2), link(3, 7, 'A', null, 3), link(4, 8, 'B', null, 1)];
    const after = apply(links, plan(links, MANY_TO_ONE, [{ side: 'owner', entity: 6, list: ['B'] }]));
    assert.deepEqual(after, [link(1, 5, 'A', null, 1), link(3, 7, 'A', null, 2), link(4, 8, 'B', null, 1), link(100, 6, 'B', null, 2)]);
  });

  it('exclusive targets move from their previous owner, whose list is renumbered', () => {
    const links = [link(1, 1, 'x', 1, null), link(2, 1, 'y', 2, null), link(3, 1, 'z', 3, null)];
    const after = apply(links, plan(links, ONE_TO_MANY, [{ side: 'owner', entity: 2, list: ['y'] }]));
    assert.deepEqual(after, [link(1, 1, 'x', 1, null), link(3, 1, 'z', 2, null), link(100, 2, 'y', 1, null)]);
    const single = [link(1, 1, 'p', null, null), link(2, 2, 'q', null, null)];
    assert.deepEqual(apply(single, plan(single, ONE_TO_ONE, [{ side: 'owner', entity: 2, list: ['p'] }])), [link(100, 2, 'p', null, null)]);
  });

  it('a reorder only updates positions', () => {
    const links = [link(1, 1, 'a', 1, null), link(2, 1, 'b', 2, null), link(3, 1, 'c', 3, null)];
    const result = plan(links, MANY_WAY, [{ side: 'owner', entity: 1, list: ['a', 'c', 'b'] }]);
    assert.deepEqual(result, { deletes: [], inserts: [], updates: [{ id: 2, targetOrd: 3 }, { id: 3, targetOrd: 2 }] });
  });

  it('refuses to renumber a list it was not given entirely', () => {
    const links = [link(1, 1, 'a', 1, 1)];
    assert.throws(() => planLinkChanges({ links, owners: new Set([1]), targets: new Set() }, MANY_TO_MANY, [{ side: 'owner', entity: 1, list: [] }]), /complete list/);
  });
});

describe('planLinkChanges: inverse side', () => {
  it('sets the inverse order and moves owners of a to-one side away from their old target', () => {
    // author A lists articles 5, 6; author B lists 7. Writing B's list [6, 7] moves 6 from A.
    const links = [link(1, 5, 'A', null, 1), link(2, 6, 'A', null, 2), link(3, 7, 'B', null, 1)];
    const after = apply(links, plan(links, MANY_TO_ONE, [{ side: 'inverse', target: 'B', list: [6, 7] }]));
    assert.deepEqual(after, [link(1, 5, 'A', null, 1), link(3, 7, 'B', null, 2), link(100, 6, 'B', null, 1)]);
  });

  it('appends to the owners lists when the owner side holds many', () => {
    const links = [link(1, 5, 'x', 1, 1), link(2, 5, 'T', 2, 1), link(3, 5, 'y', 3, 1), link(4, 6, 'z', 1, 1)];
    const after = apply(links, plan(links, MANY_TO_MANY, [{ side: 'inverse', target: 'T', list: [6] }]));
    assert.deepEqual(after, [link(1, 5, 'x', 1, 1), link(3, 5, 'y', 2, 1), link(4, 6, 'z', 1, 1), link(100, 6, 'T', 2, 1)]);
  });

  it('deleting a document and its rows empties both kinds of lists and renumbers the rest', () => {
    // Self relation: row 1 (document 'D') links to a, D; row 2 links to D, b.
    const links = [link(1, 1, 'a', 1, 1), link(2, 1, 'D', 2, 1), link(3, 2, 'D', 1, 2), link(4, 2, 'b', 2, 1), link(5, 3, 'a', 1, 2)];
    const after = apply(
      links,
      plan(links, MANY_TO_MANY, [
        { side: 'owner', entity: 1, list: [] },
        { side: 'inverse', target: 'D', list: [] },
      ]),
    );
    assert.deepEqual(after, [link(4, 2, 'b', 1, 1), link(5, 3, 'a', 1, 1)]);
  });
});
