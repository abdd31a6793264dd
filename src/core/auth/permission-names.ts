/**
 * Every permission name Tessera checks is made here, as the reference spells them: a
 * content-type's actions (`api::article.article.find`) and the plugins' controller actions
 * (`plugin::users-permissions.user.me`, `plugin::upload.content-api.find`). A name built by
 * hand elsewhere could drift from the one a role holds (and a typo would deny silently), so
 * `AuthService.can` takes a `PermissionName`: a string built from an untyped uid does not
 * type-check as one, and the functions below take only known controllers and actions.
 */

/** A full permission name: `<api|plugin>::<name>.<controller or type>.<action>`. */
export type PermissionName = `${'api' | 'plugin'}::${string}.${string}.${string}`;

/** What the caller of one request may do: the auth service's `can` bound to its principal. */
export type PermissionCheck = (permission: PermissionName) => boolean;

/** Actions of a content-type, as permission names spell them. */
export type ContentAction = 'find' | 'findOne' | 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'discardDraft';

/** The plugins' controllers and the actions a role or a custom API token may be granted on them; each plugin lists its controllers' (`controllerPermissions`) as its `actions`. */
export const PLUGIN_CONTROLLERS = {
  'plugin::users-permissions.auth': ['callback', 'connect', 'forgotPassword', 'resetPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation', 'changePassword', 'refresh', 'logout'],
  'plugin::users-permissions.user': ['me', 'find', 'findOne', 'create', 'update', 'destroy', 'count'],
  'plugin::users-permissions.role': ['find', 'findOne', 'createRole', 'updateRole', 'deleteRole', 'getRoles', 'getRole'],
  'plugin::users-permissions.permissions': ['getPermissions'],
  'plugin::i18n.locales': ['listLocales'],
  'plugin::upload.content-api': ['find', 'findOne', 'upload', 'destroy'],
} as const;

export type PluginController = keyof typeof PLUGIN_CONTROLLERS;
export type PluginAction<C extends PluginController> = (typeof PLUGIN_CONTROLLERS)[C][number];

/** `api::article.article` + `find` → `api::article.article.find`. The uid is a registry's (`api::…`, `plugin::…`). */
export function contentPermission(uid: string, action: ContentAction): PermissionName {
  return `${uid}.${action}` as PermissionName;
}

/** `plugin::users-permissions.user` + `me` → `plugin::users-permissions.user.me`. */
export function pluginPermission<C extends PluginController>(controller: C, action: PluginAction<C>): PermissionName {
  return `${controller}.${action}`;
}

/**
 * Types of plugins whose documents are read with their controller's actions, not with the
 * type's own name: the upload plugin's files are listed with `plugin::upload.content-api.find`.
 */
const READ_CONTROLLERS: Readonly<Record<string, 'plugin::upload.content-api'>> = { 'plugin::upload.file': 'plugin::upload.content-api' };

/**
 * The permission to read documents of a type: `find` to list them — which is also what reading
 * them through a relation (populate, filters, sorts) needs — and `findOne` to read one.
 */
export function readPermission(uid: string, action: 'find' | 'findOne' = 'find'): PermissionName {
  const controller = READ_CONTROLLERS[uid];
  return controller === undefined ? contentPermission(uid, action) : pluginPermission(controller, action);
}

/** Every action of one plugin controller, by full name: what a plugin lists as its `actions` (plugin/plugin.ts). */
export function controllerPermissions<C extends PluginController>(controller: C): PermissionName[] {
  return PLUGIN_CONTROLLERS[controller].map((action: PluginAction<C>) => pluginPermission(controller, action));
}

/** Every action of the plugins, by full name. */
export function pluginPermissions(): PermissionName[] {
  return (Object.keys(PLUGIN_CONTROLLERS) as PluginController[]).flatMap((controller) => controllerPermissions(controller));
}

/**
 * A name written by a project — a `config/permissions` grant, a GraphQL resolver's
 * `auth.scope` — taken as written: a name no role holds is simply never granted. `subject` + `action` is how config/permissions writes one.
 */
export function writtenPermission(subject: string, action?: string): PermissionName {
  return (action === undefined ? subject : `${subject}.${action}`) as PermissionName;
}
