import { createHash } from 'node:crypto';

/** What identifies one answer: everything of the request the answer can depend on. */
export interface CacheKeyParts {
  /** `rest` or `graphql`. */
  readonly transport: string;
  readonly method: string;
  /** The path and query string exactly as sent (no reordering: populate order is output order). */
  readonly url: string;
  /** The principal's role type (`public`): answers are never shared across roles. */
  readonly role: string;
  /** The request headers an answer varies with (`strapi-response-format`, …), by lowercase name. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /**
   * What the instance serves with: a hash of its content model and `rest` settings, so that
   * instances of two deployments (a rolling update) sharing one Redis never answer for each other.
   */
  readonly served?: string;
  /** GraphQL: the operation text, its name and its variables. */
  readonly body?: { readonly query: string; readonly operationName: string | null; readonly variables: unknown };
}

/** JSON with object keys sorted (variables are named: their order cannot change the answer). */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

/** The key of an answer: a hash of every part, so that two requests share it only when they are the same request of the same role. */
export function cacheKey(parts: CacheKeyParts): string {
  const headerNames = Object.keys(parts.headers).sort();
  const material = [
    parts.transport,
    parts.method,
    parts.url,
    parts.role,
    parts.served ?? '',
    headerNames.map((name) => `${name}=${parts.headers[name] ?? ''}`).join('\n'),
    parts.body ? stableJson({ query: parts.body.query, operationName: parts.body.operationName, variables: parts.body.variables ?? null }) : '',
  ].join('\0');
  return createHash('sha256').update(material).digest('base64url');
}
