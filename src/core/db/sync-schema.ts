import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { Dialect, IntrospectedLayout } from './dialect.js';
import type { TableModel } from './table-model.js';
import { tableLimitProblems } from './table-limits.js';

/** What a schema sync did, and what it left for an explicit migration. */
export interface SyncReport {
  readonly statements: readonly string[];
  readonly createdTables: readonly string[];
  readonly addedColumns: readonly string[];
  /** Columns in the database that the model no longer has: kept, with their data. */
  readonly orphanColumns: readonly string[];
}

/** What it takes to bring `existing` up to the model. */
function planSync(dialect: Dialect, existing: IntrospectedLayout, tables: readonly TableModel[]): SyncReport {
  const statements: string[] = [];
  const createdTables: string[] = [];
  const addedColumns: string[] = [];
  const orphanColumns: string[] = [];
  for (const table of tables) {
    const current = existing.get(table.name);
    if (!current) {
      createdTables.push(table.name);
      const columns = table.columns.map((column) => dialect.columnDefinition(column)).join(', ');
      statements.push(`create table ${dialect.quote(table.name)} (${columns}) ${dialect.tableOptions}`.trimEnd());
    } else {
      for (const column of table.columns) {
        if (current.columns.has(column.name)) continue;
        addedColumns.push(`${table.name}.${column.name}`);
        // Added columns are nullable whatever the model says: existing rows have no value for them.
        statements.push(`alter table ${dialect.quote(table.name)} add column ${dialect.columnDefinition({ ...column, notNull: false })}`);
      }
      const modelled = new Set(table.columns.map((column) => column.name));
      for (const name of current.columns) if (!modelled.has(name)) orphanColumns.push(`${table.name}.${name}`);
    }
    for (const index of table.indexes) {
      if (current?.indexes.has(index.name)) continue;
      const columns = index.columns.map((name) => {
        const column = table.columns.find((candidate) => candidate.name === name);
        return column ? dialect.indexedColumn(column) : dialect.quote(name);
      });
      statements.push(`create ${index.unique ? 'unique ' : ''}index ${dialect.quote(index.name)} on ${dialect.quote(table.name)} (${columns.join(', ')})`);
    }
  }
  statements.push(...dialect.systemTableStatements(existing));
  return { statements, createdTables, addedColumns, orphanColumns };
}

/**
 * Brings the database up to the model with additive changes only: new tables, columns and
 * indexes. Nothing is dropped or rewritten; a column the model lost is reported and kept.
 * With an unchanged model it runs no DDL at all.
 */
export async function syncSchema(database: Database, tables: readonly TableModel[]): Promise<SyncReport> {
  const { dialect } = database;
  const first = planSync(dialect, await dialect.introspect(database.db), tables);
  if (first.statements.length === 0) return first;
  // Changes are planned again under the schema lock: instances starting together take turns,
  // and those that come second find the work done and run no DDL.
  return dialect.withSchemaLock(database.db, (db) => syncSchemaLocked(dialect, db, tables));
}

/** `syncSchema` for a caller that already holds the schema lock (`db` is what `withSchemaLock` gave it). */
export async function syncSchemaLocked(dialect: Dialect, db: Kysely<Record<string, Record<string, unknown>>>, tables: readonly TableModel[]): Promise<SyncReport> {
  const layout = await dialect.introspect(db);
  const plan = planSync(dialect, layout, tables);
  if (plan.statements.length === 0) return plan;
  // Before the first statement: MySQL commits each DDL, so a table refused halfway would leave the others changed.
  const [refused] = await tableLimitProblems(dialect, db, layout, tables);
  if (refused) throw new Error(`The database cannot hold table "${refused.table}": ${refused.problem}`);
  for (const statement of plan.statements) await sql.raw(statement).execute(db);
  return plan;
}
