import type { RelationChange, RelationItem, RelationPosition } from './relation-write.js';

/** A resolved reference: the key the list is made of, and the documentId messages name. */
export interface Resolved<K> {
  readonly key: K;
  readonly label: string;
}

export type ResolvedChange<K> = RelationChange<Resolved<K>>;
type ResolvedItem<K> = RelationItem<Resolved<K>>;

/** A change that cannot be applied (a duplicate, a circular or missing anchor); the caller makes it a 400. */
export class RelationOrderError extends Error {}

export const CIRCULAR_MESSAGE = 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it';

export function duplicateMessage(label: string): string {
  return `The relation with id ${label} is already connected. You cannot connect the same relation twice.`;
}

function anchorOf<K>(position: RelationPosition<Resolved<K>> | null): Resolved<K> | null {
  if (position === null) return null;
  if ('before' in position) return position.before;
  if ('after' in position) return position.after;
  return null;
}

function positionText<K>(position: RelationPosition<Resolved<K>> | null): string {
  if (position === null) return '{"end":true}';
  if ('before' in position) return JSON.stringify({ before: position.before.label });
  if ('after' in position) return JSON.stringify({ after: position.after.label });
  return JSON.stringify(position);
}

function checkUnique<K>(items: readonly ResolvedItem<K>[]): void {
  const seen = new Set<K>();
  for (const item of items) {
    if (seen.has(item.ref.key)) throw new RelationOrderError(duplicateMessage(item.ref.label));
    seen.add(item.ref.key);
  }
}

/**
 * Whether every item names an anchor that is in the list already or connected earlier in the
 * array: the reference then places the items in array order as they are, every anchor being
 * in place when its item comes, and looks for no chain (so no loop either).
 */
function anchoredInOrder<K>(connect: readonly ResolvedItem<K>[], initial: ReadonlySet<K>): boolean {
  const earlier = new Set<K>();
  return connect.every((item) => {
    const anchor = anchorOf(item.position);
    const placed = anchor !== null && (initial.has(anchor.key) || earlier.has(anchor.key));
    earlier.add(item.ref.key);
    return placed;
  });
}

/**
 * The order connect items are placed in (the reference's rule): an item whose anchor is
 * neither in the list already nor the item itself is placed right after its anchor's own
 * item, wherever that is in the array. A chain that comes back to itself is circular; an
 * anchor found nowhere fails, or (not strict) the item goes to the end. When every anchor is
 * in place already (`anchoredInOrder`) the array's order stands; an item anchored to itself
 * is circular either way (the reference fails on it with an error that is not a 400).
 */
function placementOrder<K>(connect: readonly ResolvedItem<K>[], initial: ReadonlySet<K>, strict: boolean): ResolvedItem<K>[] {
  if (anchoredInOrder(connect, initial)) {
    if (connect.some((item) => anchorOf(item.position)?.key === item.ref.key)) throw new RelationOrderError(CIRCULAR_MESSAGE);
    return [...connect];
  }
  const byKey = new Map(connect.map((item) => [item.ref.key, item]));
  const done = new Set<K>();
  const ordered: ResolvedItem<K>[] = [];
  const visit = (item: ResolvedItem<K>, branch: ReadonlySet<K>): void => {
    const anchor = anchorOf(item.position);
    if (anchor !== null && (anchor.key === item.ref.key || branch.has(anchor.key))) throw new RelationOrderError(CIRCULAR_MESSAGE);
    if (done.has(item.ref.key)) return;
    done.add(item.ref.key);
    if (anchor === null || initial.has(anchor.key)) {
      ordered.push(item);
      return;
    }
    const anchorItem = byKey.get(anchor.key);
    if (anchorItem !== undefined) {
      visit(anchorItem, new Set([...branch, item.ref.key]));
      ordered.push(item);
    } else if (strict) {
      throw new RelationOrderError(
        `There was a problem connecting relation with id ${item.ref.label} at position ${positionText(item.position)}. The relation with id ${anchor.label} needs to be connected first.`,
      );
    } else ordered.push({ ref: item.ref, position: { end: true } });
  };
  for (const item of connect) visit(item, new Set());
  return ordered;
}

function place<K>(list: K[], item: ResolvedItem<K>): void {
  const existing = list.indexOf(item.ref.key);
  if (existing >= 0) list.splice(existing, 1);
  const position = item.position;
  if (position !== null && 'start' in position) {
    list.unshift(item.ref.key);
    return;
  }
  const anchor = anchorOf(position);
  const at = anchor === null ? -1 : list.indexOf(anchor.key);
  if (at < 0) list.push(item.ref.key);
  else list.splice(position !== null && 'after' in position ? at + 1 : at, 0, item.ref.key);
}

/**
 * A list's content after a change, from its current content: the whole of the relation
 * logic that does not touch the database. `many`: false for a to-one side, which keeps only
 * the last item set or connected (positions then mean nothing).
 */
export function orderRelationList<K>(current: readonly K[], change: ResolvedChange<K>, many: boolean): K[] {
  if (change.mode === 'set') {
    checkUnique(change.items);
    const keys = change.items.map((item) => item.ref.key);
    return many ? keys : keys.slice(-1);
  }
  checkUnique(change.connect);
  const disconnected = new Set(change.disconnect.map((ref) => ref.key));
  const list = current.filter((key) => !disconnected.has(key));
  if (!many) return change.connect.length > 0 ? [change.connect[change.connect.length - 1]!.ref.key] : list.slice(-1);
  for (const item of placementOrder(change.connect, new Set(list), change.strict)) place(list, item);
  return list;
}
