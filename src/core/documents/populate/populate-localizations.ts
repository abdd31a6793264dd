import type { Executor } from '../../db/database.js';
import type { LocalizationsPopulate } from '../../query/document-query.js';
import { visibleVersion } from '../../query/compile/visible-version.js';
import { spendRows } from './answer-size.js';
import type { PopulateBatch, PopulateContext, Row } from './populate-context.js';
import { and, decodeRows, groupByParent, keyChunks, keyIn, outputColumns, PARENT_KEY, ref, ROW_ALIAS, type Select } from './populate-sql.js';

/**
 * `localizations` on every parent row: the document's versions in the other locales, with the
 * read's status, oldest locale version first. One statement per 2000 documents; each parent
 * leaves out its own locale (read from the row, or the read's locale when `fields` left it out).
 */
export async function populateLocalizations(executor: Executor, parents: readonly Row[], node: LocalizationsPopulate, context: PopulateContext): Promise<PopulateBatch[]> {
  const rows: Row[] = [];
  const version = visibleVersion(node.model, ROW_ALIAS, { status: context.status, locale: '*' });
  for (const keys of keyChunks(parents, (row) => row.documentId)) {
    const select = executor
      .selectFrom(`${node.model.collectionName} as ${ROW_ALIAS}`)
      .select([ref(ROW_ALIAS, 'document_id').as(PARENT_KEY), ...outputColumns(context.dialect, node.model, node.fields, ROW_ALIAS, true)])
      .where(and([keyIn(ref(ROW_ALIAS, 'document_id'), keys), version]))
      .orderBy(ref(ROW_ALIAS, 'id')) as unknown as Select;
    const read = (await select.execute()) as Row[];
    spendRows(context.budget, read.length);
    rows.push(...read);
  }
  const groups = groupByParent(rows);
  decodeRows(node.model, rows);
  const shown: Row[] = [];
  for (const parent of parents) {
    const own = parent.locale ?? context.locale;
    const others = (groups.get(String(parent.documentId)) ?? []).filter((row) => row.locale !== own);
    parent.localizations = others;
    shown.push(...others);
  }
  return shown.length > 0 && node.populate.length > 0 ? [{ model: node.model, rows: [...new Set(shown)], populate: node.populate }] : [];
}
