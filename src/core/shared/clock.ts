/**
 * The time, for what counts in time windows (rate limits, token lifetimes) and for what runs
 * later (the change feed's polls, deferred storage removal). The composition root passes the
 * system clock; tests pass one they move by hand, so that no test depends on how fast the
 * machine runs.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Runs `fn` once `ms` milliseconds have passed on this clock; the returned function cancels
   * it. A pending call never keeps the process alive.
   */
  schedule(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Resolves once `ms` have passed on `clock`, or at once when `signal` aborts (what waited is then abandoned). */
export function waitOn(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = (): void => {
      cancel();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const cancel = clock.schedule(ms, done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
