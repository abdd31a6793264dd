import type { DbTransaction } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import type { Status } from '../../query/document-query.js';
import type { ContentType } from '../../schema/content-type.js';
import { columnTypeOf } from '../../schema/to-table-model.js';
import { allValues, selectColumns } from './row-values.js';

/**
 * Copies the shared attributes (`pluginOptions.i18n.localized: false`) of a just-written row to
 * the document's other locales of the same status: shared values are one per document and
 * status (docs/versions.md). Read then written, because MySQL cannot UPDATE a table from a
 * subquery on itself. Nothing to do on types without shared attributes.
 */
export async function syncSharedValues(trx: DbTransaction, dialect: Dialect, contentType: ContentType, rowId: number, documentId: string, status: Status): Promise<void> {
  if (!contentType.localized) return;
  const shared = contentType.scalarAttributes.filter((attribute) => attribute.shared).map((attribute) => ({ column: attribute.column, type: columnTypeOf(attribute.type) }));
  if (shared.length === 0) return;
  const source = await trx.selectFrom(contentType.collectionName).select(selectColumns(dialect, shared)).where('id', '=', rowId).executeTakeFirst();
  if (!source) return;
  let update = trx.updateTable(contentType.collectionName).set(allValues(dialect, shared, source)).where('document_id', '=', documentId).where('id', '<>', rowId);
  if (contentType.draftAndPublish) update = update.where('published_at', status === 'draft' ? 'is' : 'is not', null);
  await update.execute();
}
