import { contentTypeActions } from '../../core/auth/known-actions.js';
import { isPluginType, type ContentType } from '../../core/schema/content-type.js';

/** One route as Strapi's role editor shows it next to an action. */
export interface StrapiContentRoute {
  readonly method: string;
  readonly path: string;
  readonly handler: string;
  readonly config: { readonly auth: { readonly scope: readonly string[] } };
  readonly info: { readonly apiName: string; readonly type: 'content-api' };
}

/** `GET /users-permissions/routes`: routes by API (`api::article`, `plugin::users-permissions`). */
export type StrapiContentRoutes = Record<string, StrapiContentRoute[]>;

type RouteOf = readonly [method: string, path: string, action: string];

/** The content-type actions' routes, by action (Tessera serves publishing as query parameters, not as routes). */
function typeRoutes(type: ContentType): readonly RouteOf[] {
  if (type.kind === 'singleType') {
    return [
      ['GET', `/${type.singularName}`, 'find'],
      ['PUT', `/${type.singularName}`, 'update'],
      ['DELETE', `/${type.singularName}`, 'delete'],
    ];
  }
  const base = `/${type.pluralName}`;
  return [
    ['GET', base, 'find'],
    ['GET', `${base}/:id`, 'findOne'],
    ['POST', base, 'create'],
    ['PUT', `${base}/:id`, 'update'],
    ['DELETE', `${base}/:id`, 'delete'],
  ];
}

/** This plugin's own content API routes, as Tessera serves them (no OAuth `connect` routes, no sessions). */
const USERS_PERMISSIONS_ROUTES: readonly RouteOf[] = [
  ['POST', '/auth/local', 'auth.callback'],
  ['POST', '/auth/local/register', 'auth.register'],
  ['POST', '/auth/forgot-password', 'auth.forgotPassword'],
  ['POST', '/auth/reset-password', 'auth.resetPassword'],
  ['GET', '/auth/email-confirmation', 'auth.emailConfirmation'],
  ['POST', '/auth/send-email-confirmation', 'auth.sendEmailConfirmation'],
  ['POST', '/auth/change-password', 'auth.changePassword'],
  ['GET', '/users/count', 'user.count'],
  ['GET', '/users', 'user.find'],
  ['GET', '/users/me', 'user.me'],
  ['GET', '/users/:id', 'user.findOne'],
  ['POST', '/users', 'user.create'],
  ['PUT', '/users/:id', 'user.update'],
  ['DELETE', '/users/:id', 'user.destroy'],
  ['GET', '/users-permissions/roles/:id', 'role.findOne'],
  ['GET', '/users-permissions/roles', 'role.find'],
  ['POST', '/users-permissions/roles', 'role.createRole'],
  ['PUT', '/users-permissions/roles/:role', 'role.updateRole'],
  ['DELETE', '/users-permissions/roles/:role', 'role.deleteRole'],
  ['GET', '/users-permissions/permissions', 'permissions.getPermissions'],
];

/**
 * The content API's routes in Strapi's shape: the project's content-types' (generated from
 * the live model) and this plugin's. Other plugins' routes (upload, i18n) are not listed:
 * the role editor shows an action without its route then.
 */
export function strapiContentRoutes(types: readonly ContentType[], prefix: string): StrapiContentRoutes {
  const routes: StrapiContentRoutes = {};
  const route = (apiName: string, [method, path, handler]: RouteOf, scope: string): StrapiContentRoute => ({
    method,
    path: `${prefix}${path}`,
    handler,
    config: { auth: { scope: [scope] } },
    info: { apiName, type: 'content-api' },
  });
  for (const type of types) {
    if (isPluginType(type)) continue;
    const known = new Set<string>(contentTypeActions(type.uid, type.kind, type.draftAndPublish));
    const [namespace = type.uid] = type.uid.split('.');
    const apiName = namespace.replace(/^api::/, '');
    (routes[namespace] ??= []).push(
      ...typeRoutes(type)
        .filter(([, , action]) => known.has(`${type.uid}.${action}`))
        .map((entry) => route(apiName, [entry[0], entry[1], `${type.uid}.${entry[2]}`], `${type.uid}.${entry[2]}`)),
    );
  }
  routes['plugin::users-permissions'] = USERS_PERMISSIONS_ROUTES.map((entry) => route('users-permissions', entry, `plugin::users-permissions.${entry[2]}`));
  return routes;
}
