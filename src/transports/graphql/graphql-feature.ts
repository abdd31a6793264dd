import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { AppConfig } from '../../core/config/app-config.js';
import type { PluginConfigs } from '../../core/config/plugin-config.js';
import { generateSchema, type PluginSchema } from './build-schema.js';
import { applyExtensions } from './extension/apply-extensions.js';
import { asDefinitionError } from './extension/extension-error.js';
import type { ExtensionService } from './extension/extension-service.js';
import type { ExtensionServices } from './extension/extension-types.js';
import { loadProjectMiddlewares, loadProjectPolicies } from './extension/load-project-extensions.js';
import { GRAPHQL_CONFIG } from './graphql-config.js';
import type { GraphqlServices } from './graphql-context.js';
import type { ModelHolder, ModelState } from '../../core/model/model-holder.js';
import { registerGraphql, type GraphqlEndpoint } from './http/graphql-plugin.js';
import type { ResponseCache } from '../../core/cache/response-cache.js';

/** The services every schema's resolvers use, but the model's own (registry, documents) and the GraphQL config, which the feature adds. */
export interface GraphqlFeatureContext extends Omit<GraphqlServices, 'config' | 'app' | 'registry' | 'documents'> {
  readonly config: AppConfig;
  /** The config sections read at start; the `graphql` one among them (GRAPHQL_CONFIG). */
  readonly configs: PluginConfigs;
  /** The service the project's `register()` configured (`strapi.plugin('graphql').service('extension')`). */
  readonly extension: ExtensionService;
  /** The project file whose `register()` configured it (named when an extension is wrong). */
  readonly extensionsFile: string;
  /** What the project's policies and middlewares receive as `{ strapi }`. */
  readonly extensionServices: ExtensionServices;
  /** Root fields of plugins (users-permissions, upload). */
  readonly plugins: readonly PluginSchema[];
  /** The served content model: the schema is rebuilt when it changes. */
  readonly model: ModelHolder;
  /** The response cache, when on (public queries are kept). */
  readonly responseCache?: ResponseCache | null;
}

/** The GraphQL endpoint, when enabled: schema generated, extensions applied, served over HTTP. */
export async function registerGraphqlFeature(fastify: FastifyInstance, context: GraphqlFeatureContext): Promise<GraphqlEndpoint | null> {
  const config = context.configs.of(GRAPHQL_CONFIG);
  if (!config.enabled) return null;
  const { auth, rest, locales, log } = context;
  const policies = await loadProjectPolicies(context.config.projectDir);
  const middlewares = await loadProjectMiddlewares(context.config.projectDir);
  // Each schema is bound to one model (its resolvers use that model's registry and documents),
  // so a request runs against one consistent model even while the model changes.
  const build = (state: ModelState): GraphQLSchema => {
    try {
      const extensions = context.extension.extensions(context.extensionServices);
      const services: GraphqlServices = { config, app: context.config, auth, rest, locales, log, registry: state.registry, documents: state.documents };
      const generated = generateSchema(services, context.extension.view(), context.plugins);
      return applyExtensions(generated, extensions, { auth: context.auth, policies, middlewares, services: context.extensionServices });
    } catch (error) {
      throw asDefinitionError(error, context.extensionsFile);
    }
  };
  const schema = build(context.model.current());
  const plugins = context.extension.extensions(context.extensionServices).flatMap((extension) => extension.plugins ?? []);
  const endpoint = await registerGraphql(fastify, { config, production: context.config.production, auth: context.auth, schema, plugins, cache: context.responseCache ?? null, cacheConfig: context.config.rest.cache });
  context.model.onSwap((state) => {
    const schema = build(state);
    return () => endpoint.replaceSchema(schema);
  });
  return endpoint;
}
