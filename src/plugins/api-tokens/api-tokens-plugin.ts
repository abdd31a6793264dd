import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import { createKnownActionCheck } from '../../core/auth/known-actions.js';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import type { HttpHost, HttpPlugin } from '../../transports/plugin-http.js';
import { adminTokenRoutes } from './api-token-admin-routes.js';
import { resolveApiTokenSalt } from './api-token-salt.js';
import { createApiTokenService } from './api-token-service.js';
import { apiTokenAuthStrategy } from './api-token-strategy.js';
import { API_TOKEN_PERMISSIONS_TABLE, API_TOKENS_TABLE } from './api-token-tables.js';

/** `/admin/api-tokens` (admin JWT): the tokens' admin API. */
async function registerApiTokens(fastify: HttpHost, context: PluginContext): Promise<null> {
  const { config, registry, database, store, auth } = context;
  // The live registry: a type the content-type builder creates can be granted without a restart.
  const isKnownAction = createKnownActionCheck(registry, context.pluginActions);
  const tokens = createApiTokenService({ database, salt: await resolveApiTokenSalt(config, store), isKnownAction });
  const guard = createLazyAdminGuard(config, database, store, context.clock, context);
  // Tokens revoked, regenerated or retyped: the content API's auth reloads what it holds in memory.
  await fastify.register((admin) => adminTokenRoutes(admin, { tokens, guard, tokensChanged: () => auth.reloadPermissions() }), { prefix: '/admin' });
  return null;
}

/** API tokens: their tables, the strategy that reads hex bearer tokens, and their admin API. */
export const apiTokensPlugin: HttpPlugin = {
  name: 'api-tokens',
  tables: [API_TOKENS_TABLE, API_TOKEN_PERMISSIONS_TABLE],
  authStrategy: apiTokenAuthStrategy,
  register: registerApiTokens,
};
