import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DynamicSchema, Executor } from '../../db/database.js';
import type { Status } from '../../query/document-query.js';
import { caseByIdInlined, isNull } from '../../query/compile/sql-expressions.js';
import { LINK_COLUMNS as C, type RelationLink } from '../../schema/relation-link.js';
import type { LinkPlan, LinkUpdate, LoadedLinks, StoredLink } from './plan-link-changes.js';

/**
 * Which lists of a link table to load, each entirely. `ownersOfTargets`: the owner lists of
 * every row linked to these targets; `targetsOfEntities`: the inverse lists of every
 * document these rows link to (both in the same statement, through a subquery).
 */
export interface LinkScope {
  readonly entities?: readonly number[];
  readonly targets?: readonly string[];
  readonly ownersOfTargets?: readonly string[];
  readonly targetsOfEntities?: readonly number[];
}

/**
 * The part of a link table one write works in. Lists are per target locale on links to
 * localized types (`locale`), and per status of the owner rows on links owned by a Draft &
 * Publish type (`status`): a draft's links and a published version's links form separate
 * inverse lists, each numbered 1..n, and a two-sided oneToOne target is exclusive within one status.
 * Every load is restricted to the partition, and inserts are made in it.
 */
export interface LinkPartition {
  /** The target locale: set exactly when the link's target is localized. */
  readonly locale: string | null;
  /** The owner rows' status: set exactly when the owner is a Draft & Publish content-type. */
  readonly status: Status | null;
}

/** The partition of a link table for a write of `locale` to owner rows of `status`. */
export function partitionOf(link: RelationLink, locale: string, status: Status): LinkPartition {
  const owner = link.owner;
  return {
    locale: link.targetLocalized ? locale : null,
    status: owner.modelType === 'contentType' && owner.draftAndPublish ? status : null,
  };
}

/** The links of a table alias that lie in the partition. */
function inPartition(eb: ExpressionBuilder<DynamicSchema, string>, link: RelationLink, partition: LinkPartition, alias: string): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (partition.locale !== null) conditions.push(eb(`${alias}.${C.targetLocale}`, '=', partition.locale));
  if (partition.status !== null) {
    const published = isNull('published_at', partition.status === 'published');
    conditions.push(eb(`${alias}.${C.entity}`, 'in', eb.selectFrom(link.owner.collectionName).select('id').where(published)));
  }
  return conditions;
}

/** Ids per DELETE, and links per UPDATE or INSERT: keeps every statement well under parameter limits. */
const DELETE_CHUNK = 1000;
const WRITE_CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

function isEmpty(scope: LinkScope): boolean {
  return [scope.entities, scope.targets, scope.ownersOfTargets, scope.targetsOfEntities].every((list) => (list?.length ?? 0) === 0);
}

/** The complete lists a scope asks for, in one SELECT. */
export async function loadLinks(executor: Executor, link: RelationLink, scope: LinkScope, partition: LinkPartition): Promise<LoadedLinks> {
  const entities = [...new Set(scope.entities ?? [])];
  const targets = [...new Set(scope.targets ?? [])];
  const ownersOfTargets = [...new Set(scope.ownersOfTargets ?? [])];
  const targetsOfEntities = [...new Set(scope.targetsOfEntities ?? [])];
  if (isEmpty(scope)) return { links: [], owners: new Set(), targets: new Set() };
  const table = link.table;
  const rows = await executor
    .selectFrom(`${table} as l`)
    .select([`l.${C.id}`, `l.${C.entity}`, `l.${C.target}`, `l.${C.targetOrder}`, `l.${C.entityOrder}`])
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (entities.length > 0) conditions.push(eb(`l.${C.entity}`, 'in', entities));
      if (targets.length > 0) conditions.push(eb(`l.${C.target}`, 'in', targets));
      if (ownersOfTargets.length > 0) {
        const sub = eb.selectFrom(`${table} as s`).select(`s.${C.entity}`).where((inner) => inner.and([inner(`s.${C.target}`, 'in', ownersOfTargets), ...inPartition(inner, link, partition, 's')]));
        conditions.push(eb(`l.${C.entity}`, 'in', sub));
      }
      if (targetsOfEntities.length > 0) {
        const sub = eb.selectFrom(`${table} as s`).select(`s.${C.target}`).where((inner) => inner.and([inner(`s.${C.entity}`, 'in', targetsOfEntities), ...inPartition(inner, link, partition, 's')]));
        conditions.push(eb(`l.${C.target}`, 'in', sub));
      }
      return eb.and([eb.or(conditions), ...inPartition(eb, link, partition, 'l')]);
    })
    .orderBy(`l.${C.id}`)
    .execute();
  const links: StoredLink[] = rows.map((row) => ({
    id: Number(row[C.id]),
    entity: Number(row[C.entity]),
    target: String(row[C.target]),
    targetOrd: row[C.targetOrder] === null ? null : Number(row[C.targetOrder]),
    entityOrd: row[C.entityOrder] === null ? null : Number(row[C.entityOrder]),
  }));
  const owners = new Set(entities);
  const complete = new Set(targets);
  const targetSet = new Set(ownersOfTargets);
  const entitySet = new Set(targetsOfEntities);
  for (const stored of links) {
    if (targetSet.has(stored.target)) owners.add(stored.entity);
    if (entitySet.has(stored.entity)) complete.add(stored.target);
  }
  return { links, owners, targets: complete };
}

/**
 * `case id when … then … else <column> end` for the links whose order in `column` changes.
 * Values are integers computed here (ids from the database, positions 1..n), inlined so that
 * every database types the CASE as the column's integer.
 */
function orderCase(column: string, links: readonly LinkUpdate[], valueOf: (link: LinkUpdate) => number | null | undefined) {
  const branches = links.map((link) => {
    const value = valueOf(link);
    if (value === null || value === undefined || !Number.isSafeInteger(value) || !Number.isSafeInteger(link.id)) throw new Error(`A link order must be an integer (link ${link.id})`);
    return { id: link.id, value };
  });
  return caseByIdInlined(C.id, column, branches);
}

/** Applies a plan: deletes, then order changes (one CASE per column and chunk), then inserts. */
export async function writeLinkPlan(executor: Executor, link: RelationLink, plan: LinkPlan, partition: LinkPartition): Promise<void> {
  const table = link.table;
  for (const ids of chunks(plan.deletes, DELETE_CHUNK)) await executor.deleteFrom(table).where(C.id, 'in', ids).execute();
  for (const updates of chunks(plan.updates, WRITE_CHUNK)) {
    const targetMoves = updates.filter((update) => update.targetOrd !== undefined);
    const entityMoves = updates.filter((update) => update.entityOrd !== undefined);
    const set: Record<string, unknown> = {};
    if (targetMoves.length > 0) set[C.targetOrder] = orderCase(C.targetOrder, targetMoves, (update) => update.targetOrd);
    if (entityMoves.length > 0) set[C.entityOrder] = orderCase(C.entityOrder, entityMoves, (update) => update.entityOrd);
    await executor
      .updateTable(table)
      .set(set)
      .where(
        C.id,
        'in',
        updates.map((update) => update.id),
      )
      .execute();
  }
  for (const inserts of chunks(plan.inserts, WRITE_CHUNK)) {
    await executor
      .insertInto(table)
      .values(
        inserts.map((insert) => ({
          [C.entity]: insert.entity,
          [C.target]: insert.target,
          [C.targetOrder]: insert.targetOrd,
          [C.entityOrder]: insert.entityOrd,
          ...(partition.locale !== null ? { [C.targetLocale]: partition.locale } : {}),
        })),
      )
      .execute();
  }
}
