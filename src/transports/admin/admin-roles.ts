/**
 * Admin permissions are a fixed list of actions per admin role, decided here rather than
 * stored: the admin API is small and a role's reach should be read in one place.
 */
export const ADMIN_ACTIONS = {
  /** GET /admin/admin-users */
  readAdminUsers: 'admin::users.read',
  /** POST /admin/admin-users */
  createAdminUsers: 'admin::users.create',
  /** GET /admin/api-tokens, GET /admin/api-tokens/:id */
  readApiTokens: 'admin::api-tokens.read',
  /** POST /admin/api-tokens */
  createApiTokens: 'admin::api-tokens.create',
  /** PUT /admin/api-tokens/:id */
  updateApiTokens: 'admin::api-tokens.update',
  /** POST /admin/api-tokens/:id/regenerate */
  regenerateApiTokens: 'admin::api-tokens.regenerate',
  /** DELETE /admin/api-tokens/:id */
  deleteApiTokens: 'admin::api-tokens.delete',
  /** GET /admin/webhooks[/:id][/deliveries] */
  readWebhooks: 'admin::webhooks.read',
  /** POST /admin/webhooks */
  createWebhooks: 'admin::webhooks.create',
  /** PUT /admin/webhooks/:id, POST /admin/webhooks/:id/trigger (as in Strapi) */
  updateWebhooks: 'admin::webhooks.update',
  /** DELETE /admin/webhooks/:id, POST /admin/webhooks/batch-delete */
  deleteWebhooks: 'admin::webhooks.delete',
  /** GET /admin/users-permissions/roles[/:id], GET /users-permissions/roles[/:id] */
  readRoles: 'plugin::users-permissions.roles.read',
  /** POST /admin/users-permissions/roles */
  createRoles: 'plugin::users-permissions.roles.create',
  /** PUT /admin/users-permissions/roles/:id */
  updateRoles: 'plugin::users-permissions.roles.update',
  /** DELETE /admin/users-permissions/roles/:id */
  deleteRoles: 'plugin::users-permissions.roles.delete',
  /** POST /i18n/locales (Strapi's route; Tessera's /admin/i18n/locales checks the Super Admin role) */
  createLocales: 'plugin::i18n.locale.create',
  /** GET /i18n/iso-locales */
  readLocales: 'plugin::i18n.locale.read',
  /** PUT /i18n/locales/:id */
  updateLocales: 'plugin::i18n.locale.update',
  /** DELETE /i18n/locales/:id */
  deleteLocales: 'plugin::i18n.locale.delete',
  /** GET /users-permissions/advanced */
  readAdvancedSettings: 'plugin::users-permissions.advanced-settings.read',
  /** PUT /users-permissions/advanced */
  updateAdvancedSettings: 'plugin::users-permissions.advanced-settings.update',
  /** GET /users-permissions/email-templates */
  readEmailTemplates: 'plugin::users-permissions.email-templates.read',
  /** PUT /users-permissions/email-templates */
  updateEmailTemplates: 'plugin::users-permissions.email-templates.update',
  /** GET /users-permissions/providers */
  readProviders: 'plugin::users-permissions.providers.read',
  /** PUT /users-permissions/providers */
  updateProviders: 'plugin::users-permissions.providers.update',
  /** GET /admin/end-users */
  readEndUsers: 'plugin::users-permissions.users.read',
  /** PUT /admin/end-users/:id */
  updateEndUsers: 'plugin::users-permissions.users.update',
} as const;

export type AdminAction = (typeof ADMIN_ACTIONS)[keyof typeof ADMIN_ACTIONS];

export interface AdminRoleDefinition {
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly actions: readonly AdminAction[];
}

export const SUPER_ADMIN_CODE = 'strapi-super-admin';
export const EDITOR_CODE = 'strapi-editor';

/** The admin roles every project has (created at start). GET /admin/users/me needs no permission. */
export const ADMIN_ROLES: readonly AdminRoleDefinition[] = [
  {
    code: SUPER_ADMIN_CODE,
    name: 'Super Admin',
    description: 'Super Admins can access and manage all features and settings.',
    actions: Object.values(ADMIN_ACTIONS),
  },
  {
    code: EDITOR_CODE,
    name: 'Editor',
    description: 'Editors can list end users, block, confirm them and change their role; not API tokens, roles or admin users.',
    actions: [ADMIN_ACTIONS.readEndUsers, ADMIN_ACTIONS.updateEndUsers],
  },
];

const ACTIONS_BY_CODE = new Map(ADMIN_ROLES.map((role) => [role.code, new Set<string>(role.actions)]));

/** Whether any of the role codes grants the action (an unknown code grants nothing). */
export function rolesAllow(codes: readonly string[], action: AdminAction): boolean {
  return codes.some((code) => ACTIONS_BY_CODE.get(code)?.has(action) === true);
}

export function isAdminRoleCode(code: string): boolean {
  return ACTIONS_BY_CODE.has(code);
}
