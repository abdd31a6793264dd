import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RateLimitMemoryStore } from './rate-limit-memory-store.js';

function setup(capacity = 10) {
  let now = 1_000_000;
  const store = new RateLimitMemoryStore({ now: () => now }, capacity);
  const call = (method: 'incr' | 'read', key: string, window = 1000) => {
    let result: { current: number; ttl: number } | undefined;
    store[method](key, (error, value) => {
      assert.equal(error, null);
      result = value;
    }, window);
    return result;
  };
  return { store, call, advance: (ms: number) => (now += ms) };
}

describe('RateLimitMemoryStore', () => {
  it('counts within a fixed window and starts over when it has passed, by the clock given', () => {
    const { call, advance } = setup();
    assert.deepEqual(call('incr', 'a'), { current: 1, ttl: 1000 });
    advance(600);
    assert.deepEqual(call('incr', 'a'), { current: 2, ttl: 400 });
    assert.deepEqual(call('read', 'a'), { current: 2, ttl: 400 }, 'read does not count');
    advance(399);
    assert.deepEqual(call('incr', 'a'), { current: 3, ttl: 1 });
    advance(1);
    assert.deepEqual(call('read', 'a'), { current: 0, ttl: 0 });
    assert.deepEqual(call('incr', 'a'), { current: 1, ttl: 1000 });
  });

  it('keys count apart; past its capacity the least recently counted key is forgotten', () => {
    const { call } = setup(2);
    call('incr', 'a');
    call('incr', 'b');
    call('incr', 'a');
    call('incr', 'c');
    assert.equal(call('read', 'a')?.current, 2);
    assert.equal(call('read', 'b')?.current, 0, 'evicted');
    assert.equal(call('read', 'c')?.current, 1);
  });

  it('is one store for every route scope', () => {
    const { store } = setup();
    assert.equal(store.child(), store);
  });
});
