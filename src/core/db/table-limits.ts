import type { Kysely } from 'kysely';
import type { Dialect, IntrospectedLayout } from './dialect.js';
import type { TableModel } from './table-model.js';

/** A table the database would refuse, and why (the database's limit named). */
export interface TableLimitProblem {
  readonly table: string;
  readonly problem: string;
}

/** The columns a table will have once synced: the model's and those it keeps (orphans). */
export function columnCountAfterSync(table: TableModel, layout: IntrospectedLayout): number {
  const existing = layout.get(table.name)?.columns ?? new Set<string>();
  return new Set([...existing, ...table.columns.map((column) => column.name)]).size;
}

/** A column count over a fixed limit, in the words every dialect uses. */
export function tooManyColumns(database: string, limit: number, table: TableModel, count: number): string | null {
  return count > limit ? `${database} allows at most ${limit} columns in a table; table "${table.name}" would have ${count} (attributes and the system columns)` : null;
}

/**
 * The limits of the tables a sync would create or widen, checked before any statement runs
 * (MySQL's DDL commits as it goes: a table refused halfway would leave the others changed).
 * Unchanged tables are not checked again.
 */
export async function tableLimitProblems(dialect: Dialect, db: Kysely<Record<string, Record<string, unknown>>>, layout: IntrospectedLayout, tables: readonly TableModel[]): Promise<TableLimitProblem[]> {
  const problems: TableLimitProblem[] = [];
  for (const table of tables) {
    const existing = layout.get(table.name);
    const widened = !existing || table.columns.some((column) => !existing.columns.has(column.name)) || table.indexes.some((index) => !existing.indexes.has(index.name));
    if (!widened) continue;
    const problem = await dialect.tableLimitProblem(db, table, columnCountAfterSync(table, layout));
    if (problem !== null) problems.push({ table: table.name, problem });
  }
  return problems;
}
