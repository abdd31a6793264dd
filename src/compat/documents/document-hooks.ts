import type { DocumentAction, DocumentCall, DocumentInterceptor, DocumentReads, RequestOf, ResultOf, RunOperation } from '../../core/documents/document-interceptor.js';
import type { Document, DocumentPage } from '../../core/documents/document.js';
import { toOffsetLimit } from '../../core/query/document-query.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import { applyParams, copyParams, paramsOf, type DocumentParams, type ParseContext } from './document-params.js';
import { createDocumentMiddlewares, type DocumentMiddleware, type DocumentMiddlewareAction, type DocumentMiddlewareContext } from './document-middlewares.js';
import type { LifecycleKind, LifecycleModel, LifecycleParams } from './lifecycle-event.js';
import { createLifecycleProvider, type LifecycleProperties, type LifecycleProvider } from './lifecycle-provider.js';
import { lifecycleModelOf } from './lifecycle-model.js';
import { toStrapiContentType, type StrapiContentType } from './strapi-content-type.js';

export interface DocumentHooksOptions {
  /**
   * What parsing a parameter a hook changed needs: read on the first such change, so the hooks
   * can exist before the locales (the document service needs them first).
   */
  readonly parse: () => ParseContext;
}

/**
 * A project's hooks on the document service: Strapi's database lifecycles and document
 * middlewares. `interceptor` goes to the document services (createDocumentService, the model
 * runtime); `lifecycles` is `strapi.db.lifecycles`; `use` is `strapi.documents.use`.
 */
export interface DocumentHooks {
  readonly interceptor: DocumentInterceptor;
  readonly lifecycles: LifecycleProvider;
  use(middleware: DocumentMiddleware): void;
}

/** The middleware action of each operation; null: not one of Strapi's document service actions (lifecycles only). */
const MIDDLEWARE_ACTIONS: Readonly<Record<DocumentAction, DocumentMiddlewareAction | null>> = {
  findMany: 'findMany',
  findOne: 'findOne',
  findFirst: 'findFirst',
  count: 'count',
  create: 'create',
  createMany: null,
  update: 'update',
  // A single type's PUT: Strapi's core service updates the document (creating it when missing).
  putSingle: 'update',
  delete: 'delete',
  publish: 'publish',
  unpublish: 'unpublish',
  discardDraft: 'discardDraft',
};

/**
 * The lifecycle events of each logical operation: exactly one pair. Tessera writes versions in
 * place, so publish, unpublish and discard-draft change the document's versions and are
 * announced as the update they are (Strapi 5 fires create and delete events per row for them);
 * see docs/custom-code.md.
 */
const LIFECYCLE_KINDS: Readonly<Record<DocumentAction, LifecycleKind>> = {
  findMany: 'FindMany',
  findOne: 'FindOne',
  findFirst: 'FindOne',
  count: 'Count',
  create: 'Create',
  createMany: 'Create',
  update: 'Update',
  putSingle: 'Update',
  delete: 'Delete',
  publish: 'Update',
  unpublish: 'Update',
  discardDraft: 'Update',
};

/** What a version action announces as written: `publishedAt` set by publish, cleared by unpublish. */
const VERSION_DATA: Partial<Record<DocumentAction, () => Record<string, unknown>>> = {
  publish: () => ({ publishedAt: new Date() }),
  unpublish: () => ({ publishedAt: null }),
  discardDraft: () => ({}),
};

type AnyResult = ResultOf<DocumentAction>;

