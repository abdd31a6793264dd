import type { DbTransaction } from '../../db/database.js';
import type { RelationAttribute } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import type { RelationSide } from '../../schema/relation-link.js';
import { ValidationError } from '../../shared/errors.js';
import type { LinkedContext, OwnerRow } from '../linked-context.js';
import { loadLinks, writeLinkPlan, type LinkScope } from './link-store.js';
import { orderRelationList, RelationOrderError, type Resolved, type ResolvedChange } from './order-relation-list.js';
import { planLinkChanges, type ListChange, type LoadedLinks, type StoredLink } from './plan-link-changes.js';
import type { RelationItem, RelationRef, RelationWrite } from './relation-write.js';
import { notFoundMessage, RefResolver, type ResolvedDocument } from './resolve-relation-refs.js';

function failAt(write: RelationWrite, message: string): never {
  throw ValidationError.fromFieldErrors([{ path: write.path, message, name: 'ValidationError', value: null }]);
}

/** Every reference of a write: items, anchors, disconnected ones. */
function refsOf(write: RelationWrite): RelationRef[] {
  const items: readonly RelationItem[] = write.mode === 'set' ? write.items : write.connect;
  const refs: RelationRef[] = write.mode === 'set' ? [] : [...write.disconnect];
  for (const { ref, position } of items) {
    refs.push(ref);
    if (position && 'before' in position) refs.push(position.before);
    if (position && 'after' in position) refs.push(position.after);
  }
  return refs;
}

/**
 * A write with its references replaced by list keys: target documentIds on the owner side,
 * owner row ids on the inverse side (whose list is made of the owners' rows).
 */
function resolveWrite<K>(write: RelationWrite, side: RelationSide, resolver: RefResolver, keyOf: (document: ResolvedDocument) => K): ResolvedChange<K> {
  const resolve = (ref: RelationRef): Resolved<K> => {
    const document = resolver.lookup(side.other, ref);
    if (!document) failAt(write, notFoundMessage(ref, side.other));
    return { key: keyOf(document), label: document.documentId };
  };
  const item = ({ ref, position }: RelationItem): RelationItem<Resolved<K>> => {
    if (position && 'before' in position) return { ref: resolve(ref), position: { before: resolve(position.before) } };
    if (position && 'after' in position) return { ref: resolve(ref), position: { after: resolve(position.after) } };
    return { ref: resolve(ref), position };
  };
  if (write.mode === 'set') return { mode: 'set', items: write.items.map(item) };
  return { mode: 'change', connect: write.connect.map(item), disconnect: write.disconnect.map(resolve), strict: write.strict };
}

