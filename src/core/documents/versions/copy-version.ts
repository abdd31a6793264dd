import type { DbTransaction } from '../../db/database.js';
import type { LinkedAttribute } from '../../schema/attribute.js';
import type { ComponentModel } from '../../schema/component-model.js';
import type { ContentType } from '../../schema/content-type.js';
import type { StoredModel } from '../../schema/model.js';
import type { LinkedContext } from '../linked-context.js';
import { copyComponents } from './copy-components.js';
import { copyOwnedLinks } from './copy-links.js';
import type { RowPair } from './row-pair.js';
import { allValues, changedValues, selectColumns, userColumns, type RowValues, type ValueColumn } from './row-values.js';

/**
 * Copies what the pairs' rows own (relation lists, components and zones) — in `attributes`
 * only, when given: every item below them comes with them — then recurses one component level
 * down for all items at once: statements grow with the model's depth and number of component
 * kinds and link tables, not with the number of items or links.
 */
export async function copyOwned(trx: DbTransaction, model: StoredModel, pairs: readonly RowPair[], context: LinkedContext, attributes: readonly LinkedAttribute[] = model.linkedAttributes): Promise<void> {
  if (pairs.length === 0 || attributes.length === 0) return;
  await copyOwnedLinks(trx, model, pairs, context, attributes);
  const next: Map<ComponentModel, RowPair[]> = await copyComponents(trx, model, pairs, context, attributes);
  for (const [kind, below] of next) await copyOwned(trx, kind, below, context);
}

async function readRows(trx: DbTransaction, contentType: ContentType, ids: readonly number[], columns: readonly ValueColumn[], context: LinkedContext): Promise<Map<number, RowValues>> {
  const rows = await trx
    .selectFrom(contentType.collectionName)
    .select('id')
    .select(selectColumns(context.dialect, columns))
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row]));
}

function missing(contentType: ContentType, id: number): never {
  throw new Error(`Row ${id} of ${contentType.uid} does not exist`);
}

/** Makes row `to` of `contentType` a copy of row `from`: user scalar columns, owned relation lists, components and zones (recursively, with their own relation lists). */
export async function copyVersion(trx: DbTransaction, contentType: ContentType, from: number, to: number, context: LinkedContext): Promise<void> {
  if (from === to) return;
  const columns = userColumns(contentType);
  const rows = await readRows(trx, contentType, [from, to], columns, context);
  const source = rows.get(from) ?? missing(contentType, from);
  const target = rows.get(to) ?? missing(contentType, to);
  // Only what differs is written: a version copied onto an equal one changes nothing.
  const changed = changedValues(context.dialect, columns, source, target);
  if (changed.size > 0) await trx.updateTable(contentType.collectionName).set(Object.fromEntries(changed)).where('id', '=', to).execute();
  await copyOwned(trx, contentType, [{ from, to, fresh: false }], context);
}

/** Inserts a new row copying `from`'s document_id, scalar columns, created_at, updated_at and locale (if any) with `columns` overriding (e.g. { published_at }); then copyVersion into it. Returns the new row id. */
export async function cloneVersion(trx: DbTransaction, contentType: ContentType, from: number, columns: Readonly<Record<string, unknown>>, context: LinkedContext): Promise<number> {
  const copied: ValueColumn[] = [
    { column: 'document_id', type: 'string' },
    ...userColumns(contentType),
    { column: 'created_at', type: 'datetime' },
    { column: 'updated_at', type: 'datetime' },
    // Who created and last changed it (admin users, CM writes): the copy keeps them unless `columns` says.
    { column: 'created_by_id', type: 'integer' },
    { column: 'updated_by_id', type: 'integer' },
    ...(contentType.localized ? [{ column: 'locale', type: 'string' as const }] : []),
  ];
  const source = (await readRows(trx, contentType, [from], copied, context)).get(from) ?? missing(contentType, from);
  const values = { ...allValues(context.dialect, copied, source), ...columns };
  const table = contentType.collectionName;
  let to: number;
  if (context.dialect.updateReturning) {
    const row = await trx.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
    to = Number(row.id);
  } else {
    // MySQL has no RETURNING: the driver reports the id it generated.
    const result = await trx.insertInto(table).values(values).executeTakeFirstOrThrow();
    to = Number(result.insertId);
  }
  if (!Number.isSafeInteger(to) || to <= 0) throw new Error(`The new row of ${contentType.uid} got no id`);
  await copyOwned(trx, contentType, [{ from, to, fresh: true }], context);
  return to;
}
