import qs from 'qs';
import { ValidationError } from '../shared/errors.js';

/**
 * The reference's qs settings (§15: depth 20, arrayLimit 100, strictNullHandling), plus:
 * null-prototype objects so that `__proto__` or `constructor` arrive as ordinary keys to be
 * rejected as unknown, and an error instead of silent truncation past the limits.
 */
const OPTIONS: qs.IParseOptions = {
  depth: 20,
  arrayLimit: 100,
  strictNullHandling: true,
  plainObjects: true,
  allowPrototypes: true,
  parameterLimit: 2000,
  throwOnLimitExceeded: true,
  strictDepth: true,
};

const QUERY_ERROR = Symbol('query-error');

export type ParsedQuery = Record<string, unknown> & { [QUERY_ERROR]?: string };

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's querystringParser: never throws, so the error surfaces as a 400 in the handler. */
export function parseQueryString(text: string): ParsedQuery {
  try {
    // qs drops `__proto__` keys silently whatever its options; a request naming one is rejected instead.
    if (text.includes('__proto__') || safeDecode(text).includes('__proto__')) throw new Error('Invalid key __proto__');
    return qs.parse(text, OPTIONS) as ParsedQuery;
  } catch (error) {
    const parsed: ParsedQuery = Object.create(null);
    parsed[QUERY_ERROR] = (error as Error).message;
    return parsed;
  }
}

/** The parsed query of a request, or a 400 if the query string could not be parsed. */
export function readQuery(query: unknown): Readonly<Record<string, unknown>> {
  const parsed = (query ?? {}) as ParsedQuery;
  const problem = parsed[QUERY_ERROR];
  if (problem !== undefined) {
    throw new ValidationError(`Invalid query string: ${problem}`, { key: null, path: null, source: 'query' });
  }
  return parsed;
}
