import type { RawConfigFile } from '../../core/config/app-config.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { CronTaskError, readCronTasks } from './cron-task.js';

/** `config/server` → `cron: { enabled, tasks }`, Strapi's keys. */
export interface ServerCronConfig {
  /** Strapi's default is false: the file's tasks run only when it says true. */
  readonly enabled: boolean;
  /** The tasks object as written (checked): what `strapi.cron.add` is given at start. */
  readonly tasks: unknown;
  /** The file, for messages. */
  readonly file: string;
}

/** Reads and checks the section, so that a bad task stops the start naming the file. */
export function readServerCronConfig({ file, value }: RawConfigFile): ServerCronConfig {
  const section = value.cron;
  if (section === undefined || section === null) return { enabled: false, tasks: {}, file };
  if (typeof section !== 'object' || Array.isArray(section)) throw new DefinitionError(file, 'cron must be an object { enabled, tasks }');
  const { enabled = false, tasks = {} } = section as Record<string, unknown>;
  if (typeof enabled !== 'boolean') throw new DefinitionError(file, `cron.enabled must be true or false, got ${JSON.stringify(enabled)}`);
  try {
    readCronTasks(tasks, 'cron.tasks');
  } catch (error) {
    if (error instanceof CronTaskError) throw new DefinitionError(file, error.message);
    throw error;
  }
  return { enabled, tasks, file };
}
