import type { Database, DbTransaction, Executor } from '../db/database.js';
import { dropColumn, dropIndex, dropTable } from '../db/drop-storage.js';
import { syncSchemaLocked, type SyncReport } from '../db/sync-schema.js';
import type { TableModel } from '../db/table-model.js';
import { DRAFTS_KEY, upgradeVersions } from '../documents/versions/upgrade-versions.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { tablesOf } from '../schema/to-table-model.js';
import { databaseReservedName, type ReservedStorage } from '../schema/storage-names.js';
import { createKeyValueStore, type KeyValueStore } from '../store/key-value-store.js';
import { migrateData } from './migrate-data.js';
import type { ModelDiff } from './model-diff.js';
import type { RemovedTable } from './storage-removals.js';

export interface MigrateModelOptions {
  /** The database as seen under the schema lock (`withSchemaLock`'s executor). */
  readonly db: Executor;
  readonly database: Database;
  readonly current: SchemaRegistry;
  readonly next: SchemaRegistry;
  readonly nextTables: readonly TableModel[];
  readonly diff: ModelDiff;
  readonly defaultLocale: string;
  readonly log: (message: string) => void;
}

function inTransaction<T>(db: Executor, fn: (trx: DbTransaction) => Promise<T>): Promise<T> {
  // PostgreSQL and SQLite hold the schema lock in a transaction: everything joins it; MySQL holds it on a connection.
  return db.isTransaction ? fn(db as DbTransaction) : db.transaction().execute(fn);
}

/** The database and store seen through the lock's executor, for the functions that take a whole Database. */
export function lockedDatabase(database: Database, db: Executor): { database: Database; store: KeyValueStore } {
  const locked: Database = {
    db,
    dialect: database.dialect,
    counter: database.counter,
    transaction: (fn) => inTransaction(db, fn),
    retrying: (statement) => statement(),
    schemaChanged: () => database.schemaChanged(),
    close: () => Promise.resolve(),
  };
  return { database: locked, store: createKeyValueStore(locked) };
}

/** Drops the columns of `table` that `keep` lacks, each after the indexes of `table` that cover it. */
async function dropColumns(db: Executor, database: Database, table: TableModel, columns: readonly string[]): Promise<void> {
  const { dialect } = database;
  const layout = (await dialect.introspect(db)).get(table.name);
  if (!layout) return;
  const gone = columns.filter((column) => layout.columns.has(column));
  const indexes = new Set(table.indexes.filter((index) => index.columns.some((column) => gone.includes(column)) && layout.indexes.has(index.name)).map((index) => index.name));
  for (const index of indexes) await dropIndex(db, dialect, table.name, index);
  for (const column of gone) await dropColumn(db, dialect, table.name, column);
}

/**
 * Brings the database from the served model to the next one, under the schema lock: additive
 * sync, the confirmed data migrations, then drops of what the model lost (the columns and
 * tables of the diff only: older orphans stay for `tessera migrate`), indexes again, and the
 * versions of types that gained Draft & Publish or i18n.
 */
export async function migrateModel(options: MigrateModelOptions): Promise<SyncReport> {
  const { db, database, current, next, nextTables, diff, defaultLocale, log } = options;
  const currentTables = new Map(tablesOf(current).map((table) => [table.name, table]));
  // A column whose type changes is dropped first: sync then adds it with the new type.
  for (const { model, attribute } of diff.changedScalars) {
    const table = currentTables.get(model.collectionName);
    if (table) await dropColumns(db, database, table, [attribute.column]);
  }
  const sync = await syncSchemaLocked(database.dialect, db, nextTables);
  await inTransaction(db, (trx) => migrateData(trx, diff, { dialect: database.dialect, registry: current, defaultLocale }));
  // Tables and columns the next model no longer has stay until the requests still reading them
  // with the previous model are over: recorded as pending removals, dropped by dropRemoved later.
  const locked = lockedDatabase(database, db);
  if (diff.draftAndPublishOff.length > 0) {
    // A type that gets Draft & Publish back must get its drafts again.
    const off = new Set(diff.draftAndPublishOff.map((type) => type.uid));
    const known = ((await locked.store.get(DRAFTS_KEY)) as string[] | undefined) ?? [];
    await locked.store.set(DRAFTS_KEY, known.filter((uid) => !off.has(uid)));
  }
  await upgradeVersions({ database: locked.database, registry: next, sync, store: locked.store, defaultLocale, log });
  return sync;
}

/**
 * Drops storage a confirmed change removed (`removed`: pending removals), under the schema lock,
 * once no request reads it any more. Never what `servedTables` (the newest recorded model) has:
 * a table or column taken back since stays. Older orphan columns, kept at start, are not
 * touched here: only what a change removed.
 */
export async function dropRemoved(db: Executor, database: Database, removed: readonly RemovedTable[], servedTables: readonly TableModel[], reserved: ReservedStorage): Promise<boolean> {
  const served = new Map(servedTables.map((table) => [table.name, table]));
  const layout = await database.dialect.introspect(db);
  let dropped = false;
  for (const { table, columns } of removed) {
    // Never storage the content model does not own, whatever a model recorded earlier named.
    if (reserved.has(table.name.toLowerCase()) || databaseReservedName(table.name) !== null) continue;
    const successor = served.get(table.name);
    if (columns === null) {
      if (!successor && layout.has(table.name)) {
        await dropTable(db, database.dialect, table.name);
        dropped = true;
      }
      continue;
    }
    const existing = layout.get(table.name);
    if (!successor || !existing) continue;
    const kept = new Set(successor.columns.map((column) => column.name));
    const lost = columns.filter((name) => !kept.has(name) && existing.columns.has(name));
    if (lost.length > 0) {
      await dropColumns(db, database, table, lost);
      dropped = true;
    }
  }
  // Indexes dropped with a column come back in the served model's form.
  if (dropped) await syncSchemaLocked(database.dialect, db, servedTables);
  return dropped;
}
