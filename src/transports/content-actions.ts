/**
 * What the Strapi compatibility layer (src/compat) may use of the REST transport: the content
 * API's handlers and their read stage, run as the core actions of a project's controllers, with
 * the request and reply shapes they take. Like plugin-http.ts for the plugins: one door, so
 * that nothing else of rest/ is reached from outside the transports.
 */
export type { ContentApiContext } from './rest/content-api-context.js';
export { begin, collectionHandlers, singleHandlers } from './rest/content-handlers.js';
export type { ContentHandler, ContentReply, ContentRequest } from './rest/content-request.js';
