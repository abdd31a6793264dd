import { PERMISSIONS_TABLE, AUTHENTICATED_ROLE_TYPE, PUBLIC_ROLE_TYPE } from '../../core/auth/permissions-table.js';
import { rolesTableOf } from '../../core/auth/role-permissions.js';
import type { Database, Executor } from '../../core/db/database.js';
import { createDocumentId } from '../../core/documents/document-id.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { ApplicationError, NotFoundError, ValidationError } from '../../core/shared/errors.js';
import { ADMIN_BODY } from '../../transports/admin/admin-body.js';
import { USER_UID } from './content-types.js';

/** An end-user role as the admin API shows it. */
export interface UpRoleView {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: string;
  /** Full action names, sorted. */
  readonly permissions: readonly string[];
  readonly nbUsers: number;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly publishedAt: string | null;
}

/** A role to create, its values checked by the caller (actions: known full names). */
export interface NewRole {
  readonly name: string;
  readonly description: string | null;
  readonly type: string;
  readonly actions: readonly string[];
}

/** A role's changes; what is undefined stays. `actions` replaces the role's set. */
export interface RoleChanges {
  readonly name?: string | undefined;
  readonly description?: string | null | undefined;
  readonly actions?: readonly string[] | undefined;
}

/**
 * Where a deleted role's users go, and the roles that may not be deleted with the message
 * each one gives (Tessera's older route: to Authenticated; Strapi's: to Public).
 */
export interface RoleDeletion {
  readonly usersMoveTo: string;
  readonly refused: Readonly<Record<string, string>>;
}

export interface UpRoleService {
  list(): Promise<UpRoleView[]>;
  get(id: number): Promise<UpRoleView | null>;
  /** 400 when a role of the type exists. */
  createRole(role: NewRole): Promise<UpRoleView>;
  /** 404 for an unknown id. */
  updateRole(id: number, changes: RoleChanges): Promise<UpRoleView>;
  /** 404 for an unknown id; 400 for a refused type. */
  deleteRole(id: number, rules: RoleDeletion): Promise<UpRoleView>;
  /** Body `{ name, description?, type?, permissions? }`; type defaults to the name in kebab case. */
  create(body: unknown): Promise<UpRoleView>;
  /** Body `{ name?, description?, permissions? }`: permissions given replace the role's. */
  update(id: number, body: unknown): Promise<UpRoleView>;
  /** Public and Authenticated cannot be deleted; the users of a deleted role move to Authenticated (Tessera's older route). */
  delete(id: number): Promise<UpRoleView>;
}

type Row = Record<string, unknown>;
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const ROLE_COLUMNS = ['id', 'document_id', 'name', 'description', 'type', 'created_at', 'updated_at', 'published_at'] as const;

/** `Content Editors` → `content-editors`. */
function typeFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Roles of end users (up_roles) and their permissions (up_permissions, one row per action),
 * written together in one transaction, which also announces the change to other instances
 * (`announce`: the change feed); the caller reloads this instance's auth service afterwards.
 */
