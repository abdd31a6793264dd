import type { FastifyCorsOptions } from '@fastify/cors';
import { DefinitionError } from '../../core/shared/errors.js';

export type CorsSettings = FastifyCorsOptions;

type OriginValue = string | boolean | RegExp;
type OriginResult = OriginValue | readonly OriginValue[];

/**
 * Strapi's defaults, except `credentials`: Strapi sends `Access-Control-Allow-Credentials:
 * true` for any origin; here credentials must be asked for, with an explicit origin list.
 */
export const DEFAULT_CORS = Object.freeze({
  origin: '*',
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
  headers: ['Content-Type', 'Authorization', 'Origin', 'Accept'],
  credentials: false,
  maxAge: 31_536_000,
});

const KNOWN_KEYS = ['origin', 'methods', 'headers', 'expose', 'credentials', 'maxAge', 'keepHeaderOnError'] as const;

function isOriginValue(value: unknown): value is OriginValue {
  return typeof value === 'string' || typeof value === 'boolean' || value instanceof RegExp;
}

/** `'a, b'` or `['a', 'b']` → a list; anything else is the file's mistake. */
function readList(value: unknown, fallback: readonly string[], file: string, key: string): string[] {
  if (value === undefined || value === null) return [...fallback];
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) throw new DefinitionError(file, `strapi::cors ${key} must be a string or an array of strings`);
  return list.map((item: string) => item.trim()).filter((item) => item.length > 0);
}

type UserOriginFunction = (origin: string | undefined) => OriginResult | Promise<OriginResult>;

function readOrigin(value: unknown, file: string): FastifyCorsOptions['origin'] {
  if (value === undefined || value === null) return DEFAULT_CORS.origin;
  if (typeof value === 'function') {
    // Strapi passes its Koa context; here the function receives the request's Origin header.
    const user = value as UserOriginFunction;
    return (origin, callback) => {
      Promise.resolve()
        .then(() => user(origin))
        .then((result) => callback(null, result as OriginValue | OriginValue[]), (error: Error) => callback(error, false));
    };
  }
  if (typeof value === 'string') {
    const list = value.split(',').map((item) => item.trim()).filter((item) => item.length > 0);
    if (list.includes('*')) return '*';
    return list.length === 1 ? list[0] : list;
  }
  if (Array.isArray(value) && value.every(isOriginValue)) return value.includes('*') ? '*' : (value as OriginValue[]);
  if (typeof value === 'boolean' || value instanceof RegExp) return value;
  throw new DefinitionError(file, 'strapi::cors origin must be "*", an origin, a list of origins (strings or RegExps), a boolean or a function');
}

/** The `strapi::cors` entry's config → @fastify/cors options (Strapi key names). */
export function readCorsConfig(settings: Readonly<Record<string, unknown>> | undefined, file: string): CorsSettings {
  const raw = settings ?? {};
  const unknown = Object.keys(raw).filter((key) => !(KNOWN_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new DefinitionError(file, `strapi::cors has unknown keys: ${unknown.join(', ')} (known: ${KNOWN_KEYS.join(', ')})`);
  const credentials = raw.credentials ?? DEFAULT_CORS.credentials;
  if (typeof credentials !== 'boolean') throw new DefinitionError(file, 'strapi::cors credentials must be a boolean');
  const maxAge = raw.maxAge ?? DEFAULT_CORS.maxAge;
  if (typeof maxAge !== 'number' || !Number.isInteger(maxAge) || maxAge < 0) throw new DefinitionError(file, 'strapi::cors maxAge must be a whole number of seconds');
  const origin = readOrigin(raw.origin, file);
  if (credentials && (origin === '*' || origin === true)) {
    // With credentials a browser refuses "*"; echoing every origin instead would let any site
    // act with the visitor's cookies.
    throw new DefinitionError(file, 'strapi::cors credentials: true needs an explicit origin (a list of allowed origins), not "*"');
  }
  return {
    origin,
    methods: readList(raw.methods, DEFAULT_CORS.methods, file, 'methods'),
    allowedHeaders: readList(raw.headers, DEFAULT_CORS.headers, file, 'headers'),
    ...(raw.expose !== undefined ? { exposedHeaders: readList(raw.expose, [], file, 'expose') } : {}),
    credentials,
    maxAge,
    // Preflights are answered 204 before any route (and before the rate limit).
    preflight: true,
    strictPreflight: false,
  };
}
