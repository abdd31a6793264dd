import type { ContentType } from '../schema/content-type.js';
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

/** Each operation of the document service a hook may wrap: its request and its result. */
export interface DocumentOperations {
  readonly findMany: { readonly request: FindManyRequest; readonly result: DocumentPage };
  readonly findOne: { readonly request: FindOneRequest; readonly result: Document | null };
  readonly findFirst: { readonly request: FindFirstRequest; readonly result: Document | null };
  readonly count: { readonly request: FindManyRequest; readonly result: number };
  readonly create: { readonly request: CreateRequest; readonly result: Document };
  readonly createMany: { readonly request: CreateManyRequest; readonly result: Document[] };
  readonly update: { readonly request: UpdateRequest; readonly result: Document | null };
  readonly putSingle: { readonly request: PutSingleRequest; readonly result: Document };
  readonly delete: { readonly request: DeleteRequest; readonly result: boolean };
  readonly publish: { readonly request: VersionActionRequest; readonly result: Document | null };
  readonly unpublish: { readonly request: VersionActionRequest; readonly result: Document | null };
  readonly discardDraft: { readonly request: VersionActionRequest; readonly result: Document | null };
}

export type DocumentAction = keyof DocumentOperations;
export type RequestOf<A extends DocumentAction> = DocumentOperations[A]['request'];
export type ResultOf<A extends DocumentAction> = DocumentOperations[A]['result'];

/** One call of the document service, as a hook sees it. */
export interface DocumentCall<A extends DocumentAction = DocumentAction> {
  readonly action: A;
  readonly contentType: ContentType;
  readonly request: RequestOf<A>;
}

/** Runs the operation itself with a (possibly changed) request: its transaction is committed when it resolves. */
export type RunOperation<A extends DocumentAction> = (request: RequestOf<A>) => Promise<ResultOf<A>>;

/**
 * Reads for the code around an operation (what a delete removes, whether a single type's
 * document exists), made outside it and not intercepted: they announce nothing.
 */
export interface DocumentReads {
  findOne(request: FindOneRequest): Promise<Document | null>;
  singleDocumentId(request: SingleDocumentIdRequest): Promise<string | null>;
}

/**
 * Code that wraps every logical operation of the document service, whoever calls it (REST,
 * GraphQL, the admin API, plugins, project code): project lifecycles and document middlewares
 * (src/compat), later the change events. It runs around the operation's transaction, never
 * inside it: what it sees after `run` resolves is committed, and a rolled-back write never
 * reaches the code after `run` (it rejects instead).
 */
export interface DocumentInterceptor {
  /**
   * Read on every call: false sends the call straight to the operation, so a project without
   * hooks pays one property read. Hooks are added after the service exists (in `bootstrap`).
   */
  readonly active: boolean;
  intercept<A extends DocumentAction>(call: DocumentCall<A>, run: RunOperation<A>, reads: DocumentReads): Promise<ResultOf<A>>;
}

/**
 * Several interceptors as one (project hooks, change events…): the first is outermost, and one
 * that is inactive is skipped for the call.
 */
export function composeInterceptors(interceptors: readonly DocumentInterceptor[]): DocumentInterceptor {
  return {
    get active() {
      return interceptors.some((interceptor) => interceptor.active);
    },
    intercept<A extends DocumentAction>(call: DocumentCall<A>, run: RunOperation<A>, reads: DocumentReads): Promise<ResultOf<A>> {
      const step =
        (index: number): RunOperation<A> =>
        (request) => {
          const interceptor = interceptors[index];
          if (!interceptor) return run(request);
          if (!interceptor.active) return step(index + 1)(request);
          return interceptor.intercept({ ...call, request }, step(index + 1), reads);
        };
      return step(0)(call.request);
    },
  };
}
