/*
 * Webhook calls as kept in test/fixtures/strapi-webhooks/ and compared by
 * test/e2e/webhooks-strapi-payloads.test.ts: the values that differ at every run (ids,
 * documentIds, dates, file hashes, connection headers) replaced by placeholders, the rest kept.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- payloads are arbitrary JSON */
export interface NormalisedCall {
  readonly headers: Record<string, string>;
  readonly body: any;
}

const DATE_KEYS = new Set(['createdAt', 'updatedAt', 'publishedAt']);
/** Headers that depend on the connection or the run, not on the payload. */
const VARYING_HEADERS = new Set(['host', 'content-length', 'connection', 'idempotency-key']);

function normaliseValue(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (DATE_KEYS.has(key) && typeof value === 'string') return '<date>';
  if (key === 'documentId' && typeof value === 'string') return '<documentId>';
  if (key === 'id' && (typeof value === 'number' || typeof value === 'string')) return '<id>';
  if (key === 'hash' && typeof value === 'string') return '<hash>';
  if (key === 'url' && typeof value === 'string') return value.replace(/_[0-9a-f]{10}(?=\.[a-z0-9]+$)/i, '_<hash>');
  return normalise(value);
}

/** The JSON value with run-dependent values replaced (recursively). */
export function normalise(value: unknown): any {
  if (Array.isArray(value)) return value.map((item) => normalise(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normaliseValue(key, item)]));
  }
  return value;
}

export function normaliseHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined) continue;
    kept[name] = VARYING_HEADERS.has(name) ? '<varies>' : String(value);
  }
  return kept;
}

export function normaliseCall(call: { readonly headers: Readonly<Record<string, string | string[] | undefined>>; readonly body: unknown }): NormalisedCall {
  return { headers: normaliseHeaders(call.headers), body: normalise(call.body) };
}
