import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { BoundValue, Dialect, IntrospectedLayout } from '../dialect.js';
import { layoutOf, type IntrospectedRow } from '../layout-of.js';
import type { ColumnModel, ColumnType, TableModel } from '../table-model.js';
import { tooManyColumns } from '../table-limits.js';
import { asciiInsensitiveLike } from './ascii-insensitive-like.js';

type Db = Kysely<Record<string, Record<string, unknown>>>;

const COLUMN_TYPES: Readonly<Record<ColumnType, string>> = {
  increments: 'integer primary key autoincrement',
  string: 'varchar(255)',
  text: 'text',
  integer: 'integer',
  bigInteger: 'bigint',
  float: 'float',
  // Decimals are kept as their exact decimal text; ordering compares order-preserving keys.
  decimal: 'text',
  boolean: 'boolean',
  json: 'text',
  // Dates and times are ISO 8601 text, so text order is time order.
  date: 'date',
  time: 'time',
  datetime: 'datetime',
};

const NUMBERS: ReadonlySet<ColumnType> = new Set(['integer', 'bigInteger', 'float']);

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

export const sqliteDialect: Dialect = Object.freeze({
  name: 'sqlite' as const,
  updateReturning: true,
  rowLocks: false,
  maxIdentifierLength: 63,
  tableOptions: '',
  quote,
  // SQLITE_MAX_COLUMN of the better-sqlite3 build (its default).
  tableLimitProblem: (_db: unknown, table: TableModel, columnCount: number) => Promise.resolve(tooManyColumns('SQLite', 2000, table, columnCount)),
  columnDefinition(column: ColumnModel): string {
    const notNull = column.notNull && column.type !== 'increments' ? ' not null' : '';
    return `${quote(column.name)} ${COLUMN_TYPES[column.type]}${notNull}`;
  },
  encode(_type: ColumnType, value: string | number | bigint | boolean | null): BoundValue {
    // better-sqlite3 binds no booleans: SQLite stores them as 0/1.
    return typeof value === 'boolean' ? (value ? 1 : 0) : value;
  },
  // better-sqlite3 returns 64-bit integers as (inexact) numbers unless read as text.
  select: (ref: RawBuilder<unknown>, type: ColumnType) => (type === 'bigInteger' ? sql`cast(${ref} as text)` : ref),
  textOf: (ref: RawBuilder<unknown>, type: ColumnType) => (NUMBERS.has(type) ? sql`cast(${ref} as text)` : ref),
  likeEscape: sql.raw("escape '\\'"),
  textParameter: (value: string) => sql.val(value),
  // SQLite's own lower() folds ASCII only; tessera_lower() is registered by the connection.
  lower: (expression: RawBuilder<unknown>) => sql`tessera_lower(${expression})`,
  asciiInsensitiveLike,
  ordered: (ref: RawBuilder<unknown>, type: ColumnType) => (type === 'decimal' ? sql`tessera_decimal_key(${ref})` : ref),
  parameter: (value: BoundValue) => sql.val(value),
  orderedParameter: (value: BoundValue, type: ColumnType) => (type === 'decimal' ? sql`tessera_decimal_key(${value})` : sql.val(value)),
  unlimited: sql.lit(-1),
  // SQLite already puts nulls first ascending and last descending.
  orderBy: (expression: RawBuilder<unknown>, direction: 'asc' | 'desc') => sql`${expression} ${sql.raw(direction)}`,
  async introspect(db: Db): Promise<IntrospectedLayout> {
    const { rows } = await sql<IntrospectedRow>`
      select 'column' as kind, m.name as table_name, p.name as name
        from sqlite_master m join pragma_table_info(m.name) p
       where m.type = 'table'
      union all
      select 'index' as kind, tbl_name as table_name, name
        from sqlite_master where type = 'index'`.execute(db);
    return layoutOf(rows);
  },
  // `begin immediate` takes SQLite's write lock: one writer, DDL included, at a time.
  withSchemaLock: <T>(db: Db, fn: (db: Db) => Promise<T>) => db.transaction().execute(fn),
  // Every write transaction already holds SQLite's single write lock.
  lockForUniqueCheck: async () => undefined,
  systemTableStatements: () => [],
  dropIndex: (_table: string, index: string) => `drop index ${quote(index)}`,
  indexedColumn: (column: ColumnModel) => quote(column.name),
  clientErrorOf: () => null,
  // One writer at a time, waiting for the lock (busy_timeout): transactions never deadlock.
  isTransientConflict: () => false,
});
