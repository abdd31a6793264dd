import type { AuthService } from '../core/auth/auth-service.js';
import { NotFoundError } from '../core/shared/errors.js';
import type { ContentType } from '../core/schema/content-type.js';
import { begin, collectionHandlers, singleHandlers, type ContentApiContext, type ContentHandler, type ContentReply, type ContentRequest } from '../transports/content-actions.js';
import type { KoaContext } from './koa-context.js';
import { authFor, type RequestPrincipals } from './request-auth.js';
import type { CoreAction } from './core-routes.js';

/** What the core controllers run on: the content model being served and the auth service. */
export interface CoreControllerEnv {
  /** The content API's context for the model served now (the content-type builder may change it). */
  current(): ContentApiContext;
  readonly auth: AuthService;
  readonly principals: RequestPrincipals;
}

/** The core controller of a content-type: the five actions and the helpers `this.*` offers. */
export interface CoreController {
  find(ctx: KoaContext): Promise<unknown>;
  findOne(ctx: KoaContext): Promise<unknown>;
  create(ctx: KoaContext): Promise<unknown>;
  update(ctx: KoaContext): Promise<unknown>;
  delete(ctx: KoaContext): Promise<unknown>;
  validateQuery(ctx: KoaContext): Promise<void>;
  sanitizeQuery(ctx: KoaContext): Promise<Record<string, unknown>>;
  sanitizeInput(data: unknown, ctx: KoaContext): Promise<unknown>;
  sanitizeOutput(data: unknown, ctx: KoaContext): Promise<unknown>;
  transformResponse(data: unknown, meta?: unknown): { data: unknown; meta: unknown };
}

/** What a handler did with its reply: the status it set and what it sent (a stream for a large answer). */
class CapturedReply implements ContentReply {
  status: number | undefined;
  sent = false;
  payload: unknown;
  contentType: string | undefined;
  code(status: number): ContentReply {
    this.status = status;
    return this;
  }
  type(contentType: string): ContentReply {
    this.contentType = contentType;
    return this;
  }
  send(payload?: unknown): ContentReply {
    this.sent = true;
    this.payload = payload;
    return this;
  }
}

/** Attributes a client never writes: Strapi's sanitizeInput drops them. */
const NOT_WRITABLE = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy']);

function hiddenAttributes(contentType: ContentType): ReadonlySet<string> {
  const hidden = new Set<string>();
  for (const [name, attribute] of contentType.attributes) {
    const raw = attribute as { readonly type?: string; readonly private?: boolean };
    if (raw.private === true || raw.type === 'password') hidden.add(name);
  }
  return hidden;
}

function without(data: unknown, names: ReadonlySet<string>): unknown {
  if (Array.isArray(data)) return data.map((item) => without(item, names));
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !names.has(key)));
}

/**
 * The core controller of one content-type. Each action runs the content API's own handler —
 * authentication already done by the route, the same authorization, query parsing, validation
 * and document service as a request without project code — on what the ctx holds when the
 * action runs: `ctx.query` as the middlewares left it, `ctx.request.body`, `ctx.params.id`.
 * It returns the answer (`{ data, meta }`) and sets `ctx.status` where the content API sets one
 * (201, 204), as Strapi's core actions do.
 */
export function createCoreController(uid: string, env: CoreControllerEnv): CoreController {
  const contentTypeOf = (context: ContentApiContext): ContentType => {
    const contentType = context.registry.get(uid);
    if (!contentType) throw new NotFoundError();
    return contentType;
  };
  const requestOf = (ctx: KoaContext): ContentRequest => ({
    query: ctx.query,
    body: ctx.request.body,
    params: { documentId: ctx.params.id ?? ctx.params.documentId },
    headers: ctx.headers,
  });
  const contextFor = (ctx: KoaContext): ContentApiContext => {
    const context = env.current();
    return env.principals.has(ctx) ? { ...context, auth: authFor(env.auth, env.principals.get(ctx)) } : context;
  };
  const run = async (ctx: KoaContext, action: CoreAction): Promise<unknown> => {
    const context = contextFor(ctx);
    const contentType = contentTypeOf(context);
    const handlers: Partial<Record<CoreAction, ContentHandler>> = contentType.kind === 'singleType' ? singleHandlers(contentType, context) : collectionHandlers(contentType, context);
    const handler = handlers[action];
    if (!handler) throw new NotFoundError();
    const reply = new CapturedReply();
    const returned = await handler(requestOf(ctx), reply);
    if (reply.status !== undefined) ctx.status = reply.status;
    if (reply.sent && reply.contentType !== undefined) ctx.set('content-type', reply.contentType);
    return reply.sent ? reply.payload : returned;
  };
  return {
    find: (ctx) => run(ctx, 'find'),
    findOne: (ctx) => run(ctx, 'findOne'),
    create: (ctx) => run(ctx, 'create'),
    update: (ctx) => run(ctx, 'update'),
    delete: (ctx) => run(ctx, 'delete'),
    async validateQuery(ctx) {
      // The read stage of the content API, without its permission check: a 400 for what it refuses.
      const context = env.current();
      await begin(requestOf(ctx), contentTypeOf(context), 'find', { ...context, auth: authFor(env.auth, null) });
    },
    async sanitizeQuery(ctx) {
      // Tessera's pipeline prunes what the caller may not read when the query runs; the query is given back as it is.
      return { ...ctx.query };
    },
    async sanitizeInput(data) {
      return without(data, NOT_WRITABLE);
    },
    async sanitizeOutput(data) {
      return without(data, hiddenAttributes(contentTypeOf(env.current())));
    },
    transformResponse(data, meta) {
      return { data: data ?? null, meta: meta ?? {} };
    },
  };
}
