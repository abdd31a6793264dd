import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { BoundValue, Dialect, IntrospectedLayout } from '../dialect.js';
import { MYSQL_LOCKS_TABLE } from '../dialect-tables.js';
import { layoutOf, type IntrospectedRow } from '../layout-of.js';
import { sqlTimestampFromIso } from '../sql-timestamps.js';
import type { ColumnModel, ColumnType, TableModel } from '../table-model.js';
import { tooManyColumns } from '../table-limits.js';

type Db = Kysely<Record<string, Record<string, unknown>>>;

const COLUMN_TYPES: Readonly<Record<ColumnType, string>> = {
  increments: 'integer not null auto_increment primary key',
  string: 'varchar(255)',
  text: 'longtext',
  integer: 'integer',
  bigInteger: 'bigint',
  float: 'double',
  // The widest exact type MySQL has; values beyond it are refused with a 400 (clientErrorOf).
  decimal: 'decimal(65,30)',
  boolean: 'boolean',
  json: 'longtext',
  date: 'date',
  time: 'time(3)',
  datetime: 'datetime(3)',
};

/** Tables are case-sensitive in comparison and LIKE (utf8mb4_bin), as on the other databases. */
const TABLE_OPTIONS = 'engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin';

/** MySQL error numbers of values a column cannot take: the client's fault, a 400. */
const CLIENT_ERRORS = new Set([1062, 1264, 1292, 1366, 1406, 1690]);

/**
 * ER_LOCK_DEADLOCK (InnoDB rolled the whole transaction back) and ER_CHECKREAD (MariaDB's
 * snapshot isolation found a row changed since the transaction read it). Not a lock wait
 * timeout: it rolls back only the statement and already took innodb_lock_wait_timeout.
 */
const TRANSIENT_CONFLICTS = new Set([1213, 1020]);

const LOCKS_TABLE = MYSQL_LOCKS_TABLE;
/** InnoDB's columns per table, and MySQL's indexes per table. */
const MAX_COLUMNS = 1017;
const MAX_INDEXES = 64;
/** The temporary table `tableLimitProblem` asks the server about (per session: never seen by others). */
const LIMIT_PROBE = 'tessera_limit_probe';
/** ER_TOO_MANY_FIELDS, ER_TOO_BIG_ROWSIZE, ER_TOO_MANY_KEYS, ER_CANT_CREATE_TABLE (InnoDB's "Too many columns"). */
const LIMIT_ERRORS = new Set([1117, 1118, 1069, 1005]);
const SCHEMA_LOCK = 'tessera:schema';

function quote(identifier: string): string {
  return `\`${identifier.replace(/`/g, '``')}\``;
}

/** Milliseconds of a temporal value as three digits. */
function millis(ref: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`lpad(floor(microsecond(${ref}) / 1000), 3, '0')`;
}

function textOf(ref: RawBuilder<unknown>, type: ColumnType): RawBuilder<unknown> {
  switch (type) {
    case 'datetime':
      return sql`concat(date_format(${ref}, '%Y-%m-%dT%H:%i:%s.'), ${millis(ref)}, 'Z')`;
    case 'date':
      return sql`date_format(${ref}, '%Y-%m-%d')`;
    case 'time':
      return sql`concat(time_format(${ref}, '%H:%i:%s.'), ${millis(ref)})`;
    case 'decimal':
      // decimal(65,30) prints 30 fraction digits; the API shows the canonical number.
      return sql`trim(trailing '.' from trim(trailing '0' from cast(${ref} as char)))`;
    case 'integer':
    case 'bigInteger':
    case 'float':
    case 'boolean':
      return sql`cast(${ref} as char)`;
    default:
      return ref;
  }
}

/**
 * Decimal parameters are cast to the column's exact type: MySQL compares a decimal column with
 * a list of strings (IN) as doubles, which cannot tell long decimals apart.
 */
function parameter(value: BoundValue, type: ColumnType): RawBuilder<unknown> {
  return type === 'decimal' && value !== null ? sql`cast(${value} as decimal(65,30))` : sql.val(value);
}

