/**
 * The settings actions Tessera's admin routes check (`AdminGuard.require`), and the default admin
 * roles. What a role grants is stored (admin_permissions, seeded by default-admin-permissions.ts);
 * the Super Admin is granted everything without rows.
 */
export const ADMIN_ACTIONS = {
  /** GET /admin/admin-users */
  readAdminUsers: 'admin::users.read',
  /** POST /admin/admin-users, POST /admin/users */
  createAdminUsers: 'admin::users.create',
  /** PUT /admin/users/:id */
  updateAdminUsers: 'admin::users.update',
  /** DELETE /admin/users/:id, POST /admin/users/batch-delete */
  deleteAdminUsers: 'admin::users.delete',
  /** GET /admin/roles[/:id][/permissions] */
  readAdminRoles: 'admin::roles.read',
  /** POST /admin/roles */
  createAdminRoles: 'admin::roles.create',
  /** PUT /admin/roles/:id[/permissions] */
  updateAdminRoles: 'admin::roles.update',
  /** DELETE /admin/roles/:id, POST /admin/roles/batch-delete */
  deleteAdminRoles: 'admin::roles.delete',
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
  /** GET /admin/users-permissions/roles[/:id] */
  readRoles: 'plugin::users-permissions.roles.read',
  /** POST /admin/users-permissions/roles */
  createRoles: 'plugin::users-permissions.roles.create',
  /** PUT /admin/users-permissions/roles/:id */
  updateRoles: 'plugin::users-permissions.roles.update',
  /** DELETE /admin/users-permissions/roles/:id */
  deleteRoles: 'plugin::users-permissions.roles.delete',
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
}

export const SUPER_ADMIN_CODE = 'strapi-super-admin';
export const EDITOR_CODE = 'strapi-editor';
export const AUTHOR_CODE = 'strapi-author';

/** The admin roles every project has (created at start, Strapi's names and descriptions). GET /admin/users/me needs no permission. */
export const ADMIN_ROLES: readonly AdminRoleDefinition[] = [
  { code: SUPER_ADMIN_CODE, name: 'Super Admin', description: 'Super Admins can access and manage all features and settings.' },
  { code: EDITOR_CODE, name: 'Editor', description: 'Editors can manage and publish contents including those of other users.' },
  { code: AUTHOR_CODE, name: 'Author', description: 'Authors can manage the content they have created.' },
];
