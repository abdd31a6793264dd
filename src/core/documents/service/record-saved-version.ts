import type { Executor } from '../../db/database.js';
import type { WriteActor } from '../document-requests.js';
import type { SavedVersion } from '../version-history.js';
import type { DocumentContext } from './document-context.js';
import { readDocument } from './read-document.js';

/** Whether a write by this actor keeps a history version now (so that it runs as a transaction: write-plan.ts). */
export function keepsHistory(context: DocumentContext, actor: WriteActor | undefined): boolean {
  return actor !== undefined && context.history?.current != null;
}

/** Records the saved version in the write's transaction, when a history is kept and the write has an actor. */
export async function recordSavedVersion(context: DocumentContext, executor: Executor, actor: WriteActor | undefined, saved: Omit<SavedVersion, 'actor' | 'read'>): Promise<void> {
  const history = context.history?.current;
  if (!actor || !history) return;
  await history.record(executor, { ...saved, actor, read: (query) => readDocument(context, executor, query, saved.documentId) });
}
