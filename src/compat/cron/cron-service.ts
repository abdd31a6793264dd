import type { Clock } from '../../core/shared/clock.js';
import type { CronClaims } from './cron-claims.js';
import { nextRunOf, readCronTasks, type CronTask } from './cron-task.js';

/** A scheduled task as `strapi.cron.jobs` lists it (Strapi: `{ job, options, name }`). */
export interface CronJob {
  readonly name: string | null;
  /** The options (or, for a rule-keyed task, the rule) as the project wrote them. */
  readonly options: unknown;
  readonly job: {
    /** The next run, null when the task runs no more (a past Date). */
    nextRun(): Date | null;
    /** Unschedules this task (as `remove` does for a named one). */
    stop(): void;
  };
}

/** `strapi.cron`: Strapi 5's cron service, whose ticks run on one instance of those sharing the database. */
export interface CronService {
  /** Adds tasks in Strapi's shapes; they run from `start()` (at once when started already). */
  add(tasks: unknown): CronService;
  /** Unschedules the tasks of this name (a rule-keyed task has none). */
  remove(name: string): CronService;
  start(): CronService;
  stop(): CronService;
  /** Stops and forgets every task. */
  destroy(): CronService;
  readonly jobs: readonly CronJob[];
  /** Resolves once the ticks that have fallen due ran (claimed, and run where claimed): tests and shutdown wait on it. */
  idle(): Promise<void>;
}

export interface CronServiceOptions<S> {
  readonly clock: Clock;
  readonly claims: CronClaims;
  /** What tasks receive as `{ strapi }` (read at each run: the object may be completed after the tasks are added). */
  readonly strapi: () => S;
  readonly log: { error(message: string): void };
  /** The file the tasks of `config/server` came from, for messages; `strapi.cron.add` otherwise. */
  readonly where?: string;
}

const MAX_DELAY = 2 ** 31 - 1;

interface Scheduled {
  readonly task: CronTask<unknown>;
  /** The key of its claim row: the label, numbered from the second task of one label on. */
  readonly key: string;
  cancel: (() => void) | null;
  next: number | null;
  stopped: boolean;
}

/**
 * Every instance schedules every task on its clock; at a tick each asks the claims which one
 * runs it. The claim is made before the task runs and the task runs outside any transaction
 * (it writes through the document service like other code): a tick whose instance dies while
 * running it is not run again elsewhere — at most once, never twice.
 */
export function createCronService<S>({ clock, claims, strapi, log, where = 'strapi.cron.add' }: CronServiceOptions<S>): CronService {
  let scheduled: Scheduled[] = [];
  let running = false;
  const inFlight = new Set<Promise<void>>();

  const track = (work: Promise<void>): void => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  async function fire(entry: Scheduled, tick: number): Promise<void> {
    let won: boolean;
    try {
      won = await claims.claim(entry.key, tick);
    } catch (error) {
      log.error(`Cron job "${entry.task.label}" was not run at ${new Date(tick).toISOString()}: its claim failed: ${(error as Error).message}`);
      return;
    }
    if (!won) return;
    try {
      await entry.task.run({ strapi: strapi() });
    } catch (error) {
      log.error(`Cron job "${entry.task.label}" failed: ${(error as Error).stack ?? String(error)}`);
    }
  }

  // The next tick is scheduled before this one runs, so that a long task never delays it.
  function arm(entry: Scheduled, after: number): void {
    entry.cancel?.();
    entry.cancel = null;
    entry.next = nextRunOf(entry.task, after);
    if (entry.next === null || !running || entry.stopped) return;
    wait(entry, entry.next);
  }

  // A timer fires at once past 2^31-1 ms (about 24.8 days): a far tick is reached in steps.
  function wait(entry: Scheduled, tick: number): void {
    const delay = tick - clock.now();
    if (delay > MAX_DELAY) {
      entry.cancel = clock.schedule(MAX_DELAY, () => wait(entry, tick));
      return;
    }
    entry.cancel = clock.schedule(delay, () => {
      entry.cancel = null;
      if (!running || entry.stopped) return;
      arm(entry, tick);
      track(fire(entry, tick));
    });
  }

  const unschedule = (entry: Scheduled): void => {
    entry.stopped = true;
    entry.cancel?.();
    entry.cancel = null;
  };

  const service: CronService = {
    add(tasks) {
      for (const task of readCronTasks<S>(tasks, where)) {
        const same = scheduled.filter((entry) => entry.task.label === task.label).length;
        const entry: Scheduled = { task: task as CronTask<unknown>, key: same === 0 ? task.label : `${task.label}#${same + 1}`, cancel: null, next: null, stopped: false };
        scheduled.push(entry);
        arm(entry, clock.now());
      }
      return service;
    },
    remove(name) {
      if (!name) throw new Error('You must provide a name to remove a cron job.');
      scheduled = scheduled.filter((entry) => {
        if (entry.task.name !== name) return true;
        unschedule(entry);
        return false;
      });
      return service;
    },
    start() {
      running = true;
      for (const entry of scheduled) if (!entry.stopped) arm(entry, clock.now());
      return service;
    },
    stop() {
      running = false;
      for (const entry of scheduled) {
        entry.cancel?.();
        entry.cancel = null;
      }
      return service;
    },
    destroy() {
      service.stop();
      for (const entry of scheduled) unschedule(entry);
      scheduled = [];
      return service;
    },
    get jobs() {
      return scheduled.map(
        (entry): CronJob => ({
          name: entry.task.name,
          options: entry.task.options,
          job: {
            nextRun: () => {
              const next = entry.stopped ? null : (entry.next ?? nextRunOf(entry.task, clock.now()));
              return next === null ? null : new Date(next);
            },
            stop: () => {
              unschedule(entry);
              scheduled = scheduled.filter((other) => other !== entry);
            },
          },
        }),
      );
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
  return service;
}
