import { openDatabase, type Database, type Executor } from './database.js';
import type { DatabaseConfig } from './database-config.js';

/** How often a running instance re-reads state that other instances may have changed (roles, locales). */
export const REFRESH_MS = 2000;

export interface DatabasePoller {
  /** Starts polling if it has not started (called when the state is used: an idle instance polls nothing). */
  touch(): void;
  close(): Promise<void>;
}

export interface DatabasePollerOptions<T> {
  readonly database: DatabaseConfig;
  /** What is polled, for the log line when a read fails ("Permissions", "Locales"). */
  readonly what: string;
  /** The read: one cheap statement. */
  readonly read: (db: Executor) => Promise<T>;
  /** Receives each value read; `started` orders it against reloads made meanwhile. */
  readonly onValue: (value: T, started: number) => void;
  readonly sequence: () => number;
  readonly log: (message: string) => void;
  readonly intervalMs?: number;
}

/**
 * Keeps in-memory state close to the database when other instances can change it: every
 * couple of seconds `read` runs again on a connection of the poller's own. Requests never wait
 * for it and it never takes a connection from the request pool, so requests' statement counts
 * stay exactly those of their work. An in-memory SQLite database belongs to this process
 * alone: nothing to poll (changes made here are applied at once by their service).
 */
export function createDatabasePoller<T>(options: DatabasePollerOptions<T>): DatabasePoller {
  const { read, onValue, sequence, log, what } = options;
  const config: DatabaseConfig =
    options.database.client === 'sqlite' ? options.database : { ...options.database, pool: { ...options.database.pool, min: 0, max: 1 } };
  const enabled = !(config.client === 'sqlite' && config.filename === ':memory:');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let handle: Promise<Database> | undefined;
  let closed = false;
  let failing = false;

  const poll = async (): Promise<void> => {
    const started = sequence();
    try {
      handle ??= openDatabase(config);
      const value = await read((await handle).db);
      if (!closed) onValue(value, started);
      failing = false;
    } catch (error) {
      // The database may be away for a while (readiness reports it); the last state holds meanwhile.
      if (!failing) log(`${what} could not be refreshed: ${error instanceof Error ? error.message : String(error)}`);
      failing = true;
      const broken = handle;
      handle = undefined;
      if (broken) await broken.then((database) => database.close()).catch(() => undefined);
    }
  };

  return {
    touch() {
      if (!enabled || closed || timer) return;
      timer = setInterval(() => {
        if (running === undefined) running = poll().finally(() => (running = undefined));
      }, options.intervalMs ?? REFRESH_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
      if (handle) await handle.then((database) => database.close()).catch(() => undefined);
    },
  };
}
