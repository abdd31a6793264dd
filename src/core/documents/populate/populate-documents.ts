import type { Executor } from '../../db/database.js';
import type { PopulateNode } from '../../query/document-query.js';
import type { StoredModel } from '../../schema/model.js';
import { populateComponent, populateZone } from './populate-components.js';
import type { PopulateBatch, PopulateContext, Row } from './populate-context.js';
import { populateRelation } from './populate-relation.js';
import { populateLocalizations } from './populate-localizations.js';

export type { PopulateContext } from './populate-context.js';

function populateNode(executor: Executor, model: StoredModel, rows: readonly Row[], node: PopulateNode, context: PopulateContext): Promise<PopulateBatch[]> {
  switch (node.kind) {
    case 'relation':
      return populateRelation(executor, rows, node, context);
    case 'component':
      return populateComponent(executor, model, rows, node, context);
    case 'dynamiczone':
      return populateZone(executor, model, rows, node, context);
    case 'localizations':
      return populateLocalizations(executor, rows, node, context);
  }
}

/**
 * Adds the populated attributes to rows already read and decoded, level by level. Each
 * populated attribute of a level is read with one statement for all the rows of that level
 * (two or more only past 2000 parent keys; a dynamic zone takes one per component kind) and
 * stitched in memory, so the number of statements follows the populate tree, never the
 * number of rows.
 */
export async function populateRows(executor: Executor, model: StoredModel, rows: readonly Record<string, unknown>[], populate: readonly PopulateNode[], context: PopulateContext): Promise<void> {
  let level: PopulateBatch[] = [{ model, rows, populate }];
  while (level.length > 0) {
    const next: PopulateBatch[] = [];
    for (const batch of level) {
      if (batch.rows.length === 0) continue;
      // One after the other: reads inside a write's transaction share its single connection.
      for (const node of batch.populate) next.push(...(await populateNode(executor, batch.model, batch.rows, node, context)));
    }
    level = next;
  }
}
