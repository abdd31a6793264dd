import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ColumnType } from '../../db/table-model.js';
import type { Dialect } from '../../db/dialect.js';
import { escapeLike } from './compile-filter.js';

/**
 * The SQL expressions the stages above build their statements from. Kysely's `sql` tag is
 * used only here, in db/ and in query/compile/ (a lint rule keeps it so): every piece of SQL
 * text the application writes can be read in these folders, and everything else composes
 * typed functions.
 */

/** A column, possibly qualified (`alias.column`), quoted as an identifier. */
export function columnRef<T = unknown>(column: string): RawBuilder<T> {
  return sql.ref<T>(column);
}

/** `alias.column`. */
export function qualifiedRef<T = unknown>(alias: string, column: string): RawBuilder<T> {
  return sql.ref<T>(`${alias}.${column}`);
}

/** A column read exactly as its type needs (the dialect's `select` keeps 64-bit integers whole); alias it with `.as()`. */
export function readColumn(dialect: Dialect, column: string, type: ColumnType): RawBuilder<unknown> {
  return dialect.select(sql.ref(column), type);
}

/** A value bound as a parameter. */
export function boundValue<T>(value: T): RawBuilder<T> {
  return sql.val(value);
}

/** The conjunction of the conditions given (null ones are left out); always true when none is. */
export function allOf(parts: readonly (RawBuilder<SqlBool> | null)[]): RawBuilder<SqlBool> {
  const present = parts.filter((part): part is RawBuilder<SqlBool> => part !== null);
  if (present.length === 0) return sql<SqlBool>`1 = 1`;
  return present.length === 1 && present[0] ? present[0] : sql<SqlBool>`(${sql.join(present, sql.raw(' and '))})`;
}

/** `left = right`. */
export function equal(left: RawBuilder<unknown>, right: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`${left} = ${right}`;
}

/** `expression in (…values)`, the values bound. */
export function isIn(expression: RawBuilder<unknown>, values: readonly unknown[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${expression} in (${sql.join(values.map((value) => sql.val(value)))})`;
}

/** `concat(left, '<separator>', right)`: a text key made of two columns. */
export function concatKey(left: RawBuilder<unknown>, separator: string, right: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`concat(${left}, ${sql.lit(separator)}, ${right})`;
}

/** `column is null`, or with `not` `column is not null`. */
export function isNull(column: string, not = false): RawBuilder<SqlBool> {
  return not ? sql<SqlBool>`${sql.ref(column)} is not null` : sql<SqlBool>`${sql.ref(column)} is null`;
}

/** `count(*)`. */
export function countRows(): RawBuilder<number> {
  return sql<number>`count(*)`;
}

/** `max(column)`. */
export function maxOf(column: string): RawBuilder<number | null> {
  return sql<number | null>`max(${sql.ref(column)})`;
}

/** The constant 1: a select list that only tells whether a row exists. */
export function constantOne(): RawBuilder<number> {
  return sql<number>`1`;
}

/** `(select valueColumn from table where keyColumn = key)`: one stored value as a column of another select. */
export function lookupValue(table: string, valueColumn: string, keyColumn: string, key: string): RawBuilder<unknown> {
  return sql<unknown>`(select ${sql.ref(valueColumn)} from ${sql.table(table)} where ${sql.ref(keyColumn)} = ${key})`;
}

/** One branch of `case id when … then …`: a row's id and its new value. */
export interface CaseBranch<T> {
  readonly id: number;
  readonly value: T;
}

function caseOf(idColumn: string, otherwise: string, branches: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`case ${sql.ref(idColumn)} ${sql.join(branches, sql` `)} else ${sql.ref(otherwise)} end`;
}

function checkedId(id: number): number {
  if (!Number.isSafeInteger(id)) throw new Error(`A row id must be an integer (${id})`);
  return id;
}

/**
 * `case idColumn when <id> then <value> … else <otherwise> end` with integers inlined (ids from
 * the database, positions computed here), so that every database types the CASE as the
 * column's integer; null stays null.
 */
export function caseByIdInlined(idColumn: string, otherwise: string, branches: readonly CaseBranch<number | null>[]): RawBuilder<number> {
  return caseOf(
    idColumn,
    otherwise,
    branches.map(({ id, value }) => {
      if (value !== null && !Number.isSafeInteger(value)) throw new Error(`An inlined value must be an integer (row ${id})`);
      return sql`when ${sql.lit(checkedId(id))} then ${value === null ? sql`null` : sql.lit(value)}`;
    }),
  ) as RawBuilder<number>;
}

/** `case idColumn when <id> then ? … else <otherwise> end`: ids inlined, values bound (the `else` branch gives them the column's type). */
export function caseByIdBound(idColumn: string, otherwise: string, branches: readonly CaseBranch<unknown>[]): RawBuilder<unknown> {
  return caseOf(
    idColumn,
    otherwise,
    branches.map(({ id, value }) => sql`when ${sql.lit(checkedId(id))} then ${value ?? null}`),
  );
}

/** `column LIKE 'prefix%'` with the prefix's own `%`, `_` and `\` matched literally. */
export function likePrefix(dialect: Dialect, column: string, prefix: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`${escapeLike(prefix)}%`} ${dialect.likeEscape}`;
}
