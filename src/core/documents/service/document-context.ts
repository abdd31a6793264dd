import type { Database } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import { StatementShapes } from '../../db/statement-shapes.js';
import type { ContentType } from '../../schema/content-type.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { createRowDecoder, type RowDecoder } from '../decode-row.js';
import type { Document } from '../document.js';
import type { LinkedContext } from '../linked-context.js';
import type { VersionContext } from '../versions/version-operations.js';
import type { ChangeRecorder } from '../../events/change-recorder.js';
import type { PopulateNode } from '../../query/document-query.js';
import type { VersionHistorySlot } from '../version-history.js';

/** Statement shapes kept per service (content-types × field lists and written column sets). */
const STATEMENT_CACHE_SIZE = 256;

/** What every operation of one document service shares: storage, model, clock and caches. */
export interface DocumentContext {
  readonly database: Database;
  readonly dialect: Dialect;
  readonly registry: SchemaRegistry;
  readonly linked: LinkedContext;
  readonly versions: VersionContext;
  /** The clock's now, encoded for a datetime column. */
  readonly timestamp: () => unknown;
  /** Stored rows → documents (decoders are built once per content-type). */
  readonly decode: (contentType: ContentType, rows: readonly Record<string, unknown>[]) => Document[];
  /** Reads by documentId and writes are compiled once per shape; only their values change. */
  readonly shapes: StatementShapes;
  /** The most objects one populated answer may hold (`api.rest.maxResponseItems`). */
  readonly maxResponseItems: number;
  /** The clock (events' `createdAt`). */
  readonly now: () => Date;
  /** Where committed changes are announced, inside their transaction (service/announce-change.ts). */
  readonly changes: ChangeRecorder | undefined;
  /** Whether writes announce now: a one-statement write becomes a transaction then (write-plan.ts). */
  readonly announces: boolean;
  /** What an event's entry populates, per content-type, built at its first event (announce-change.ts). */
  readonly eventPopulates: WeakMap<ContentType, readonly PopulateNode[]>;
  /** The app's log: what a write does otherwise than asked, without failing, is said there. */
  readonly log: (message: string) => void;
  /** The history writes with an actor keep a version in (service/record-saved-version.ts); none: no history. */
  readonly history: VersionHistorySlot | undefined;
}

export interface DocumentContextOptions {
  readonly database: Database;
  readonly registry: SchemaRegistry;
  readonly now: () => Date;
  readonly maxResponseItems: number;
  readonly changes?: ChangeRecorder;
  readonly log?: (message: string) => void;
  readonly history?: VersionHistorySlot;
}

export function createDocumentContext({ database, registry, now, maxResponseItems, changes, history, log = () => undefined }: DocumentContextOptions): DocumentContext {
  const { dialect } = database;
  const linked: LinkedContext = { dialect, registry };
  const decoders = new Map<ContentType, RowDecoder>();
  const timestamp = (): unknown => dialect.encode('datetime', now().toISOString());
  return {
    database,
    dialect,
    registry,
    linked,
    versions: { ...linked, timestamp },
    timestamp,
    decode: (contentType, rows) => {
      let decoder = decoders.get(contentType);
      if (!decoder) decoders.set(contentType, (decoder = createRowDecoder(contentType)));
      return rows.map(decoder);
    },
    shapes: new StatementShapes(STATEMENT_CACHE_SIZE),
    maxResponseItems,
    now,
    changes,
    history,
    get announces() {
      return changes?.active === true;
    },
    eventPopulates: new WeakMap(),
    log,
  };
}
