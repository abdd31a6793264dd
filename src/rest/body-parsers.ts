import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnsupportedMediaTypeError } from '../shared/errors.js';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * How every route reads a request body, set once on the root instance (plugins inherit it;
 * the upload and GraphQL scopes add their own media types on top):
 *
 * - An empty body is no body, whatever its content-type. Clients send `Content-Type:
 *   application/json` on every request, bodiless DELETEs and publish actions included
 *   (`@strapi/client` does), and Fastify would refuse those as empty JSON.
 * - `application/json` is parsed with Fastify's own parser (prototype poisoning refused).
 * - Any other media type with a body is a 415: the API reads JSON, and a `text/plain` body
 *   read as a string would only fail later as a missing `data` payload.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string, done: Done) => {
    if (body.length === 0) done(null, undefined);
    else parseJson(request, body, done);
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request: FastifyRequest, body: Buffer, done: Done) => {
    if (body.length === 0) done(null, undefined);
    else done(new UnsupportedMediaTypeError());
  });
}
