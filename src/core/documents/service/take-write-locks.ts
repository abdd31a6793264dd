import type { DbTransaction } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import type { TransactionPlan } from './write-plan.js';

/**
 * Takes the locks a plan holds before the write's first read: its link tables, then (when the
 * plan says so) the content-type's table. The database decides what a lock is (advisory locks
 * on PostgreSQL, named locks on MySQL, none on SQLite whose writer is alone).
 */
export async function takeWriteLocks(trx: DbTransaction, plan: TransactionPlan, dialect: Dialect, table: string): Promise<void> {
  for (const link of plan.linkLocks) await dialect.lockForUniqueCheck(trx, `link:${link}`);
  if (plan.tableLock === 'before-read') await dialect.lockForUniqueCheck(trx, table);
}

/** Whether the uniqueness check finds the table lock already held (otherwise it takes it when it has values to check). */
export function holdsTableLock(plan: TransactionPlan): boolean {
  return plan.tableLock === 'before-read';
}
