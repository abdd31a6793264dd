import type { Database, DbTransaction } from '../db/database.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { DEFAULT_REST_CONFIG } from '../config/app-config.js';
import type { Document, DocumentPage } from './document.js';
import type {
  BatchRequest,
  BatchResult,
  CreateManyRequest,
  CreateRequest,
  DeleteRequest,
  FindFirstRequest,
  FindManyRequest,
  FindOneRequest,
  PutSingleRequest,
  SingleDocumentIdRequest,
  UpdateRequest,
  VersionActionRequest,
} from './document-requests.js';
import { createDocumentContext } from './service/document-context.js';
import { countDocuments, findFirst, findMany, findOne, findSingleDocumentId } from './service/find-documents.js';
import { createDocuments } from './service/create-documents.js';
import { updateDocument } from './service/update-document.js';
import { putSingle } from './service/put-single.js';
import { deleteDocument, deleteLocaleVersions } from './service/delete-document.js';
import { discardDraft, publishDocument, unpublishDocument } from './service/version-actions.js';
import { runBatch } from './service/run-batch.js';
import { interceptBatch } from './intercept-batch.js';
import type { DocumentAction, DocumentInterceptor, DocumentReads, RequestOf, ResultOf } from './document-interceptor.js';
import type { ContentType } from '../schema/content-type.js';
import type { ChangeRecorder } from '../events/change-recorder.js';
import type { VersionHistorySlot } from './version-history.js';

export type { BatchOperation, BatchResult, Localize, WriteActor, WriteGuard } from './document-requests.js';

/**
 * The only data API the transports call. It knows content-types, documents and SQL, and
 * nothing of HTTP. Each operation takes one request object (document-requests.ts). Every
 * write runs as its WritePlan says (service/write-plan.ts) — one transaction, or one statement
 * atomic by itself — and is read back through the same read path as a GET, so a write's
 * response is exactly what a later read returns.
 */
export interface DocumentService {
  findMany(request: FindManyRequest): Promise<DocumentPage>;
  findOne(request: FindOneRequest): Promise<Document | null>;
  findFirst(request: FindFirstRequest): Promise<Document | null>;
  /** How many versions match the query's filters, status and locale (its pagination is ignored). */
  count(request: FindManyRequest): Promise<number>;
  create(request: CreateRequest): Promise<Document>;
  createMany(request: CreateManyRequest): Promise<Document[]>;
  /** null when no document has this documentId, or when it has no version in the locale and no `localize` is given. */
  update(request: UpdateRequest): Promise<Document | null>;
  /** false when there was no version to delete. */
  delete(request: DeleteRequest): Promise<boolean>;
  putSingle(request: PutSingleRequest): Promise<Document>;
  singleDocumentId(request: SingleDocumentIdRequest): Promise<string | null>;
  /** Draft & Publish actions; null when the version does not exist. */
  publish(request: VersionActionRequest): Promise<Document | null>;
  unpublish(request: VersionActionRequest): Promise<Document | null>;
  discardDraft(request: VersionActionRequest): Promise<Document | null>;
  /**
   * Updates, deletes and Draft & Publish actions of several documents in one transaction (all or
   * none: the first failure rolls every one back); each operation's result, in order. The
   * project's hooks see each operation once, as if called alone (after-hooks after the commit),
   * and each records its own events.
   */
  batch(request: BatchRequest): Promise<BatchResult[]>;
  /**
   * Removes every version written in a locale, of every localized type, inside the caller's
   * transaction (a locale being deleted: its row goes in the same one); the number of
   * documents that lost a version. Project hooks do not run (as in the reference, which
   * removes them with a query, not through its document service).
   */
  deleteLocaleVersions(trx: DbTransaction, locale: string): Promise<number>;
}

