import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../features.js';
import type { PluginSchema } from '../graphql/build-schema.js';
import { uploadSchema } from '../graphql/plugins/upload-schema.js';
import { parseDocumentQuery } from '../query/parse/parse-document-query.js';
import { FILE_UID } from './file-type.js';
import { loadProvider } from './load-provider.js';
import { serveUploads } from './serve-uploads.js';
import { readUploadConfig } from './upload-config.js';
import { uploadRoutes } from './upload-routes.js';
import { createUploadService } from './upload-service.js';

/** What the plugin gives the rest of the app once registered. */
export interface UploadPlugin {
  /** `updateUploadFile` and `deleteUploadFile` for `generateSchema`, on the REST routes' upload service. */
  readonly graphql: PluginSchema;
}

/**
 * The upload plugin: `<prefix>/upload…` routes and, for the local provider, `/uploads/*`. The
 * multipart parser is registered inside this plugin's scope only: other routes keep refusing
 * multipart bodies.
 */
export async function registerUpload(fastify: FastifyInstance, context: FeatureContext): Promise<UploadPlugin | null> {
  const { config: appConfig, registry, documents, auth, locales } = context;
  const contentType = registry.get(FILE_UID);
  if (!contentType) return null;
  const config = readUploadConfig(appConfig);
  const provider = await loadProvider(config, appConfig.projectDir);
  const baseQuery = () => parseDocumentQuery({}, { contentType, rest: appConfig.rest, registry, locales });
  const uploads = createUploadService({ config, provider, documents, registry, contentType, baseQuery });
  await fastify.register(async (scope) => {
    // The size is checked by the upload itself (receive-upload.ts), which names the file in its 413.
    await scope.register(multipart, { limits: { fileSize: config.sizeLimit + 1 }, throwFileSizeLimit: false });
    uploadRoutes(scope, { prefix: appConfig.rest.prefix, config, auth, documents, registry, rest: appConfig.rest, locales, contentType, uploads });
    if (provider.name === 'local') serveUploads(scope, appConfig.projectDir);
  });
  fastify.addHook('onClose', async () => {
    await provider.close?.();
  });
  return { graphql: uploadSchema(uploads) };
}
