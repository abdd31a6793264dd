import type { Executor } from '../../db/database.js';
import type { WriteActor } from '../document-requests.js';
import type { SavedVersion } from '../version-history.js';
import type { DocumentContext } from './document-context.js';
import { readDocument } from './read-document.js';

/**
 * Whether a write by this actor keeps a history version now (so that it runs as a transaction:
 * write-plan.ts). Only the content manager's saves do, as in Strapi: the media library's writes
 * carry an actor for their creator, not for history.
 */
export function keepsHistory(context: DocumentContext, actor: WriteActor | undefined): boolean {
  return actor?.origin === 'content-manager' && context.history?.current != null;
}

/** Records the saved version in the write's transaction, when a history is kept and the write has an actor. */
export async function recordSavedVersion(context: DocumentContext, executor: Executor, actor: WriteActor | undefined, saved: Omit<SavedVersion, 'actor' | 'read'>): Promise<void> {
  const history = context.history?.current;
  if (!actor || !history || !keepsHistory(context, actor)) return;
  await history.record(executor, { ...saved, actor, read: (query) => readDocument(context, executor, query, saved.documentId) });
}
