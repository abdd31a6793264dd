import type { DbTransaction } from '../db/database.js';
import type { DocumentQuery } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import type { Document } from './document.js';
import type { DocumentWrite, WriteMode } from './model-write.js';

/**
 * Who makes a write, when it is an admin user (the content manager): their id goes to the
 * version's `created_by_id` on insert and `updated_by_id` on every write, as Strapi's private
 * `createdBy`/`updatedBy` relations to admin::user. Writes without one (content API, project
 * code) leave both columns as they are, and cost nothing more.
 */
export interface WriteActor {
  readonly adminUserId: number;
  readonly origin: 'content-manager' | 'media-library';
}

/** The write that creates a new locale of a document, given the document's shared values (as API data). */
export type Localize = (base: Readonly<Record<string, unknown>>) => DocumentWrite;

/** A check run inside a write's transaction, after its locks and before the insert (see CreateRequest.guard). */
export type WriteGuard = (trx: DbTransaction) => Promise<void>;

/**
 * Rows a plugin keeps beside a write (the media library's folder links of files), written in the
 * write's transaction once its documents are: they commit with it, or neither does. A write
 * that has one never runs as a lone statement.
 */
export type WriteAlongside = (trx: DbTransaction, documents: readonly Document[]) => Promise<void>;

/**
 * What a single type's PUT writes, for the case that applies: defaults and required attributes
 * only on create; `base` holds shared values when a new locale is created, and `joining` says
 * so (shared attributes left out of the body come from the document).
 */
export type SingleWrite = (mode: WriteMode, base: Readonly<Record<string, unknown>>, joining: boolean) => DocumentWrite;

/** Versions of the query's status and locale ('*': every locale). */
export interface FindManyRequest {
  readonly query: DocumentQuery;
}

/** The document's version of the query's status and locale. */
export interface FindOneRequest {
  readonly query: DocumentQuery;
  readonly documentId: string;
}

/** The document of a single type, if it exists (in the query's status and locale). */
export interface FindFirstRequest {
  readonly query: DocumentQuery;
}

/** The documentId of a single type's document, in any locale and status. */
export interface SingleDocumentIdRequest {
  readonly contentType: ContentType;
}

/**
 * A document in the query's locale: its draft, published at once unless the query's status is
 * `draft` (types without Draft & Publish have only the published version).
 */
export interface CreateRequest {
  readonly write: DocumentWrite;
  readonly query: DocumentQuery;
  /**
   * Runs inside the write's transaction, after its locks and before the insert: checks that
   * must see what concurrent writers committed (a plugin's own uniqueness rule) throw there.
   */
  readonly guard?: WriteGuard;
  readonly actor?: WriteActor;
}

/** Several documents of the query's content-type in one transaction: all are created, or none. */
export interface CreateManyRequest {
  readonly writes: readonly DocumentWrite[];
  readonly query: DocumentQuery;
  readonly actor?: WriteActor;
  readonly alongside?: WriteAlongside;
}

/**
 * The document's version in the query's locale (its draft, then published unless the status is
 * `draft`). Without `localize`, a document with no version in that locale is not found; with
 * it, that locale's version is created from the write it returns for the document's shared
 * values (docs/versions.md).
 */
export interface UpdateRequest {
  readonly documentId: string;
  readonly write: DocumentWrite;
  readonly query: DocumentQuery;
  readonly localize?: Localize;
  readonly actor?: WriteActor;
  /** Runs with the updated document (not when there was none to update). */
  readonly alongside?: WriteAlongside;
}

/** A single type's PUT: updates its document, or creates it when there is none, in one transaction. */
export interface PutSingleRequest {
  readonly contentType: ContentType;
  readonly writeFor: SingleWrite;
  readonly query: DocumentQuery;
  readonly actor?: WriteActor;
}

/** Every version of the document in `locale` ('*': all locales). */
export interface DeleteRequest {
  readonly contentType: ContentType;
  readonly documentId: string;
  readonly locale: string;
}

/** A Draft & Publish action (publish, unpublish, discard the draft) on the version of the query's locale. */
export interface VersionActionRequest {
  readonly contentType: ContentType;
  readonly documentId: string;
  readonly query: DocumentQuery;
  readonly actor?: WriteActor;
}

/** One operation of a batch: an existing document's update, delete or Draft & Publish action. */
export type BatchOperation =
  | { readonly action: 'update'; readonly request: UpdateRequest }
  | { readonly action: 'delete'; readonly request: DeleteRequest }
  | { readonly action: 'publish' | 'unpublish' | 'discardDraft'; readonly request: VersionActionRequest };

/** What each operation of a batch returned, as the operation alone returns it (a document or null; a delete: whether it removed something). */
export type BatchResult = Document | boolean | null;

/**
 * Several operations in one transaction, in order: all are written, or none (a bulk publish with
 * one invalid draft publishes nothing). Each is still its own operation for the project's hooks
 * and events: seen once, its events recorded in the shared transaction.
 */
export interface BatchRequest {
  readonly operations: readonly BatchOperation[];
  /** Rows a plugin writes in the batch's transaction after its operations (the media library's folders of a bulk delete). */
  readonly alongside?: (trx: DbTransaction, results: readonly BatchResult[]) => Promise<void>;
}
