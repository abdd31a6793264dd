import type { Database } from '../../core/db/database.js';
import { ping } from '../../core/db/ping.js';
import { CmsError, ServiceUnavailableError } from '../../core/shared/errors.js';

/** A load balancer gives up on a probe after a few seconds; an answer after that helps nobody. */
const PROBE_TIMEOUT_MILLIS = 5000;

export interface Readiness {
  /** Resolves when this instance can serve content: not shutting down, and the database answers. */
  check(): Promise<void>;
  /** From now on `check` fails: the instance is shutting down and should get no new traffic. */
  drain(): void;
}

export interface ReadinessOptions {
  readonly database: Database;
  /** Strings masked out of error messages (the database password, the connection string). */
  readonly secrets?: readonly (string | undefined)[];
  readonly timeoutMillis?: number;
}

/**
 * What `GET /_ready` asks. Schema sync has finished before the app serves at all, so the one
 * remaining question is whether the database answers a trivial query, bounded in time.
 */
export function createReadiness({ database, secrets = [], timeoutMillis = PROBE_TIMEOUT_MILLIS }: ReadinessOptions): Readiness {
  let draining = false;
  return {
    async check() {
      if (draining) throw new ServiceUnavailableError('Shutting down');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new ServiceUnavailableError(`Database unavailable: no answer within ${timeoutMillis} ms`)), timeoutMillis);
      });
      try {
        await Promise.race([ping(database.db), timeout]);
      } catch (error) {
        // The pools already turn "no connection" into a ServiceUnavailableError; keep theirs.
        throw error instanceof CmsError ? error : ServiceUnavailableError.database(error, secrets);
      } finally {
        clearTimeout(timer);
      }
    },
    drain() {
      draining = true;
    },
  };
}
