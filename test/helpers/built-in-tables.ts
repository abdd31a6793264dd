import { BUILT_IN_COMPONENTS, BUILT_IN_TYPES } from '../../src/server/built-in-types.js';
import { buildRegistry } from '../../src/core/schema/registry.js';
import { toTableModels } from '../../src/core/schema/to-table-model.js';
import { systemTables } from '../../src/server/system-tables.js';

/** Tables every project has besides its own content-types': Tessera's built-in types and system tables. */
export const BUILT_IN_TABLES: ReadonlySet<string> = new Set([...toTableModels(buildRegistry(BUILT_IN_TYPES, BUILT_IN_COMPONENTS)), ...systemTables()].map((table) => table.name));
