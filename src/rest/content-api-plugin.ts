import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { MethodNotAllowedError } from '../shared/errors.js';
import type { ContentApiContext } from './content-api-context.js';
import { collectionHandlers, singleHandlers } from './content-handlers.js';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A path with its handlers per method; other methods answer 405 with an Allow header. */
function route(fastify: FastifyInstance, url: string, handlers: Partial<Record<HTTPMethods, Handler>>): void {
  const allowed = Object.keys(handlers) as HTTPMethods[];
  for (const method of allowed) {
    const handler = handlers[method];
    if (handler) fastify.route({ method, url, handler });
  }
  // Every method the server accepts (OPTIONS, TRACE, QUERY included), not only the CRUD ones:
  // a known path never answers 404 to a method it lacks. HEAD comes with GET.
  const others = (fastify.supportedMethods as HTTPMethods[]).filter((method) => !allowed.includes(method) && !(method === 'HEAD' && allowed.includes('GET')));
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
  fastify.route({
    method: [...others],
    url,
    handler: async (_request, reply) => {
      reply.header('allow', allow);
      throw new MethodNotAllowedError();
    },
  });
}

/**
 * The REST content API: routes derived from the registry, under the configured prefix.
 * Collection types get /<plural> and /<plural>/:documentId; single types get /<singular>.
 */
export async function contentApiPlugin(fastify: FastifyInstance, context: ContentApiContext): Promise<void> {
  const prefix = context.rest.prefix;
  for (const contentType of context.registry.contentTypes) {
    if (contentType.kind === 'collectionType') {
      const handlers = collectionHandlers(contentType, context);
      route(fastify, `${prefix}/${contentType.pluralName}`, { GET: handlers.find, POST: handlers.create });
      route(fastify, `${prefix}/${contentType.pluralName}/:documentId`, { GET: handlers.findOne, PUT: handlers.update, DELETE: handlers.delete });
    } else {
      const handlers = singleHandlers(contentType, context);
      route(fastify, `${prefix}/${contentType.singularName}`, { GET: handlers.find, PUT: handlers.update, DELETE: handlers.delete });
    }
  }
}
