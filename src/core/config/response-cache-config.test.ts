import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cacheControlHeader, readResponseCacheConfig } from './response-cache-config.js';

describe('rest.cache config', () => {
  it('defaults, per-type Cache-Control over the default, and refusals', () => {
    assert.equal(readResponseCacheConfig(undefined, 'f'), undefined);
    const config = readResponseCacheConfig({ cacheControl: { sMaxAge: 60, staleWhileRevalidate: 30, types: { 'api::a.a': { sMaxAge: 5 } } } }, 'f');
    assert.equal(config?.store, 'memory');
    assert.equal(config?.enabled, true);
    assert.equal(cacheControlHeader(config?.cacheControl.types.get('api::a.a') ?? { sMaxAge: -1, staleWhileRevalidate: null, maxAge: 0 }), 'public, max-age=0, s-maxage=5, stale-while-revalidate=30');
    assert.throws(() => readResponseCacheConfig({ store: 'disk' }, 'f'), /rest.cache.store must be "memory" or "redis"/);
    assert.throws(() => readResponseCacheConfig({ store: 'redis' }, 'f'), /rest.cache.redis.url/);
    assert.throws(() => readResponseCacheConfig({ maxEntries: 0 }, 'f'), /rest.cache.maxEntries/);
  });
});
