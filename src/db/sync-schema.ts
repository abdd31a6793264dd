import { sql } from 'kysely';
import type { Database } from './database.js';
import type { TableModel } from './table-model.js';

/** What a schema sync did, and what it left for an explicit migration. */
export interface SyncReport {
  readonly statements: readonly string[];
  readonly createdTables: readonly string[];
  readonly addedColumns: readonly string[];
  /** Columns in the database that the model no longer has: kept, with their data. */
  readonly orphanColumns: readonly string[];
}

interface IntrospectedRow {
  readonly kind: 'column' | 'index';
  readonly table_name: string;
  readonly name: string;
}

/** Everything schema sync needs from the database, in one query. */
async function introspect(database: Database): Promise<Map<string, { columns: Set<string>; indexes: Set<string> }>> {
  const { rows } = await sql<IntrospectedRow>`
    select 'column' as kind, m.name as table_name, p.name as name
      from sqlite_master m join pragma_table_info(m.name) p
     where m.type = 'table'
    union all
    select 'index' as kind, tbl_name as table_name, name
      from sqlite_master where type = 'index'`.execute(database.db);
  const tables = new Map<string, { columns: Set<string>; indexes: Set<string> }>();
  for (const row of rows) {
    let table = tables.get(row.table_name);
    if (!table) tables.set(row.table_name, (table = { columns: new Set(), indexes: new Set() }));
    (row.kind === 'column' ? table.columns : table.indexes).add(row.name);
  }
  return tables;
}

/**
 * Brings the database up to the model with additive changes only: new tables, columns and
 * indexes. Nothing is dropped or rewritten; a column the model lost is reported and kept.
 * With an unchanged model it runs no DDL at all.
 */
export async function syncSchema(database: Database, tables: readonly TableModel[]): Promise<SyncReport> {
  const { dialect } = database;
  const existing = await introspect(database);
  const statements: string[] = [];
  const createdTables: string[] = [];
  const addedColumns: string[] = [];
  const orphanColumns: string[] = [];

  for (const table of tables) {
    const current = existing.get(table.name);
    if (!current) {
      createdTables.push(table.name);
      statements.push(`create table ${dialect.quote(table.name)} (${table.columns.map((column) => dialect.columnDefinition(column)).join(', ')})`);
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
      statements.push(`create index ${dialect.quote(index.name)} on ${dialect.quote(table.name)} (${index.columns.map(dialect.quote).join(', ')})`);
    }
  }

  if (statements.length > 0) {
    await database.transaction(async (trx) => {
      for (const statement of statements) await sql.raw(statement).execute(trx);
    });
  }
  return { statements, createdTables, addedColumns, orphanColumns };
}
