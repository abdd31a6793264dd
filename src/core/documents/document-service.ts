import type { Database } from '../db/database.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { DEFAULT_REST_CONFIG } from '../config/app-config.js';
import type { Document, DocumentPage } from './document.js';
import type {
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
import { findFirst, findMany, findOne, findSingleDocumentId } from './service/find-documents.js';
import { createDocuments } from './service/create-documents.js';
import { updateDocument } from './service/update-document.js';
import { putSingle } from './service/put-single.js';
import { deleteDocument } from './service/delete-document.js';
import { discardDraft, publishDocument, unpublishDocument } from './service/version-actions.js';

export type { Localize, WriteGuard } from './document-requests.js';

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
}

export interface DocumentServiceOptions {
  readonly database: Database;
  readonly registry: SchemaRegistry;
  /** The clock, so tests can fix time. */
  readonly now?: () => Date;
  /** The most objects one populated answer may hold (`api.rest.maxResponseItems`). */
  readonly maxResponseItems?: number;
}

export function createDocumentService({ database, registry, now = () => new Date(), maxResponseItems = DEFAULT_REST_CONFIG.maxResponseItems }: DocumentServiceOptions): DocumentService {
  const context = createDocumentContext({ database, registry, now, maxResponseItems });
  return {
    findMany: (request) => findMany(context, request),
    findOne: (request) => findOne(context, request),
    findFirst: (request) => findFirst(context, request),
    create: async ({ write, query, guard }) => {
      const [document] = await createDocuments(context, { writes: [write], query, guard });
      if (!document) throw new Error('A create returned no document');
      return document;
    },
    createMany: (request) => createDocuments(context, request),
    update: (request) => updateDocument(context, request),
    delete: (request) => deleteDocument(context, request),
    putSingle: (request) => putSingle(context, request),
    singleDocumentId: (request) => findSingleDocumentId(context, request),
    publish: (request) => publishDocument(context, request),
    unpublish: (request) => unpublishDocument(context, request),
    discardDraft: (request) => discardDraft(context, request),
  };
}
