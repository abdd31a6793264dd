import type { Executor } from '../../db/database.js';
import type { PopulateNode, Status } from '../../query/document-query.js';
import type { StoredModel } from '../../schema/model.js';
import type { LinkedContext } from '../linked-context.js';

/** What populating needs: populated documents follow the status and locale of the read. */
export interface PopulateContext extends LinkedContext {
  readonly status: Status;
  readonly locale: string | null;
}

/**
 * Adds the populated attributes to rows already read (being built): one statement per
 * populated attribute and level, whatever the number of rows.
 */
export async function populateRows(_executor: Executor, _model: StoredModel, _rows: readonly Record<string, unknown>[], populate: readonly PopulateNode[], _context: PopulateContext): Promise<void> {
  if (populate.length > 0) throw new Error('Populate is not implemented yet');
}
