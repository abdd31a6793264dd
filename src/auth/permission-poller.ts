import { openDatabase, type Database } from '../db/database.js';
import type { DatabaseConfig } from '../db/database-config.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { loadRoleSnapshot, type RoleSnapshot } from './role-permissions.js';

/** How often a running instance re-reads roles and permissions that other instances may have changed. */
export const PERMISSION_REFRESH_MS = 2000;

export interface PermissionPoller {
  /** Starts polling if it has not started (called on each request: an instance nobody calls polls nothing). */
  touch(): void;
  close(): Promise<void>;
}

export interface PermissionPollerOptions {
  readonly database: DatabaseConfig;
  readonly registry: SchemaRegistry;
  /** Receives each snapshot read; `started` orders it against reloads made meanwhile. */
  readonly onSnapshot: (snapshot: RoleSnapshot, started: number) => void;
  readonly sequence: () => number;
  readonly log: (message: string) => void;
  readonly intervalMs?: number;
}

/**
 * Keeps the in-memory permissions close to the database when other instances can change it:
 * every couple of seconds the roles and permissions are read again (one statement) on a
 * connection of the poller's own. Requests never wait for it and it never takes a connection
 * from the request pool; requests' statement counts stay exactly those of their work. An
 * in-memory SQLite database belongs to this process alone: nothing to poll (changes made here
 * are applied at once through the auth service's permissionsChanged).
 */
export function createPermissionPoller(options: PermissionPollerOptions): PermissionPoller {
  const { registry, onSnapshot, sequence, log } = options;
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
      const snapshot = await loadRoleSnapshot((await handle).db, registry);
      if (!closed) onSnapshot(snapshot, started);
      failing = false;
    } catch (error) {
      // The database may be away for a while (readiness reports it); the last permissions hold meanwhile.
      if (!failing) log(`Permissions could not be refreshed: ${error instanceof Error ? error.message : String(error)}`);
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
      }, options.intervalMs ?? PERMISSION_REFRESH_MS);
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
