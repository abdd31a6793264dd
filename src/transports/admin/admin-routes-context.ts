import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminAbility } from './admin-ability.js';
import type { AdminContentModel } from './admin-content-subjects.js';
import { PolicyError } from './admin-errors.js';
import type { AdminGuard } from './admin-guard.js';
import type { AdminPermissionService } from './admin-permission-service.js';
import { setRefreshCookie } from './admin-refresh-cookie.js';
import type { AdminRoleService } from './admin-role-service.js';
import type { AdminSessionConfig } from './admin-session-config.js';
import type { AdminSessionService } from './admin-session-service.js';
import type { AdminUserService, AdminUserView } from './admin-user-service.js';

/** A mail to send (the email plugin's service, given by the composition root). */
export interface AdminMailer {
  send(message: { to: string; subject: string; text: string; html?: string }): Promise<void>;
}

/** What the admin API's routes share. */
export interface AdminRoutesContext {
  readonly users: AdminUserService;
  readonly sessions: AdminSessionService;
  readonly sessionConfig: AdminSessionConfig;
  readonly guard: AdminGuard;
  readonly roles: AdminRoleService;
  readonly permissions: AdminPermissionService;
  readonly model: AdminContentModel;
  readonly production: boolean;
  readonly mailer: AdminMailer | undefined;
  /** The server's public URL (no trailing slash), for the links of mails. */
  readonly serverUrl: () => string;
  readonly log: (message: string) => void;
}

/** The route policy of Strapi's admin routes: 403 PolicyError unless the user is granted the action. */
export async function requirePolicy(context: AdminRoutesContext, request: FastifyRequest, action: string): Promise<AdminAbility> {
  const ability = await context.guard.ability(request);
  if (ability.grant(action) === null) throw new PolicyError();
  return ability;
}

/** Starts a session for the user and answers as Strapi's login: the tokens, the user, the refresh cookie. */
export async function startSession(
  context: AdminRoutesContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AdminUserView,
  options: { rememberMe: boolean; deviceId?: string | undefined },
): Promise<{ token: string; accessToken: string; user: AdminUserView }> {
  const issued = await context.sessions.start(user.id, options);
  setRefreshCookie(request, reply, context.production, context.sessionConfig.cookie, issued.refreshToken, issued.cookieExpiresAt);
  return { token: issued.accessToken, accessToken: issued.accessToken, user };
}
