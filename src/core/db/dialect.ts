import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { ColumnModel, ColumnType, TableModel } from './table-model.js';

/** The databases Tessera runs on. */
export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** A value bound as a query parameter, in the form the driver accepts. */
export type BoundValue = string | number | bigint | boolean | null;

/** The layout schema sync finds in a database: table → its columns and index names. */
export type IntrospectedLayout = Map<string, { readonly columns: Set<string>; readonly indexes: Set<string> }>;

/**
 * What differs between databases, as data and small functions. Nothing outside db/ asks which
 * database it runs on; it asks the dialect. Expressions are Kysely raw builders, so callers
 * compose them without ever writing dialect-specific SQL.
 */
export interface Dialect {
  readonly name: DialectName;
  /** Whether UPDATE … RETURNING exists (PostgreSQL, SQLite; not MySQL or MariaDB). */
  readonly updateReturning: boolean;
  /**
   * Whether SELECT … FOR UPDATE exists (PostgreSQL, MySQL). SQLite has no row locks: its write
   * transactions (`begin immediate`) hold the whole database already.
   */
  readonly rowLocks: boolean;
  /** Longest identifier the database keeps (PostgreSQL 63, MySQL 64). */
  readonly maxIdentifierLength: number;
  quote(identifier: string): string;
  /** Column definition in CREATE TABLE / ALTER TABLE ADD COLUMN. */
  columnDefinition(column: ColumnModel): string;
  /** What follows `create table x (…)` (MySQL: charset and a case-sensitive collation). */
  readonly tableOptions: string;
  /** A canonical scalar (see schema/scalar-values) as a bound parameter for a column type. */
  encode(type: ColumnType, value: string | number | bigint | boolean | null): BoundValue;
  /** The expression a column is selected as, so that the driver returns its value exactly. */
  select(ref: RawBuilder<unknown>, type: ColumnType): RawBuilder<unknown>;
  /** The column as text, as the API shows it, for LIKE operators (dates as ISO 8601, numbers as digits). */
  textOf(ref: RawBuilder<unknown>, type: ColumnType): RawBuilder<unknown>;
  /** A text parameter in a position where the database cannot infer its type. */
  textParameter(value: string): RawBuilder<unknown>;
  /** `escape '<backslash>'` as this database's string literals spell it, after a LIKE pattern. */
  readonly likeEscape: RawBuilder<unknown>;
  /** Unicode-aware lower-casing. */
  lower(expression: RawBuilder<unknown>): RawBuilder<unknown>;
  /**
   * `lower(text) like lower(pattern) escape '\\'` for a pattern of ASCII characters, `%` and
   * escapes, computed faster with the same result; null where `lower` is native anyway.
   */
  readonly asciiInsensitiveLike: ((text: RawBuilder<unknown>, loweredPattern: string) => RawBuilder<SqlBool>) | null;
  /** The column's value for ordering comparisons and sorting (decimals stored as text become numbers). */
  ordered(ref: RawBuilder<unknown>, type: ColumnType): RawBuilder<unknown>;
  /** A bound value compared with the column (=, <>, IN). */
  parameter(value: BoundValue, type: ColumnType): RawBuilder<unknown>;
  /** A bound value compared with `ordered(…)`. */
  orderedParameter(value: BoundValue, type: ColumnType): RawBuilder<unknown>;
  /** The LIMIT that means "no limit" when an OFFSET needs one, or null where OFFSET stands alone. */
  readonly unlimited: RawBuilder<unknown> | null;
  /** `expression asc|desc` with nulls first when ascending, last when descending, on every database. */
  orderBy(expression: RawBuilder<unknown>, direction: 'asc' | 'desc'): RawBuilder<unknown>;
  /** The database's layout, in one query. */
  introspect(db: Kysely<Record<string, Record<string, unknown>>>): Promise<IntrospectedLayout>;
  /**
   * Runs `fn` while holding the database-wide schema lock, so that instances starting together
   * do not race to create the same tables.
   */
  withSchemaLock<T>(db: Kysely<Record<string, Record<string, unknown>>>, fn: (db: Kysely<Record<string, Record<string, unknown>>>) => Promise<T>): Promise<T>;
  /**
   * Serializes writers that check uniqueness on one table for the rest of the transaction, so
   * that two of them cannot both find a value free and both insert it. It must come before the
   * transaction's first read: on MySQL (REPEATABLE READ) later reads see the snapshot of the
   * first one, and the checks must see what the previous holder committed. (READ COMMITTED is
   * no way out there: InnoDB then makes an UPDATE through the (document_id, published_at)
   * index miss a row a concurrent update re-indexed, a 404 for an existing document.)
   */
  lockForUniqueCheck(trx: Kysely<Record<string, Record<string, unknown>>>, table: string): Promise<void>;
  /**
   * DDL for the dialect's own tables that the layout lacks (MySQL: `tessera_locks`, which
   * `lockForUniqueCheck` needs); part of schema sync's plan, so an older database gains them.
   */
  systemTableStatements(layout: IntrospectedLayout): readonly string[];
  /**
   * Why the database would refuse to hold this table (too many columns, a row too large, too
   * many indexes), naming its limit, or null. Checked before any DDL, so that a refused model
   * writes nothing. `columnCount`: the columns it will have (the model's and kept orphans).
   */
  tableLimitProblem(db: Kysely<Record<string, Record<string, unknown>>>, table: TableModel, columnCount: number): Promise<string | null>;
  /** DROP INDEX for an index of a table (MySQL names the table, the others do not). */
  dropIndex(table: string, index: string): string;
  /** An indexed column in CREATE INDEX (MySQL indexes a prefix of long text columns). */
  indexedColumn(column: ColumnModel): string;
  /** A database error that a client caused (a value out of the column's range), or null. */
  clientErrorOf(error: unknown): string | null;
  /**
   * Whether the error ended the transaction because of other transactions running at the same
   * time (deadlock, serialization failure): running it again is expected to succeed.
   */
  isTransientConflict(error: unknown): boolean;
}
