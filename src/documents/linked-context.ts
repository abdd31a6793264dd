import type { Dialect } from '../db/dialect.js';
import type { SchemaRegistry } from '../schema/registry.js';

/** What reads and writes of links and components need besides the executor. */
export interface LinkedContext {
  readonly dialect: Dialect;
  readonly registry: SchemaRegistry;
}

/** The row that owns links or components being written: a document's version or a component item. */
export interface OwnerRow {
  readonly rowId: number;
  /** null for component rows. */
  readonly documentId: string | null;
  /** The row was inserted by this write: it owns nothing yet, so nothing stored needs reading. */
  readonly created?: boolean;
}
