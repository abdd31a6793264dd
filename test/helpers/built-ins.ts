import type { BuiltIns } from '../../src/model/built-ins.js';
import { builtIns } from '../../src/system-tables.js';

/** What the server adds to every model (the plugins' types, Tessera's tables), for tests that build models without the app. */
export const BUILT_INS: BuiltIns = builtIns();
export { pluginActions } from '../../src/features.js';
