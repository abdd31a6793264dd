import type { Dialect, IntrospectedLayout } from '../../core/db/dialect.js';
import type { TableModel } from '../../core/db/table-model.js';
import { columnIndexName } from '../../core/schema/to-table-model.js';

/** Columns Tessera itself relies on: never dropped, whatever the model says. */
const OWN_COLUMNS: ReadonlySet<string> = new Set(['id', 'document_id', 'created_at', 'updated_at', 'published_at', 'created_by_id', 'updated_by_id']);

/** Dropping one column the content model no longer has. */
export interface ColumnDrop {
  readonly table: string;
  readonly column: string;
  /** In order: Tessera's index on the column, if it has one, then the column. */
  readonly statements: readonly string[];
}

/** The destructive changes schema sync leaves to `tessera migrate`. */
export interface MigrationPlan {
  readonly drops: readonly ColumnDrop[];
  /** `table.column`s the model lacks but Tessera will not drop (its own columns). */
  readonly refused: readonly string[];
}


/**
 * The statements that drop every column of a modelled table that the model no longer has,
 * in table and column order. A unique or uid attribute had an index named
 * `<table>_<column>_idx` (schema/to-table-model); it is dropped first, since SQLite refuses to
 * drop an indexed column. Tables the model no longer has are left alone: dropping a whole
 * content-type's data is not something a migration should do by inference.
 */
export function planMigration(dialect: Dialect, layout: IntrospectedLayout, tables: readonly TableModel[]): MigrationPlan {
  const drops: ColumnDrop[] = [];
  const refused: string[] = [];
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) {
    const current = layout.get(table.name);
    if (!current) continue;
    const modelled = new Set(table.columns.map((column) => column.name));
    for (const column of [...current.columns].filter((name) => !modelled.has(name)).sort()) {
      if (OWN_COLUMNS.has(column)) {
        refused.push(`${table.name}.${column}`);
        continue;
      }
      const index = columnIndexName(table.name, column);
      drops.push({
        table: table.name,
        column,
        statements: [
          ...(current.indexes.has(index) ? [dialect.dropIndex(table.name, index)] : []),
          `alter table ${dialect.quote(table.name)} drop column ${dialect.quote(column)}`,
        ],
      });
    }
  }
  return { drops, refused };
}
