import type { Clock } from '../../../core/shared/clock.js';

/** How often an instance prunes old versions (each instance does; a delete of nothing costs little). */
export const PRUNE_EVERY_MS = 3_600_000;

export interface HistoryPruner {
  /** Prunes now, then every PRUNE_EVERY_MS on the clock. */
  start(): void;
  /** Resolves once the pass under way (if any) ends. */
  runOnce(): Promise<void>;
  close(): Promise<void>;
}

/** Runs `prune` on the app's clock (tests move it), one pass at a time, as the webhooks worker prunes its log. */
export function createHistoryPruner(clock: Clock, prune: () => Promise<number>, log: (message: string) => void): HistoryPruner {
  let running: Promise<void> | undefined;
  let cancel: (() => void) | undefined;
  let closed = false;
  const runOnce = (): Promise<void> =>
    (running ??= prune()
      .then(() => undefined)
      .catch((error: unknown) => log(`History pruning failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = undefined;
      }));
  const schedule = (): void => {
    if (closed) return;
    cancel = clock.schedule(PRUNE_EVERY_MS, () => {
      void runOnce();
      schedule();
    });
  };
  return {
    start() {
      void runOnce();
      schedule();
    },
    runOnce,
    async close() {
      closed = true;
      cancel?.();
      await running;
    },
  };
}
