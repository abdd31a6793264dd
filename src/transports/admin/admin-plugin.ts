import type { FastifyInstance } from 'fastify';
import { MODEL_TOPIC } from '../../core/model/model-runtime.js';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import { createAdminGuard } from './admin-guard.js';
import { createAdminJwt } from './admin-jwt.js';
import { adminMeRoutes } from './admin-me-routes.js';
import { createAdminPermissionService } from './admin-permission-service.js';
import { adminRoleRoutes } from './admin-role-routes.js';
import { createAdminRoleService } from './admin-role-service.js';
import type { AdminMailer, AdminRoutesContext } from './admin-routes-context.js';
import { readAdminSessionConfig } from './admin-session-config.js';
import { adminSessionRoutes } from './admin-session-routes.js';
import { createAdminSessionService } from './admin-session-service.js';
import { adminUserRoutes } from './admin-user-routes.js';
import { createAdminUserService } from './admin-user-service.js';
import { createFirstAdminFromEnv } from './first-admin.js';

export interface AdminHostOptions {
  /** The email plugin's service (password reset mails); without it no mail is sent. */
  readonly mailer?: AdminMailer | undefined;
  /** The server's public URL, for mail links. */
  readonly serverUrl?: (() => string) | undefined;
}

/**
 * The admin API under /admin: the session (login, refresh cookie, logout, registration, password
 * reset), admin users, roles and permissions. Plugins add their own admin routes (API tokens,
 * end-user roles and permissions, end users, locales) behind the same guard
 * (lazy-admin-guard.ts). Its routes answer only to an admin access token and an admin role's
 * permissions; content permissions never apply to them. At start it creates the default admin
 * roles and their permissions, and the first super-admin from ADMIN_EMAIL / ADMIN_PASSWORD when
 * no admin exists.
 */
export async function registerAdmin(fastify: FastifyInstance, context: PluginContext, options: AdminHostOptions = {}): Promise<void> {
  const { config, database, store, log } = context;
  const users = createAdminUserService(database);
  const permissions = createAdminPermissionService(database);
  const sessionConfig = readAdminSessionConfig(config);
  await users.ensureRoles();
  await permissions.seedDefaults(context);
  // A content-type the builder adds is granted to Editor and Author as the next start would (once, by whichever instance sees it first).
  context.feed.subscribe(MODEL_TOPIC, async () => {
    await permissions.seedDefaults(context).catch((error: unknown) => log(`Granting new content-types to the default admin roles failed: ${error instanceof Error ? error.message : String(error)}`));
  });
  await createFirstAdminFromEnv(users, config.env, log);
  const jwt = await createAdminJwt(config, store, context.clock);
  const sessions = createAdminSessionService(database, jwt, sessionConfig, context.clock);
  const guard = createAdminGuard(sessions, users, { permissions, model: context });
  const routes: AdminRoutesContext = {
    users,
    sessions,
    sessionConfig,
    guard,
    roles: createAdminRoleService(database, permissions, context),
    permissions,
    model: context,
    production: config.production,
    mailer: options.mailer,
    serverUrl: options.serverUrl ?? (() => `http://${config.server.host}:${config.server.port}`),
    log,
  };
  await fastify.register(
    async (admin) => {
      await adminSessionRoutes(admin, routes);
      await adminMeRoutes(admin, routes);
      await adminUserRoutes(admin, routes);
      await adminRoleRoutes(admin, routes);
    },
    { prefix: '/admin' },
  );
}
