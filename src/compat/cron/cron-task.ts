import { Cron } from 'croner';

/** What a task function receives: `{ strapi }`, as Strapi passes it. */
export interface CronTaskArgument<S> {
  readonly strapi: S;
}

/** When a task runs: a cron expression (5 or 6 fields, in `timezone` when given) or one instant. */
export type CronRule = string | Date;

/**
 * One task of `strapi.cron.add({...})` (or `config/server` `cron.tasks`), in Strapi 5's two
 * shapes, read into one: `{ '0 0 * * *': fn }` (the key is the rule, the task has no name) and
 * `{ myJob: { task, options } }` (named; options a rule, a Date, or `{ rule, tz }`).
 */
export interface CronTask<S> {
  /** The key, when it is a name (object form); null when the key is the rule. */
  readonly name: string | null;
  /** The name or, without one, the rule: what messages and the claim table call the task. */
  readonly label: string;
  readonly rule: CronRule;
  readonly timezone: string | undefined;
  /** `options.start` / `options.end`: no run before / after them. */
  readonly start?: Date;
  readonly end?: Date;
  /** What Strapi's `jobs` lists as the job's options: as the project wrote them. */
  readonly options: unknown;
  readonly run: (argument: CronTaskArgument<S>) => unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Why a task cannot be scheduled; `where` names the file or the call it came from. */
export class CronTaskError extends Error {
  override readonly name = 'CronTaskError';
}

/** The rule and time zone of a named task's `options`. */
function readOptions(key: string, options: unknown, fail: (problem: string) => CronTaskError): Pick<CronTask<unknown>, 'rule' | 'timezone' | 'start' | 'end'> {
  if (typeof options === 'string' || options instanceof Date) return { rule: options, timezone: undefined };
  if (!isRecord(options)) throw fail(`"${key}".options must be a cron expression, a Date or { rule, tz, start, end }`);
  // node-schedule's recurrence objects ({ hour, minute, dayOfWeek, … }) have no cron expression to give croner.
  const unknown = Object.keys(options).filter((name) => !['rule', 'tz', 'start', 'end'].includes(name));
  if (unknown.length > 0) throw fail(`"${key}".options.${unknown[0]} is not supported (options take rule, tz, start and end)`);
  const { rule, tz, start, end } = options;
  if (typeof rule !== 'string' && !(rule instanceof Date)) throw fail(`"${key}".options.rule must be a cron expression or a Date`);
  if (tz !== undefined && (typeof tz !== 'string' || tz === '')) throw fail(`"${key}".options.tz must be a time zone name such as "Europe/Paris"`);
  const instant = (value: unknown, name: string): Date | undefined => {
    if (value === undefined) return undefined;
    const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw fail(`"${key}".options.${name} must be a Date`);
    return date;
  };
  const bounds = { start: instant(start, 'start'), end: instant(end, 'end') };
  return { rule, timezone: tz, ...(bounds.start ? { start: bounds.start } : {}), ...(bounds.end ? { end: bounds.end } : {}) };
}

/** Checks the rule as croner reads it, so that a typo stops the start rather than a task never running. */
function checkRule(key: string, rule: CronRule, timezone: string | undefined, fail: (problem: string) => CronTaskError): void {
  if (rule instanceof Date) {
    if (Number.isNaN(rule.getTime())) throw fail(`"${key}" is scheduled at an invalid Date`);
    return;
  }
  try {
    new Cron(rule, { paused: true, ...(timezone ? { timezone } : {}) }).nextRun(new Date(0));
  } catch (error) {
    throw fail(`"${key}" has an invalid rule "${rule}"${timezone ? ` (time zone ${timezone})` : ''}: ${(error as Error).message}`);
  }
}

/** Reads a tasks object in Strapi's shapes; `where` (a file, or `strapi.cron.add`) prefixes every message. */
export function readCronTasks<S>(tasks: unknown, where: string): CronTask<S>[] {
  const fail = (problem: string) => new CronTaskError(`${where}: cron task ${problem}`);
  if (tasks === undefined || tasks === null) return [];
  if (!isRecord(tasks)) throw new CronTaskError(`${where}: cron tasks must be an object of tasks`);
  return Object.entries(tasks).map(([key, value]): CronTask<S> => {
    if (typeof value === 'function') {
      checkRule(key, key, undefined, fail);
      // `this` is the tasks object, as Strapi binds it.
      const run = (value as (argument: CronTaskArgument<S>) => unknown).bind(tasks);
      return { name: null, label: key, rule: key, timezone: undefined, options: key, run };
    }
    if (isRecord(value) && typeof value.task === 'function') {
      const read = readOptions(key, value.options, fail);
      checkRule(key, read.rule, read.timezone, fail);
      const run = (value.task as (argument: CronTaskArgument<S>) => unknown).bind(value);
      return { name: key, label: key, ...read, options: value.options, run };
    }
    // Strapi's own message for this case.
    throw new CronTaskError(`${where}: Could not schedule a cron job for "${key}": no function found.`);
  });
}

/** The first run of `task` strictly after `after` (ms since the epoch); null when it runs no more. */
export function nextRunOf(task: Pick<CronTask<unknown>, 'rule' | 'timezone' | 'start' | 'end'>, after: number): number | null {
  // A run at `start` itself counts: look from just before it.
  const from = task.start ? Math.max(after, task.start.getTime() - 1) : after;
  let next: number | null;
  if (task.rule instanceof Date) next = task.rule.getTime() > from ? task.rule.getTime() : null;
  else next = new Cron(task.rule, { paused: true, ...(task.timezone ? { timezone: task.timezone } : {}) }).nextRun(new Date(from))?.getTime() ?? null;
  return next !== null && task.end && next > task.end.getTime() ? null : next;
}
