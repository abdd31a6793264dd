import type { Dialect } from '../db/dialect.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { Status } from '../query/document-query.js';

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

/**
 * The version a write works on: its locale (a code), and its status — `draft` when the request
 * saves only the draft, `published` when it saves and publishes. Relation lists to localized
 * targets are written in `locale`; `status` tells inverse-side writes of a Draft & Publish type
 * whether they reach the owners' published versions too (docs/versions.md, "Inverse sides").
 */
export interface WriteVersion {
  readonly locale: string;
  readonly status: Status;
}

/** What writes of links and components need: the context, and the version written. */
export interface WriteContext extends LinkedContext {
  readonly version: WriteVersion;
}
