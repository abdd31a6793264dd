import type { PopulateNode, Status } from '../../query/document-query.js';
import type { StoredModel } from '../../schema/model.js';
import type { LinkedContext } from '../linked-context.js';

/** What populating needs: populated documents follow the status and locale of the read. */
export interface PopulateContext extends LinkedContext {
  readonly status: Status;
  /** A locale code, or '*'. */
  readonly locale: string;
}

/** A row as read and decoded; populating adds keys to it. */
export type Row = Record<string, unknown>;

/** Rows of one model and what to populate in them: the unit of work of one level. */
export interface PopulateBatch {
  readonly model: StoredModel;
  readonly rows: readonly Row[];
  readonly populate: readonly PopulateNode[];
}
