import type { FastifyRequest } from 'fastify';
import { pluginPermission, type PermissionName, type PluginAction } from '../../core/auth/permission-names.js';
import type { Principal } from '../../core/auth/principal.js';
import type { EmailService } from '../email/email-provider.js';
import type { HttpPluginContext } from '../../transports/plugin-http.js';
import { ForbiddenError } from '../../core/shared/errors.js';
import type { UsersPermissionsSettings } from './settings.js';
import type { UserJwt } from './user-jwt.js';
import type { UserRecords } from './user-records.js';
import type { UserService } from './user-service.js';

/** What the plugin's route handlers share. */
export interface PluginContext {
  readonly feature: HttpPluginContext;
  readonly settings: UsersPermissionsSettings;
  readonly records: UserRecords;
  readonly users: UserService;
  readonly email: EmailService;
  readonly jwt: UserJwt;
  /** A bcrypt hash of nothing anyone knows: login compares against it when no user matched, so both cases take as long. */
  readonly dummyHash: string;
}

/** `plugin::users-permissions.auth.<action>`: the auth routes' permissions. */
export const authAction = (action: PluginAction<'plugin::users-permissions.auth'>): PermissionName => pluginPermission('plugin::users-permissions.auth', action);
/** `plugin::users-permissions.user.<action>`: the users routes' permissions. */
export const userAction = (action: PluginAction<'plugin::users-permissions.user'>): PermissionName => pluginPermission('plugin::users-permissions.user', action);

/** Every route's first stage: who calls, and may they do this action (403 otherwise). */
export async function authorize(context: PluginContext, request: FastifyRequest, action: PermissionName): Promise<Principal> {
  const { auth } = context.feature;
  const principal = await auth.authenticate(request.headers.authorization);
  if (!auth.can(principal, action)) throw new ForbiddenError();
  return principal;
}
