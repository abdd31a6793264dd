import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, LogLevel } from 'fastify';
import { MethodNotAllowedError } from '../shared/errors.js';

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * A path with its handlers per method. Every other method the server accepts (OPTIONS, TRACE,
 * QUERY included, not only the CRUD ones) answers 405 in the error envelope with an Allow
 * header: a known path never answers 404 to a method it lacks. HEAD comes with GET.
 */
export function routeMethods(fastify: FastifyInstance, url: string, handlers: Partial<Record<HTTPMethods, Handler>>, logLevel?: LogLevel): void {
  const allowed = Object.keys(handlers) as HTTPMethods[];
  for (const method of allowed) {
    const handler = handlers[method];
    if (handler) fastify.route({ method, url, handler, ...(logLevel ? { logLevel } : {}) });
  }
  const others = (fastify.supportedMethods as HTTPMethods[]).filter((method) => !allowed.includes(method) && !(method === 'HEAD' && allowed.includes('GET')));
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
  fastify.route({
    method: others,
    url,
    ...(logLevel ? { logLevel } : {}),
    handler: async (_request, reply) => {
      reply.header('allow', allow);
      throw new MethodNotAllowedError();
    },
  });
}
