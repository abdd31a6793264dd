import type { PopulateNode, Status } from '../../query/document-query.js';
import type { StoredModel } from '../../schema/model.js';
import type { LinkedContext } from '../linked-context.js';

/**
 * The rows one populated read may take from the database, counted across its statements: a row
 * read is written out at least once (a parent's item, or a list parents share), so more rows
 * than `limit` mean an answer larger than `limit`, and the read stops there instead of reading on.
 * (A few rows are read without being written — a document's own locale among its localizations,
 * other pairs of a localized inverse list — so the bound may be met a little early there.)
 * Rows are counted after each statement: a `LIMIT` on populate statements would stop one
 * statement earlier, but it made SQLite choose slower plans for every populated read (the
 * bench's populate page: 1,830–1,900 µs of CPU per request against 1,630 without).
 */
export interface RowBudget {
  readonly limit: number;
  read: number;
}

/** What populating needs: populated documents follow the status and locale of the read. */
export interface PopulateContext extends LinkedContext {
  readonly status: Status;
  /** A locale code, or '*'. */
  readonly locale: string;
  /** The rows the read may take (answer-size.ts); none for the reads a write makes of its own rows. */
  readonly budget?: RowBudget;
}

/** A row as read and decoded; populating adds keys to it. */
export type Row = Record<string, unknown>;

/** Rows of one model and what to populate in them: the unit of work of one level. */
export interface PopulateBatch {
  readonly model: StoredModel;
  readonly rows: readonly Row[];
  readonly populate: readonly PopulateNode[];
}
