import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { controllerPermissions } from '../../core/auth/permission-names.js';
import type { GraphqlContribution } from '../../transports/graphql/build-schema.js';
import type { HttpHost, HttpPlugin, HttpPluginContext } from '../../transports/plugin-http.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import { FILE_UID, UPLOAD_TYPES } from './file-type.js';
import { createFolderStore } from './folder-store.js';
import { FOLDER_TABLES } from './folder-tables.js';
import { createMediaSettingsStore } from './media-settings.js';
import { uploadAdminRoutes } from './upload-admin-routes.js';
import { loadProvider } from './load-provider.js';
import { serveUploads } from './serve-uploads.js';
import { UPLOAD_CONFIG } from './upload-config.js';
import { uploadSchema } from './upload-graphql.js';
import { uploadRoutes } from './upload-routes.js';
import { createUploadService } from './upload-service.js';

/**
 * The upload plugin: `<prefix>/upload…` routes and, for the local provider, `/uploads/*`. The
 * multipart parser is registered inside this plugin's scope only: other routes keep refusing
 * multipart bodies.
 */
async function registerUpload(fastify: HttpHost, context: HttpPluginContext): Promise<GraphqlContribution | null> {
  const { config: appConfig, registry, documents, auth, locales } = context;
  const contentType = registry.get(FILE_UID);
  if (!contentType) return null;
  const config = context.configs.of(UPLOAD_CONFIG);
  const provider = await loadProvider(config, appConfig.projectDir);
  const baseQuery = () => parseDocumentQuery({}, { contentType, rest: appConfig.rest, registry, locales });
  const folders = createFolderStore(context.database, () => new Date(context.clock.now()));
  const settings = createMediaSettingsStore(context.store);
  const uploads = createUploadService({ config, provider, documents, registry, contentType, baseQuery, settings: () => settings.settings(), folders });
  const guard = createLazyAdminGuard(appConfig, context.database, context.store, context.clock, context);
  const abilityOf = (request: FastifyRequest) => guard.ability(request);
  await fastify.register(async (scope) => {
    // The size is checked by the upload itself (receive-upload.ts), which names the file in its 413.
    await scope.register(multipart, { limits: { fileSize: config.sizeLimit + 1 }, throwFileSizeLimit: false });
    uploadRoutes(scope, { prefix: appConfig.rest.prefix, config, auth, documents, registry, rest: appConfig.rest, locales, contentType, uploads, apiFolder: () => folders.apiUploadFolder(context.store) });
    // The media library's admin API: `/upload/…` without the content API's prefix, admin tokens only.
    uploadAdminRoutes(scope, { abilityOf, database: context.database, config, documents, registry, uploads, folders, settings, baseQuery });
    if (provider.name === 'local') serveUploads(scope, appConfig.projectDir);
  });
  fastify.addHook('onClose', async () => {
    await provider.close?.();
  });
  return { graphql: uploadSchema(uploads) };
}

/** Media files: the file content-type, its routes and, in GraphQL, `updateUploadFile` and `deleteUploadFile` on the same upload service. */
export const uploadPlugin: HttpPlugin<HttpPluginContext, GraphqlContribution> = {
  name: 'upload',
  config: UPLOAD_CONFIG,
  contentTypes: UPLOAD_TYPES,
  tables: FOLDER_TABLES,
  actions: controllerPermissions('plugin::upload.content-api'),
  register: registerUpload,
};
