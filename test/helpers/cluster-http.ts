/** What a request came back with. */
export interface Reply {
  readonly status: number;
  /** Parsed JSON, or null for an empty body. */
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}

/**
 * One request over real HTTP, bounded by a timeout (a hung server fails the test instead of
 * hanging it). Rejects when no response arrives (connection refused or reset, timeout).
 */
export async function call(origin: string, method: string, url: string, body?: unknown, timeoutMs = 10_000): Promise<Reply> {
  const response = await fetch(origin + url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return { status: response.status, body: text.length > 0 ? JSON.parse(text) : null };
}

/** A client of one server: `origin` is `http://host:port`, paths start with /api. */
export interface Client {
  readonly origin: string;
  get(url: string): Promise<Reply>;
  post(url: string, data: unknown): Promise<Reply>;
  put(url: string, data: unknown): Promise<Reply>;
  del(url: string): Promise<Reply>;
}

/** Bodies are wrapped in `{ data }`, as the content API expects them. */
export function clientOf(origin: string): Client {
  return {
    origin,
    get: (url) => call(origin, 'GET', url),
    post: (url, data) => call(origin, 'POST', url, { data }),
    put: (url, data) => call(origin, 'PUT', url, { data }),
    del: (url) => call(origin, 'DELETE', url),
  };
}

/** The 400 body of these uniqueness errors, in definition order, as the API words it. */
export function notUnique(...fields: ReadonlyArray<readonly [path: string, value: unknown]>): unknown {
  return {
    data: null,
    error: {
      status: 400,
      name: 'ValidationError',
      message: fields.length === 1 ? 'This attribute must be unique' : `${fields.length} errors occurred`,
      details: { errors: fields.map(([path, value]) => ({ path: [path], message: 'This attribute must be unique', name: 'ValidationError', value })) },
    },
  };
}
