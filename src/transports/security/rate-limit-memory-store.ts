import type { Clock } from '../../core/shared/clock.js';

interface Window {
  count: number;
  startMs: number;
}

interface StoreResult {
  readonly current: number;
  readonly ttl: number;
}

type Callback = (error: Error | null, result: StoreResult) => void;

/**
 * The counters of @fastify/rate-limit in this process's memory (its `store` option), on a
 * fixed window per key as its own local store counts them, but reading the time from the
 * app's clock. Bounded: past `capacity` keys, the least recently counted one is forgotten
 * (it starts a fresh budget).
 */
export class RateLimitMemoryStore {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: Pick<Clock, 'now'>,
    private readonly capacity: number,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = this.clock.now();
    let window = this.windows.get(key);
    if (window && window.startMs + timeWindow > now) window.count += 1;
    else window = { count: 1, startMs: now };
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > this.capacity) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    callback(null, { current: window.count, ttl: window.startMs + timeWindow - now });
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    const now = this.clock.now();
    const window = this.windows.get(key);
    if (!window || window.startMs + timeWindow <= now) callback(null, { current: 0, ttl: 0 });
    else callback(null, { current: window.count, ttl: window.startMs + timeWindow - now });
  }

  /** One store for every route: the plugin asks each route's scope for a child. */
  child(): RateLimitMemoryStore {
    return this;
  }
}