export const mysqlDialect: Dialect = Object.freeze({
  name: 'mysql' as const,
  updateReturning: false,
  rowLocks: true,
  maxIdentifierLength: 64,
  tableOptions: TABLE_OPTIONS,
  quote,
  async tableLimitProblem(db: Db, table: TableModel, columnCount: number): Promise<string | null> {
    const columns = tooManyColumns('MySQL/MariaDB (InnoDB)', MAX_COLUMNS, table, columnCount);
    if (columns !== null) return columns;
    // The primary key is an index too.
    if (table.indexes.length + 1 > MAX_INDEXES) {
      return `MySQL/MariaDB allows at most ${MAX_INDEXES} indexes on a table; table "${table.name}" would have ${table.indexes.length + 1} (one per unique or uid attribute, and its own)`;
    }
    // The row size limits (65,535 bytes of declared widths; about 8,126 bytes inline in an InnoDB
    // page) depend on types, character set and row format: the server itself answers, on a
    // temporary table of the same columns that no other session sees.
    return db.connection().execute(async (connection) => {
      const definitions = table.columns.map((column) => mysqlDialect.columnDefinition(column)).join(', ');
      try {
        await sql.raw(`create temporary table ${quote(LIMIT_PROBE)} (${definitions}) ${TABLE_OPTIONS}`).execute(connection);
        return null;
      } catch (error) {
        const { errno, message } = error as { errno?: unknown; message?: unknown };
        if (typeof errno === 'number' && LIMIT_ERRORS.has(errno) && typeof message === 'string') return `MySQL/MariaDB cannot hold table "${table.name}": ${message}`;
        throw error;
      } finally {
        await sql.raw(`drop temporary table if exists ${quote(LIMIT_PROBE)}`).execute(connection);
      }
    });
  },
  columnDefinition(column: ColumnModel): string {
    const notNull = column.notNull && column.type !== 'increments' ? ' not null' : '';
    return `${quote(column.name)} ${COLUMN_TYPES[column.type]}${notNull}`;
  },
  encode(type: ColumnType, value: string | number | bigint | boolean | null): BoundValue {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value === 'bigint') return value.toString();
    // DATETIME takes no offset: the instant is written as UTC wall-clock time.
    if (type === 'datetime' && typeof value === 'string') return sqlTimestampFromIso(value);
    return value;
  },
  select: (ref: RawBuilder<unknown>) => ref,
  textOf,
  likeEscape: sql.raw("escape '\\\\'"),
  textParameter: (value: string) => sql.val(value),
  lower: (expression: RawBuilder<unknown>) => sql`lower(${expression})`,
  asciiInsensitiveLike: null,
  ordered: (ref: RawBuilder<unknown>) => ref,
  parameter,
  orderedParameter: parameter,
  // MySQL has no OFFSET without LIMIT: its documented idiom is the largest unsigned 64-bit integer.
  unlimited: sql.raw('18446744073709551615'),
  // MySQL already puts nulls first ascending and last descending.
  orderBy: (expression: RawBuilder<unknown>, direction: 'asc' | 'desc') => sql`${expression} ${sql.raw(direction)}`,
  async introspect(db: Db): Promise<IntrospectedLayout> {
    const { rows } = await sql<IntrospectedRow>`
      select 'column' as kind, table_name as table_name, column_name as name
        from information_schema.columns where table_schema = database()
      union all
      select distinct 'index' as kind, table_name as table_name, index_name as name
        from information_schema.statistics where table_schema = database() and index_name <> 'PRIMARY'`.execute(db);
    return layoutOf(rows);
  },
  // DDL commits implicitly in MySQL, so the lock is a named lock held by one pinned connection.
  withSchemaLock: <T>(db: Db, fn: (db: Db) => Promise<T>) =>
    db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: number | null }>`select get_lock(${SCHEMA_LOCK}, 120) as locked`.execute(connection);
      if (Number(rows[0]?.locked) !== 1) throw new Error('Timed out waiting for the schema lock held by another instance');
      try {
        return await fn(connection);
      } finally {
        await sql`select release_lock(${SCHEMA_LOCK})`.execute(connection);
      }
    }),
  // An exclusive row lock on the table's row in tessera_locks, held until the transaction
  // ends. The upsert creates the row on first use and locks it in one step (a read followed by
  // an insert could deadlock two first writers).
  async lockForUniqueCheck(trx: Db, table: string): Promise<void> {
    await sql`insert into ${sql.table(LOCKS_TABLE)} (name) values (${table}) on duplicate key update name = name`.execute(trx);
  },
  systemTableStatements: (layout: IntrospectedLayout) =>
    layout.has(LOCKS_TABLE) ? [] : [`create table ${quote(LOCKS_TABLE)} (name varchar(191) not null primary key) ${TABLE_OPTIONS}`],
  // MySQL cannot index a whole long text column: its index covers a prefix (lookups stay exact).
  dropIndex: (table: string, index: string) => `drop index ${quote(index)} on ${quote(table)}`,
  indexedColumn: (column: ColumnModel) => (COLUMN_TYPES[column.type] === 'longtext' ? `${quote(column.name)}(191)` : quote(column.name)),
  clientErrorOf(error: unknown): string | null {
    const { errno, message } = error as { errno?: unknown; message?: unknown };
    return typeof errno === 'number' && CLIENT_ERRORS.has(errno) && typeof message === 'string' ? message : null;
  },
  isTransientConflict(error: unknown): boolean {
    const errno = (error as { errno?: unknown } | null)?.errno;
    return typeof errno === 'number' && TRANSIENT_CONFLICTS.has(errno);
  },
});
