import type { PermissionGrants } from '../config/app-config.js';
import type { Database, Executor } from '../db/database.js';
import { createDocumentId } from '../documents/document-id.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { expandGrants, subjectOf, type ExpandedGrants } from './expand-grants.js';
import { customRole, DEFAULT_ROLES, PERMISSIONS_TABLE, type DefaultRole } from './permissions-table.js';
import { loadRoleSnapshot, rolesTableOf, type RoleSnapshot } from './role-permissions.js';

/** What the start changes for one role. */
interface RoleChange {
  readonly type: string;
  /** The role to create, when no role of this type exists. */
  readonly create: DefaultRole | null;
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

/**
 * The synchronisation rule, applied at every start:
 * - the Public and Authenticated roles, and every custom role type config/permissions names,
 *   are created when missing (a new default role with the reference's default permissions);
 * - for every (role type, subject) the file names, the role's stored actions of that subject
 *   become exactly the file's (wildcards expanded, see expandGrants): the file wins for what it names;
 * - subjects the file does not name keep what is stored (grants made through the admin API survive),
 *   and so do roles the file does not name. Removing a subject from the file therefore leaves its
 *   last synchronised actions in place; write `[]` to revoke them.
 */
function planSync(snapshot: RoleSnapshot, grants: ExpandedGrants): RoleChange[] {
  const types = new Set([...DEFAULT_ROLES.map((role) => role.type), ...grants.keys()]);
  const changes: RoleChange[] = [];
  for (const type of types) {
    const existing = snapshot.byType.get(type);
    const create = existing ? null : (DEFAULT_ROLES.find((role) => role.type === type) ?? customRole(type));
    const stored: ReadonlySet<string> = existing ? existing.actions : new Set();
    const final = new Set(existing ? existing.actions : (create?.permissions ?? []));
    for (const [subject, desired] of grants.get(type) ?? []) {
      for (const action of [...final]) if (subjectOf(action) === subject && !desired.has(action)) final.delete(action);
      for (const action of desired) final.add(action);
    }
    const add = [...final].filter((action) => !stored.has(action));
    const remove = [...stored].filter((action) => !final.has(action));
    if (create || add.length > 0 || remove.length > 0) changes.push({ type, create, add, remove });
  }
  return changes;
}

/** Applies the plan made again inside the transaction (after the locks), and returns the result. */
async function applyChanges(trx: Executor, database: Database, registry: SchemaRegistry, grants: ExpandedGrants, announce: (trx: Executor) => Promise<void>): Promise<RoleSnapshot> {
  const roles = rolesTableOf(registry);
  // Role writes through the document service take this lock too: a role of the same type
  // created through the admin API meanwhile is seen by the read below, not duplicated.
  await database.dialect.lockForUniqueCheck(trx, roles);
  const changes = planSync(await loadRoleSnapshot(trx, registry), grants);
  if (changes.length === 0) return loadRoleSnapshot(trx, registry);
  const now = database.dialect.encode('datetime', new Date().toISOString());
  const created = changes.flatMap((change) => (change.create ? [change.create] : []));
  if (created.length > 0) {
    await trx
      .insertInto(roles)
      .values(created.map((role) => ({ document_id: createDocumentId(), name: role.name, description: role.description, type: role.type, created_at: now, updated_at: now, published_at: now })))
      .execute();
  }
  const ids = new Map<string, number>();
  const rows = await trx.selectFrom(roles).select(['id', 'type']).where('type', 'in', changes.map((change) => change.type)).orderBy('id').execute();
  for (const row of rows) if (!ids.has(String(row.type))) ids.set(String(row.type), Number(row.id));
  const inserts: Record<string, unknown>[] = [];
  for (const change of changes) {
    const roleId = ids.get(change.type);
    if (roleId === undefined) throw new Error(`The role ${change.type} was not found right after its insert`);
    if (change.remove.length > 0) await trx.deleteFrom(PERMISSIONS_TABLE.name).where('role_id', '=', roleId).where('action', 'in', change.remove).execute();
    for (const action of change.add) inserts.push({ action, role_id: roleId, created_at: now, updated_at: now });
  }
  // Bounded batches: a project with many content-types and roles stays under every database's parameter limit.
  for (let start = 0; start < inserts.length; start += 500) await trx.insertInto(PERMISSIONS_TABLE.name).values(inserts.slice(start, start + 500)).execute();
  // Instances already running with the previous config/permissions follow.
  await announce(trx);
  return loadRoleSnapshot(trx, registry);
}

export interface SyncRolesOptions {
  readonly database: Database;
  readonly registry: SchemaRegistry;
  readonly grants: PermissionGrants;
  /** The plugins' actions, which `*` on a plugin controller stands for. */
  readonly pluginActions: readonly string[];
  /** Records the change on the change feed, in the transaction that makes it. */
  readonly announce: (trx: Executor) => Promise<void>;
  readonly log: (message: string) => void;
}

/**
 * Creates the default and configured roles and synchronises config/permissions into
 * up_permissions. An unchanged database costs one read; changes are planned again and applied
 * in one transaction under the schema lock, so instances starting together take turns and the
 * later ones find the work done.
 */
export async function syncRolesAndPermissions({ database, registry, grants, pluginActions, announce, log }: SyncRolesOptions): Promise<RoleSnapshot> {
  const expanded = expandGrants(grants, registry, pluginActions, log);
  const snapshot = await loadRoleSnapshot(database.db, registry);
  if (planSync(snapshot, expanded).length === 0) return snapshot;
  const run = (trx: Executor) => applyChanges(trx, database, registry, expanded, announce);
  return database.dialect.withSchemaLock(database.db, (db) => (db.isTransaction ? run(db) : db.transaction().execute(run)));
}
