import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { refuseConnect } from './framework-errors.js';

/** An HTTP error of the protocol itself, answered in the error envelope (rest/error-envelope). */
function protocolError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * Node refuses two kinds of request on its own, with an empty body: an HTTP/1.1 request without
 * a `Host` header (400) and one whose `Expect` names anything but `100-continue` (417). The
 * first is turned off in Node (the server is created with `requireHostHeader: false`) and made
 * here with the same rule; the second Node hands to a `checkExpectation` listener, which passes
 * the request on to Fastify marked as refused. Both are then refused by the first `onRequest`
 * hook, before any other hook or handler, through the application's error handler: the error
 * envelope with a JSON content type, and the connection closed, as Node would. A CONNECT
 * request, which Node would drop without an answer, gets a 405 in the envelope.
 */
export function registerHttpProtocolChecks(fastify: FastifyInstance): void {
  fastify.server.on('connect', refuseConnect);
  const unmetExpectations = new WeakSet<IncomingMessage>();
  fastify.server.on('checkExpectation', (request: IncomingMessage, response) => {
    unmetExpectations.add(request);
    fastify.routing(request, response);
  });
  fastify.addHook('onRequest', async (request, reply) => {
    const { raw } = request;
    const missingHost = raw.httpVersionMajor === 1 && raw.httpVersionMinor === 1 && raw.headers.host === undefined;
    if (!missingHost && !unmetExpectations.has(raw)) return;
    reply.header('connection', 'close');
    if (missingHost) throw protocolError(400, 'An HTTP/1.1 request must have a Host header');
    throw protocolError(417, 'Expectation Failed: the only expectation this server meets is "Expect: 100-continue"');
  });
}
