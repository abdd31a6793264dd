import type { Clock } from '../../../core/shared/clock.js';

/** How often an instance prunes old versions (each instance does; a delete of nothing costs little). */
export const PRUNE_EVERY_MS = 3_600_000;

/** The first pass comes this long after the start, not during it: a start reads only what it needs. */
export const FIRST_PRUNE_AFTER_MS = 60_000;

export interface HistoryPruner {
  /** Prunes FIRST_PRUNE_AFTER_MS after the start, then every PRUNE_EVERY_MS on the clock. */
  start(): void;
  /** Resolves once the pass under way (if any) ends. */
  runOnce(): Promise<void>;
  close(): Promise<void>;
}

/** Runs `prune` on the app's clock (tests move it), one pass at a time, as the webhooks worker prunes its log. */
export function createHistoryPruner(clock: Clock, prune: () => Promise<number>, log: (message: string) => void): HistoryPruner {
  let running: Promise<void> | undefined;
  let again = false;
  let cancel: (() => void) | undefined;
  let closed = false;
  // A tick during a pass runs one more pass after it: the cutoff is read when a pass starts, and
  // a clock moved on meanwhile must be honoured.
  const pass = async (): Promise<void> => {
    do {
      again = false;
      try {
        await prune();
      } catch (error) {
        log(`History pruning failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    } while (again && !closed);
  };
  const runOnce = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
    });
    return running;
  };
  const schedule = (after = PRUNE_EVERY_MS): void => {
    if (closed) return;
    cancel = clock.schedule(after, () => {
      void runOnce();
      schedule();
    });
  };
  return {
    start() {
      schedule(FIRST_PRUNE_AFTER_MS);
    },
    runOnce,
    async close() {
      closed = true;
      cancel?.();
      await running;
    },
  };
}
