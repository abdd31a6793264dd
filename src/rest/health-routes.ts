import type { FastifyInstance, HTTPMethods } from 'fastify';
import { MethodNotAllowedError } from '../shared/errors.js';

export interface HealthRoutesOptions {
  /** Resolves when the instance can serve content; throws a ServiceUnavailableError when it cannot. */
  readonly ready: () => Promise<void>;
}

/**
 * The probes of load balancers and orchestrators, outside the content API's prefix: no
 * authentication, no permissions, no rate limit. `/_health` says the process serves HTTP and
 * touches nothing else; `/_ready` says it can serve content now (see ops/readiness).
 */
export async function healthRoutes(fastify: FastifyInstance, { ready }: HealthRoutesOptions): Promise<void> {
  const probes: Record<string, () => Promise<{ status: string }>> = {
    '/_health': async () => ({ status: 'ok' }),
    '/_ready': async () => {
      await ready();
      return { status: 'ready' };
    },
  };
  const others = (fastify.supportedMethods as HTTPMethods[]).filter((method) => method !== 'GET' && method !== 'HEAD');
  for (const [url, probe] of Object.entries(probes)) {
    // A probe's answer is about this instance at this moment: never cached. Failures (503) go
    // through the app's error handler, so they come in the error envelope.
    fastify.route({
      method: 'GET',
      url,
      logLevel: 'warn',
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return probe();
      },
    });
    fastify.route({
      method: others,
      url,
      logLevel: 'warn',
      handler: async (_request, reply) => {
        reply.header('allow', 'GET, HEAD');
        throw new MethodNotAllowedError();
      },
    });
  }
}
