import { Readable } from 'node:stream';
import { CmsError } from '../core/shared/errors.js';
import { StrapiPolicyError } from '../core/config/strapi-utils-errors.js';
import { HttpStatusError } from './http-status-error.js';
import type { KoaContext } from './koa-context.js';

/** A Koa middleware, as route and global middlewares are once created. */
export type KoaMiddleware = (ctx: KoaContext, next: () => Promise<unknown>) => unknown;

/** A policy, ready to run: the function and the config of its route entry. */
export interface ReadyPolicy {
  readonly name: string;
  readonly run: (ctx: KoaContext) => unknown;
}

/**
 * Runs the route's policies in order: one that answers anything but `true` or `undefined` stops
 * the request with 403 PolicyError "Policy Failed", as Strapi's policies middleware does; one that
 * throws answers its own error.
 */
export async function runPolicies(policies: readonly ReadyPolicy[], ctx: KoaContext): Promise<void> {
  for (const policy of policies) {
    const result = await policy.run(ctx);
    if (result !== true && result !== undefined) throw new StrapiPolicyError();
  }
}

/** Koa's compose: each middleware's `next()` runs the rest; calling it twice is a programming error. */
export function compose(middlewares: readonly KoaMiddleware[], last: (ctx: KoaContext) => Promise<unknown>): (ctx: KoaContext) => Promise<unknown> {
  return (ctx) => {
    let called = -1;
    const dispatch = async (index: number): Promise<unknown> => {
      if (index <= called) throw new Error('next() called multiple times');
      called = index;
      const middleware = middlewares[index];
      return middleware ? middleware(ctx, () => dispatch(index + 1)) : last(ctx);
    };
    return dispatch(0);
  };
}

/** Error names of `@strapi/utils` (from a copy Tessera did not give, e.g. a dependency's own) and their statuses. */
const STRAPI_ERROR_STATUS: Readonly<Record<string, number>> = {
  ApplicationError: 400,
  ValidationError: 400,
  PaginationError: 400,
  UnauthorizedError: 401,
  ForbiddenError: 403,
  PolicyError: 403,
  NotFoundError: 404,
  PayloadTooLargeError: 413,
  RateLimitError: 429,
  NotImplementedError: 501,
};

class ForeignStrapiError extends CmsError {
  override readonly name: string;
  constructor(
    readonly status: number,
    name: string,
    message: string,
    details: unknown,
  ) {
    super(message, details !== null && typeof details === 'object' ? (details as Record<string, unknown>) : {});
    this.name = name;
  }
}

/**
 * What project code threw, as the error envelope expects it: Tessera's and `@strapi/utils`'
 * errors as they are; an error carrying a 4xx `status` (Koa's `ctx.throw`, http-errors) keeps
 * its status and message as on Strapi; anything else stays a 500.
 */
export function asEnvelopeError(error: unknown): unknown {
  if (error instanceof CmsError || !(error instanceof Error)) return error;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  const known = STRAPI_ERROR_STATUS[error.name];
  if (known !== undefined && 'details' in error) return new ForeignStrapiError(known, error.name, error.message, (error as { details?: unknown }).details);
  if (typeof status === 'number' && status >= 400 && status < 500) return new HttpStatusError(status, error.message, ((error as { details?: unknown }).details ?? {}) as Record<string, unknown>);
  return error;
}

/** How the ctx's answer goes out: its headers, then its body as Koa would send it. */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** undefined: no body. */
  readonly body: unknown;
  readonly contentType: string | undefined;
}

/** A ctx with neither a body nor a status answers 404 "Not Found", as Strapi's errors middleware makes it. */
export function answerOf(ctx: KoaContext): Answer {
  const { body } = ctx;
  if (body === undefined && !ctx.statusSet) throw new HttpStatusError(404);
  const status = ctx.status;
  const headers = ctx.responseHeaders;
  if (body === undefined || body === null || status === 204 || status === 304) return { status, headers, body: undefined, contentType: undefined };
  if (typeof body === 'string') return { status, headers, body, contentType: headers['content-type'] ?? (/^\s*</.test(body) ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8') };
  if (Buffer.isBuffer(body) || body instanceof Readable) return { status, headers, body, contentType: headers['content-type'] ?? 'application/octet-stream' };
  return { status, headers, body, contentType: headers['content-type'] ?? 'application/json; charset=utf-8' };
}
