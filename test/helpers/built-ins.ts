import type { BuiltIns } from '../../src/core/model/built-ins.js';
import { builtIns } from '../../src/server/system-tables.js';

/** What the server adds to every model (the plugins' types, Tessera's tables), for tests that build models without the app. */
export const BUILT_INS: BuiltIns = builtIns();
export { pluginActions } from '../../src/server/features.js';
