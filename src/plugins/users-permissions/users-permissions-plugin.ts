import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { controllerPermissions } from '../../core/auth/permission-names.js';
import { hashPassword } from '../../core/documents/hash-password.js';
import { createEmailService } from '../email/create-email-service.js';
import { EMAIL_CONFIG } from '../email/email-config.js';
import { PERMISSIONS_TOPIC } from '../../core/auth/auth-service.js';
import type { GraphqlContribution } from '../../transports/graphql/build-schema.js';
import type { HttpHost, HttpPlugin, HttpPluginContext } from '../../transports/plugin-http.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { authRoutes, createAuthActions } from './auth-routes.js';
import { USER_UID, USERS_PERMISSIONS_TYPES } from './content-types.js';
import type { PluginContext } from './plugin-context.js';
import { createUsersPermissionsSettings } from './settings.js';
import { createUserJwt } from './user-jwt.js';
import { createUserRecords } from './user-records.js';
import { userRoutes } from './user-routes.js';
import { createUserService } from './user-service.js';
import { registerUsersPermissionsAdmin } from './users-permissions-admin.js';
import { USERS_PERMISSIONS_CONFIG } from './users-permissions-config.js';
import { userAuthStrategy } from './user-strategy.js';
import { usersPermissionsSchema } from './users-permissions-graphql.js';

/**
 * The server's public URL for links in mails: `config/server` `url` when set (it should be, behind
 * a proxy), else the address the server listens on. Never the request's Host header, which a
 * client chooses.
 */
export function serverUrlOf(fastify: HttpHost, feature: HttpPluginContext): () => string {
  const configured = feature.config.files.server.value.url;
  if (typeof configured === 'string' && configured !== '') return () => configured.replace(/\/+$/, '');
  return () => {
    const address = fastify.server.address() as AddressInfo | string | null;
    const port = address !== null && typeof address === 'object' ? address.port : feature.config.server.port;
    const host = ['0.0.0.0', '::', ''].includes(feature.config.server.host) ? 'localhost' : feature.config.server.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  };
}

/**
 * The users-permissions plugin's content API routes: /auth/* and /users/* under the REST prefix;
 * its GraphQL part is `me` and the auth mutations, on the same actions as the REST routes.
 */
async function registerUsersPermissions(fastify: HttpHost, feature: HttpPluginContext): Promise<GraphqlContribution> {
  const settings = await createUsersPermissionsSettings(feature.configs.of(USERS_PERMISSIONS_CONFIG), feature.store);
  const userType = feature.registry.get(USER_UID);
  for (const name of settings.allowedFields) {
    if (!userType?.attributes.has(name)) {
      throw new DefinitionError(feature.config.files.plugins.file, `users-permissions config.register.allowedFields names "${name}", which is not an attribute of ${USER_UID}`);
    }
  }
  const email = createEmailService(feature.config, feature.configs.of(EMAIL_CONFIG), feature.log);
  const records = createUserRecords(feature.database);
  const users = createUserService({ feature, records, settings, email, serverUrl: serverUrlOf(fastify, feature) });
  const context: PluginContext = {
    feature,
    settings,
    records,
    users,
    email,
    jwt: await createUserJwt(feature.config, feature.store),
    dummyHash: await hashPassword(randomBytes(16).toString('hex')),
  };
  const actions = createAuthActions(context);
  authRoutes(fastify, context, actions);
  userRoutes(fastify, context);
  await registerUsersPermissionsAdmin(fastify, feature, settings);
  return { graphql: usersPermissionsSchema({ actions, users, rateLimit: feature.authRateLimit }) };
}

/** End users, their roles, and the auth and users routes of the content API. */
export const usersPermissionsPlugin: HttpPlugin<HttpPluginContext, GraphqlContribution> = {
  name: 'users-permissions',
  config: USERS_PERMISSIONS_CONFIG,
  // Its admin routes change roles and permissions in their own transactions and announce them there.
  topics: [PERMISSIONS_TOPIC],
  contentTypes: USERS_PERMISSIONS_TYPES,
  actions: [
    ...controllerPermissions('plugin::users-permissions.auth'),
    ...controllerPermissions('plugin::users-permissions.user'),
    ...controllerPermissions('plugin::users-permissions.role'),
    ...controllerPermissions('plugin::users-permissions.permissions'),
  ],
  authStrategy: userAuthStrategy,
  register: registerUsersPermissions,
};
