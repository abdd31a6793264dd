import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryCacheStore } from './memory-cache-store.js';
import type { StoredAnswer } from './cache-store.js';

const store = () => createMemoryCacheStore({ maxEntries: 3, maxBytes: 1_000_000, ttlMs: 1000, now: () => 0 });
const answer = (body: string, dependencies: string[], generations: readonly string[]): StoredAnswer => ({ status: 200, headers: {}, body, dependencies, generations });

describe('memory cache store: the generation rule', () => {
  it('an answer is served while its generations are current, and not after a write to one of its types', async () => {
    const s = store();
    const generations = await s.generations(['a', '*']);
    assert.deepEqual(generations, ['0', '0']);
    await s.set('k', answer('x', ['a', '*'], generations ?? []));
    assert.equal((await s.get('k'))?.body, 'x');
    await s.beginWrite(['b']);
    await s.endWrite(['b']);
    assert.equal((await s.get('k'))?.body, 'x', 'a write to another type changes nothing');
    await s.beginWrite(['a']);
    assert.equal(await s.get('k'), null, 'not served while a write to its type is under way');
    await s.endWrite(['a']);
    assert.equal(await s.get('k'), null);
  });

  it('a read that began before a write and stores after it committed stores nothing that is served (the race)', async () => {
    const s = store();
    const before = await s.generations(['a']); // the read takes its generations, then reads the old rows
    await s.beginWrite(['a']);
    await s.endWrite(['a']); // the write commits
    await s.set('k', answer('old', ['a'], before ?? [])); // the read stores its (old) answer late
    assert.equal(await s.get('k'), null);
  });

  it('no generations while a write is under way: a read then is not stored', async () => {
    const s = store();
    await s.beginWrite(['a']);
    assert.equal(await s.generations(['a', '*']), null);
    assert.deepEqual(await s.generations(['c']), ['0']);
    await s.endWrite(['a']);
    assert.deepEqual(await s.generations(['a']), ['2'], 'moved at the start and at the end');
  });

  it('keeps at most maxEntries, the least recently used going first', async () => {
    const s = store();
    for (const key of ['1', '2', '3']) await s.set(key, answer(key, ['a'], ['0']));
    await s.get('1');
    await s.set('4', answer('4', ['a'], ['0']));
    assert.equal(s.size, 3);
    assert.equal(await s.get('2'), null);
    assert.equal((await s.get('1'))?.body, '1');
  });

  it('the ttl is a bound', async () => {
    let now = 0;
    const s = createMemoryCacheStore({ maxEntries: 3, maxBytes: 1_000_000, ttlMs: 1000, now: () => now });
    await s.set('k', answer('x', ['a'], ['0']));
    now = 1000;
    assert.equal(await s.get('k'), null);
  });
});
