import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, LogLevel } from 'fastify';

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * A path with its handlers per method. The methods it lacks answer 405 with an Allow header,
 * as on every registered path (`known-paths.ts`).
 */
export function routeMethods(fastify: FastifyInstance, url: string, handlers: Partial<Record<HTTPMethods, Handler>>, logLevel?: LogLevel): void {
  for (const [method, handler] of Object.entries(handlers)) {
    if (handler) fastify.route({ method, url, handler, ...(logLevel ? { logLevel } : {}) });
  }
}
