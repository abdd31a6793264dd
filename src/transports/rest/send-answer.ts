import type { ContentReply } from './content-request.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import { holdsMoreObjectsThan, jsonStream, ObjectCounter, STREAM_ABOVE_OBJECTS } from './json-chunks.js';

/**
 * A content answer, as the handler returns it. Unpopulated answers (a page of at most
 * `rest.maxLimit` documents) and populated ones of up to `STREAM_ABOVE_OBJECTS` objects go back
 * as they are, serialised at once by Fastify (the hot path, unchanged); a larger populated
 * answer is sent as a stream of chunks (json-chunks.ts) so that it never holds the event loop
 * for the whole text. Its bytes are the same; it has no content-length (chunked transfer).
 */
export function sendAnswer(reply: ContentReply, body: unknown, query: DocumentQuery): unknown {
  if (query.populate.length === 0) return body;
  if (!holdsMoreObjectsThan(body, STREAM_ABOVE_OBJECTS)) return body;
  return reply.type('application/json; charset=utf-8').send(jsonStream(body, new ObjectCounter(STREAM_ABOVE_OBJECTS)));
}
