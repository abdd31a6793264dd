import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a condition that another process, the OS or a database server brings about may take
 * before the test calls it a hang. It bounds a hang, never a speed: a loaded 2-core machine is
 * slow (load 30 was seen), but never a minute slow on a step that takes milliseconds.
 */
export const HANG_BOUND_MILLIS = 60_000;

/**
 * Polls `check` (every `everyMillis`) until it returns something other than false/undefined, and
 * returns that; fails naming `what` once HANG_BOUND_MILLIS have passed without it.
 */
export async function waitUntil<T>(what: string, check: () => Promise<T | false | undefined> | T | false | undefined, everyMillis = 20): Promise<T> {
  const deadline = Date.now() + HANG_BOUND_MILLIS;
  for (;;) {
    const result = await check();
    if (result !== false && result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${HANG_BOUND_MILLIS / 1000} s`);
    await sleep(everyMillis);
  }
}
