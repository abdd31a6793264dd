import type { FastifyInstance } from 'fastify';
import type { AuthStrategy, AuthStrategyContext } from '../core/auth/auth-strategy.js';
import type { GraphqlContribution } from '../transports/graphql/build-schema.js';
import type { HttpPluginContext } from '../transports/plugin-http.js';
import type { Plugin } from '../core/plugin/plugin.js';
import type { PluginContext } from '../core/plugin/plugin-context.js';
import { registerAdmin } from '../transports/admin/admin-plugin.js';
import { apiTokensPlugin } from '../plugins/api-tokens/api-tokens-plugin.js';
import { i18nPlugin } from '../plugins/i18n/i18n-plugin.js';
import { registerRateLimit, type AuthRateLimit } from '../transports/security/rate-limit-plugin.js';
import { registerSecurityHeaders } from '../transports/security/security-headers-plugin.js';
import { uploadPlugin } from '../plugins/upload/upload-plugin.js';
import { usersPermissionsPlugin } from '../plugins/users-permissions/users-permissions-plugin.js';

/** A plugin as this server composes it: registered with the HTTP context, contributing GraphQL parts. */
export type ServerPlugin = Plugin<HttpPluginContext, GraphqlContribution>;

/**
 * The plugins this server is made of, in the order their routes are registered. Core and the
 * transports see only what they contribute (types, tables, actions, routes, GraphQL parts).
 */
export const PLUGINS: readonly ServerPlugin[] = [usersPermissionsPlugin, apiTokensPlugin, i18nPlugin, uploadPlugin];

/** Every plugin's permission actions, in plugin order. */
export function pluginActions(): string[] {
  return PLUGINS.flatMap((plugin) => plugin.actions ?? []);
}

/** The plugins' auth strategies; each reads only its own kind of token, so their order decides nothing but which secret a production start reports missing first. */
export function authStrategies(context: AuthStrategyContext): AuthStrategy[] {
  return PLUGINS.flatMap((plugin) => (plugin.authStrategy ? [plugin.authStrategy(context)] : []));
}

/**
 * Hooks that must wrap every route (rate limits, CORS, security headers), registered before
 * any route. Each is a Fastify plugin wrapped with fastify-plugin semantics by its module.
 */
export async function registerHooks(fastify: FastifyInstance, context: PluginContext): Promise<{ readonly authRateLimit: AuthRateLimit }> {
  await registerSecurityHeaders(fastify, context);
  return { authRateLimit: await registerRateLimit(fastify, context) };
}

/** What the plugins hand to the transports registered after them. */
export interface FeatureOutputs {
  /** Root GraphQL fields of the plugins (users-permissions mutations, upload file mutations). */
  readonly graphql: readonly NonNullable<GraphqlContribution['graphql']>[];
}

/** The admin API, then the plugins' routes beside the content API (auth, users, locales, upload). */
export async function registerFeatureRoutes(fastify: FastifyInstance, context: HttpPluginContext): Promise<FeatureOutputs> {
  await registerAdmin(fastify, context);
  const graphql: NonNullable<GraphqlContribution['graphql']>[] = [];
  for (const plugin of PLUGINS) {
    const outputs = await plugin.register?.(fastify, context);
    if (outputs?.graphql) graphql.push(outputs.graphql);
  }
  return { graphql };
}
