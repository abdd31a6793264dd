import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { Dialect } from './dialect.js';

/** Drops an index of a table (the dialect knows whether an index is named per table or per schema). */
export async function dropIndex(db: Executor, dialect: Dialect, table: string, index: string): Promise<void> {
  await sql.raw(dialect.dropIndex(table, index)).execute(db);
}

/** Drops one column of a table, with its values. */
export async function dropColumn(db: Executor, dialect: Dialect, table: string, column: string): Promise<void> {
  await sql.raw(`alter table ${dialect.quote(table)} drop column ${dialect.quote(column)}`).execute(db);
}

/** Drops a table, with its rows. */
export async function dropTable(db: Executor, dialect: Dialect, table: string): Promise<void> {
  await sql.raw(`drop table ${dialect.quote(table)}`).execute(db);
}

/** Runs one statement of a plan the dialect wrote (a migration's drops). */
export async function runPlannedStatement(db: Executor, statement: string): Promise<void> {
  await sql.raw(statement).execute(db);
}
