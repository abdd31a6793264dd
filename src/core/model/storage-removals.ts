import type { TableModel } from '../db/table-model.js';

/** The store key of the removals content-model changes left to do (a list of `PendingRemoval`). */
export const MODEL_REMOVALS_KEY = 'model.pendingRemovals';

/** A table of the previous model as it was (its indexes go with the columns), and what of it the change removed. */
export interface RemovedTable {
  readonly table: TableModel;
  /** The columns removed; null: the whole table. */
  readonly columns: readonly string[] | null;
}

/**
 * Storage a confirmed change removed from the model, dropped only once nothing reads it any
 * more, and the time (epoch ms) from which the drop may run.
 */
export interface PendingRemoval {
  readonly version: number;
  readonly due: number;
  readonly tables: readonly RemovedTable[];
}

/** What `next` lacks of `previous`: whole tables, or columns of tables it keeps. */
export function removedStorage(previous: readonly TableModel[], next: readonly TableModel[]): RemovedTable[] {
  const nextColumns = new Map(next.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
  return previous.flatMap((table): RemovedTable[] => {
    const columns = nextColumns.get(table.name);
    if (!columns) return [{ table, columns: null }];
    const lost = table.columns.map((column) => column.name).filter((name) => !columns.has(name));
    return lost.length > 0 ? [{ table, columns: lost }] : [];
  });
}

/**
 * Whether `next` takes back storage whose removal is pending: a removed table created again,
 * or a removed column added again. The old storage (and its values) must go first, or the new
 * attribute would find the old values.
 */
export function retakesPending(removals: readonly PendingRemoval[], next: readonly TableModel[]): boolean {
  const nextTables = new Map(next.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
  return removals.some((removal) =>
    removal.tables.some(({ table, columns }) => {
      const kept = nextTables.get(table.name);
      if (!kept) return false;
      return columns === null || columns.some((column) => kept.has(column));
    }),
  );
}

function isRemovedTable(value: unknown): value is RemovedTable {
  if (typeof value !== 'object' || value === null) return false;
  const { table, columns } = value as { table?: unknown; columns?: unknown };
  const tableOk = typeof table === 'object' && table !== null && typeof (table as TableModel).name === 'string' && Array.isArray((table as TableModel).columns) && Array.isArray((table as TableModel).indexes);
  return tableOk && (columns === null || (Array.isArray(columns) && columns.every((column) => typeof column === 'string')));
}

/** The recorded list; an older database has none. */
export function readRemovals(value: unknown): PendingRemoval[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is PendingRemoval =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as PendingRemoval).due === 'number' &&
      typeof (entry as PendingRemoval).version === 'number' &&
      Array.isArray((entry as PendingRemoval).tables) &&
      (entry as PendingRemoval).tables.every(isRemovedTable),
  );
}
