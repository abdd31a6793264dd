import type { AppConfig } from '../../core/config/app-config.js';
import type { EnvMap } from '../../core/config/env.js';
import { loadAppConfig } from '../../core/config/load-app-config.js';
import { openDatabase, type Database } from '../../core/db/database.js';
import { syncSchema } from '../../core/db/sync-schema.js';
import { loadRegistry } from '../../core/schema/load-definitions.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { toTableModels } from '../../core/schema/to-table-model.js';
import { createKeyValueStore, type KeyValueStore } from '../../core/store/key-value-store.js';
import { BUILT_IN_COMPONENTS, BUILT_IN_TYPES } from '../built-in-types.js';
import { reservedStorage, systemTables } from '../system-tables.js';
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
  const registry = await loadRegistry(projectDir, { types: BUILT_IN_TYPES, components: BUILT_IN_COMPONENTS });
  const database = await openDatabase(config.database);
  try {
    await syncSchema(database, [...toTableModels(registry, reservedStorage()), ...systemTables()]);
    return await run({ config, registry, database, store: createKeyValueStore(database) });
  } finally {
    await database.close();
  }
}
