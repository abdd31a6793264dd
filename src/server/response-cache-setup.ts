import type { AppConfig } from '../core/config/app-config.js';
import { createMemoryCacheStore } from '../core/cache/memory-cache-store.js';
import { createRedisCacheStore } from '../core/cache/redis-cache-store.js';
import { createResponseCache, type ResponseCache } from '../core/cache/response-cache.js';
import type { Clock } from '../core/shared/clock.js';
import { createHash } from 'node:crypto';
import type { ModelSource } from '../core/model/model-change.js';

/** What an instance serves with, as a key part: its content model's definitions and its `rest` settings. */
export function servedFingerprint(source: ModelSource, config: AppConfig): string {
  const { cache: _cache, ...rest } = config.rest;
  return createHash('sha256').update(JSON.stringify({ source, rest })).digest('base64url').slice(0, 22);
}

/** How long the purge hook may take before it is given up (it never holds a request). */
const PURGE_TIMEOUT_MILLIS = 5000;

/**
 * The response cache `config/api` `rest.cache` asks for, or null (off: nothing is added to any
 * request but the ETag). The purge hook is called after each invalidation, without waiting.
 */
export async function openResponseCache(config: AppConfig, clock: Clock, log: (message: string) => void, followDelayMs: number): Promise<ResponseCache | null> {
  const settings = config.rest.cache;
  if (!settings?.enabled) return null;
  const store =
    settings.store === 'redis' && settings.redis
      ? await createRedisCacheStore({ url: settings.redis.url, prefix: settings.redis.prefix, ttlMs: settings.ttlMs, writeWindowMs: settings.writeWindowMs, log })
      : createMemoryCacheStore({ maxEntries: settings.maxEntries, maxBytes: settings.maxBytes, ttlMs: settings.ttlMs, now: () => clock.now() });
  const purge = settings.purge;
  const purged = purge
    ? (keys: readonly string[]) => {
        const body = JSON.stringify({ keys: keys.map((key) => (key === '*' ? 'tessera' : key)) });
        fetch(purge.url, { method: 'POST', headers: { 'content-type': 'application/json', ...purge.headers }, body, signal: AbortSignal.timeout(PURGE_TIMEOUT_MILLIS) }).catch((error: unknown) => {
          log(`Response cache: the purge hook ${purge.url} failed: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
    : undefined;
  // Shared by instances (Redis): a model, permission or locale change made here suspends it until every instance followed (two polls, as deferred storage removal waits).
  const suspendMs = settings.store === 'redis' ? 2 * followDelayMs + 500 : 0;
  return createResponseCache({ config: settings, store, log, suspendMs, ...(purged ? { purged } : {}) });
}
