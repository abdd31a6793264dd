import type { Dialect } from '../../db/dialect.js';
import type { ContentType } from '../../schema/content-type.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { hasLinks, linkTablesAround, linkTablesOf } from '../link-tables.js';
import { writesLinks, type DocumentWrite } from '../model-write.js';

/**
 * How one write runs, chosen once from the request and the content-type before anything is
 * executed; the executors follow it and choose nothing themselves.
 *
 * Locks are always taken in one order — the link tables (sorted), then the content-type's
 * table — and before the write's first read: under MySQL's REPEATABLE READ every plain read
 * of a transaction sees the snapshot of its first one, and a snapshot taken before the lock hid
 * values the previous holder committed (two documents stored one unique value,
 * test/cluster/concurrent-writes on MariaDB). One order means two writers never wait on each
 * other in a cycle.
 */
export type WritePlan = StatementPlan | TransactionPlan;

/** One statement, atomic by itself (retried on a serialization failure): no transaction, no locks. */
export interface StatementPlan {
  readonly execution: 'statement';
}

export interface TransactionPlan {
  readonly execution: 'transaction';
  /** Link tables whose write lock is taken first, sorted. */
  readonly linkLocks: readonly string[];
  /**
   * The content-type table's lock (the unique-check lock, which also serialises the creation of
   * versions): `before-read` taken with the link locks; `at-unique-check` taken by the
   * uniqueness check only when the write holds unique or uid values to check.
   */
  readonly tableLock: 'before-read' | 'at-unique-check';
  /**
   * The document's version rows are read FOR UPDATE (PostgreSQL and MySQL; SQLite's single
   * writer holds them anyway): a plain type's lone DELETE takes none of the locks above, and a
   * row it removed between the read and the UPDATE left nothing to read back.
   */
  readonly lockVersionRows: boolean;
}

/** The write a plan is made for: its operation and what the plan depends on. */
export type PlannedWrite =
  | { readonly operation: 'create'; readonly contentType: ContentType; readonly writes: readonly DocumentWrite[] }
  /** `populates`: the response reads linked rows back, or rows are written alongside (UpdateRequest.alongside): one statement cannot do either. */
  | { readonly operation: 'update'; readonly write: DocumentWrite; readonly populates: boolean }
  /** `write` is the body as an update: the link tables any body of the PUT could touch. */
  | { readonly operation: 'put-single'; readonly contentType: ContentType; readonly write: DocumentWrite }
  | { readonly operation: 'delete'; readonly contentType: ContentType }
  | { readonly operation: 'version-action'; readonly contentType: ContentType };

export interface PlanContext {
  readonly dialect: Dialect;
  readonly registry: SchemaRegistry;
  /** Changes are announced (an outbox row in the write's transaction): no write runs as a lone statement. */
  readonly announces?: boolean;
}

/**
 * Writes to a type with versions (Draft & Publish or locales) create, copy and delete rows of a
 * document: they hold the type's table lock, so that two writers never both create a
 * document's published version or a locale, and every link table around the type (publishing
 * and deleting copy or remove links on both sides). Plain types have one row per document.
 */
function versioned(contentType: ContentType): boolean {
  return contentType.draftAndPublish || contentType.localized;
}

/** Whether a write holds a value of a unique or uid attribute (null included: the check decides). */
function holdsUniqueValues(write: DocumentWrite): boolean {
  return [...write.values.keys()].some((attribute) => attribute.unique || attribute.type === 'uid');
}

function aroundType(contentType: ContentType, registry: SchemaRegistry): TransactionPlan {
  return { execution: 'transaction', linkLocks: linkTablesAround(contentType, registry), tableLock: 'before-read', lockVersionRows: false };
}

/** The writes that always run in a transaction (they read before they write). */
type TransactionWrite = Extract<PlannedWrite, { readonly operation: 'create' | 'put-single' | 'version-action' }>;

export function planWrite(planned: TransactionWrite, context: PlanContext): TransactionPlan;
export function planWrite(planned: PlannedWrite, context: PlanContext): WritePlan;
export function planWrite(planned: PlannedWrite, { dialect, registry, announces = false }: PlanContext): WritePlan {
  switch (planned.operation) {
    case 'create': {
      if (versioned(planned.contentType)) return aroundType(planned.contentType, registry);
      const links = [...new Set(planned.writes.flatMap((write) => linkTablesOf(write, registry)))].sort();
      return { execution: 'transaction', linkLocks: links, tableLock: 'at-unique-check', lockVersionRows: false };
    }
    case 'update': {
      const { write, populates } = planned;
      const { contentType } = write;
      const unique = holdsUniqueValues(write);
      // The change and the row it left in one round trip, selected exactly as a read by
      // documentId would select it: only a plain row with nothing around it to write or read.
      if (!versioned(contentType) && !unique && dialect.updateReturning && !writesLinks(write) && !populates && !announces) return { execution: 'statement' };
      if (versioned(contentType)) return { ...aroundType(contentType, registry), lockVersionRows: dialect.rowLocks };
      return { execution: 'transaction', linkLocks: linkTablesOf(write, registry), tableLock: unique ? 'before-read' : 'at-unique-check', lockVersionRows: dialect.rowLocks };
    }
    case 'put-single': {
      // Two first PUTs must not both find the type empty and create two documents: the table
      // lock is always taken, and the link tables any body could touch before it.
      const { contentType } = planned;
      const links = versioned(contentType) ? linkTablesAround(contentType, registry) : linkTablesOf(planned.write, registry);
      return { execution: 'transaction', linkLocks: links, tableLock: 'before-read', lockVersionRows: dialect.rowLocks };
    }
    case 'delete':
      // A plain row that owns no links and is no link's target goes in one DELETE.
      if (!versioned(planned.contentType) && !hasLinks(planned.contentType, registry)) {
        if (!announces) return { execution: 'statement' };
        // The row is read (for the event) before it goes: locked, so that what is announced is what was deleted.
        return { execution: 'transaction', linkLocks: [], tableLock: 'at-unique-check', lockVersionRows: dialect.rowLocks };
      }
      return aroundType(planned.contentType, registry);
    case 'version-action':
      return aroundType(planned.contentType, registry);
  }
}
