import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CacheScope, type ResponseCache } from '../../core/cache/response-cache.js';
import { cacheControlHeader, type CacheControlSettings, type ResponseCacheConfig } from '../../core/config/response-cache-config.js';
import type { CacheKeyParts } from '../../core/cache/cache-key.js';
import { entityTag, matchesIfNoneMatch } from './entity-tag.js';

/** What a transport tells the hooks about one of its requests. */
export interface CacheableRoutes {
  /** The key parts of a public read this transport may cache; null: never cached (not public, a write, …). */
  keyOf(request: FastifyRequest): CacheKeyParts | null;
  /** Whether the request's operation may be stored (GraphQL: a query, not a mutation); checked only on a miss. */
  storable(request: FastifyRequest): boolean;
  /** The content-type whose Cache-Control applies (REST: the route's type; GraphQL: none → the default). */
  typeOf(request: FastifyRequest): string | null;
  /** Whether GETs get an ETag and If-None-Match → 304. */
  readonly entityTags: boolean;
}

interface Pending {
  readonly key: string;
  readonly scope: CacheScope | null;
}

/** Headers a kept answer is served with (its ETag among them). */
const KEPT_HEADERS = ['content-type', 'etag'];

/** The CDN's surrogate keys of an answer: its content-types, and `tessera` (what a purge of everything names). */
function surrogateKeys(dependencies: readonly string[]): string {
  return ['tessera', ...dependencies.filter((type) => type !== '*')].join(' ');
}

function controlFor(config: ResponseCacheConfig | undefined, type: string | null): CacheControlSettings | null {
  if (!config) return null;
  return (type !== null ? config.cacheControl.types.get(type) : undefined) ?? config.cacheControl.default;
}

/**
 * The HTTP side of the response cache and of conditional GETs, added to the encapsulated context
 * of a transport (the content API, GraphQL): a public read is answered from the cache when its
 * answer is kept and valid; otherwise it runs with a `CacheScope` (so that the document service
 * records what it reads) and its 200 answer is kept. Every GET answer gets a weak ETag, and a
 * matching If-None-Match is a 304, cache on or off. Public answers get Cache-Control and
 * Surrogate-Key when configured.
 */
export function registerResponseCacheHooks(fastify: FastifyInstance, routes: CacheableRoutes, cache: ResponseCache | null, config: ResponseCacheConfig | undefined): void {
  const pending = new WeakMap<FastifyRequest, Pending>();
  const publicRead = new WeakSet<FastifyRequest>();

  if (cache || config) {
    fastify.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const parts = routes.keyOf(request);
      if (!parts) return undefined;
      publicRead.add(request);
      if (!cache) return undefined;
      const key = cache.keyOf(parts);
      const found = await cache.lookup(key);
      if (!found) {
        pending.set(request, { key, scope: null });
        return undefined;
      }
      reply.header('x-tessera-cache', 'hit');
      reply.header('surrogate-key', surrogateKeys(found.dependencies));
      for (const [name, value] of Object.entries(found.headers)) reply.header(name, value);
      return reply.code(found.status).send(found.body);
    });
  }
  if (cache) {
    // Synchronous and last: the handler is called from inside it, so it runs in the scope entered here.
    fastify.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      const miss = pending.get(request);
      if (miss && routes.storable(request)) {
        const scope = new CacheScope();
        pending.set(request, { key: miss.key, scope });
        cache.enter(scope);
      }
      done();
    });
  }

  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string') return payload;
    const hit = reply.getHeader('x-tessera-cache') === 'hit';
    if (publicRead.has(request) && reply.statusCode === 200) {
      const control = controlFor(config, routes.typeOf(request));
      if (control) reply.header('cache-control', cacheControlHeader(control));
      // Added to what is there (CORS' Origin): a shared cache keys public answers apart from authenticated ones.
      const vary = reply.getHeader('vary');
      reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, Authorization` : 'Authorization');
    }
    const get = request.method === 'GET';
    let tag = hit ? (reply.getHeader('etag') as string | undefined) : undefined;
    if (get && routes.entityTags && reply.statusCode === 200 && tag === undefined) {
      tag = entityTag(payload);
      reply.header('etag', tag);
    }
    const miss = pending.get(request);
    if (cache && miss?.scope && reply.statusCode === 200 && !payload.includes('"errors":')) {
      if (!hit) {
        reply.header('x-tessera-cache', 'miss');
        reply.header('surrogate-key', surrogateKeys([...miss.scope.generations.keys()]));
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      await cache.keep(miss.key, miss.scope, { status: 200, headers, body: payload });
    }
    if (get && routes.entityTags && tag !== undefined && reply.statusCode === 200 && matchesIfNoneMatch(request.headers['if-none-match'], tag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      reply.removeHeader('content-type');
      return '';
    }
    return payload;
  });
}