export function createUpRoleService(database: Database, registry: SchemaRegistry, isKnownAction: (action: string) => boolean, announce: (trx: Executor) => Promise<void>): UpRoleService {
  const { db, dialect } = database;
  const roles = rolesTableOf(registry);
  const userType = registry.get(USER_UID);
  const roleAttribute = userType?.attributes.get('role');
  if (!userType || roleAttribute?.kind !== 'relation') throw new Error(`${USER_UID} has no role relation`);
  const userLinks = registry.relation(roleAttribute).link.table;
  const stamp = () => dialect.encode('datetime', new Date().toISOString());

  /** Where Tessera's older route sends a deleted role's users, and what it refuses. */
  const OLDER_DELETION: RoleDeletion = {
    usersMoveTo: AUTHENTICATED_ROLE_TYPE,
    refused: { [PUBLIC_ROLE_TYPE]: 'The Public role cannot be deleted', [AUTHENTICATED_ROLE_TYPE]: 'The Authenticated role cannot be deleted' },
  };

  function checkActions(actions: readonly string[] | undefined): readonly string[] | undefined {
    const unknown = (actions ?? []).filter((action) => !isKnownAction(action));
    if (unknown.length > 0) throw ValidationError.atField('permissions', `Unknown permissions provided: ${unknown.join(', ')}`, unknown);
    return actions;
  }

  async function views(executor: Executor, rows: readonly Row[]): Promise<UpRoleView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => Number(row.id));
    const permissionRows = await executor.selectFrom(PERMISSIONS_TABLE.name).select(['role_id', 'action']).where('role_id', 'in', ids).orderBy('action').execute();
    const counts = await executor
      .selectFrom(userLinks)
      .select((eb) => ['target_document_id', eb.fn.countAll().as('count')])
      .where(
        'target_document_id',
        'in',
        rows.map((row) => String(row.document_id)),
      )
      .groupBy('target_document_id')
      .execute();
    const countOf = new Map(counts.map((row) => [String(row.target_document_id), Number(row.count)]));
    return rows.map((row) => ({
      id: Number(row.id),
      documentId: String(row.document_id),
      name: String(row.name),
      description: text(row.description),
      type: String(row.type),
      permissions: permissionRows.filter((permission) => Number(permission.role_id) === Number(row.id)).map((permission) => String(permission.action)),
      nbUsers: countOf.get(String(row.document_id)) ?? 0,
      createdAt: text(row.created_at),
      updatedAt: text(row.updated_at),
      publishedAt: text(row.published_at),
    }));
  }

  async function readRow(executor: Executor, id: number): Promise<Row> {
    const row = (await executor.selectFrom(roles).select([...ROLE_COLUMNS]).where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw new NotFoundError('Role not found');
    return row;
  }

  async function readView(executor: Executor, id: number): Promise<UpRoleView> {
    const [view] = await views(executor, [await readRow(executor, id)]);
    if (!view) throw new NotFoundError('Role not found');
    return view;
  }

  async function replacePermissions(executor: Executor, id: number, actions: readonly string[]): Promise<void> {
    await executor.deleteFrom(PERMISSIONS_TABLE.name).where('role_id', '=', id).execute();
    const now = stamp();
    if (actions.length > 0) {
      await executor
        .insertInto(PERMISSIONS_TABLE.name)
        .values(actions.map((action) => ({ role_id: id, action, created_at: now, updated_at: now })))
        .execute();
    }
  }

  async function createRole({ name, description, type, actions }: NewRole): Promise<UpRoleView> {
    return database.transaction(async (trx) => {
      await dialect.lockForUniqueCheck(trx, roles);
      if (await trx.selectFrom(roles).select('id').where('type', '=', type).executeTakeFirst()) throw new ApplicationError(`A role of type ${type} already exists`);
      const documentId = createDocumentId();
      const now = stamp();
      await trx.insertInto(roles).values({ document_id: documentId, name, description, type, created_at: now, updated_at: now, published_at: now }).execute();
      const row = await trx.selectFrom(roles).select('id').where('document_id', '=', documentId).executeTakeFirstOrThrow();
      await replacePermissions(trx, Number(row.id), actions);
      await announce(trx);
      return readView(trx, Number(row.id));
    });
  }

  async function updateRole(id: number, { name, description, actions }: RoleChanges): Promise<UpRoleView> {
    return database.transaction(async (trx) => {
      await readRow(trx, id);
      const now = stamp();
      await trx
        .updateTable(roles)
        .set({ ...(name ? { name } : {}), ...(description !== undefined ? { description } : {}), updated_at: now, published_at: now })
        .where('id', '=', id)
        .execute();
      if (actions !== undefined) await replacePermissions(trx, id, actions);
      await announce(trx);
      return readView(trx, id);
    });
  }

  async function deleteRole(id: number, { usersMoveTo, refused }: RoleDeletion): Promise<UpRoleView> {
    return database.transaction(async (trx) => {
      const view = await readView(trx, id);
      const refusal = refused[view.type];
      if (refusal !== undefined) throw new ApplicationError(refusal);
      const fallback = await trx.selectFrom(roles).select('document_id').where('type', '=', usersMoveTo).executeTakeFirst();
      const moved = await trx.selectFrom(userLinks).select('id').where('target_document_id', '=', view.documentId).orderBy('entity_ord').orderBy('id').execute();
      if (fallback && moved.length > 0) {
        // Appended to the other role's list of users, keeping its order contiguous.
        const last = await trx
          .selectFrom(userLinks)
          .select((eb) => eb.fn.max('entity_ord').as('max'))
          .where('target_document_id', '=', String(fallback.document_id))
          .executeTakeFirst();
        let order = Number(last?.max ?? 0);
        for (const link of moved) {
          order += 1;
          await trx.updateTable(userLinks).set({ target_document_id: String(fallback.document_id), entity_ord: order }).where('id', '=', Number(link.id)).execute();
        }
      } else {
        await trx.deleteFrom(userLinks).where('target_document_id', '=', view.documentId).execute();
      }
      await trx.deleteFrom(PERMISSIONS_TABLE.name).where('role_id', '=', id).execute();
      await trx.deleteFrom(roles).where('id', '=', id).execute();
      await announce(trx);
      return view;
    });
  }

  return {
    createRole,
    updateRole,
    deleteRole,

    async list() {
      return views(db, (await db.selectFrom(roles).select([...ROLE_COLUMNS]).orderBy('id').execute()) as Row[]);
    },

    async get(id) {
      const row = (await db.selectFrom(roles).select([...ROLE_COLUMNS]).where('id', '=', id).executeTakeFirst()) as Row | undefined;
      return row ? ((await views(db, [row]))[0] ?? null) : null;
    },

    async create(raw) {
      const check = BodyChecker.of(raw, ADMIN_BODY);
      check.onlyKeys(['name', 'description', 'type', 'permissions']);
      const name = check.string('name', { required: true, min: 3 });
      const description = check.string('description', { nullable: true }) ?? null;
      const type = check.string('type', { min: 1 }) ?? typeFromName(name);
      if (!/^[a-z0-9][a-z0-9_-]*$/.test(type)) throw ValidationError.atField('type', 'type must be lowercase letters, digits, - and _', type);
      return createRole({ name, description, type, actions: checkActions(check.stringList('permissions')) ?? [] });
    },

    async update(id, raw) {
      const check = BodyChecker.of(raw, ADMIN_BODY);
      check.onlyKeys(['name', 'description', 'permissions']);
      const name = check.string('name', { min: 3 });
      const description = check.string('description', { nullable: true });
      return updateRole(id, { name, description, actions: checkActions(check.stringList('permissions')) });
    },

    delete(id) {
      return deleteRole(id, OLDER_DELETION);
    },
  };
}
