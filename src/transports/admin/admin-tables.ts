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
    { name: 'created_at', type: 'datetime' },
    { name: 'updated_at', type: 'datetime' },
  ],
  indexes: [{ name: 'admin_users_email_uq', columns: ['email'], unique: true }],
};

/** Admin roles; what each grants is fixed in code by its `code` (admin-roles.ts). */
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

export const ADMIN_TABLES: readonly TableModel[] = [ADMIN_USERS_TABLE, ADMIN_ROLES_TABLE, ADMIN_USERS_ROLES_TABLE];
