import type { Clock } from '../../src/shared/clock.js';

/** A clock that stands still until the test moves it: time windows without sleeping. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2030, 0, 1)): ManualClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}
