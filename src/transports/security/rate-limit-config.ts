import type { AppConfig } from '../../core/config/app-config.js';
import { DefinitionError } from '../../core/shared/errors.js';

/** Where the counters live: this process (default), or a Redis server shared by every instance. */
export interface RedisTarget {
  readonly url: string;
  /** Prefix of every counter key, so that several apps can share one Redis. */
  readonly prefix: string;
}

/** The auth routes' rate limit: `config/plugins` users-permissions `config.ratelimit`. */
export interface RateLimitConfig {
  readonly enabled: boolean;
  /** Window length in milliseconds. */
  readonly interval: number;
  /** Requests allowed per key and window; the next one is refused with 429. */
  readonly max: number;
  readonly redis: RedisTarget | null;
}

/** The reference's defaults (koa2-ratelimit as configured by users-permissions): 10 per minute. */
export const DEFAULT_RATE_LIMIT = Object.freeze({ enabled: true, interval: 60_000, max: 10 });
export const DEFAULT_REDIS_PREFIX = 'tessera:ratelimit:';

type Dict = Readonly<Record<string, unknown>>;

function isDict(value: unknown): value is Dict {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const KNOWN_KEYS = new Set(['enabled', 'interval', 'max', 'redis']);

function positiveInteger(value: unknown, fallback: number, file: string, key: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new DefinitionError(file, `users-permissions ratelimit.${key} must be a whole number >= 1, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * `interval` is milliseconds as in the reference; its `{ min: 5 }` object form (koa2-ratelimit)
 * is accepted too, because projects migrated from Strapi carry it.
 */
function readInterval(value: unknown, file: string): number {
  if (isDict(value)) {
    const units: Readonly<Record<string, number>> = { ms: 1, sec: 1000, min: 60_000, hour: 3_600_000, day: 86_400_000 };
    let total = 0;
    for (const [unit, amount] of Object.entries(value)) {
      const factor = units[unit];
      if (factor === undefined || typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
        throw new DefinitionError(file, `users-permissions ratelimit.interval.${unit} is not a valid duration (units: ms, sec, min, hour, day)`);
      }
      total += amount * factor;
    }
    return positiveInteger(Math.round(total), DEFAULT_RATE_LIMIT.interval, file, 'interval');
  }
  return positiveInteger(value, DEFAULT_RATE_LIMIT.interval, file, 'interval');
}

function isRedisUrl(value: string): boolean {
  return /^rediss?:\/\/./.test(value);
}

/**
 * `ratelimit.redis`: a URL, `{ url, prefix }`, or `false` (this process only, even when
 * REDIS_URL is set). Unset: env REDIS_URL when it is set and not empty.
 */
function readRedis(value: unknown, env: AppConfig['env'], file: string): RedisTarget | null {
  if (value === false) return null;
  let url: unknown = value;
  let prefix: unknown = DEFAULT_REDIS_PREFIX;
  if (isDict(value)) {
    url = value.url;
    prefix = value.prefix ?? DEFAULT_REDIS_PREFIX;
    const unknown = Object.keys(value).filter((key) => key !== 'url' && key !== 'prefix');
    if (unknown.length > 0) throw new DefinitionError(file, `users-permissions ratelimit.redis has unknown keys: ${unknown.join(', ')} (known: url, prefix)`);
  }
  if (url === undefined || url === null || url === '') url = env.REDIS_URL === '' ? undefined : env.REDIS_URL;
  if (url === undefined) return null;
  if (typeof url !== 'string' || !isRedisUrl(url)) throw new DefinitionError(file, 'users-permissions ratelimit.redis must be a redis:// or rediss:// URL (or env REDIS_URL)');
  if (typeof prefix !== 'string') throw new DefinitionError(file, 'users-permissions ratelimit.redis.prefix must be a string');
  return Object.freeze({ url, prefix });
}

/** Reads and checks `config/plugins` → `'users-permissions'.config.ratelimit`. */
export function readRateLimitConfig(config: AppConfig): RateLimitConfig {
  const file = config.files.plugins.file;
  const plugin = config.files.plugins.value['users-permissions'];
  const inner = isDict(plugin) && isDict(plugin.config) ? plugin.config : {};
  const raw = inner.ratelimit;
  if (raw !== undefined && raw !== null && !isDict(raw)) throw new DefinitionError(file, 'users-permissions ratelimit must be an object { enabled, interval, max, redis }');
  const settings: Dict = raw ?? {};
  const unknown = Object.keys(settings).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0) throw new DefinitionError(file, `users-permissions ratelimit has unknown keys: ${unknown.join(', ')} (known: ${[...KNOWN_KEYS].join(', ')})`);
  if (settings.enabled !== undefined && typeof settings.enabled !== 'boolean') throw new DefinitionError(file, 'users-permissions ratelimit.enabled must be a boolean');
  const enabled = settings.enabled ?? DEFAULT_RATE_LIMIT.enabled;
  return Object.freeze({
    enabled,
    interval: readInterval(settings.interval, file),
    max: positiveInteger(settings.max, DEFAULT_RATE_LIMIT.max, file, 'max'),
    // Not even connected when the limit is off.
    redis: enabled ? readRedis(settings.redis, config.env, file) : null,
  });
}
