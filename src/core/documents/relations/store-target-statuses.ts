import type { DbTransaction } from '../../db/database.js';
import { LINK_COLUMNS, type RelationSide } from '../../schema/relation-link.js';
import type { LinkPartition } from './link-store.js';
import type { RelationWrite } from './relation-write.js';
import type { RefResolver } from './resolve-relation-refs.js';

/**
 * Stores which version of its target each written link names (spec, Relation management 9), on
 * links from a type without Draft & Publish to one with it: an item's `status`, or null (the
 * read's status) for an item without one. One UPDATE per status named. The link rows exist:
 * the list was written just before.
 */
export async function storeTargetStatuses(trx: DbTransaction, write: RelationWrite, side: RelationSide, rowId: number, partition: LinkPartition, resolver: RefResolver): Promise<void> {
  if (side.side !== 'owner' || !side.link.targetStatus) return;
  const items = write.mode === 'set' ? write.items : write.connect;
  const byStatus = new Map<string | null, string[]>();
  for (const { ref } of items) {
    const document = resolver.lookup(side.other, ref);
    if (!document) continue;
    const status = ref.status ?? null;
    byStatus.set(status, [...(byStatus.get(status) ?? []), document.documentId]);
  }
  for (const [status, documents] of byStatus) {
    let update = trx
      .updateTable(side.link.table)
      .set({ [LINK_COLUMNS.targetStatus]: status })
      .where(LINK_COLUMNS.entity, '=', rowId)
      .where(LINK_COLUMNS.target, 'in', documents);
    if (partition.locale !== null) update = update.where(LINK_COLUMNS.targetLocale, '=', partition.locale);
    await update.execute();
  }
}
