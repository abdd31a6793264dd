/**
 * The diff between a link table's rows and what they must become after some lists are set:
 * which links to delete, which to insert, which to renumber. Pure, so that every rule of
 * cardinality and order is tested without a database.
 */

/** A stored link (see schema/relation-link.ts): owner row → target document, with both orders. */
export interface StoredLink {
  readonly id: number;
  readonly entity: number;
  readonly target: string;
  readonly targetOrd: number | null;
  readonly entityOrd: number | null;
}

export interface NewLink {
  readonly entity: number;
  readonly target: string;
  readonly targetOrd: number | null;
  readonly entityOrd: number | null;
}

/** What the link table's relation allows (RelationLink's flags). */
export interface LinkShape {
  readonly ownerMany: boolean;
  readonly inverseMany: boolean;
  readonly targetExclusive: boolean;
}

/**
 * Links loaded for a plan, and which lists they hold entirely: a list is renumbered or read
 * only when it is complete (loading a few links of a list and renumbering them would corrupt it).
 */
export interface LoadedLinks {
  readonly links: readonly StoredLink[];
  /** Owner rows whose every link is loaded. */
  readonly owners: ReadonlySet<number>;
  /** Target documents whose every link is loaded. */
  readonly targets: ReadonlySet<string>;
}

/** Set the owner row's targets (in order), or the target document's owner rows (in order). */
export type ListChange = { readonly side: 'owner'; readonly entity: number; readonly list: readonly string[] } | { readonly side: 'inverse'; readonly target: string; readonly list: readonly number[] };

export interface LinkUpdate {
  readonly id: number;
  readonly targetOrd?: number | null;
  readonly entityOrd?: number | null;
}

export interface LinkPlan {
  readonly deletes: readonly number[];
  readonly inserts: readonly NewLink[];
  /** Stored links whose orders change: the new value of each order that changes. */
  readonly updates: readonly LinkUpdate[];
}

interface Live {
  readonly stored: StoredLink | null;
  readonly entity: number;
  readonly target: string;
  /** Creation order of new links: they go to the end of lists not set explicitly, in this order. */
  readonly seq: number;
  targetOrd: number | null;
  entityOrd: number | null;
}

function incomplete(what: string): never {
  throw new Error(`Link plan needs the complete list of ${what}, which was not loaded`);
}

/** Position of a link in a list not set explicitly: stored ones by their order, then new ones. */
function byStoredOrder(order: (link: Live) => number | null) {
  return (a: Live, b: Live): number => {
    if ((a.stored === null) !== (b.stored === null)) return a.stored === null ? 1 : -1;
    if (a.stored === null || b.stored === null) return a.seq - b.seq;
    const x = order(a) ?? Number.MAX_SAFE_INTEGER;
    const y = order(b) ?? Number.MAX_SAFE_INTEGER;
    return x !== y ? x - y : a.stored.id - b.stored.id;
  };
}

function insert<K>(index: Map<K, Set<Live>>, key: K, link: Live): void {
  const set = index.get(key);
  if (set) set.add(link);
  else index.set(key, new Set([link]));
}

/** The live links, indexed by owner row and by target document. */
class LinkIndex {
  readonly all = new Set<Live>();
  private readonly byEntity = new Map<number, Set<Live>>();
  private readonly byTarget = new Map<string, Set<Live>>();

  add(link: Live): void {
    this.all.add(link);
    insert(this.byEntity, link.entity, link);
    insert(this.byTarget, link.target, link);
  }

  delete(link: Live): void {
    this.all.delete(link);
    this.byEntity.get(link.entity)?.delete(link);
    this.byTarget.get(link.target)?.delete(link);
  }

  ofEntity(entity: number): Live[] {
    return [...(this.byEntity.get(entity) ?? [])];
  }

  ofTarget(target: string): Live[] {
    return [...(this.byTarget.get(target) ?? [])];
  }
}

/** Sorts a list set explicitly by its given order. */
function byGivenOrder<K>(given: readonly K[], keyOf: (link: Live) => K) {
  const rank = new Map(given.map((key, index) => [key, index]));
  return (a: Live, b: Live): number => (rank.get(keyOf(a)) ?? 0) - (rank.get(keyOf(b)) ?? 0);
}

