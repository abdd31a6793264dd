import type { AccessToken, DataEnvelope } from './admin-types';
import { ApiError, apiErrorOf } from './api-error';
import type { SessionStore } from './session-store';

export interface RequestOptions {
  /** A JSON body, or a FormData sent as multipart (an upload). */
  readonly body?: unknown;
  /** false: a public route, sent without the access token and never retried (login, init). */
  readonly auth?: boolean;
  /** Aborts the request (a list request a newer one made stale): the promise rejects with an AbortError. */
  readonly signal?: AbortSignal;
}

/** Calls the admin API as the signed-in admin. */
export interface AdminClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  /**
   * A new access token from the refresh cookie (POST /admin/access-token), stored in the
   * session; false when the server refuses it (no cookie, expired, logged out elsewhere).
   * Concurrent callers share one request: the server rotates the cookie on each call, so a
   * second call with the old cookie would fail.
   */
  refresh(): Promise<boolean>;
}

export interface AdminClientOptions {
  readonly session: SessionStore;
  /** Told when a 401 survives the refresh: the app shows the login screen. */
  readonly onSessionLost: () => void;
  readonly fetch?: typeof fetch;
}

/**
 * The admin API client, as Strapi's SPA does it: the access token as a Bearer header; on a 401,
 * one POST /admin/access-token (the refresh cookie, path /admin, goes along by itself) and one
 * retry with the new token; a second 401 ends the session.
 */
export function createAdminClient({ session, onSessionLost, fetch: fetchImpl = globalThis.fetch.bind(globalThis) }: AdminClientOptions): AdminClient {
  let refreshing: Promise<boolean> | null = null;

  async function send(method: string, path: string, body: unknown, token: string | null, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    // A FormData's content type (with its boundary) is the browser's to write.
    if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
    if (token !== null) headers.authorization = `Bearer ${token}`;
    try {
      return await fetchImpl(path, { method, headers, credentials: 'same-origin', ...(body === undefined ? {} : { body: multipart ? (body as FormData) : JSON.stringify(body) }), ...(signal === undefined ? {} : { signal }) });
    } catch (error) {
      if (signal?.aborted === true) throw error;
      throw new ApiError(0, 'NetworkError', error instanceof Error ? error.message : String(error), undefined);
    }
  }

  async function parse<T>(response: Response): Promise<T> {
    const text = await response.text();
    let body: unknown = null;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (!response.ok) throw apiErrorOf(response.status, body);
    return body as T;
  }

  function refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      try {
        const answer = await parse<DataEnvelope<AccessToken>>(await send('POST', '/admin/access-token', undefined, null));
        session.setToken(answer.data.token);
        return true;
      } catch {
        return false;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  return {
    refresh,
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
      if (options.auth === false) return parse<T>(await send(method, path, options.body, null));
      const first = await send(method, path, options.body, session.token.value, options.signal);
      if (first.status !== 401) return parse<T>(first);
      if (!(await refresh())) {
        session.clear();
        onSessionLost();
        return parse<T>(first);
      }
      const second = await send(method, path, options.body, session.token.value, options.signal);
      if (second.status === 401) {
        session.clear();
        onSessionLost();
      }
      return parse<T>(second);
    },
  };
}
