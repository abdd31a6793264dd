import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { MethodNotAllowedError } from '../shared/errors.js';
import type { ContentApiContext } from './content-api-context.js';
import { collectionHandlers, singleHandlers } from './content-handlers.js';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const ALL_METHODS: readonly HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A path with its handlers per method; other methods answer 405 with an Allow header. */
function route(fastify: FastifyInstance, url: string, handlers: Partial<Record<HTTPMethods, Handler>>): void {
  const allowed = Object.keys(handlers) as HTTPMethods[];
  for (const method of allowed) {
    const handler = handlers[method];
    if (handler) fastify.route({ method, url, handler });
  }
  const others = ALL_METHODS.filter((method) => !allowed.includes(method));
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
