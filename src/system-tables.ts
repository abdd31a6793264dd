import type { TableModel } from './db/table-model.js';
import { STORE_TABLE } from './store/key-value-store.js';

/** Tables of Tessera's own (not of a content-type), created and kept by schema sync like the others. */
export function systemTables(): TableModel[] {
  return [STORE_TABLE];
}
