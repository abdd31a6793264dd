import type { EnvMap } from '../../core/config/env.js';
import { loadAppConfig } from '../../core/config/load-app-config.js';
import { openDatabase } from '../../core/db/database.js';
import { migrate } from '../ops/migrate.js';
import { systemTables } from '../system-tables.js';
import { loadCommandModel } from './command-model.js';
import { assertProjectFolder } from './project-folder.js';

export interface MigrateCommandOptions {
  readonly projectDir: string;
  readonly env: EnvMap;
  readonly dryRun: boolean;
  readonly log: (message: string) => void;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * `tessera migrate [dir] [--dry-run]`: drops the columns the project's content model no longer
 * has, printing every statement; `--dry-run` prints them and changes nothing.
 */
export async function migrateCommand(options: MigrateCommandOptions): Promise<void> {
  const { projectDir, log } = options;
  assertProjectFolder(projectDir);
  const config = await loadAppConfig({ projectDir, env: options.env });
  const tables = [...(await loadCommandModel(projectDir, config)).tables, ...systemTables()];
  const database = await openDatabase(config.database);
  try {
    if (options.dryRun) log('Dry run: nothing is changed.');
    const plan = await migrate(database, tables, {
      dryRun: options.dryRun,
      onStatement: (statement) => log(`${statement};`),
    });
    for (const column of plan.refused) log(`Kept ${column}: Tessera's own columns are never dropped.`);
    if (plan.drops.length === 0) {
      log('Nothing to migrate: the database has no column that the content model lacks.');
      return;
    }
    if (options.dryRun) {
      for (const drop of plan.drops) for (const statement of drop.statements) log(`${statement};`);
      log(`${plural(plan.drops.length, 'column')} would be dropped: ${plan.drops.map((drop) => `${drop.table}.${drop.column}`).join(', ')}.`);
    } else {
      log(`Dropped ${plural(plan.drops.length, 'column')}: ${plan.drops.map((drop) => `${drop.table}.${drop.column}`).join(', ')}.`);
    }
  } finally {
    await database.close();
  }
}
