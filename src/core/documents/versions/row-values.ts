import type { AliasedRawBuilder, RawBuilder } from 'kysely';
import type { DbTransaction } from '../../db/database.js';
import type { BoundValue, Dialect } from '../../db/dialect.js';
import type { ColumnType } from '../../db/table-model.js';
import { caseByIdBound, readColumn } from '../../query/compile/sql-expressions.js';
import type { StoredModel } from '../../schema/model.js';
import { columnTypeOf } from '../../schema/to-table-model.js';

/** A column whose stored value is copied from one row to another. */
export interface ValueColumn {
  readonly column: string;
  readonly type: ColumnType;
}

/** Values of a row as the driver returns them, keyed by column. */
export type RowValues = Readonly<Record<string, unknown>>;

/** The user scalar columns of a model: what a copy carries over (system columns are the caller's). */
export function userColumns(model: StoredModel): ValueColumn[] {
  return model.scalarAttributes.map((attribute) => ({ column: attribute.column, type: columnTypeOf(attribute.type) }));
}

/** The select list that reads the columns exactly (the dialect's `select` keeps 64-bit integers whole). */
export function selectColumns(dialect: Dialect, columns: readonly ValueColumn[]): AliasedRawBuilder<unknown, string>[] {
  return columns.map(({ column, type }) => readColumn(dialect, column, type).as(column));
}

/**
 * A value read back as a parameter for the same column type. Drivers return the API's text
 * forms (instants as ISO 8601, decimals and big integers as text), which `encode` accepts.
 */
export function encodeRead(dialect: Dialect, type: ColumnType, value: unknown): BoundValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return dialect.encode(type, value);
  throw new Error(`A ${type} value read from the database has an unexpected form (${Object.prototype.toString.call(value)})`);
}

/** Columns whose value in `target` differs from `source`, encoded for writing. */
export function changedValues(dialect: Dialect, columns: readonly ValueColumn[], source: RowValues, target: RowValues | null): Map<string, BoundValue> {
  const changed = new Map<string, BoundValue>();
  for (const { column, type } of columns) {
    const value = source[column] ?? null;
    // Both sides were read by the same statement shape, so equal values come back identically.
    if (target !== null && (target[column] ?? null) === value) continue;
    changed.set(column, encodeRead(dialect, type, value));
  }
  return changed;
}

/** Every copied column of `source`, encoded for an insert. */
export function allValues(dialect: Dialect, columns: readonly ValueColumn[], source: RowValues): Record<string, BoundValue> {
  return Object.fromEntries(changedValues(dialect, columns, source, null));
}

/** Rows per UPDATE: each may bind one parameter per changed column. */
const ROWS_PER_UPDATE = 200;

export interface RowUpdate {
  readonly id: number;
  readonly values: ReadonlyMap<string, BoundValue>;
}

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Updates many rows of one table with different values in one statement per chunk: each
 * changed column is `case id when … then … else <column> end`. Ids are integers from the
 * database, inlined; values are bound (the `else` branch gives them the column's type).
 */
export async function updateRows(trx: DbTransaction, table: string, updates: readonly RowUpdate[]): Promise<void> {
  const pending = updates.filter((update) => update.values.size > 0);
  for (const chunk of chunked(pending, ROWS_PER_UPDATE)) {
    const columns = [...new Set(chunk.flatMap((update) => [...update.values.keys()]))];
    const set: Record<string, RawBuilder<unknown>> = {};
    for (const column of columns) {
      const branches = chunk.filter((update) => update.values.has(column)).map((update) => ({ id: update.id, value: update.values.get(column) }));
      set[column] = caseByIdBound('id', column, branches);
    }
    await trx
      .updateTable(table)
      .set(set)
      .where(
        'id',
        'in',
        chunk.map((update) => update.id),
      )
      .execute();
  }
}
