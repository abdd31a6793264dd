/**
 * The time, for what counts in time windows (rate limits, token lifetimes). The composition
 * root passes the system clock; tests pass one they move by hand, so that no test depends on
 * how fast the machine runs.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
