import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorEnvelope } from './error-envelope.js';

/**
 * Errors that happen before any route runs bypass `setErrorHandler`, so Fastify answers them
 * in its own body format. These two handlers put them in the error envelope too; the
 * composition root passes them as Fastify's `frameworkErrors` and `clientErrorHandler` options.
 */

/** Router errors: a path that is not valid percent-encoding (400), a path parameter past maxParamLength (414). */
export function replyFrameworkError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  const envelope = toErrorEnvelope(error);
  void reply.code(envelope.status).send(envelope.body);
}

const CLIENT_ERRORS: Readonly<Record<string, { status: number; message: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Request header fields too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Request timeout' },
};

/** An error answer written straight to the connection (no request object, or none Node lets us answer with), in the envelope; the connection closes after it. */
function writeRawError(socket: Duplex, status: number, message: string): void {
  const envelope = toErrorEnvelope(Object.assign(new Error(message), { statusCode: status }));
  const body = JSON.stringify(envelope.body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Errors of Node's HTTP parser (headers or URL too large, malformed request): no request object exists yet. */
export function writeClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, message: 'Bad Request' };
  writeRawError(socket, status, message);
}

/**
 * A CONNECT request (the server's `connect` event): this server is no proxy. Without a listener
 * Node closes the connection without a word; Fastify never sees these requests.
 */
export function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  if (!socket.destroyed) writeRawError(socket, 405, 'CONNECT is not supported: this server is not a proxy');
}
