import type { App } from '../../src/server/app.js';

/** Component tables of test/fixtures/relations. */
export const TABLES = {
  seo: 'components_shared_seos',
  link: 'components_shared_links',
  quote: 'components_shared_quotes',
  slider: 'components_shared_sliders',
  slide: 'components_shared_slides',
  richText: 'components_shared_rich_texts',
  hero: 'components_shared_heroes',
} as const;

export type ComponentRow = Record<string, unknown> & { id: number; parent_id: number; parent_type: string; parent_field: string; parent_ord: number };

/** Rows of a component table (optionally those of one owner row and field), in item order. */
export async function componentRows(app: App, table: string, owner?: { readonly type: string; readonly id: number; readonly field?: string }): Promise<ComponentRow[]> {
  let query = app.database.db.selectFrom(table).selectAll();
  if (owner) {
    query = query.where('parent_type', '=', owner.type).where('parent_id', '=', owner.id);
    if (owner.field !== undefined) query = query.where('parent_field', '=', owner.field);
  }
  const rows = await query.orderBy('parent_type').orderBy('parent_id').orderBy('parent_field').orderBy('parent_ord').orderBy('id').execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), parent_id: Number(row.parent_id), parent_ord: Number(row.parent_ord) }) as ComponentRow);
}

/** How many rows each component table holds. */
export async function countRows(app: App): Promise<Record<keyof typeof TABLES, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const row = await app.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    counts[name] = Number(row.n);
  }
  return counts as Record<keyof typeof TABLES, number>;
}