export function planLinkChanges(loaded: LoadedLinks, shape: LinkShape, changes: readonly ListChange[]): LinkPlan {
  const live = new LinkIndex();
  loaded.links.forEach((stored, seq) => live.add({ stored, entity: stored.entity, target: stored.target, seq, targetOrd: stored.targetOrd, entityOrd: stored.entityOrd }));
  let seq = loaded.links.length;
  const touchedOwners = new Set<number>();
  const touchedTargets = new Set<string>();
  const ownerOrder = new Map<number, readonly string[]>();
  const targetOrder = new Map<string, readonly number[]>();
  const touch = (link: Live): void => {
    touchedOwners.add(link.entity);
    touchedTargets.add(link.target);
  };
  const remove = (link: Live): void => {
    live.delete(link);
    touch(link);
  };
  const add = (entity: number, target: string): void => {
    const link: Live = { stored: null, entity, target, seq: seq++, targetOrd: null, entityOrd: null };
    live.add(link);
    touch(link);
  };

  for (const change of changes) {
    if (change.side === 'owner') {
      if (!loaded.owners.has(change.entity)) incomplete(`owner row ${change.entity}`);
      const wanted = new Set(change.list);
      const current = live.ofEntity(change.entity);
      for (const link of current) if (!wanted.has(link.target)) remove(link);
      const kept = new Set(current.filter((link) => wanted.has(link.target)).map((link) => link.target));
      for (const target of change.list) {
        if (kept.has(target)) continue;
        if (shape.targetExclusive) {
          // oneToOne, oneToMany: the target leaves the owner it had.
          if (!loaded.targets.has(target)) incomplete(`target ${target}`);
          for (const link of live.ofTarget(target)) remove(link);
        }
        add(change.entity, target);
      }
      touchedOwners.add(change.entity);
      ownerOrder.set(change.entity, change.list);
    } else {
      if (!loaded.targets.has(change.target)) incomplete(`target ${change.target}`);
      const wanted = new Set(change.list);
      const current = live.ofTarget(change.target);
      for (const link of current) if (!wanted.has(link.entity)) remove(link);
      const kept = new Set(current.filter((link) => wanted.has(link.entity)).map((link) => link.entity));
      for (const entity of change.list) {
        if (kept.has(entity)) continue;
        if (!shape.ownerMany) {
          // The owner side holds one target (manyToOne, oneToOne): it leaves the one it had.
          if (!loaded.owners.has(entity)) incomplete(`owner row ${entity}`);
          for (const link of live.ofEntity(entity)) remove(link);
        }
        add(entity, change.target);
      }
      touchedTargets.add(change.target);
      targetOrder.set(change.target, change.list);
    }
  }

  // Every touched list is renumbered 1..n: an explicitly set list in its given order, the
  // others in their stored order with new links at the end.
  if (shape.ownerMany) {
    for (const entity of touchedOwners) {
      if (!loaded.owners.has(entity)) incomplete(`owner row ${entity}`);
      const explicit = ownerOrder.get(entity);
      const list = live.ofEntity(entity);
      list.sort(explicit ? byGivenOrder(explicit, (link) => link.target) : byStoredOrder((link) => link.targetOrd));
      list.forEach((link, index) => (link.targetOrd = index + 1));
    }
  }
  if (shape.inverseMany) {
    for (const target of touchedTargets) {
      if (!loaded.targets.has(target)) incomplete(`target ${target}`);
      const explicit = targetOrder.get(target);
      const list = live.ofTarget(target);
      list.sort(explicit ? byGivenOrder(explicit, (link) => link.entity) : byStoredOrder((link) => link.entityOrd));
      list.forEach((link, index) => (link.entityOrd = index + 1));
    }
  }

  const survivors = new Set([...live.all].map((link) => link.stored));
  const deletes = loaded.links.filter((link) => !survivors.has(link)).map((link) => link.id);
  const inserts: NewLink[] = [];
  const updates: LinkUpdate[] = [];
  for (const link of live.all) {
    const { stored, entity, target, targetOrd, entityOrd } = link;
    if (stored === null) inserts.push({ entity, target, targetOrd, entityOrd });
    else if (stored.targetOrd !== targetOrd || stored.entityOrd !== entityOrd) {
      updates.push({ id: stored.id, ...(stored.targetOrd !== targetOrd ? { targetOrd } : {}), ...(stored.entityOrd !== entityOrd ? { entityOrd } : {}) });
    }
  }
  return { deletes, inserts, updates };
}
