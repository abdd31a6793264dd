import { STATUS_CODES } from 'node:http';
import type { Principal } from '../core/auth/principal.js';
import type { ErrorDetails } from '../core/shared/errors.js';
import { HttpStatusError } from './http-status-error.js';

/** What the context is made from: the parts of an HTTP request it shows (Fastify's request fits). */
export interface ContextSource {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly query: unknown;
  readonly params: unknown;
  readonly body: unknown;
  readonly ip: string;
}

/** `ctx.state.auth`, as Strapi's auth strategies leave it. */
export interface ContextAuth {
  readonly strategy: { readonly name: 'users-permissions' | 'api-token' | 'public' };
  readonly credentials: unknown;
}

export interface ContextState {
  user?: { readonly id: number; readonly documentId: string; readonly role: { readonly id: number | null; readonly type: string } };
  auth?: ContextAuth;
  /** The route being served (`{ method, path, handler, config, info }`), as on Strapi. */
  route?: unknown;
  [key: string]: unknown;
}

/**
 * The Koa-like `ctx` project code uses (controllers, policies, middlewares): a view over one
 * request and the answer being built. `query` and `body` are plain mutable properties: a
 * middleware that sets `ctx.query.populate` (or replaces `ctx.query`) is seen by the core action,
 * which reads `ctx.query` when it runs.
 */
export interface KoaContext {
  query: Record<string, unknown>;
  params: Record<string, string>;
  readonly request: {
    query: Record<string, unknown>;
    body: unknown;
    files: Record<string, unknown>;
    readonly headers: Readonly<Record<string, string | string[] | undefined>>;
    readonly header: Readonly<Record<string, string | string[] | undefined>>;
    readonly method: string;
    readonly url: string;
    readonly path: string;
    readonly ip: string;
  };
  readonly response: { status: number; body: unknown; readonly headers: Record<string, string>; set(field: string | Record<string, string>, value?: string): void };
  body: unknown;
  status: number;
  state: ContextState;
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly header: Readonly<Record<string, string | string[] | undefined>>;
  readonly ip: string;
  /** Whether a status was set (Koa's rule: a body without one answers 200, neither answers 404). */
  readonly statusSet: boolean;
  readonly responseHeaders: Readonly<Record<string, string>>;
  get(field: string): string;
  set(field: string | Record<string, string>, value?: string): void;
  throw(status: number, message?: string, details?: ErrorDetails): never;
  send(body: unknown, status?: number): void;
  created(body: unknown): void;
  deleted(body?: unknown): void;
  [helper: string]: unknown;
}

/** `ctx.badRequest(message, details)` and the other status helpers Strapi adds to Koa's ctx. */
const HELPERS: ReadonlyArray<readonly [string, number]> = Object.entries(STATUS_CODES)
  .map(([code, phrase]) => [Number(code), phrase ?? ''] as const)
  .filter(([code]) => code >= 400)
  .map(([code, phrase]) => {
    const words = phrase.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
    const name = words.map((word, index) => (index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase())).join('');
    return [name, code] as const;
  });

function auth(principal: Principal): { user?: ContextState['user']; auth: ContextAuth } {
  switch (principal.kind) {
    case 'user': {
      const user = Object.freeze({ id: principal.userId, documentId: principal.documentId, role: Object.freeze({ id: principal.roleId, type: principal.roleType }) });
      return { user, auth: { strategy: { name: 'users-permissions' }, credentials: user } };
    }
    case 'api-token':
      return { auth: { strategy: { name: 'api-token' }, credentials: { id: principal.tokenId, type: principal.tokenType } } };
    default:
      return { auth: { strategy: { name: 'public' }, credentials: null } };
  }
}

/** Fills `ctx.state.user` and `ctx.state.auth` once the route authenticated the request (nothing for null: an `auth: false` route). */
export function authenticated(state: ContextState, principal: Principal | null): void {
  if (principal === null) return;
  const given = auth(principal);
  if (given.user) state.user = given.user;
  state.auth = given.auth;
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), String(value)]));
}

/** A ctx over one request; `principal` is null on `auth: false` routes (nothing authenticated, as on Strapi). */
export function createKoaContext(source: ContextSource, principal: Principal | null): KoaContext {
  const path = source.url.split('?')[0] ?? source.url;
  const responseHeaders: Record<string, string> = {};
  let query: Record<string, unknown> = { ...((source.query ?? {}) as Record<string, unknown>) };
  let body: unknown = undefined;
  let status = 404;
  let statusSet = false;
  let requestBody: unknown = source.body;
  const set = (field: string | Record<string, string>, value?: string): void => {
    if (typeof field === 'string') responseHeaders[field.toLowerCase()] = String(value);
    else Object.assign(responseHeaders, lowerKeys(field));
  };
  const state: ContextState = {};
  authenticated(state, principal);
  const ctx = {
    get query() {
      return query;
    },
    set query(value: Record<string, unknown>) {
      query = value;
    },
    params: { ...((source.params ?? {}) as Record<string, string>) },
    request: {
      get query() {
        return query;
      },
      set query(value: Record<string, unknown>) {
        query = value;
      },
      get body() {
        return requestBody;
      },
      set body(value: unknown) {
        requestBody = value;
      },
      files: {},
      headers: source.headers,
      header: source.headers,
      method: source.method,
      url: source.url,
      path,
      ip: source.ip,
    },
    response: {
      get status() {
        return status;
      },
      set status(value: number) {
        status = value;
        statusSet = true;
      },
      get body() {
        return body;
      },
      set body(value: unknown) {
        ctx.body = value;
      },
      headers: responseHeaders,
      set,
    },
    get body() {
      return body;
    },
    set body(value: unknown) {
      body = value;
      // Koa: a body without a status set answers 200 (204 for null).
      if (!statusSet) status = value === null ? 204 : 200;
    },
    get status() {
      return status;
    },
    set status(value: number) {
      status = value;
      statusSet = true;
    },
    get statusSet() {
      return statusSet;
    },
    state,
    method: source.method,
    url: source.url,
    path,
    headers: source.headers,
    header: source.headers,
    ip: source.ip,
    responseHeaders,
    get(field: string): string {
      const value = source.headers[field.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : (value ?? '');
    },
    set,
    throw(code: number, message?: string, details?: ErrorDetails): never {
      throw new HttpStatusError(code, message, details);
    },
    send(value: unknown, code = 200) {
      ctx.body = value;
      ctx.status = code;
    },
    created(value: unknown) {
      ctx.body = value;
      ctx.status = 201;
    },
    deleted(value?: unknown) {
      if (value === undefined) {
        ctx.status = 204;
        return;
      }
      ctx.body = value;
      ctx.status = 200;
    },
  } as KoaContext;
  for (const [name, code] of HELPERS) {
    ctx[name] = (message?: string, details?: ErrorDetails): never => {
      throw new HttpStatusError(code, message, details);
    };
  }
  return ctx;
}
