import type { Executor } from '../db/database.js';
import type { DocumentQuery } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import type { Document } from './document.js';
import type { WriteActor } from './document-requests.js';

/** The saves a history keeps a version for (the content manager's create, update, publish, unpublish and discard). */
export type SavedAction = 'create' | 'update' | 'publish' | 'unpublish' | 'discard';

/** One save by an admin user: the document's version (its locale) as the save left it. */
export interface SavedVersion {
  readonly contentType: ContentType;
  readonly documentId: string;
  /** The locale saved (the default one's code on a type without i18n is never used: null there). */
  readonly locale: string | null;
  readonly action: SavedAction;
  /** Who saved, passed with the request (never read from a global). */
  readonly actor: WriteActor;
  /**
   * Reads this document in the write's transaction (what the save left, not yet committed), as
   * the query asks: a read outside it would wait for the transaction (SQLite) or miss the save.
   */
  readonly read: (query: DocumentQuery) => Promise<Document | null>;
}

/**
 * Keeps a version of each document a write with an actor saved, INSIDE that write's
 * transaction: the version is stored if and only if the save is. The content manager's
 * history (plugins/content-manager/history) is the one implementation.
 */
export interface VersionHistory {
  record(executor: Executor, saved: SavedVersion): Promise<void>;
}

/**
 * Where the document service finds the history: created empty by the composition root before
 * the plugins register, filled by the plugin that keeps one. Empty, writes pay nothing.
 */
export interface VersionHistorySlot {
  readonly current: VersionHistory | null;
  set(history: VersionHistory | null): void;
}

export function createVersionHistorySlot(): VersionHistorySlot {
  let current: VersionHistory | null = null;
  return {
    get current() {
      return current;
    },
    set(history) {
      current = history;
    },
  };
}
