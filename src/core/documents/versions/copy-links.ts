import type { DbTransaction } from '../../db/database.js';
import { caseByIdInlined, maxOf } from '../../query/compile/sql-expressions.js';
import type { LinkedAttribute } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import { LINK_COLUMNS as C, type RelationLink } from '../../schema/relation-link.js';
import type { LinkedContext } from '../linked-context.js';
import { chunked } from './row-values.js';
import type { RowPair } from './row-pair.js';

/** Ids per IN list, and links per UPDATE or INSERT: far below every database's parameter limit. */
const IN_LIST = 1000;
const WRITE_CHUNK = 500;

interface Link {
  readonly id: number;
  readonly entity: number;
  readonly target: string;
  readonly locale: string | null;
  readonly targetOrd: number | null;
  readonly entityOrd: number | null;
}

interface Wanted {
  readonly target: string;
  readonly locale: string | null;
  readonly targetOrd: number | null;
}

interface NewLink extends Wanted {
  readonly entity: number;
}

/** A link's place in the unique key (entity, target[, locale]) once the entity is fixed. */
function keyOf(link: { readonly target: string; readonly locale: string | null }): string {
  return JSON.stringify([link.target, link.locale]);
}

function toInt(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

async function loadLinks(trx: DbTransaction, link: RelationLink, entities: readonly number[]): Promise<Link[]> {
  const found: Link[] = [];
  const columns = [C.id, C.entity, C.target, C.targetOrder, C.entityOrder, ...(link.targetLocalized ? [C.targetLocale] : [])];
  for (const chunk of chunked(entities, IN_LIST)) {
    const rows = await trx.selectFrom(link.table).select(columns).where(C.entity, 'in', chunk).execute();
    for (const row of rows) {
      found.push({
        id: Number(row[C.id]),
        entity: Number(row[C.entity]),
        target: String(row[C.target]),
        locale: link.targetLocalized && row[C.targetLocale] !== null ? String(row[C.targetLocale]) : null,
        targetOrd: toInt(row[C.targetOrder]),
        entityOrd: toInt(row[C.entityOrder]),
      });
    }
  }
  return found;
}

/** The source row's lists, in order, each renumbered 1..n within its locale (to-one owners keep their stored order). */
function wantedLinks(link: RelationLink, source: readonly Link[]): Wanted[] {
  const sorted = [...source].sort((a, b) => (a.targetOrd ?? Number.MAX_SAFE_INTEGER) - (b.targetOrd ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
  const positions = new Map<string | null, number>();
  return sorted.map((stored) => {
    const position = (positions.get(stored.locale) ?? 0) + 1;
    positions.set(stored.locale, position);
    return { target: stored.target, locale: stored.locale, targetOrd: link.ownerMany ? position : stored.targetOrd };
  });
}

/** The highest entity_ord of each (target, locale) inverse list the new links join. */
async function inverseEnds(trx: DbTransaction, link: RelationLink, inserts: readonly NewLink[]): Promise<Map<string, number>> {
  const ends = new Map<string, number>();
  const targets = [...new Set(inserts.map((insert) => insert.target))];
  for (const chunk of chunked(targets, IN_LIST)) {
    const rows = await trx
      .selectFrom(link.table)
      .select([C.target, ...(link.targetLocalized ? [C.targetLocale] : []), maxOf(C.entityOrder).as('last')])
      .where(C.target, 'in', chunk)
      .groupBy(link.targetLocalized ? [C.target, C.targetLocale] : [C.target])
      .execute();
    for (const row of rows) {
      const locale = link.targetLocalized && row[C.targetLocale] !== null ? String(row[C.targetLocale]) : null;
      ends.set(keyOf({ target: String(row[C.target]), locale }), toInt(row.last) ?? 0);
    }
  }
  return ends;
}

/**
 * Makes each pair's `to` list in one link table equal to its `from` list: links in both keep
 * their id (target_ord renumbered if needed), others are deleted, new ones are appended to
 * their targets' inverse lists. No other row's link is read for writing or changed.
 */
async function copyLinkTable(trx: DbTransaction, link: RelationLink, pairs: readonly RowPair[]): Promise<void> {
  const entities = [...new Set(pairs.flatMap((pair) => (pair.fresh ? [pair.from] : [pair.from, pair.to])))];
  const byEntity = new Map<number, Link[]>();
  for (const stored of await loadLinks(trx, link, entities)) {
    const list = byEntity.get(stored.entity);
    if (list) list.push(stored);
    else byEntity.set(stored.entity, [stored]);
  }

  const deletes: number[] = [];
  const updates: { id: number; targetOrd: number | null }[] = [];
  const inserts: NewLink[] = [];
  for (const pair of pairs) {
    const current = new Map((pair.fresh ? [] : (byEntity.get(pair.to) ?? [])).map((stored) => [keyOf(stored), stored]));
    for (const wanted of wantedLinks(link, byEntity.get(pair.from) ?? [])) {
      const key = keyOf(wanted);
      const kept = current.get(key);
      current.delete(key);
      if (!kept) inserts.push({ ...wanted, entity: pair.to });
      else if (kept.targetOrd !== wanted.targetOrd) updates.push({ id: kept.id, targetOrd: wanted.targetOrd });
    }
    for (const stale of current.values()) deletes.push(stale.id);
  }

  for (const chunk of chunked(deletes, IN_LIST)) await trx.deleteFrom(link.table).where(C.id, 'in', chunk).execute();
  for (const chunk of chunked(updates, WRITE_CHUNK)) {
    await trx
      .updateTable(link.table)
      .set({ [C.targetOrder]: caseByIdInlined(C.id, C.targetOrder, chunk.map((update) => ({ id: update.id, value: update.targetOrd }))) })
      .where(
        C.id,
        'in',
        chunk.map((update) => update.id),
      )
      .execute();
  }
  if (inserts.length === 0) return;
  const ends = link.inverseMany ? await inverseEnds(trx, link, inserts) : new Map<string, number>();
  const rows = inserts.map((insert) => {
    let entityOrd: number | null = null;
    if (link.inverseMany) {
      entityOrd = (ends.get(keyOf(insert)) ?? 0) + 1;
      ends.set(keyOf(insert), entityOrd);
    }
    return {
      [C.entity]: insert.entity,
      [C.target]: insert.target,
      [C.targetOrder]: insert.targetOrd,
      [C.entityOrder]: entityOrd,
      ...(link.targetLocalized ? { [C.targetLocale]: insert.locale } : {}),
    };
  });
  for (const chunk of chunked(rows, WRITE_CHUNK)) await trx.insertInto(link.table).values(chunk).execute();
}

/** Copies the relation lists `owner` holds (its owning sides among `attributes`) from each pair's `from` row to its `to` row. */
export async function copyOwnedLinks(trx: DbTransaction, owner: StoredModel, pairs: readonly RowPair[], context: LinkedContext, attributes: readonly LinkedAttribute[]): Promise<void> {
  if (pairs.length === 0) return;
  for (const link of context.registry.links) {
    if (link.owner.uid === owner.uid && attributes.includes(link.ownerAttribute)) await copyLinkTable(trx, link, pairs);
  }
}
