import type { Database } from '../../core/db/database.js';
import type { TableModel } from '../../core/db/table-model.js';

/**
 * One row per cron task: the last tick an instance claimed. Every instance on the database
 * schedules every task; at a tick each tries to move the row to that tick, and the database
 * lets exactly one of them do it.
 */
export const CRON_CLAIMS_TABLE: TableModel = {
  name: 'tessera_cron_claims',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'task', type: 'string', notNull: true },
    { name: 'tick', type: 'bigInteger', notNull: true },
  ],
  indexes: [{ name: 'tessera_cron_claims_task_uq', columns: ['task'], unique: true }],
};

/** Which instance runs a task's tick. */
export interface CronClaims {
  /**
   * True for exactly one caller per (task, tick) among every instance on the database, and
   * false for a tick older than one already claimed: an instance whose clock lags never runs
   * again what another ran.
   */
  claim(task: string, tick: number): Promise<boolean>;
}

/**
 * A compare-and-set on the task's row rather than a row per tick: the unique key settles the
 * first insert, the `tick < ?` condition every later tick, in one statement each, and the table
 * never grows past one row per task (no clean-up to run).
 */
export function createCronClaims(database: Database): CronClaims {
  const { db } = database;
  const advance = async (task: string, tick: number): Promise<boolean> => {
    const result = await db.updateTable(CRON_CLAIMS_TABLE.name).set({ tick }).where('task', '=', task).where('tick', '<', tick).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };
  return {
    async claim(task, tick) {
      if (await advance(task, tick)) return true;
      try {
        await db.insertInto(CRON_CLAIMS_TABLE.name).values({ task, tick }).execute();
        return true;
      } catch (error) {
        // The row exists (another instance inserted it, or it holds this tick or a later one): not ours.
        const row = await db.selectFrom(CRON_CLAIMS_TABLE.name).select('tick').where('task', '=', task).executeTakeFirst();
        if (row === undefined) throw error;
        // Inserted by another instance for an older tick between our update and insert: try once more.
        return Number(row.tick) < tick ? advance(task, tick) : false;
      }
    },
  };
}
