import type { TableModel } from './db/table-model.js';
import { STORE_TABLE } from './store/key-value-store.js';
import { API_TOKEN_PERMISSIONS_TABLE, API_TOKENS_TABLE } from './api-tokens/api-token-tables.js';
import { ADMIN_TABLES } from './admin/admin-tables.js';
import { PERMISSIONS_TABLE } from './auth/permissions-table.js';
import { LOCALE_TABLE } from './i18n/locale-table.js';
import { DIALECT_TABLES } from './db/dialect-tables.js';
import { CHANGE_FEED_TABLE } from './db/change-feed-table.js';
import { reservedStorageOf, type ReservedStorage } from './schema/storage-names.js';

/** Tables of Tessera's own (not of a content-type), created and kept by schema sync like the others. */
export function systemTables(): TableModel[] {
  return [STORE_TABLE, API_TOKENS_TABLE, API_TOKEN_PERMISSIONS_TABLE, ...ADMIN_TABLES, PERMISSIONS_TABLE, LOCALE_TABLE, CHANGE_FEED_TABLE];
}

/**
 * Every name (tables, indexes, sequences) of storage Tessera keeps outside the content model: the
 * tables above and the dialects' own. A content model taking one would read it through the API
 * and drop it with its type, so building a model refuses them (schema/to-table-model.ts).
 */
export function reservedStorage(): ReservedStorage {
  return reservedStorageOf(systemTables(), DIALECT_TABLES, "Tessera's own storage");
}
