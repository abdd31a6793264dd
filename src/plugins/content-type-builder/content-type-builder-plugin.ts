import type { FastifyInstance } from 'fastify';
import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import type { BuiltIns } from '../../core/model/built-ins.js';
import type { ModelRuntime } from '../../core/model/model-change.js';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import { adminBuilderAccess } from './builder-access.js';
import { createComponentService } from './component-service.js';
import { contentTypeBuilderRoutes } from './content-type-builder-routes.js';
import { createContentTypeService } from './content-type-service.js';
import type { BuiltInModels } from './model-draft.js';

export interface ContentTypeBuilderContext {
  readonly feature: PluginContext;
  readonly runtime: ModelRuntime;
  /** What core and the plugins add to every model: listed by the builder, never edited. */
  readonly builtIns: BuiltIns;
  /** The fixed first segments of the routes registered under the REST prefix, read when a request is checked. */
  readonly routeNames: () => ReadonlySet<string>;
}

/**
 * The content-type builder's admin API under `/content-type-builder` (admin JWT): content-types,
 * components and categories read from the runtime's source, changed through `runtime.apply`.
 */
export async function registerContentTypeBuilder(fastify: FastifyInstance, { feature, runtime, builtIns: fixed, routeNames }: ContentTypeBuilderContext): Promise<void> {
  const { config, database, store, registry } = feature;
  const access = adminBuilderAccess(createLazyAdminGuard(config, database, store, feature.clock));
  // Plugin types served now (the upload plugin's only when it is on): listed, never edited.
  const builtIns = (): BuiltInModels => ({
    types: fixed.types.filter((type) => registry.get(type.uid) !== undefined),
    components: fixed.components.filter((component) => registry.component(component.uid) !== undefined),
    reserved: fixed.reserved,
    routeNames: routeNames(),
    restPrefix: config.rest.prefix,
    customFields: fixed.customFields,
  });
  const context = { runtime, builtIns };
  await fastify.register((builder) => contentTypeBuilderRoutes(builder, { access, contentTypes: createContentTypeService(context), components: createComponentService(context) }), {
    prefix: '/content-type-builder',
  });
}
