import type { DbTransaction } from '../../db/database.js';
import type { RelationAttribute } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import type { RelationSide } from '../../schema/relation-link.js';
import { ValidationError } from '../../shared/errors.js';
import type { Status } from '../../query/document-query.js';
import type { Model } from '../../schema/content-type.js';
import { LINK_COLUMNS, type RelationLink } from '../../schema/relation-link.js';
import { checkMediaTypes, selectMediaColumns } from './check-media.js';
import type { LinkedContext, OwnerRow, WriteContext, WriteVersion } from '../linked-context.js';
import { loadLinks, partitionOf, writeLinkPlan, type LinkPartition, type LinkScope } from './link-store.js';
import { orderRelationList, RelationOrderError, type Resolved, type ResolvedChange } from './order-relation-list.js';
import { planLinkChanges, type LoadedLinks, type StoredLink } from './plan-link-changes.js';
import type { RelationItem, RelationRef, RelationWrite } from './relation-write.js';
import { notFoundMessage, RefResolver, type ResolvedDocument } from './resolve-relation-refs.js';
import { LocaleChoiceError, splitByLocale } from './split-by-locale.js';
import { storeTargetStatuses } from './store-target-statuses.js';

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
    if (!document) failAt(write, notFoundMessage(ref, side.other, resolver.locale));
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
function widen(trx: DbTransaction, side: RelationSide, first: LoadedLinks, scope: LinkScope, others: readonly (readonly unknown[])[], partition: LinkPartition): Promise<LoadedLinks> | LoadedLinks {
  return others.some((list) => list.length > 0) ? loadLinks(trx, side.link, scope, partition) : first;
}

/** The owner's list (this row's targets, by target_ord), changed and diffed into the table. */
async function writeOwnerSide(trx: DbTransaction, write: RelationWrite, side: RelationSide, rowId: number, resolver: RefResolver, version: WriteVersion): Promise<void> {
  const { link } = side;
  // Rows written directly are drafts (a published version is only ever a copy: documents/versions).
  const partition = partitionOf(link, version.locale, 'draft');
  const change = resolveWrite(write, side, resolver, (document) => document.documentId);
  const first = await loadLinks(trx, link, { entities: [rowId] }, partition);
  const current = ordered(first.links, (stored) => stored.targetOrd).map((stored) => stored.target);
  const list = finalList(write, current, change, link.ownerMany);
  if (sameList(current, list)) return;
  const added = difference(list, current);
  const moved = [...added, ...difference(current, list)];
  const targets = link.inverseMany || link.targetExclusive ? moved : [];
  const ownersOfTargets = link.targetExclusive && link.ownerMany ? added : [];
  const loaded = await widen(trx, side, first, { entities: [rowId], targets, ownersOfTargets }, [targets, ownersOfTargets], partition);
  await writeLinkPlan(trx, link, planLinkChanges(loaded, link, [{ side: 'owner', entity: rowId, list }]), partition);
}

function isDraftAndPublish(model: Model): boolean {
  return model.modelType === 'contentType' && model.draftAndPublish;
}

/**
 * Statuses of the owners' versions an inverse-side write reaches (docs/versions.md, "Inverse
 * sides"), so that a link written from either side reads the same from both: every version of
 * an owner with Draft & Publish, unless the request saves only a draft of a document that has
 * Draft & Publish itself (then the owners' drafts; their published versions get the link when
 * they are published). A writer without Draft & Publish has one version, which no status
 * divides: it reaches both, as in the reference. The first status applies strictly.
 */
function inverseStatuses(owner: Model, writer: Model, version: WriteVersion): Status[] {
  if (!isDraftAndPublish(owner)) return ['published'];
  return isDraftAndPublish(writer) && version.status === 'draft' ? ['draft'] : ['draft', 'published'];
}

/**
 * The part of an inverse-side write that reaches the owners' versions of `status`. A writer
 * without Draft & Publish may name the owner's version an item links (`{ documentId, status }`,
 * as the owner side of such a relation names its target's): that item reaches that version
 * only. Writers with Draft & Publish link their own status's versions, so items' choices are
 * not theirs to make (as in the reference).
 */
function writeForStatus(write: RelationWrite, writer: Model, status: Status): RelationWrite {
  if (isDraftAndPublish(writer)) return write;
  const reaches = (ref: RelationRef): boolean => ref.status === undefined || ref.status === status;
  if (write.mode === 'set') return { ...write, items: write.items.filter((item) => reaches(item.ref)) };
  return { ...write, connect: write.connect.filter((item) => reaches(item.ref)), disconnect: write.disconnect.filter(reaches) };
}

