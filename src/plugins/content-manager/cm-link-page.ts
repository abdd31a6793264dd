import type { Database } from '../../core/db/database.js';
import type { Status } from '../../core/query/document-query.js';
import { LINK_COLUMNS, type RelationLink } from '../../core/schema/relation-link.js';

export interface LinkPage {
  /** The linked documents of the page, newest link first, with the locale the link names (localized targets). */
  readonly targets: readonly { readonly documentId: string; readonly locale: string | null }[];
  /** How many links the read shows in all. */
  readonly total: number;
}

/**
 * One page of the documents a row links through the owning side of a relation, newest link
 * first (the reverse of the stored order), and their number: two statements whatever the
 * number of links. A link counts when the target has the version the read shows (`status`:
 * drafts from a draft, published versions from a published row; in the link's locale), as the
 * document service's populate would show it. Links naming their version (`target_status`) are
 * not read here (the caller reads those few through populate).
 */
export async function linkPage(database: Database, link: RelationLink, rowId: number, status: Status, page: { readonly offset: number; readonly limit: number }): Promise<LinkPage> {
  const { target } = link;
  const base = database.db
    .selectFrom(`${link.table} as l`)
    .where(`l.${LINK_COLUMNS.entity}`, '=', rowId)
    .where((eb) => {
      let version = eb.selectFrom(`${target.collectionName} as t`).select('t.id').whereRef('t.document_id', '=', `l.${LINK_COLUMNS.target}`);
      if (link.targetLocalized) version = version.whereRef('t.locale', '=', `l.${LINK_COLUMNS.targetLocale}`);
      if (target.draftAndPublish) version = version.where('t.published_at', status === 'draft' ? 'is' : 'is not', null);
      return eb.exists(version);
    });
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0 || page.offset >= total) return { targets: [], total };
  let rows = base.select([`l.${LINK_COLUMNS.target} as document_id`, ...(link.targetLocalized ? [`l.${LINK_COLUMNS.targetLocale} as locale`] : [])]);
  if (link.ownerMany) rows = rows.orderBy(`l.${LINK_COLUMNS.targetOrder}`, 'desc');
  const found = await rows.orderBy(`l.${LINK_COLUMNS.id}`, 'desc').limit(page.limit).offset(page.offset).execute();
  return {
    targets: found.map((row: Record<string, unknown>) => ({ documentId: String(row.document_id), locale: typeof row.locale === 'string' ? row.locale : null })),
    total,
  };
}
