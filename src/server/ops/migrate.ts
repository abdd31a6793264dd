import type { Database } from '../../core/db/database.js';
import { runPlannedStatement } from '../../core/db/drop-storage.js';
import type { TableModel } from '../../core/db/table-model.js';
import { planMigration, type MigrationPlan } from './plan-migration.js';

export interface MigrateOptions {
  /** Plan and report only; change nothing. */
  readonly dryRun: boolean;
  /** Called with each statement just before it runs. */
  readonly onStatement?: (statement: string) => void;
}

/**
 * Applies what schema sync never does by itself: dropping the columns the content model no
 * longer has. The plan is made again under the schema lock, so two migrations, or a migration
 * and an instance starting, never work on the same tables at once; on PostgreSQL the drops
 * also commit together. Returns what was (or, in a dry run, would be) done.
 */
export async function migrate(database: Database, tables: readonly TableModel[], options: MigrateOptions): Promise<MigrationPlan> {
  const { dialect } = database;
  const first = planMigration(dialect, await dialect.introspect(database.db), tables);
  if (options.dryRun || first.drops.length === 0) return first;
  return dialect.withSchemaLock(database.db, async (db) => {
    const plan = planMigration(dialect, await dialect.introspect(db), tables);
    for (const drop of plan.drops) {
      for (const statement of drop.statements) {
        options.onStatement?.(statement);
        await runPlannedStatement(db, statement);
      }
    }
    return plan;
  });
}
