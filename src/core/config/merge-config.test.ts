import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mergeConfig } from './merge-config.js';

describe('mergeConfig (Strapi merges config/env/<NODE_ENV> over config/ with lodash merge)', () => {
  it('merges plain objects key by key, at every depth', () => {
    const base = { host: 'a', http: { bodyLimit: 1, keep: true }, app: { keys: ['k'] } };
    assert.deepEqual(mergeConfig(base, { http: { bodyLimit: 2 }, proxy: true }), { host: 'a', http: { bodyLimit: 2, keep: true }, app: { keys: ['k'] }, proxy: true });
    assert.deepEqual(base, { host: 'a', http: { bodyLimit: 1, keep: true }, app: { keys: ['k'] } }, 'the base is not changed');
  });

  it('merges arrays index by index: a shorter array replaces only its first items', () => {
    assert.deepEqual(mergeConfig({ keys: ['a', 'b', 'c'] }, { keys: ['x'] }), { keys: ['x', 'b', 'c'] });
    assert.deepEqual(mergeConfig(['strapi::logger', { name: 'strapi::cors', config: { origin: ['a'] } }], [undefined, { config: { headers: ['h'] } }]), [
      'strapi::logger',
      { name: 'strapi::cors', config: { origin: ['a'], headers: ['h'] } },
    ]);
  });

  it('never replaces a value by undefined; replaces by null, scalars, functions and other types', () => {
    assert.deepEqual(mergeConfig({ a: 1, b: { c: 2 } }, { a: undefined, b: null }), { a: 1, b: null });
    const fn = () => 1;
    assert.equal((mergeConfig({ f: { x: 1 } }, { f: fn }) as { f: unknown }).f, fn);
    assert.deepEqual(mergeConfig({ a: [1] }, { a: { b: 1 } }), { a: { b: 1 } });
    assert.deepEqual(mergeConfig({ a: 1 }, { a: [1] }), { a: [1] });
  });

  it('keeps the base when there is no override, and takes a non-object override whole', () => {
    const base = { a: 1 };
    assert.equal(mergeConfig(base, undefined), base);
    assert.equal(mergeConfig(base, 7), 7);
    assert.deepEqual(mergeConfig(undefined, { a: 1 }), { a: 1 });
  });
});
