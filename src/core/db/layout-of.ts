import type { IntrospectedLayout } from './dialect.js';

/** One row of a dialect's introspection query. */
export interface IntrospectedRow {
  readonly kind: 'column' | 'index';
  readonly table_name: string;
  readonly name: string;
}

/** Groups introspection rows into a layout: table → columns and index names. */
export function layoutOf(rows: readonly IntrospectedRow[]): IntrospectedLayout {
  const layout: IntrospectedLayout = new Map();
  for (const row of rows) {
    let table = layout.get(row.table_name);
    if (!table) layout.set(row.table_name, (table = { columns: new Set(), indexes: new Set() }));
    (row.kind === 'column' ? table.columns : table.indexes).add(row.name);
  }
  return layout;
}
