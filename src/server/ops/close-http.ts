import type { FastifyInstance } from 'fastify';

/** How often, while draining, connections that have become idle are closed. */
const REAP_INTERVAL_MILLIS = 50;

/**
 * Stops the HTTP server gracefully: no new connections, idle keep-alive connections closed at
 * once, and requests in flight allowed to finish for up to `graceMillis`, after which the
 * connections still open are closed too. Resolves when the server has closed.
 *
 * Node closes idle connections only at the moment `close()` is called; a keep-alive
 * connection whose request finishes later would stay open (until its keep-alive timeout) and
 * hold the shutdown to the end of the grace period. So connections are reaped as they become
 * idle — cheaper than marking every response of the running server `connection: close`.
 */
export async function closeHttp(fastify: FastifyInstance, graceMillis: number): Promise<void> {
  const reaper = setInterval(() => fastify.server.closeIdleConnections(), REAP_INTERVAL_MILLIS);
  const timer = setTimeout(() => fastify.server.closeAllConnections(), graceMillis);
  try {
    await fastify.close();
  } finally {
    clearInterval(reaper);
    clearTimeout(timer);
  }
}
