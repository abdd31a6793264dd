import type { TableModel } from '../core/db/table-model.js';
import { STORE_TABLE } from '../core/store/key-value-store.js';
import { ADMIN_TABLES } from '../transports/admin/admin-tables.js';
import { PERMISSIONS_TABLE } from '../core/auth/permissions-table.js';
import { LOCALE_TABLE } from '../core/locales/locale-table.js';
import { CHANGE_FEED_TABLE } from '../core/db/change-feed-table.js';
import { CRON_CLAIMS_TABLE } from '../compat/cron/cron-claims.js';
import { EVENT_OUTBOX_TABLE } from '../core/events/event-outbox.js';
import { builtInsOf, type BuiltIns } from '../core/model/built-ins.js';
import type { ReservedStorage } from '../core/schema/storage-names.js';
import { PLUGINS } from './features.js';

/** Tables of Tessera's own (not of a content-type): core's, the admin API's, the compatibility layer's and the plugins'. */
export function systemTables(): TableModel[] {
  return [STORE_TABLE, ...ADMIN_TABLES, PERMISSIONS_TABLE, LOCALE_TABLE, CHANGE_FEED_TABLE, CRON_CLAIMS_TABLE, EVENT_OUTBOX_TABLE, ...PLUGINS.flatMap((plugin) => plugin.tables ?? [])];
}

/** What every project's model holds besides its own definitions: the plugins' types and Tessera's tables. */
export function builtIns(): BuiltIns {
  return builtInsOf({
    types: PLUGINS.flatMap((plugin) => plugin.contentTypes ?? []),
    components: PLUGINS.flatMap((plugin) => plugin.components ?? []),
    tables: systemTables(),
  });
}

/** Every name of storage Tessera keeps outside the content model (see BuiltIns.reserved). */
export function reservedStorage(): ReservedStorage {
  return builtIns().reserved;
}
