import qs from 'qs';
import { ValidationError } from '../../core/shared/errors.js';

/** Past this many `&`-separated parameters a query is refused rather than silently cut short. */
const PARAMETER_LIMIT = 2000;

/** A key segment naming the prototype: qs drops it silently, which would hide what the client asked. */
const PROTO_SEGMENT = /(?:^|\[)__proto__(?=$|\[|\])/;

/**
 * Keys and values are percent-decoded here rather than by qs's own decoder, which keeps a
 * malformed sequence (`%E0%A4%A`) as literal text: such a query is refused instead of being
 * matched against the database as a string nobody meant to send.
 */
function decode(text: string, _default: unknown, _charset: string, type: 'key' | 'value'): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new ValidationError(`Invalid query string: malformed percent-encoding in ${JSON.stringify(text.slice(0, 60))}`, { key: null, path: null, source: 'query' });
  }
  if (type === 'key' && PROTO_SEGMENT.test(decoded)) {
    throw ValidationError.invalidKey('__proto__', { source: 'query', param: decoded.split('[', 1)[0] || '__proto__' });
  }
  return decoded;
}

/**
 * The reference's qs settings (§15: depth 20, arrayLimit 100, strictNullHandling), plus:
 * null-prototype objects so that `constructor` or `prototype` arrive as ordinary keys to be
 * rejected as unknown, and an error past the depth instead of a literal leftover key.
 * Lists past arrayLimit become objects with index keys, as in the reference; the filter
 * parser reads those as lists and applies its own bound (throwOnLimitExceeded stays off for
 * that reason: it would refuse any `$in` of more than 100 values).
 */
const OPTIONS: qs.IParseOptions = {
  depth: 20,
  arrayLimit: 100,
  strictNullHandling: true,
  plainObjects: true,
  allowPrototypes: true,
  parameterLimit: PARAMETER_LIMIT,
  strictDepth: true,
  decoder: decode,
};

const QUERY_ERROR = Symbol('query-error');

export type ParsedQuery = Record<string, unknown> & { [QUERY_ERROR]?: ValidationError };

function countParameters(text: string): number {
  let count = 1;
  for (let index = text.indexOf('&'); index !== -1; index = text.indexOf('&', index + 1)) count += 1;
  return count;
}

/** Fastify's querystringParser: never throws, so the error surfaces as a 400 in the handler. */
export function parseQueryString(text: string): ParsedQuery {
  try {
    if (countParameters(text) > PARAMETER_LIMIT) {
      throw new ValidationError(`Invalid query string: more than ${PARAMETER_LIMIT} parameters`, { key: null, path: null, source: 'query' });
    }
    return qs.parse(text, OPTIONS) as ParsedQuery;
  } catch (error) {
    const parsed: ParsedQuery = Object.create(null);
    parsed[QUERY_ERROR] =
      error instanceof ValidationError
        ? error
        : new ValidationError(`Invalid query string: ${(error as Error).message}`, { key: null, path: null, source: 'query' });
    return parsed;
  }
}

/** The parsed query of a request, or a 400 if the query string could not be parsed. */
export function readQuery(query: unknown): Readonly<Record<string, unknown>> {
  const parsed = (query ?? {}) as ParsedQuery;
  const problem = parsed[QUERY_ERROR];
  if (problem !== undefined) throw problem;
  return parsed;
}