const defined = (entries: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

/** Document service params → `event.params` (Strapi's query-engine names) of an event of `kind`. */
function toLifecycleParams(call: DocumentCall, params: DocumentParams, kind: LifecycleKind): LifecycleParams {
  const { action } = call;
  const request = call.request as RequestOf<DocumentAction>;
  const shape = defined({ select: params.fields, populate: params.populate });
  if (kind === 'FindMany' || kind === 'FindOne' || kind === 'Count') {
    const where = action === 'findOne' ? { ...(isRecord(params.filters) ? params.filters : {}), documentId: params.documentId } : params.filters;
    const page = action === 'findMany' && 'query' in request ? toOffsetLimit(request.query.pagination) : null;
    return { ...defined({ where, orderBy: params.sort }), ...(kind === 'Count' ? {} : shape), ...(page ? defined({ limit: page.limit ?? undefined, offset: page.offset }) : {}) };
  }
  if (kind === 'Create') return { data: params.data as Record<string, unknown>, ...shape };
  const locale = 'query' in request ? request.query.locale : params.locale;
  const where = defined({ documentId: params.documentId, locale });
  if (kind === 'Delete') return { where };
  const versionData = VERSION_DATA[action];
  return { where, data: versionData ? versionData() : (params.data as Record<string, unknown>), ...shape };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `event.params` → document service params, for what a before-hook may change. */
function fromLifecycleParams(call: DocumentCall, event: LifecycleParams, params: DocumentParams): DocumentParams {
  const { action } = call;
  const next: DocumentParams = { ...params };
  if (action !== 'count' && action !== 'delete') [next.fields, next.populate] = [event.select, event.populate];
  if (action === 'findMany' || action === 'findOne' || action === 'findFirst' || action === 'count') {
    next.sort = event.orderBy;
    if (action === 'findOne' && isRecord(event.where)) {
      const { documentId, ...filters } = event.where;
      next.documentId = documentId;
      next.filters = Object.keys(filters).length > 0 || params.filters !== undefined ? filters : undefined;
    } else next.filters = event.where;
    const request = call.request as RequestOf<DocumentAction>;
    const page = action === 'findMany' && 'query' in request ? toOffsetLimit(request.query.pagination) : null;
    if (page && (event.limit !== (page.limit ?? undefined) || event.offset !== page.offset)) {
      delete next.pagination;
      next.start = event.offset;
      next.limit = event.limit;
    }
    return next;
  }
  if (isRecord(event.where) && typeof event.where.documentId === 'string') next.documentId = event.where.documentId;
  // A version action copies versions: what its hooks do to `data` is not written.
  if (action === 'create' || action === 'update' || action === 'putSingle') next.data = event.data;
  return next;
}

/** The operation's result as Strapi hands it to project code. */
function toStrapiResult(call: DocumentCall, result: AnyResult, params: DocumentParams): unknown {
  if (call.action === 'findMany') return (result as DocumentPage).documents;
  if (call.action === 'delete') return result === true ? { documentId: params.documentId, entries: [] } : null;
  return result;
}

/** What a middleware returned → the operation's result type. */
function fromStrapiResult(call: DocumentCall, output: unknown, result: AnyResult | undefined): AnyResult {
  switch (call.action) {
    case 'findMany':
      if (!Array.isArray(output)) throw new TypeError('A document middleware of findMany returned something other than a list');
      return { documents: output as Document[], total: (result as DocumentPage | undefined)?.total ?? null };
    case 'count':
      if (typeof output !== 'number') throw new TypeError('A document middleware of count returned something other than a number');
      return output;
    case 'delete':
      return output !== null && output !== undefined && output !== false;
    default:
      if (output !== null && typeof output !== 'object') throw new TypeError(`A document middleware of ${call.action} returned something other than a document or null`);
      return output as Document | null;
  }
}

/** Whether the operation did something an after-hook reports (an update of nothing fires none, as in Strapi). */
function happened(call: DocumentCall, result: AnyResult): boolean {
  if (call.action === 'findMany' || call.action === 'findOne' || call.action === 'findFirst' || call.action === 'count') return true;
  return result !== null && result !== false;
}

export function createDocumentHooks({ parse }: DocumentHooksOptions): DocumentHooks {
  const lifecycles = createLifecycleProvider();
  const middlewares = createDocumentMiddlewares();
  const models = new WeakMap<ContentType, { readonly model: LifecycleModel; readonly contentType: StrapiContentType }>();
  const viewsOf = (contentType: ContentType) => {
    let views = models.get(contentType);
    if (!views) {
      const strapiType = toStrapiContentType(contentType);
      views = { contentType: strapiType, model: lifecycleModelOf(contentType, strapiType) };
      models.set(contentType, views);
    }
    return views;
  };

  async function createManyWithLifecycles(call: DocumentCall<'createMany'>, run: RunOperation<'createMany'>): Promise<Document[]> {
    const { model } = viewsOf(call.contentType);
    const prepared = [];
    for (const write of call.request.writes) {
      const single: DocumentCall<'create'> = { action: 'create', contentType: call.contentType, request: { write, query: call.request.query } };
      const params = paramsOf(single);
      const properties: LifecycleProperties = { params: toLifecycleParams(single, copyParams(params), 'Create') };
      const states = await lifecycles.run('beforeCreate', model, properties);
      const request = applyParams(single, params, fromLifecycleParams(single, properties.params, params), parse());
      prepared.push({ write: request.write, properties, states });
    }
    const documents = await run({ ...call.request, writes: prepared.map(({ write }) => write) });
    for (const [index, document] of documents.entries()) {
      const item = prepared[index];
      if (item) await lifecycles.run('afterCreate', model, { params: item.properties.params, result: document }, item.states);
    }
    return documents;
  }

  /** The kind of event a single type's PUT is: the create of its document when there is none yet, else its update. */
  async function putSingleKind(call: DocumentCall, reads: DocumentReads): Promise<'Create' | 'Update'> {
    return (await reads.singleDocumentId({ contentType: call.contentType })) === null ? 'Create' : 'Update';
  }

  /**
   * The document's version an operation on an existing document acts on, read before it and
   * outside its transaction: published first for a delete (afterDelete's `result`), the draft
   * first otherwise. undefined when the locale is '*' (every locale: not checked).
   */
  async function currentVersion(call: DocumentCall, reads: DocumentReads): Promise<Document | null | undefined> {
    const request = call.request as RequestOf<DocumentAction>;
    const { contentType } = call;
    if (!('documentId' in request)) return undefined;
    const locale = 'query' in request ? request.query.locale : 'locale' in request ? request.locale : '*';
    if (locale === '*') return undefined;
    const { registry, locales, rest } = parse();
    const read = (status: 'draft' | 'published') => reads.findOne({ query: parseDocumentQuery({ status, locale }, { contentType, rest, registry, locales, filtersChooseLocale: false }), documentId: request.documentId });
    if (!contentType.draftAndPublish) return read('published');
    const [first, second] = call.action === 'delete' ? (['published', 'draft'] as const) : (['draft', 'published'] as const);
    return (await read(first)) ?? read(second);
  }

  /** Operations on one existing document: Strapi fires their events only when there is one. */
  const ON_EXISTING: ReadonlySet<DocumentAction> = new Set(['update', 'delete', 'publish', 'unpublish', 'discardDraft']);

  /** The lifecycle events around the operation: before-hooks ahead of its transaction, after-hooks once it committed. */
  async function withLifecycles(call: DocumentCall, run: RunOperation<DocumentAction>, reads: DocumentReads): Promise<AnyResult> {
    const uid = call.contentType.uid;
    let kind = LIFECYCLE_KINDS[call.action];
    if (call.action === 'putSingle') {
      if (!lifecycles.listens(uid, 'Create') && !lifecycles.listens(uid, 'Update')) return run(call.request);
      kind = await putSingleKind(call, reads);
    } else if (!lifecycles.listens(uid, kind)) return run(call.request);
    if (call.action === 'createMany') return createManyWithLifecycles(call as DocumentCall<'createMany'>, run as RunOperation<'createMany'>);
    // A document that is not there is a 404 without events (a beforeUpdate reading it would fail on null).
    const existing = ON_EXISTING.has(call.action) ? await currentVersion(call, reads) : undefined;
    // An update that may create the document's version in a new locale: not known missing until it runs.
    const newLocale = call.action === 'update' && call.contentType.localized && (call.request as RequestOf<'update'>).localize !== undefined;
    if (existing === null && !newLocale) return run(call.request);
    const { model } = viewsOf(call.contentType);
    const params = paramsOf(call);
    const properties: LifecycleProperties = { params: toLifecycleParams(call, copyParams(params), kind) };
    const states = await lifecycles.run(`before${kind}`, model, properties);
    const request = applyParams(call, params, fromLifecycleParams(call, properties.params, params), parse());
    const redirected = (request as { readonly documentId?: string }).documentId !== (call.request as { readonly documentId?: string }).documentId;
    const removed = call.action === 'delete' ? (redirected ? await currentVersion({ ...call, request }, reads) : existing) : undefined;
    const result = await run(request);
    if (!happened(call, result)) return result;
    const reported = call.action === 'delete' ? (removed ?? { documentId: (request as RequestOf<'delete'>).documentId }) : toStrapiResult(call, result, params);
    await lifecycles.run(`after${kind}`, model, { params: properties.params, result: reported }, states);
    return result;
  }

  async function intercept(call: DocumentCall, run: RunOperation<DocumentAction>, reads: DocumentReads): Promise<AnyResult> {
    let action = MIDDLEWARE_ACTIONS[call.action];
    if (middlewares.size === 0 || action === null) return withLifecycles(call, run, reads);
    if (call.action === 'putSingle' && (await putSingleKind(call, reads)) === 'Create') action = 'create';
    const params = paramsOf(call);
    const context: DocumentMiddlewareContext = { uid: call.contentType.uid, contentType: viewsOf(call.contentType).contentType, action, params: copyParams(params) };
    let result: AnyResult | undefined;
    const output = await middlewares.run(context, async () => {
      const request = applyParams(call, params, context.params, parse());
      result = await withLifecycles({ ...call, request }, run, reads);
      return toStrapiResult(call, result, context.params);
    });
    return fromStrapiResult(call, output, result);
  }

  return {
    interceptor: {
      get active() {
        return middlewares.size > 0 || lifecycles.active;
      },
      // The call and its operation are of the same action A: widened inside, the result is A's.
      intercept: <A extends DocumentAction>(call: DocumentCall<A>, run: RunOperation<A>, reads: DocumentReads) =>
        intercept(call, run as unknown as RunOperation<DocumentAction>, reads) as Promise<ResultOf<A>>,
    },
    lifecycles,
    use: (middleware) => middlewares.use(middleware),
  };
}