export interface DocumentServiceOptions {
  readonly database: Database;
  readonly registry: SchemaRegistry;
  /** The clock, so tests can fix time. */
  readonly now?: () => Date;
  /** The most objects one populated answer may hold (`api.rest.maxResponseItems`). */
  readonly maxResponseItems?: number;
  /** Project hooks around every operation (src/compat: lifecycles, document middlewares); none costs nothing. */
  readonly interceptor?: DocumentInterceptor;
  /** Where each committed write is announced, inside its transaction (the event outbox); none, or inactive, costs nothing. */
  readonly changes?: ChangeRecorder;
  /** The app's log (what a write does otherwise than asked without failing, e.g. an event's entry left unpopulated). */
  readonly log?: (message: string) => void;
  /** The history content-manager saves keep a version in, inside their transaction (version-history.ts). */
  readonly history?: VersionHistorySlot;
}

type Operation<A extends DocumentAction> = (request: RequestOf<A>) => Promise<ResultOf<A>>;

/** The operation as called: through the interceptor while it is active, straight otherwise. */
function intercepted<A extends DocumentAction>(interceptor: DocumentInterceptor | undefined, reads: DocumentReads, action: A, contentTypeOf: (request: RequestOf<A>) => ContentType, run: Operation<A>): Operation<A> {
  if (!interceptor) return run;
  return (request) => (interceptor.active ? interceptor.intercept({ action, contentType: contentTypeOf(request), request }, run, reads) : run(request));
}

export function createDocumentService({ database, registry, now = () => new Date(), maxResponseItems = DEFAULT_REST_CONFIG.maxResponseItems, interceptor, changes, log, history }: DocumentServiceOptions): DocumentService {
  const context = createDocumentContext({ database, registry, now, maxResponseItems, ...(changes ? { changes } : {}), ...(log ? { log } : {}), ...(history ? { history } : {}) });
  const byQuery = (request: { readonly query: { readonly contentType: ContentType } }): ContentType => request.query.contentType;
  const byType = (request: { readonly contentType: ContentType }): ContentType => request.contentType;
  const reads: DocumentReads = { findOne: (request) => findOne(context, request), singleDocumentId: (request) => findSingleDocumentId(context, request) };
  return {
    findMany: intercepted(interceptor, reads, 'findMany', byQuery, (request) => findMany(context, request)),
    findOne: intercepted(interceptor, reads, 'findOne', byQuery, (request) => findOne(context, request)),
    findFirst: intercepted(interceptor, reads, 'findFirst', byQuery, (request) => findFirst(context, request)),
    count: intercepted(interceptor, reads, 'count', byQuery, (request) => countDocuments(context, request)),
    create: intercepted(interceptor, reads, 'create', byQuery, async ({ write, query, guard, actor }) => {
      const [document] = await createDocuments(context, { writes: [write], query, guard, actor });
      if (!document) throw new Error('A create returned no document');
      return document;
    }),
    createMany: intercepted(interceptor, reads, 'createMany', byQuery, (request) => createDocuments(context, request)),
    update: intercepted(interceptor, reads, 'update', byQuery, (request) => updateDocument(context, request)),
    delete: intercepted(interceptor, reads, 'delete', byType, (request) => deleteDocument(context, request)),
    putSingle: intercepted(interceptor, reads, 'putSingle', byType, (request) => putSingle(context, request)),
    singleDocumentId: (request) => findSingleDocumentId(context, request),
    publish: intercepted(interceptor, reads, 'publish', byType, (request) => publishDocument(context, request)),
    unpublish: intercepted(interceptor, reads, 'unpublish', byType, (request) => unpublishDocument(context, request)),
    discardDraft: intercepted(interceptor, reads, 'discardDraft', byType, (request) => discardDraft(context, request)),
    batch: (request) => {
      const run = (operations: BatchRequest['operations']) => runBatch(context, { ...request, operations });
      return interceptor?.active ? interceptBatch(interceptor, reads, request.operations, run) : run(request.operations);
    },
    deleteLocaleVersions: (trx, locale) => deleteLocaleVersions(context, trx, locale),
  };
}
