import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnsupportedMediaTypeError } from '../../core/shared/errors.js';
import { isJson } from '../../core/shared/is-json.js';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * How every route reads a request body, set once on the root instance (plugins inherit it;
 * the upload and GraphQL scopes add their own media types on top):
 *
 * - An empty body is no body, whatever its content-type. Clients send `Content-Type:
 *   application/json` on every request, bodiless DELETEs and publish actions included
 *   (`@strapi/client` does), and Fastify would refuse those as empty JSON.
 * - `application/json` is parsed with Fastify's own parser (prototype poisoning refused, with a
 *   message of its own: the text is valid JSON).
 * - Any other media type with a body is a 415: the API reads JSON, and a `text/plain` body
 *   read as a string would only fail later as a missing `data` payload.
 */
/** Fastify's parser says "not valid JSON" for JSON it refuses for its keys: that error says what is wrong. */
function forbiddenKeys(): Error {
  return Object.assign(new Error('The body must not have keys named "__proto__" or "constructor" holding "prototype" (they would change objects\' prototypes)'), { statusCode: 400 });
}

export function registerBodyParsers(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string, done: Done) => {
    if (body.length === 0) done(null, undefined);
    else parseJson(request, body, (error, value) => done(error && isJson(body) ? forbiddenKeys() : error, value));
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request: FastifyRequest, body: Buffer, done: Done) => {
    if (body.length === 0) done(null, undefined);
    else done(new UnsupportedMediaTypeError());
  });
}
