import type { FastifyInstance } from 'fastify';
import type { AuthService } from './auth/auth-service.js';
import type { AppConfig } from './config/app-config.js';
import type { Database } from './db/database.js';
import type { DocumentService } from './documents/document-service.js';
import type { SchemaRegistry } from './schema/registry.js';
import type { KeyValueStore } from './store/key-value-store.js';
import type { LocaleService } from './i18n/locale-service.js';
import { registerI18n } from './i18n/i18n-plugin.js';
import { registerRateLimit, type AuthRateLimit } from './security/rate-limit-plugin.js';
import { registerSecurityHeaders } from './security/security-headers-plugin.js';
import { registerAdmin } from './admin/admin-plugin.js';
import { registerUsersPermissions } from './users-permissions/users-permissions-plugin.js';
import { registerUpload } from './upload/upload-plugin.js';
import type { PluginSchema } from './graphql/build-schema.js';
import type { Clock } from './shared/clock.js';
import type { ChangeFeed } from './db/change-feed.js';

/** What a feature (users-permissions, admin API, rate limits, …) receives from the composition root. */
export interface FeatureContext {
  readonly config: AppConfig;
  readonly registry: SchemaRegistry;
  readonly database: Database;
  readonly documents: DocumentService;
  readonly auth: AuthService;
  readonly store: KeyValueStore;
  readonly locales: LocaleService;
  /** Changes other instances must follow are announced here (db/change-feed.ts). */
  readonly feed: ChangeFeed;
  readonly log: (message: string) => void;
  /** The time of rate-limit windows, token lifetimes and document timestamps (tests move it by hand). */
  readonly clock: Clock;
  /** Set once the hooks are registered: counts auth attempts that no limited path covers (GraphQL). */
  readonly authRateLimit?: AuthRateLimit;
}

/**
 * Hooks that must wrap every route (rate limits, CORS, security headers), registered before
 * any route. Each is a Fastify plugin wrapped with fastify-plugin semantics by its module.
 */
export async function registerHooks(fastify: FastifyInstance, context: FeatureContext): Promise<{ readonly authRateLimit: AuthRateLimit }> {
  await registerSecurityHeaders(fastify, context);
  return { authRateLimit: await registerRateLimit(fastify, context) };
}

/** What features hand to the transports registered after them. */
export interface FeatureOutputs {
  /** Root GraphQL fields of the features (users-permissions mutations, upload file mutations). */
  readonly graphql: readonly PluginSchema[];
}

/** The routes of features beside the content API (auth, users, admin API, locales). */
export async function registerFeatureRoutes(fastify: FastifyInstance, context: FeatureContext): Promise<FeatureOutputs> {
  await registerAdmin(fastify, context);
  const usersPermissions = await registerUsersPermissions(fastify, context);
  await registerI18n(fastify, context);
  const upload = await registerUpload(fastify, context);
  return { graphql: [usersPermissions.graphql, ...(upload ? [upload.graphql] : [])] };
}
