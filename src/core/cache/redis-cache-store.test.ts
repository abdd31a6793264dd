import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { StoredAnswer } from './cache-store.js';
import { createRedisCacheStore } from './redis-cache-store.js';

const URL = process.env.TESSERA_TEST_REDIS ?? 'redis://127.0.0.1:6379';
const PREFIX = `tessera-test:store:${process.pid}:${Date.now()}:`;
const answer = (body: string, dependencies: string[], generations: readonly string[]): StoredAnswer => ({ status: 200, headers: { etag: 'W/"x"' }, body, dependencies, generations });

/** The generation rule on Redis (the Lua scripts), against a local server: skipped when none answers. */
describe('Redis cache store: the generation rule', async () => {
  const messages: string[] = [];
  const store = await createRedisCacheStore({ url: URL, prefix: PREFIX, ttlMs: 60_000, writeWindowMs: 60_000, log: (message) => messages.push(message) });
  const reachable = store.client.status === 'ready';
  after(async () => {
    if (reachable) {
      const keys = await store.client.keys(`${PREFIX}*`);
      if (keys.length > 0) await store.client.del(...keys);
    }
    await store.close();
  });

  it('serves an answer while current; not while a write is under way; never after it', { skip: !reachable && 'no Redis at 127.0.0.1:6379' }, async () => {
    const generations = await store.generations(['a', '*']);
    assert.deepEqual(generations, ['0', '0']);
    await store.set('k', answer('x'.repeat(50_000), ['a', '*'], generations ?? []));
    const found = await store.get('k');
    assert.equal(found?.body.length, 50_000);
    assert.deepEqual(found?.headers, { etag: 'W/"x"' });
    await store.beginWrite(['b']);
    await store.endWrite(['b']);
    assert.ok(await store.get('k'), 'a write to another type changes nothing');
    await store.beginWrite(['a']);
    assert.equal(await store.get('k'), null);
    assert.equal(await store.generations(['a']), null);
    await store.endWrite(['a']);
    assert.equal(await store.get('k'), null);
    assert.deepEqual(await store.generations(['a']), ['2'], 'moved at the start and at the end');
  });

  it('the race: an answer read before a write and stored after it is never served', { skip: !reachable && 'no Redis' }, async () => {
    const before = await store.generations(['r']);
    await store.beginWrite(['r']);
    await store.endWrite(['r']);
    await store.set('late', answer('old', ['r'], before ?? []));
    assert.equal(await store.get('late'), null);
  });

  it('two writes under way: the mark stays until both ended; an expired mark is not taken below zero', { skip: !reachable && 'no Redis' }, async () => {
    await store.beginWrite(['w']);
    await store.beginWrite(['w']);
    await store.endWrite(['w']);
    assert.equal(await store.generations(['w']), null);
    await store.endWrite(['w']);
    assert.deepEqual(await store.generations(['w']), ['4']);
    await store.endWrite(['w']); // as after an expired mark
    await store.beginWrite(['w']);
    assert.equal(await store.generations(['w']), null, 'a new write is under way, whatever came before');
    await store.endWrite(['w']);
  });

  it('a writer that died after its commit (no endWrite): once its mark expired, nothing read before it is served', { skip: !reachable && 'no Redis' }, async () => {
    const before = await store.generations(['d']);
    await store.set('d', answer('old', ['d'], before ?? []));
    await store.beginWrite(['d']);
    await store.client.del(`${PREFIX}w:d`); // the write window passed
    assert.equal(await store.get('d'), null);
    assert.deepEqual(await store.generations(['d']), ['1']);
  });

  it('move: the generation moves, a mark under way stays', { skip: !reachable && 'no Redis' }, async () => {
    const before = await store.generations(['m']);
    await store.set('m', answer('old', ['m'], before ?? []));
    await store.beginWrite(['m']);
    await store.move(['m']);
    assert.equal(await store.generations(['m']), null, 'still under way');
    await store.endWrite(['m']);
    assert.deepEqual(await store.generations(['m']), ['3']);
    assert.equal(await store.get('m'), null);
  });

  it('a suspension blocks every answer that depends on it', { skip: !reachable && 'no Redis' }, async () => {
    const generations = await store.generations(['s', '~']);
    await store.set('s', answer('x', ['s', '~'], generations ?? []));
    assert.ok(await store.get('s'));
    await store.suspend('~', 60_000);
    assert.equal(await store.get('s'), null);
    assert.equal(await store.generations(['~']), null);
    await store.client.del(`${PREFIX}w:~`);
    assert.ok(await store.get('s'));
  });
});
