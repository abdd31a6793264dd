import type { TableModel } from '../../core/db/table-model.js';

/**
 * Admin users: the people who run the CMS, kept apart from the end users of the content API
 * (up_users) — their own table, their own JWT secret, their own roles.
 */
export const ADMIN_USERS_TABLE: TableModel = {
  name: 'admin_users',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'document_id', type: 'string', notNull: true },
    { name: 'firstname', type: 'string' },
    { name: 'lastname', type: 'string' },
    { name: 'email', type: 'string', notNull: true },
    { name: 'password', type: 'string', notNull: true },
    { name: 'is_active', type: 'boolean', notNull: true },
    { name: 'blocked', type: 'boolean', notNull: true },
    { name: 'username', type: 'string' },
    { name: 'prefered_language', type: 'string' },
    /** Set while an invited user has not registered (POST /admin/users); cleared by /admin/register. */
    { name: 'registration_token', type: 'string' },
    /** The sha256 of the token of a pending password reset (never the token itself). */
    { name: 'reset_password_token', type: 'string' },
    { name: 'created_at', type: 'datetime' },
    { name: 'updated_at', type: 'datetime' },
  ],
  indexes: [{ name: 'admin_users_email_uq', columns: ['email'], unique: true }],
};

/** Admin roles; what each grants is stored in admin_permissions (the Super Admin's is derived: everything). */
export const ADMIN_ROLES_TABLE: TableModel = {
  name: 'admin_roles',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'document_id', type: 'string', notNull: true },
    { name: 'name', type: 'string', notNull: true },
    { name: 'code', type: 'string', notNull: true },
    { name: 'description', type: 'string' },
    { name: 'created_at', type: 'datetime' },
    { name: 'updated_at', type: 'datetime' },
  ],
  indexes: [{ name: 'admin_roles_code_uq', columns: ['code'], unique: true }],
};

/** Which roles an admin user holds (several roles: the union of their permissions). */
export const ADMIN_USERS_ROLES_TABLE: TableModel = {
  name: 'admin_users_roles_lnk',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'user_id', type: 'integer', notNull: true },
    { name: 'role_id', type: 'integer', notNull: true },
  ],
  indexes: [{ name: 'admin_users_roles_lnk_uq', columns: ['user_id', 'role_id'], unique: true }],
};

/**
 * The permissions of admin roles, Strapi's rows: an action, on a subject (a content-type UID, or
 * null), with `properties` (`{fields?, locales?}`) and `conditions` (condition ids), as JSON text.
 */
export const ADMIN_PERMISSIONS_TABLE: TableModel = {
  name: 'admin_permissions',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'document_id', type: 'string', notNull: true },
    { name: 'action', type: 'string', notNull: true },
    { name: 'action_parameters', type: 'text' },
    { name: 'subject', type: 'string' },
    { name: 'properties', type: 'text' },
    { name: 'conditions', type: 'text' },
    { name: 'role_id', type: 'integer', notNull: true },
    { name: 'created_at', type: 'datetime' },
    { name: 'updated_at', type: 'datetime' },
  ],
  indexes: [{ name: 'admin_permissions_role_idx', columns: ['role_id'] }],
};

/**
 * What the default roles (Editor, Author) were given once: `''` for the subject-free defaults,
 * else a content-type UID. A type is granted to them the first start that sees it, never again,
 * so that an administrator's later choice stands.
 */
export const ADMIN_PERMISSION_SEEDS_TABLE: TableModel = {
  name: 'admin_permission_seeds',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'subject', type: 'string', notNull: true },
  ],
  indexes: [{ name: 'admin_permission_seeds_uq', columns: ['subject'], unique: true }],
};

/**
 * Admin sessions (Strapi 5's refresh-token model): one row per login on a device. Access tokens
 * name their session, and every request checks that it still exists, so a logout ends them at once.
 */
export const ADMIN_SESSIONS_TABLE: TableModel = {
  name: 'admin_sessions',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'session_id', type: 'string', notNull: true },
    { name: 'user_id', type: 'integer', notNull: true },
    { name: 'device_id', type: 'string', notNull: true },
    /** `active`, or `rotated` once its refresh token was exchanged (its access tokens live on until they expire, as in Strapi). */
    { name: 'status', type: 'string', notNull: true },
    { name: 'remember_me', type: 'boolean', notNull: true },
    { name: 'created_at', type: 'datetime' },
    /** Milliseconds since the epoch (compared with the app's clock): the last refresh. */
    { name: 'last_active_at', type: 'bigInteger', notNull: true },
    /** The absolute end of the session (max session or refresh-token lifespan after login). */
    { name: 'expires_at', type: 'bigInteger', notNull: true },
  ],
  indexes: [
    { name: 'admin_sessions_session_uq', columns: ['session_id'], unique: true },
    { name: 'admin_sessions_user_idx', columns: ['user_id'] },
  ],
};

export const ADMIN_TABLES: readonly TableModel[] = [
  ADMIN_USERS_TABLE,
  ADMIN_ROLES_TABLE,
  ADMIN_USERS_ROLES_TABLE,
  ADMIN_PERMISSIONS_TABLE,
  ADMIN_PERMISSION_SEEDS_TABLE,
  ADMIN_SESSIONS_TABLE,
];
