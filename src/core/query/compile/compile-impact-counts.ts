import { sql, type RawBuilder } from 'kysely';
import type { ContentType } from '../../schema/content-type.js';

/**
 * Counts of the stored rows a content-model change would remove or convert, shown before it is
 * confirmed (model/data-impacts.ts). Each statement answers one row: `{ n }`.
 */
export type CountStatement = RawBuilder<{ readonly n: unknown }>;

function countWhere(table: string, where: RawBuilder<unknown> = sql`1 = 1`): CountStatement {
  return sql<{ readonly n: unknown }>`select count(*) as n from ${sql.table(table)} where ${where}`;
}

/** Every row of a table. */
export function countAllRows(table: string): CountStatement {
  return countWhere(table);
}

/** Rows holding a value in `column`. */
export function countValues(table: string, column: string): CountStatement {
  return countWhere(table, sql`${sql.ref(column)} is not null`);
}

/** Component items owned through one attribute of one model. */
export function countOwnedItems(table: string, owner: { readonly parentTypeColumn: string; readonly fieldColumn: string; readonly parentType: string; readonly field: string }): CountStatement {
  return countWhere(table, sql`${sql.ref(owner.parentTypeColumn)} = ${owner.parentType} and ${sql.ref(owner.fieldColumn)} = ${owner.field}`);
}

/** Versions stored in another locale than `locale`. */
export function countOutsideLocale(table: string, locale: string): CountStatement {
  return countWhere(table, sql`${sql.ref('locale')} is null or ${sql.ref('locale')} <> ${locale}`);
}

/** Drafts that publishing has not made equal to a published version: turning Draft & Publish off loses them. */
export function countUnpublishedDrafts(type: ContentType): CountStatement {
  const same = type.scalarAttributes.map((attribute) => {
    const [p, d] = [sql.ref(`p.${attribute.column}`), sql.ref(`d.${attribute.column}`)];
    return sql`and (${p} = ${d} or (${p} is null and ${d} is null))`;
  });
  const locale = type.localized ? sql`and ${sql.ref('p.locale')} = ${sql.ref('d.locale')}` : sql``;
  return sql<{ readonly n: unknown }>`select count(*) as n from ${sql.table(type.collectionName)} as d
    where ${sql.ref('d.published_at')} is null and not exists (select 1 from ${sql.table(type.collectionName)} as p
      where ${sql.ref('p.document_id')} = ${sql.ref('d.document_id')} and ${sql.ref('p.published_at')} is not null ${locale} ${sql.join(same, sql` `)})`;
}
