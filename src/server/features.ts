import type { AuthStrategy, AuthStrategyContext } from '../core/auth/auth-strategy.js';
import { PERMISSIONS_TOPIC } from '../core/auth/auth-service.js';
import type { PluginConfigReader } from '../core/config/plugin-config.js';
import type { FeedTopic } from '../core/db/change-feed.js';
import { LOCALES_TOPIC } from '../core/locales/locale-service.js';
import { MODEL_TOPIC } from '../core/model/model-runtime.js';
import type { Plugin } from '../core/plugin/plugin.js';
import type { PluginContext } from '../core/plugin/plugin-context.js';
import { pluginFeed } from '../core/plugin/plugin-feed.js';
import type { GraphqlContribution } from '../transports/graphql/build-schema.js';
import { GRAPHQL_CONFIG } from '../transports/graphql/graphql-config.js';
import type { HttpHost, HttpPluginContext } from '../transports/plugin-http.js';
import { registerRateLimit, type AuthRateLimit } from '../transports/security/rate-limit-plugin.js';
import { registerSecurityHeaders } from '../transports/security/security-headers-plugin.js';
import { apiTokensPlugin } from '../plugins/api-tokens/api-tokens-plugin.js';
import { contentManagerPlugin } from '../plugins/content-manager/content-manager-plugin.js';
import { contentTypeBuilderPlugin } from '../plugins/content-type-builder/content-type-builder-plugin.js';
import { emailPlugin } from '../plugins/email/email-plugin.js';
import { i18nPlugin } from '../plugins/i18n/i18n-plugin.js';
import { uploadPlugin } from '../plugins/upload/upload-plugin.js';
import { usersPermissionsPlugin } from '../plugins/users-permissions/users-permissions-plugin.js';
import { webhooksPlugin } from '../plugins/webhooks/webhooks-plugin.js';

/** A plugin as this server composes it: registered on Fastify with the HTTP context, contributing GraphQL parts. */
export type ServerPlugin = Plugin<HttpHost, HttpPluginContext, GraphqlContribution>;

/**
 * The plugins this server is made of, in the order their config sections are read and their
 * routes registered. Core and the transports see only what they contribute (types, tables,
 * config sections, feed topics, actions, routes, GraphQL parts).
 */
export const PLUGINS: readonly ServerPlugin[] = [usersPermissionsPlugin, emailPlugin, apiTokensPlugin, i18nPlugin, uploadPlugin, contentTypeBuilderPlugin, webhooksPlugin, contentManagerPlugin];

/** Every plugin's permission actions, in plugin order. */
export function pluginActions(): string[] {
  return PLUGINS.flatMap((plugin) => plugin.actions ?? []);
}

/** The plugins' auth strategies; each reads only its own kind of token, so their order decides nothing but which secret a production start reports missing first. */
export function authStrategies(context: AuthStrategyContext): AuthStrategy[] {
  return PLUGINS.flatMap((plugin) => (plugin.authStrategy ? [plugin.authStrategy(context)] : []));
}

/** The readers of `config/plugins`: the plugins', then the GraphQL transport's (Strapi configures GraphQL as a plugin). */
export function configReaders(): PluginConfigReader<unknown>[] {
  return [...PLUGINS.flatMap((plugin) => (plugin.config ? [plugin.config] : [])), GRAPHQL_CONFIG];
}

/** The change feed's topics: those of core's services that hold shared state in memory, and the plugins'. */
export function feedTopics(): FeedTopic[] {
  return [...new Set([PERMISSIONS_TOPIC, LOCALES_TOPIC, MODEL_TOPIC, ...PLUGINS.flatMap((plugin) => plugin.topics ?? [])])];
}

/**
 * Hooks that must wrap every route (rate limits, CORS, security headers), registered before
 * any route. Each is a Fastify plugin wrapped with fastify-plugin semantics by its module.
 */
export async function registerHooks(fastify: HttpHost, context: PluginContext): Promise<{ readonly authRateLimit: AuthRateLimit }> {
  await registerSecurityHeaders(fastify, context);
  return { authRateLimit: await registerRateLimit(fastify, context) };
}

/** What the plugins hand to the transports registered after them. */
export interface FeatureOutputs {
  /** Root GraphQL fields of the plugins (users-permissions mutations, upload file mutations). */
  readonly graphql: readonly NonNullable<GraphqlContribution['graphql']>[];
}

/** The plugins' routes beside the content and admin APIs (auth, users, locales, upload, the content-type builder), each with a feed of its declared topics. */
export async function registerFeatureRoutes(fastify: HttpHost, context: HttpPluginContext): Promise<FeatureOutputs> {
  const graphql: NonNullable<GraphqlContribution['graphql']>[] = [];
  for (const plugin of PLUGINS) {
    const outputs = await plugin.register?.(fastify, { ...context, feed: pluginFeed(context.feed, plugin.name, plugin.topics ?? []) });
    if (outputs?.graphql) graphql.push(outputs.graphql);
  }
  return { graphql };
}