function ordered(links: readonly StoredLink[], order: (link: StoredLink) => number | null): StoredLink[] {
  return [...links].sort((a, b) => (order(a) ?? Number.MAX_SAFE_INTEGER) - (order(b) ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
}

function finalList<K>(write: RelationWrite, current: readonly K[], change: ResolvedChange<K>, many: boolean): K[] {
  try {
    return orderRelationList(current, change, many);
  } catch (error) {
    if (error instanceof RelationOrderError) failAt(write, error.message);
    throw error;
  }
}

function sameList<K>(a: readonly K[], b: readonly K[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

function difference<K>(a: readonly K[], b: readonly K[]): K[] {
  const other = new Set(b);
  return a.filter((key) => !other.has(key));
}

/** The lists a plan needs: those read already, or (when it needs others too) all of them again, in one SELECT. */
function widen(trx: DbTransaction, side: RelationSide, first: LoadedLinks, scope: LinkScope, others: readonly (readonly unknown[])[]): Promise<LoadedLinks> | LoadedLinks {
  return others.some((list) => list.length > 0) ? loadLinks(trx, side.link, scope) : first;
}

/** The owner's list (this row's targets, by target_ord), changed and diffed into the table. */
async function writeOwnerSide(trx: DbTransaction, write: RelationWrite, side: RelationSide, rowId: number, resolver: RefResolver): Promise<void> {
  const { link } = side;
  const change = resolveWrite(write, side, resolver, (document) => document.documentId);
  const first = await loadLinks(trx, link, { entities: [rowId] });
  const current = ordered(first.links, (stored) => stored.targetOrd).map((stored) => stored.target);
  const list = finalList(write, current, change, link.ownerMany);
  if (sameList(current, list)) return;
  const added = difference(list, current);
  const moved = [...added, ...difference(current, list)];
  const targets = link.inverseMany || link.targetExclusive ? moved : [];
  const ownersOfTargets = link.targetExclusive && link.ownerMany ? added : [];
  const loaded = await widen(trx, side, first, { entities: [rowId], targets, ownersOfTargets }, [targets, ownersOfTargets]);
  await writeLinkPlan(trx, link, planLinkChanges(loaded, link, [{ side: 'owner', entity: rowId, list }]));
}

/**
 * The inverse list (the owners linking to this document, by entity_ord), changed and diffed
 * into the owner's link table: an owner holding one target leaves the one it had.
 */
async function writeInverseSide(trx: DbTransaction, write: RelationWrite, side: RelationSide, documentId: string, resolver: RefResolver): Promise<void> {
  const { link } = side;
  const change = resolveWrite(write, side, resolver, (document) => document.rowId);
  const first = await loadLinks(trx, link, { targets: [documentId] });
  const current = ordered(first.links, (stored) => stored.entityOrd).map((stored) => stored.entity);
  const list = finalList(write, current, change, link.inverseMany);
  if (sameList(current, list)) return;
  const added = difference(list, current);
  const entities = link.ownerMany ? [...added, ...difference(current, list)] : added;
  const targetsOfEntities = !link.ownerMany && link.inverseMany ? added : [];
  const loaded = await widen(trx, side, first, { targets: [documentId], entities, targetsOfEntities }, [entities, targetsOfEntities]);
  await writeLinkPlan(trx, link, planLinkChanges(loaded, link, [{ side: 'inverse', target: documentId, list }]));
}

/**
 * Applies a row's relation changes to the link tables. Every documentId of every relation is
 * looked up first (one query per target model); then each relation's list is computed in
 * memory from its current content and diffed into its table, so unchanged links stay as they
 * are. A failure is a 400, and the caller's transaction undoes whatever was written.
 */
export async function applyRelationWrites(trx: DbTransaction, _model: StoredModel, owner: OwnerRow, relations: ReadonlyMap<RelationAttribute, RelationWrite>, context: LinkedContext): Promise<void> {
  if (relations.size === 0) return;
  const resolver = new RefResolver();
  const writes = [...relations.values()].map((write) => ({ write, side: context.registry.relation(write.attribute) }));
  for (const { write, side } of writes) for (const ref of refsOf(write)) resolver.want(side.other, ref);
  await resolver.resolve(trx);
  // Unknown documents fail before any link changes.
  for (const { write, side } of writes) resolveWrite(write, side, resolver, (document) => document.documentId);
  for (const { write, side } of writes) {
    if (side.side === 'owner') await writeOwnerSide(trx, write, side, owner.rowId, resolver);
    else if (owner.documentId !== null) await writeInverseSide(trx, write, side, owner.documentId, resolver);
    else throw new Error(`The inverse relation ${write.attribute.name} cannot be written from a component row`);
  }
}

/**
 * Removes every link of rows being deleted: links they own, and (for a document) links from
 * other rows to it, in every table targeting its type, component-owned ones included. Lists
 * that lose an item are renumbered, so orders stay 1..n.
 */
export async function deleteRelationLinks(trx: DbTransaction, model: StoredModel, rowIds: readonly number[], documentId: string | null, context: LinkedContext): Promise<void> {
  for (const link of context.registry.links) {
    const owned = link.owner.uid === model.uid && rowIds.length > 0;
    const targeted = documentId !== null && link.target.uid === model.uid;
    if (!owned && !targeted) continue;
    const loaded = await loadLinks(trx, link, {
      entities: owned ? rowIds : [],
      targetsOfEntities: owned && link.inverseMany ? rowIds : [],
      targets: targeted ? [documentId] : [],
      ownersOfTargets: targeted && link.ownerMany ? [documentId] : [],
    });
    if (loaded.links.length === 0) continue;
    const changes: ListChange[] = owned ? rowIds.map((entity) => ({ side: 'owner', entity, list: [] })) : [];
    if (targeted) changes.push({ side: 'inverse', target: documentId, list: [] });
    await writeLinkPlan(trx, link, planLinkChanges(loaded, link, changes));
  }
}
