import type { AppConfig } from '../../core/config/app-config.js';
import type { EnvMap } from '../../core/config/env.js';
import { loadAppConfig } from '../../core/config/load-app-config.js';
import { openDatabase, type Database } from '../../core/db/database.js';
import { syncSchema } from '../../core/db/sync-schema.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { createKeyValueStore, type KeyValueStore } from '../../core/store/key-value-store.js';
import { systemTables } from '../system-tables.js';
import { loadCommandModel } from './command-model.js';
import { assertProjectFolder } from './project-folder.js';

export interface OpenedProject {
  readonly config: AppConfig;
  readonly registry: SchemaRegistry;
  readonly database: Database;
  readonly store: KeyValueStore;
}

/**
 * A project's configuration and database without starting the server, for commands that
 * manage its data (admin users, API tokens). The schema is synced first, as a start would,
 * so that the commands work on a database the server never saw.
 */
export async function withProject<T>(projectDir: string, env: EnvMap, run: (project: OpenedProject) => Promise<T>): Promise<T> {
  assertProjectFolder(projectDir);
  const config = await loadAppConfig({ projectDir, env });
  const { registry, tables } = await loadCommandModel(projectDir, config);
  const database = await openDatabase(config.database);
  try {
    await syncSchema(database, [...tables, ...systemTables()]);
    return await run({ config, registry, database, store: createKeyValueStore(database) });
  } finally {
    await database.close();
  }
}
