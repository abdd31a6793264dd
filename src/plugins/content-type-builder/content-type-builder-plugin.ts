import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import type { HttpHost, HttpPlugin, HttpPluginContext } from '../../transports/plugin-http.js';
import { adminBuilderAccess } from './builder-access.js';
import { createComponentService } from './component-service.js';
import { contentTypeBuilderRoutes } from './content-type-builder-routes.js';
import { createContentTypeService } from './content-type-service.js';
import type { BuiltInModels } from './model-draft.js';

/**
 * The content-type builder's admin API under `/content-type-builder` (admin JWT): content-types,
 * components and categories read from the model runtime's source, changed through
 * `modelRuntime.apply`. Everything it reads of the context is read per request: the runtime
 * exists once every plugin has registered, and the route names once every route has.
 */
async function registerContentTypeBuilder(fastify: HttpHost, feature: HttpPluginContext): Promise<null> {
  const { config, database, store, registry, builtIns: fixed, routeNames } = feature;
  const access = adminBuilderAccess(createLazyAdminGuard(config, database, store, feature.clock, feature));
  // Plugin types served now (the upload plugin's only when it is on): listed, never edited.
  const builtIns = (): BuiltInModels => ({
    types: fixed.types.filter((type) => registry.get(type.uid) !== undefined),
    components: fixed.components.filter((component) => registry.component(component.uid) !== undefined),
    reserved: fixed.reserved,
    routeNames: routeNames(),
    restPrefix: config.rest.prefix,
    customFields: fixed.customFields,
  });
  const context = { runtime: feature.modelRuntime, builtIns };
  await fastify.register((builder) => contentTypeBuilderRoutes(builder, { access, contentTypes: createContentTypeService(context), components: createComponentService(context) }), {
    prefix: '/content-type-builder',
  });
  return null;
}

/** Run-time changes of the content model, on the admin API. */
export const contentTypeBuilderPlugin: HttpPlugin<HttpPluginContext> = { name: 'content-type-builder', register: registerContentTypeBuilder };
