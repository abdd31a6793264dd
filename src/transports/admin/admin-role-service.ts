import type { Database, Executor } from '../../core/db/database.js';
import { createDocumentId } from '../../core/documents/document-id.js';
import { ApplicationError, ValidationError } from '../../core/shared/errors.js';
import type { AdminPermission } from './admin-ability.js';
import type { AdminContentModel } from './admin-content-subjects.js';
import type { AdminPermissionService } from './admin-permission-service.js';
import { SUPER_ADMIN_CODE } from './admin-roles.js';
import { ADMIN_ROLES_TABLE, ADMIN_USERS_ROLES_TABLE } from './admin-tables.js';
import { superAdminPermissions, type PermissionInput } from './default-admin-permissions.js';

/** An admin role as Strapi 5 shows it (`usersCount` on reads). */
export interface AdminRoleRecord {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly code: string;
  readonly description: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly publishedAt: string | null;
  readonly locale: null;
  readonly usersCount?: number;
}

export interface AdminRoleService {
  list(): Promise<AdminRoleRecord[]>;
  get(id: number): Promise<AdminRoleRecord | null>;
  create(input: { name: string; description: string | null }): Promise<AdminRoleRecord>;
  /** null: no such role. */
  update(id: number, input: { name?: string | undefined; description?: string | null | undefined }): Promise<AdminRoleRecord | null>;
  /** Deletes the roles (one transaction), refusing the Super Admin and roles with users; returns those that existed. */
  remove(ids: readonly number[]): Promise<AdminRoleRecord[]>;
  /** The role's permissions (the Super Admin's derived); null: no such role. */
  permissions(id: number): Promise<AdminPermission[] | null>;
  /** Replaces the role's permissions: 400 for the Super Admin; null: no such role. */
  replacePermissions(id: number, permissions: readonly PermissionInput[]): Promise<AdminPermission[] | null>;
}

type Row = Record<string, unknown>;
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function recordOf(row: Row, usersCount?: number): AdminRoleRecord {
  return {
    id: Number(row.id),
    documentId: String(row.document_id),
    name: String(row.name),
    code: String(row.code),
    description: text(row.description),
    createdAt: text(row.created_at),
    updatedAt: text(row.updated_at),
    // Roles are not drafts: published when created, as Strapi answers.
    publishedAt: text(row.created_at),
    locale: null,
    ...(usersCount === undefined ? {} : { usersCount }),
  };
}

/** Strapi's generated code: the name in kebab case and the time in base 36 (`reviewer-mww6vkpl`). */
function codeFor(name: string, now: number): string {
  const kebab = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${kebab === '' ? 'role' : kebab}-${now.toString(36)}`;
}

export function createAdminRoleService(database: Database, permissionStore: AdminPermissionService, model: AdminContentModel): AdminRoleService {
  const { db, dialect } = database;
  const table = ADMIN_ROLES_TABLE.name;
  const stamp = (): string | number | boolean | bigint | null => dialect.encode('datetime', new Date().toISOString());

  async function counts(executor: Executor, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await executor
      .selectFrom(ADMIN_USERS_ROLES_TABLE.name)
      .select(['role_id', (eb) => eb.fn.countAll().as('count')])
      .where('role_id', 'in', [...ids])
      .groupBy('role_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.role_id), Number(row.count)]));
  }

  const byId = async (executor: Executor, id: number): Promise<Row | undefined> => (await executor.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;

  async function assertUniqueName(executor: Executor, name: string, except?: number): Promise<void> {
    const rows = (await executor.selectFrom(table).select(['id', 'name']).execute()) as Row[];
    if (rows.some((row) => String(row.name).toLowerCase() === name.toLowerCase() && Number(row.id) !== except)) {
      throw new ApplicationError(`The name must be unique and a role with name \`${name}\` already exists.`);
    }
  }

  return {
    async list() {
      const rows = (await db.selectFrom(table).selectAll().orderBy('id').execute()) as Row[];
      const usersCount = await counts(db, rows.map((row) => Number(row.id)));
      return rows.map((row) => recordOf(row, usersCount.get(Number(row.id)) ?? 0));
    },

    async get(id) {
      const row = await byId(db, id);
      return row ? recordOf(row, (await counts(db, [id])).get(id) ?? 0) : null;
    },

    async create({ name, description }) {
      return database.transaction(async (trx) => {
        await dialect.lockForUniqueCheck(trx, table);
        await assertUniqueName(trx, name);
        let code = codeFor(name, Date.now());
        // Two roles of one name-stem in the same millisecond: the next code.
        for (let bump = 1; await trx.selectFrom(table).select('id').where('code', '=', code).executeTakeFirst(); bump += 1) code = codeFor(name, Date.now() + bump);
        const now = stamp();
        await trx.insertInto(table).values({ document_id: createDocumentId(), name, code, description, created_at: now, updated_at: now }).execute();
        const row = (await trx.selectFrom(table).selectAll().where('code', '=', code).executeTakeFirst()) as Row | undefined;
        if (!row) throw new Error('admin role vanished after insert');
        return recordOf(row);
      });
    },

    async update(id, { name, description }) {
      return database.transaction(async (trx) => {
        await dialect.lockForUniqueCheck(trx, table);
        const row = await byId(trx, id);
        if (!row) return null;
        if (row.code === SUPER_ADMIN_CODE) throw new ApplicationError("Super admin can't be edited.");
        if (name !== undefined) await assertUniqueName(trx, name, id);
        await trx
          .updateTable(table)
          .set({ ...(name === undefined ? {} : { name }), ...(description === undefined ? {} : { description }), updated_at: stamp() })
          .where('id', '=', id)
          .execute();
        const updated = await byId(trx, id);
        return updated ? recordOf(updated) : null;
      });
    },

    async remove(ids) {
      return database.transaction(async (trx) => {
        const rows = (await trx.selectFrom(table).selectAll().where('id', 'in', [...ids]).orderBy('id').execute()) as Row[];
        const superAdmin = rows.find((row) => row.code === SUPER_ADMIN_CODE);
        if (superAdmin) throw ValidationError.atField('id', 'You cannot delete the super admin role', String(superAdmin.id));
        const used = await counts(trx, rows.map((row) => Number(row.id)));
        const inUse = rows.find((row) => (used.get(Number(row.id)) ?? 0) > 0);
        if (inUse) throw ValidationError.atField('id', 'Some roles are still assigned to some users', String(inUse.id));
        if (rows.length === 0) return [];
        await permissionStore.removeOfRoles(trx, rows.map((row) => Number(row.id)));
        await trx.deleteFrom(table).where('id', 'in', rows.map((row) => Number(row.id))).execute();
        return rows.map((row) => recordOf(row));
      });
    },

    async permissions(id) {
      const row = await byId(db, id);
      if (!row) return null;
      return row.code === SUPER_ADMIN_CODE ? superAdminPermissions(model) : permissionStore.ofRoles([id]);
    },

    async replacePermissions(id, permissions) {
      return database.transaction(async (trx) => {
        const row = await byId(trx, id);
        if (!row) return null;
        if (row.code === SUPER_ADMIN_CODE) throw new ApplicationError("Super admin permissions can't be edited.");
        await permissionStore.replace(trx, id, permissions);
        await trx.updateTable(table).set({ updated_at: stamp() }).where('id', '=', id).execute();
        return permissionStore.ofRoles([id], trx);
      });
    },
  };
}
