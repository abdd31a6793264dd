import type { AppConfig } from '../../core/config/app-config.js';
import type { Database } from '../../core/db/database.js';
import type { Clock } from '../../core/shared/clock.js';
import { createCronClaims } from './cron-claims.js';
import { createCronService, type CronService } from './cron-service.js';
import { readServerCronConfig } from './server-cron-config.js';

export interface StrapiCronOptions<S> {
  readonly config: AppConfig;
  readonly database: Database;
  readonly clock: Clock;
  readonly log: (message: string) => void;
  /** The `strapi` object tasks receive (read at each run). */
  readonly strapi: () => S;
}

/** `strapi.cron` and what the server does with it. */
export interface StrapiCron {
  /** `strapi.cron`. */
  readonly cron: CronService;
  /** After `bootstrap`: from now on ticks run (Strapi starts its cron service there too). */
  start(): void;
  /** At close, before the database closes: no new tick, and the runs under way end. */
  close(): Promise<void>;
}

/**
 * The cron service of an app, with `config/server` `cron.tasks` added when `cron.enabled` is
 * true (checked now: a bad task stops the start naming the file). Ticks are claimed in the
 * database, so that of the instances sharing it exactly one runs each.
 */
export function createStrapiCron<S>({ config, database, clock, log, strapi }: StrapiCronOptions<S>): StrapiCron {
  const settings = readServerCronConfig(config.files.server);
  const cron = createCronService({ clock, claims: createCronClaims(database), strapi, log: { error: log } });
  if (settings.enabled) cron.add(settings.tasks);
  return {
    cron,
    start: () => void cron.start(),
    async close() {
      cron.destroy();
      await cron.idle();
    },
  };
}
