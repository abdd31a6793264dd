import type { RowPair } from './row-pair.js';
import type { RowValues } from './row-values.js';

/** A stored component item: its row, owner, attribute, position and copied values. */
export interface StoredItem {
  readonly id: number;
  /** uid of the component (the table it lives in). */
  readonly kind: string;
  readonly parentId: number;
  readonly field: string;
  readonly order: number;
  readonly values: RowValues;
}

export interface ItemMatch {
  readonly from: StoredItem;
  readonly to: StoredItem;
}

export interface ItemInsert {
  readonly from: StoredItem;
  /** The `to` row that gets a new item like `from`, at `from`'s position. */
  readonly parentId: number;
}

/** How the `to` rows' items become copies of the `from` rows' items. */
export interface ItemPlan {
  readonly matches: readonly ItemMatch[];
  readonly deletes: readonly StoredItem[];
  readonly inserts: readonly ItemInsert[];
}

function listKey(parentId: number, field: string): string {
  return `${parentId}:${field}`;
}

/**
 * Matches items by position: the k-th item of an attribute in `to` is kept (and updated) when
 * the k-th item in `from` is of the same component kind; otherwise it is deleted and a new one
 * is inserted. Positions are ranks by parent_ord, so items of every kind of a dynamic zone share
 * one sequence. Pure: the rules are tested without a database.
 */
export function matchItems(pairs: readonly RowPair[], fields: readonly string[], items: readonly StoredItem[]): ItemPlan {
  const lists = new Map<string, StoredItem[]>();
  for (const item of items) {
    const key = listKey(item.parentId, item.field);
    const list = lists.get(key);
    if (list) list.push(item);
    else lists.set(key, [item]);
  }
  for (const list of lists.values()) list.sort((a, b) => a.order - b.order || a.id - b.id);

  const matches: ItemMatch[] = [];
  const deletes: StoredItem[] = [];
  const inserts: ItemInsert[] = [];
  for (const pair of pairs) {
    for (const field of fields) {
      const source = lists.get(listKey(pair.from, field)) ?? [];
      const target = pair.fresh ? [] : (lists.get(listKey(pair.to, field)) ?? []);
      for (let index = 0; index < Math.max(source.length, target.length); index += 1) {
        const from = source[index];
        const to = target[index];
        if (from && to && from.kind === to.kind) {
          matches.push({ from, to });
          continue;
        }
        if (to) deletes.push(to);
        if (from) inserts.push({ from, parentId: pair.to });
      }
    }
  }
  return { matches, deletes, inserts };
}
