import type { Clock } from '../../src/core/shared/clock.js';

/** A clock that stands still until the test moves it: time windows and timers without sleeping. */
export interface ManualClock extends Clock {
  /** Moves the time on, running the scheduled calls that fall due, in their order. */
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2030, 0, 1)): ManualClock {
  let now = start;
  let sequence = 0;
  const pending = new Map<number, { readonly at: number; readonly fn: () => void }>();
  return {
    now: () => now,
    schedule(ms, fn) {
      const id = (sequence += 1);
      pending.set(id, { at: now + Math.max(0, ms), fn });
      return () => void pending.delete(id);
    },
    advance(ms) {
      const target = now + ms;
      // A call may schedule another one that also falls due before the target: it runs too.
      for (;;) {
        const due = [...pending.entries()].filter(([, entry]) => entry.at <= target).sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].fn();
      }
      now = target;
    },
  };
}
