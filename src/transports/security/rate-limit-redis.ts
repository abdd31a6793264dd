import type { Redis } from 'ioredis';
import { importOptional } from '../../core/shared/optional-package.js';

/** How long a request waits for Redis before it is served without counting (fail-open). */
const COMMAND_TIMEOUT_MILLIS = 500;
/** How long the start waits for the first connection; the server starts either way. */
const FIRST_CONNECT_MILLIS = 2000;
/** One warning per this period while Redis stays unreachable, not one per request. */
const WARN_EVERY_MILLIS = 30_000;

export interface RateLimitRedis {
  readonly client: Redis;
  /** Logs a warning about an unreachable Redis, at most once per period. */
  warn(problem: string): void;
  close(): Promise<void>;
}

/**
 * A Redis client for the shared counters. Commands never queue while disconnected and time
 * out quickly, so an unreachable Redis costs a request half a second at most and never a 500:
 * the limiter then serves the request uncounted (fail-open) and a warning is logged.
 */
export async function connectRateLimitRedis(url: string, log: (message: string) => void): Promise<RateLimitRedis> {
  let lastWarning = 0;
  const warn = (problem: string) => {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MILLIS) return;
    lastWarning = now;
    log(`Rate limit: Redis is unreachable (${problem}); auth requests are served without rate limiting until it is back.`);
  };
  // Loaded only by projects that configure Redis.
  const { Redis: RedisClient } = await importOptional('ioredis', { file: 'config/plugins', feature: 'users-permissions ratelimit.redis' }, () => import('ioredis'));
  const client = new RedisClient(url, {
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MILLIS,
    maxRetriesPerRequest: 0,
    connectTimeout: FIRST_CONNECT_MILLIS,
    // Keep trying in the background, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Without a listener ioredis prints every failed reconnection to stderr.
  client.on('error', (error: Error) => warn(error.message));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, FIRST_CONNECT_MILLIS);
    client.once('ready', done);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
  });
  if (client.status !== 'ready') warn(`no connection to ${redactUrl(url)} within ${FIRST_CONNECT_MILLIS} ms`);
  return {
    client,
    warn,
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured Redis URL';
  }
}