/** documentId → row id of the owners' versions of one status (in the write's locale, on localized owners). */
async function ownerVersions(trx: DbTransaction, owner: Model, documentIds: readonly string[], status: Status, version: WriteVersion): Promise<Map<string, number>> {
  if (documentIds.length === 0) return new Map();
  let select = trx.selectFrom(owner.collectionName).select(['id', 'document_id']).where('document_id', 'in', [...documentIds]);
  if (owner.modelType === 'contentType' && owner.localized) select = select.where('locale', '=', version.locale);
  if (isDraftAndPublish(owner)) select = select.where('published_at', status === 'draft' ? 'is' : 'is not', null);
  return new Map((await select.execute()).map((row) => [String(row.document_id), Number(row.id)]));
}

/** The documents of owner rows. */
async function documentsOf(trx: DbTransaction, owner: Model, rowIds: readonly number[]): Promise<Map<number, string>> {
  if (rowIds.length === 0) return new Map();
  const rows = await trx.selectFrom(owner.collectionName).select(['id', 'document_id']).where('id', 'in', [...rowIds]).execute();
  return new Map(rows.map((row) => [Number(row.id), String(row.document_id)]));
}

/**
 * The inverse list (the owners linking to this document, by entity_ord), changed and diffed
 * into the owner's link table, once per status of the owners' versions it reaches: the list is
 * computed over documents and stored over those versions' rows. The first status (drafts,
 * which every owner has) applies strictly; owners without a version of a later status are
 * skipped, and anchors missing there do not fail the write.
 */
async function writeInverseSide(trx: DbTransaction, write: RelationWrite, side: RelationSide, documentId: string, resolver: RefResolver, version: WriteVersion): Promise<void> {
  const { link } = side;
  const writer = link.target;
  const named = [...new Set(refsOf(write).map((ref) => resolver.lookup(side.other, ref)?.documentId).filter((id): id is string => id !== undefined))];
  for (const [index, status] of inverseStatuses(side.other, writer, version).entries()) {
    const reaching = writeForStatus(write, writer, status);
    const change = resolveWrite(reaching, side, resolver, (document) => document.documentId);
    const partition = partitionOf(link, version.locale, status);
    const first = await loadLinks(trx, link, { targets: [documentId] }, partition);
    const currentRows = ordered(first.links, (stored) => stored.entityOrd).map((stored) => stored.entity);
    const documentOf = await documentsOf(trx, side.other, currentRows);
    const versions = await ownerVersions(trx, side.other, named, status, version);
    const current = currentRows.map((row) => documentOf.get(row) ?? `row:${row}`);
    const strict = index === 0 || change.mode === 'set' ? change : { ...change, strict: false };
    const documents = finalList(reaching, current, strict, link.inverseMany);
    const rowOf = (document: string): number | undefined => {
      const at = current.indexOf(document);
      return at >= 0 ? currentRows[at] : versions.get(document);
    };
    const list = documents.map(rowOf).filter((row): row is number => row !== undefined);
    if (sameList(currentRows, list)) continue;
    const added = difference(list, currentRows);
    const entities = link.ownerMany ? [...added, ...difference(currentRows, list)] : added;
    const targetsOfEntities = !link.ownerMany && link.inverseMany ? added : [];
    const loaded = await widen(trx, side, first, { targets: [documentId], entities, targetsOfEntities }, [entities, targetsOfEntities], partition);
    await writeLinkPlan(trx, link, planLinkChanges(loaded, link, [{ side: 'inverse', target: documentId, list }]), partition);
  }
}

/**
 * Applies a row's relation changes to the link tables. Every documentId of every relation is
 * looked up first (one query per target model); then each relation's list is computed in
 * memory from its current content and diffed into its table, so unchanged links stay as they
 * are. A failure is a 400, and the caller's transaction undoes whatever was written.
 */
