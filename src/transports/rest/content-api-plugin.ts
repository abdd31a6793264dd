import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { isPluginType, type ContentType } from '../../core/schema/content-type.js';
import { MethodNotAllowedError, NotFoundError } from '../../core/shared/errors.js';
import type { ContentApiContext } from './content-api-context.js';
import { collectionHandlers, singleHandlers } from './content-handlers.js';
import type { Handler } from './route-methods.js';
import type { ResponseCache } from '../../core/cache/response-cache.js';
import type { ResponseCacheConfig } from '../../core/config/response-cache-config.js';
import { registerResponseCacheHooks } from '../cache/response-cache-hooks.js';
import { VERSION_ACTIONS, versionActionHandler } from './version-action-handlers.js';

/** The routes of one content-type: handlers per path shape and method. */
interface TypeRoutes {
  readonly uid: string;
  /** `/<plural>` or `/<singular>`. */
  readonly base: Partial<Record<HTTPMethods, Handler>>;
  /** `/<plural>/:documentId` (collection types only). */
  readonly document: Partial<Record<HTTPMethods, Handler>> | null;
  /** `…/actions/<segment>`, POST. */
  readonly actions: ReadonlyMap<string, Handler>;
}

export interface ContentApiOptions {
  /** The REST prefix (`/api`); not `prefix`, which Fastify's register would apply a second time. */
  readonly restPrefix: string;
  /**
   * The content model serving the next request. It changes at run time (the content-type
   * builder): a request keeps the model it started with to its end.
   */
  readonly current: () => ContentApiContext;
  /** The response cache (null: off) and its config (`rest.cache`; Cache-Control even with the cache off). */
  readonly cache?: ResponseCache | null;
  readonly cacheConfig?: ResponseCacheConfig | undefined;
}

function routesOf(contentType: ContentType, context: ContentApiContext): TypeRoutes {
  const single = contentType.kind === 'singleType';
  const actions = new Map(Object.entries(VERSION_ACTIONS).map(([segment, action]) => [segment, versionActionHandler(contentType, action, context, single)]));
  if (single) {
    const handlers = singleHandlers(contentType, context);
    return { uid: contentType.uid, base: { GET: handlers.find, PUT: handlers.update, DELETE: handlers.delete }, document: null, actions };
  }
  const handlers = collectionHandlers(contentType, context);
  return { uid: contentType.uid, base: { GET: handlers.find, POST: handlers.create }, document: { GET: handlers.findOne, PUT: handlers.update, DELETE: handlers.delete }, actions };
}

/** Each model's routes by path name (plural of collection types, singular of single types), built once per model. */
function createRouteIndex(): (context: ContentApiContext) => ReadonlyMap<string, TypeRoutes> {
  const indexes = new WeakMap<ContentApiContext, ReadonlyMap<string, TypeRoutes>>();
  return (context) => {
    let index = indexes.get(context);
    if (!index) {
      const entries = context.registry.contentTypes
        .filter((contentType) => !isPluginType(contentType))
        .map((contentType) => [contentType.kind === 'collectionType' ? contentType.pluralName : contentType.singularName, routesOf(contentType, context)] as const);
      index = new Map(entries);
      indexes.set(context, index);
    }
    return index;
  };
}

/** A known path with a method it lacks: 405 with Allow, as every route of the API answers. */
function dispatch(handlers: Partial<Record<HTTPMethods, Handler>>, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const method = request.method === 'HEAD' ? 'GET' : (request.method as HTTPMethods);
  const handler = handlers[method];
  if (handler) return handler(request, reply);
  const allowed = Object.keys(handlers);
  reply.header('allow', [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', '));
  throw new MethodNotAllowedError();
}

/**
 * The REST content API under the configured prefix: `/<plural>`, `/<plural>/:documentId` and
 * `/<singular>`, with their `…/actions/<action>`. The routes are generic and find the
 * content-type in the current model per request, so content-types created or changed at run
 * time are served at once; the features' static routes (`/users`, `/upload`, …) take
 * precedence over these parametric ones.
 */
export async function contentApiPlugin(fastify: FastifyInstance, { restPrefix: prefix, current, cache = null, cacheConfig }: ContentApiOptions): Promise<void> {
  const index = createRouteIndex();
  registerResponseCacheHooks(
    fastify,
    {
      entityTags: true,
      // Public reads of the content API's own routes (a project's route of the same path is its own code: never cached).
      keyOf: (request) =>
        request.method === 'GET' && request.headers.authorization === undefined && index(current()).has((request.params as { name?: string }).name ?? '')
          ? { transport: 'rest', method: 'GET', url: request.url, role: 'public', headers: { 'strapi-response-format': request.headers['strapi-response-format'] as string | undefined } }
          : null,
      storable: () => true,
      typeOf: (request) => index(current()).get((request.params as { name?: string }).name ?? '')?.uid ?? null,
    },
    cache,
    cacheConfig,
  );
  const methods = fastify.supportedMethods as HTTPMethods[];
  const typeOf = (request: FastifyRequest): TypeRoutes => {
    const routes = index(current()).get((request.params as { name: string }).name);
    if (!routes) throw new NotFoundError();
    return routes;
  };
  const action = (routes: TypeRoutes, request: FastifyRequest, reply: FastifyReply) => {
    const handler = routes.actions.get((request.params as { action: string }).action);
    if (!handler) throw new NotFoundError();
    return dispatch({ POST: handler }, request, reply);
  };
  fastify.route({ method: methods, url: `${prefix}/:name`, handler: (request, reply) => dispatch(typeOf(request).base, request, reply) });
  fastify.route({
    method: methods,
    url: `${prefix}/:name/:documentId`,
    handler: (request, reply) => {
      const routes = typeOf(request);
      if (!routes.document) throw new NotFoundError();
      return dispatch(routes.document, request, reply);
    },
  });
  // A single type's actions; on a collection type `actions` would be a documentId followed by a segment no route has.
  fastify.route({
    method: methods,
    url: `${prefix}/:name/actions/:action`,
    handler: (request, reply) => {
      const routes = typeOf(request);
      if (routes.document) throw new NotFoundError();
      return action(routes, request, reply);
    },
  });
  fastify.route({
    method: methods,
    url: `${prefix}/:name/:documentId/actions/:action`,
    handler: (request, reply) => {
      const routes = typeOf(request);
      if (!routes.document) throw new NotFoundError();
      return action(routes, request, reply);
    },
  });
}
