import type { BoundValue, Dialect } from '../dialect.js';
import type { ColumnModel, ColumnType } from '../table-model.js';

const COLUMN_TYPES: Readonly<Record<ColumnType, string>> = {
  increments: 'integer primary key autoincrement',
  string: 'varchar(255)',
  text: 'text',
  integer: 'integer',
  bigInteger: 'bigint',
  float: 'float',
  // Decimals are kept as their exact decimal text; comparisons cast them to numbers.
  decimal: 'text',
  boolean: 'boolean',
  json: 'text',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
};

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

export const sqliteDialect: Dialect = Object.freeze({
  name: 'sqlite' as const,
  lowerFunction: 'tessera_lower',
  quote,
  columnDefinition(column: ColumnModel): string {
    const notNull = column.notNull && column.type !== 'increments' ? ' not null' : '';
    return `${quote(column.name)} ${COLUMN_TYPES[column.type]}${notNull}`;
  },
  readsAsText(type: ColumnType): boolean {
    return type === 'bigInteger';
  },
  encode(_type: ColumnType, value: string | number | bigint | boolean | null): BoundValue {
    // better-sqlite3 binds no booleans: SQLite stores them as 0/1.
    return typeof value === 'boolean' ? (value ? 1 : 0) : value;
  },
});