export async function applyRelationWrites(trx: DbTransaction, _model: StoredModel, owner: OwnerRow, relations: ReadonlyMap<RelationAttribute, RelationWrite>, context: WriteContext): Promise<void> {
  if (relations.size === 0) return;
  const resolvers = new Map<string, RefResolver>();
  const resolverOf = (locale: string): RefResolver => {
    let resolver = resolvers.get(locale);
    if (!resolver) resolvers.set(locale, (resolver = new RefResolver(locale)));
    return resolver;
  };
  const parts = [...relations.values()].flatMap((write) => {
    const side = context.registry.relation(write.attribute);
    try {
      return splitByLocale(write, side, context.version.locale).map((part) => ({ ...part, side, resolver: resolverOf(part.locale) }));
    } catch (error) {
      if (error instanceof LocaleChoiceError) failAt(write, error.message);
      throw error;
    }
  });
  for (const { write, side, resolver } of parts) {
    for (const ref of refsOf(write)) resolver.want(side.other, ref);
    selectMediaColumns(write, side.other, resolver);
  }
  for (const resolver of resolvers.values()) await resolver.resolve(trx);
  // Unknown documents, and files a media attribute does not accept, fail before any link changes.
  for (const { write, side, resolver } of parts) resolveWrite(write, side, resolver, (document) => document.documentId);
  checkMediaTypes(parts.map(({ write, side, resolver }) => ({ write, files: side.other, resolver })));
  for (const { write, side, resolver, locale } of parts) {
    const version = { ...context.version, locale };
    if (side.side === 'owner') {
      await writeOwnerSide(trx, write, side, owner.rowId, resolver, version);
      await storeTargetStatuses(trx, write, side, owner.rowId, partitionOf(side.link, locale, 'draft'), resolver);
    } else if (owner.documentId !== null) await writeInverseSide(trx, write, side, owner.documentId, resolver, version);
    else throw new Error(`The inverse relation ${write.attribute.name} cannot be written from a component row`);
  }
}

/** Rows whose links are removed, with their status (null: components, and types without Draft & Publish). */
export interface RemovedRows {
  readonly ids: readonly number[];
  readonly status: Status | null;
}

/** A document (or one locale of it) that no longer exists: links to it go. `locale` null: every locale. */
export interface RemovedDocument {
  readonly documentId: string;
  readonly locale: string | null;
}

async function linkLocales(trx: DbTransaction, link: RelationLink, column: string, values: readonly (string | number)[]): Promise<string[]> {
  const rows = await trx.selectFrom(link.table).select(LINK_COLUMNS.targetLocale).distinct().where(column, 'in', [...values]).execute();
  return rows.map((row) => String(row[LINK_COLUMNS.targetLocale]));
}

/**
 * Removes links of rows being deleted (links they own) and, for a document that no longer
 * exists (in a locale), links to it from any row, component-owned ones included. Lists that
 * lose an item are renumbered within their partition (locale, status), so orders stay 1..n.
 */
export async function deleteRelationLinks(trx: DbTransaction, model: StoredModel, rows: RemovedRows, removed: RemovedDocument | null, context: LinkedContext): Promise<void> {
  for (const link of context.registry.links) {
    if (link.owner.uid === model.uid && rows.ids.length > 0) {
      const locales = link.targetLocalized ? await linkLocales(trx, link, LINK_COLUMNS.entity, rows.ids) : [null];
      for (const locale of locales) {
        const partition = { locale, status: isDraftAndPublish(link.owner) ? rows.status : null };
        const loaded = await loadLinks(trx, link, { entities: rows.ids, targetsOfEntities: link.inverseMany ? rows.ids : [] }, partition);
        if (loaded.links.length === 0) continue;
        await writeLinkPlan(trx, link, planLinkChanges(loaded, link, rows.ids.map((entity) => ({ side: 'owner', entity, list: [] }))), partition);
      }
    }
    if (removed !== null && link.target.uid === model.uid) {
      const locales = !link.targetLocalized ? [null] : removed.locale !== null ? [removed.locale] : await linkLocales(trx, link, LINK_COLUMNS.target, [removed.documentId]);
      const statuses: (Status | null)[] = isDraftAndPublish(link.owner) ? ['draft', 'published'] : [null];
      for (const locale of locales) {
        for (const status of statuses) {
          const partition = { locale, status };
          const loaded = await loadLinks(trx, link, { targets: [removed.documentId], ownersOfTargets: link.ownerMany ? [removed.documentId] : [] }, partition);
          if (loaded.links.length === 0) continue;
          await writeLinkPlan(trx, link, planLinkChanges(loaded, link, [{ side: 'inverse', target: removed.documentId, list: [] }]), partition);
        }
      }
    }
  }
}
