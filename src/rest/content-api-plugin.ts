import type { FastifyInstance } from 'fastify';
import { isPluginType } from '../schema/content-type.js';
import type { ContentApiContext } from './content-api-context.js';
import { collectionHandlers, singleHandlers } from './content-handlers.js';
import { routeMethods } from './route-methods.js';
import { VERSION_ACTIONS, versionActionHandler } from './version-action-handlers.js';

/**
 * The REST content API: routes derived from the registry, under the configured prefix.
 * Collection types get /<plural> and /<plural>/:documentId; single types get /<singular>.
 */
export async function contentApiPlugin(fastify: FastifyInstance, context: ContentApiContext): Promise<void> {
  const prefix = context.rest.prefix;
  for (const contentType of context.registry.contentTypes) {
    if (isPluginType(contentType)) continue;
    if (contentType.kind === 'collectionType') {
      const handlers = collectionHandlers(contentType, context);
      routeMethods(fastify, `${prefix}/${contentType.pluralName}`, { GET: handlers.find, POST: handlers.create });
      routeMethods(fastify, `${prefix}/${contentType.pluralName}/:documentId`, { GET: handlers.findOne, PUT: handlers.update, DELETE: handlers.delete });
    } else {
      const handlers = singleHandlers(contentType, context);
      routeMethods(fastify, `${prefix}/${contentType.singularName}`, { GET: handlers.find, PUT: handlers.update, DELETE: handlers.delete });
    }
    // On every type, so that an action on a type without Draft & Publish is a clear 400, not a 404.
    const base = contentType.kind === 'collectionType' ? `${prefix}/${contentType.pluralName}/:documentId` : `${prefix}/${contentType.singularName}`;
    for (const [segment, action] of Object.entries(VERSION_ACTIONS)) {
      routeMethods(fastify, `${base}/actions/${segment}`, { POST: versionActionHandler(contentType, action, context, contentType.kind === 'singleType') });
    }
  }
}
