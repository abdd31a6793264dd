import type { TableModel } from '../db/table-model.js';
import { pluginPermission, type PermissionName, type PluginAction } from './permission-names.js';

/**
 * What each users-permissions role may do: one row per (role, action), the action named in
 * full (`api::article.article.find`, `plugin::users-permissions.user.me`). `role_id` is the
 * role's row id in up_roles.
 */
export const PERMISSIONS_TABLE: TableModel = {
  name: 'up_permissions',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'action', type: 'string', notNull: true },
    { name: 'role_id', type: 'integer', notNull: true },
    { name: 'created_at', type: 'datetime' },
    { name: 'updated_at', type: 'datetime' },
  ],
  indexes: [{ name: 'up_permissions_role_action_uq', columns: ['role_id', 'action'], unique: true }],
};

export const PUBLIC_ROLE_TYPE = 'public';
export const AUTHENTICATED_ROLE_TYPE = 'authenticated';

/** A role created at start when missing, with the permissions it starts with. */
export interface DefaultRole {
  readonly type: string;
  readonly name: string;
  readonly description: string | null;
  readonly permissions: readonly PermissionName[];
}

const auth = (action: PluginAction<'plugin::users-permissions.auth'>): PermissionName => pluginPermission('plugin::users-permissions.auth', action);

/** The reference's two default roles and their default permissions (reference §7). */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  {
    type: PUBLIC_ROLE_TYPE,
    name: 'Public',
    description: 'Default role given to unauthenticated user.',
    permissions: (['callback', 'connect', 'forgotPassword', 'resetPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation'] as const).map(auth),
  },
  {
    type: AUTHENTICATED_ROLE_TYPE,
    name: 'Authenticated',
    description: 'Default role given to authenticated user.',
    permissions: [pluginPermission('plugin::users-permissions.user', 'me'), auth('changePassword')],
  },
];

/** The role a config/permissions entry names that does not exist yet: named after its type, no permissions of its own. */
export function customRole(type: string): DefaultRole {
  return { type, name: type, description: null, permissions: [] };
}
