import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { childPath, folderTree, isFolderOrChild } from './folder-store.js';

describe('folder paths', () => {
  it('joins a path id under its parent as Strapi does (root "/")', () => {
    assert.equal(childPath('/', 4), '/4');
    assert.equal(childPath('/1/4', 7), '/1/4/7');
  });

  it('finds a folder and its descendants, not a sibling whose path id starts alike', () => {
    const folder = { path: '/1/4' };
    assert.equal(isFolderOrChild({ path: '/1/4' }, folder), true);
    assert.equal(isFolderOrChild({ path: '/1/4/9' }, folder), true);
    assert.equal(isFolderOrChild({ path: '/1/41' }, folder), false);
    assert.equal(isFolderOrChild({ path: '/1' }, folder), false);
  });

  it('nests rows into the structure, siblings by name at every level', () => {
    const rows = [
      { id: 3, name: 'c', parent: 1 },
      { id: 1, name: 'b', parent: null },
      { id: 2, name: 'a', parent: null },
      { id: 4, name: 'a', parent: 1 },
    ];
    assert.deepEqual(folderTree(rows), [
      { id: 2, name: 'a', children: [] },
      { id: 1, name: 'b', children: [{ id: 4, name: 'a', children: [] }, { id: 3, name: 'c', children: [] }] },
    ]);
  });
});
