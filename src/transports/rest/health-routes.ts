import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeMethods } from './route-methods.js';

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
  for (const [url, probe] of Object.entries(probes)) {
    // A probe's answer is about this instance at this moment: never cached. Failures (503) go
    // through the app's error handler, so they come in the error envelope.
    const handler = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      return probe();
    };
    routeMethods(fastify, url, { GET: handler }, 'warn');
  }
}
