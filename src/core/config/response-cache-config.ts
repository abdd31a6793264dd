import { DefinitionError } from '../shared/errors.js';

/** The `Cache-Control` of a cached (public) answer: what a CDN or browser may keep, and for how long. */
export interface CacheControlSettings {
  /** `s-maxage`: seconds a shared cache (CDN) may serve the answer. */
  readonly sMaxAge: number;
  /** `stale-while-revalidate`: seconds a shared cache may serve it stale while it fetches a fresh one; null: not sent. */
  readonly staleWhileRevalidate: number | null;
  /** `max-age` for browsers (0 by default: browsers revalidate, with If-None-Match → 304). */
  readonly maxAge: number;
}

export interface ResponseCacheConfig {
  /** Whether public answers are kept (false: only ETag/304, and Cache-Control when configured). */
  readonly enabled: boolean;
  readonly store: 'memory' | 'redis';
  /** Redis URL and the prefix of every key the cache writes (store 'redis'). */
  readonly redis: { readonly url: string; readonly prefix: string } | null;
  /** The memory store's bounds: entries and bytes of bodies kept (least recently used go first). */
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** A safety bound on any entry's life (ms): correctness comes from invalidation, not from it. */
  readonly ttlMs: number;
  /** How long a write may be under way before Redis forgets its mark (ms): beyond the longest write transaction. */
  readonly writeWindowMs: number;
  /** Cache-Control per content-type uid (GraphQL answers use `default`); none configured: no header. */
  readonly cacheControl: { readonly default: CacheControlSettings | null; readonly types: ReadonlyMap<string, CacheControlSettings> };
  /** Called (POST JSON `{ keys }`) after each invalidation with the surrogate keys it dropped. */
  readonly purge: { readonly url: string; readonly headers: Readonly<Record<string, string>> } | null;
}

type Dict = Readonly<Record<string, unknown>>;

function dict(value: unknown, file: string, key: string): Dict {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new DefinitionError(file, `${key} must be an object`);
  return value as Dict;
}

function count(value: unknown, fallback: number, file: string, key: string, min = 0): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw new DefinitionError(file, `${key} must be an integer of at least ${min}`);
  return value;
}

function text(value: unknown, file: string, key: string): string {
  if (typeof value !== 'string' || value === '') throw new DefinitionError(file, `${key} must be a non-empty string`);
  return value;
}

function readControl(raw: unknown, file: string, key: string, base: CacheControlSettings | null): CacheControlSettings {
  const settings = dict(raw, file, key);
  const swr = settings.staleWhileRevalidate;
  return {
    sMaxAge: count(settings.sMaxAge, base?.sMaxAge ?? 0, file, `${key}.sMaxAge`),
    staleWhileRevalidate: swr === undefined ? (base?.staleWhileRevalidate ?? null) : swr === null ? null : count(swr, 0, file, `${key}.staleWhileRevalidate`),
    maxAge: count(settings.maxAge, base?.maxAge ?? 0, file, `${key}.maxAge`),
  };
}

/** Reads `config/api` `rest.cache`; undefined when the section is absent (the default path: no cost). */
export function readResponseCacheConfig(raw: unknown, file: string): ResponseCacheConfig | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (raw === false) return undefined;
  const cache = raw === true ? {} : dict(raw, file, 'rest.cache');
  const store = cache.store ?? 'memory';
  if (store !== 'memory' && store !== 'redis') throw new DefinitionError(file, 'rest.cache.store must be "memory" or "redis"');
  let redis: ResponseCacheConfig['redis'] = null;
  if (store === 'redis') {
    const settings = typeof cache.redis === 'string' ? { url: cache.redis } : dict(cache.redis, file, 'rest.cache.redis');
    redis = { url: text(settings.url, file, 'rest.cache.redis.url'), prefix: settings.prefix === undefined ? 'tessera:cache:' : text(settings.prefix, file, 'rest.cache.redis.prefix') };
  }
  const control = dict(cache.cacheControl, file, 'rest.cache.cacheControl');
  const { types: rawTypes, ...own } = control;
  const base = Object.keys(own).length > 0 ? readControl(own, file, 'rest.cache.cacheControl', null) : null;
  const types = new Map<string, CacheControlSettings>();
  for (const [uid, settings] of Object.entries(dict(rawTypes, file, 'rest.cache.cacheControl.types'))) types.set(uid, readControl(settings, file, `rest.cache.cacheControl.types.${uid}`, base));
  const purgeRaw = typeof cache.purge === 'string' ? { url: cache.purge } : dict(cache.purge, file, 'rest.cache.purge');
  let purge: ResponseCacheConfig['purge'] = null;
  if (purgeRaw.url !== undefined) {
    const url = text(purgeRaw.url, file, 'rest.cache.purge.url');
    if (!/^https?:\/\//.test(url)) throw new DefinitionError(file, 'rest.cache.purge.url must be an http(s) URL');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(dict(purgeRaw.headers, file, 'rest.cache.purge.headers'))) headers[name] = text(value, file, `rest.cache.purge.headers.${name}`);
    purge = { url, headers };
  }
  const enabled = cache.enabled ?? true;
  if (typeof enabled !== 'boolean') throw new DefinitionError(file, 'rest.cache.enabled must be a boolean');
  return Object.freeze({
    enabled,
    store,
    redis,
    maxEntries: count(cache.maxEntries, 10_000, file, 'rest.cache.maxEntries', 1),
    maxBytes: count(cache.maxBytes, 64 * 1024 * 1024, file, 'rest.cache.maxBytes', 1),
    ttlMs: count(cache.ttl, 3600, file, 'rest.cache.ttl', 1) * 1000,
    writeWindowMs: count(cache.writeWindow, 120, file, 'rest.cache.writeWindow', 1) * 1000,
    cacheControl: { default: base, types },
    purge,
  });
}

/** The header value of `settings`. */
export function cacheControlHeader(settings: CacheControlSettings): string {
  const parts = ['public', `max-age=${settings.maxAge}`, `s-maxage=${settings.sMaxAge}`];
  if (settings.staleWhileRevalidate !== null) parts.push(`stale-while-revalidate=${settings.staleWhileRevalidate}`);
  return parts.join(', ');
}
