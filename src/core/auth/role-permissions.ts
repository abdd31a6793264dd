import type { Executor } from '../db/database.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { ROLE_UID } from './role-type.js';
import { PERMISSIONS_TABLE } from './permissions-table.js';

/** One role as the permission stage knows it. */
export interface RoleEntry {
  readonly id: number;
  readonly type: string;
  /** Full action names the role holds. */
  readonly actions: ReadonlySet<string>;
}

/** Every role and its permissions, read at once; immutable, replaced whole on refresh. */
export interface RoleSnapshot {
  readonly byId: ReadonlyMap<number, RoleEntry>;
  readonly byType: ReadonlyMap<string, RoleEntry>;
}

export function rolesTableOf(registry: SchemaRegistry): string {
  const role = registry.get(ROLE_UID);
  if (!role) throw new Error(`${ROLE_UID} is missing from the registry`);
  return role.collectionName;
}

/** Reads every role with its permissions in one statement (a role without any has one row with a null action). */
export async function loadRoleSnapshot(executor: Executor, registry: SchemaRegistry): Promise<RoleSnapshot> {
  const roles = rolesTableOf(registry);
  const rows = await executor
    .selectFrom(`${roles} as r`)
    .leftJoin(`${PERMISSIONS_TABLE.name} as p`, 'p.role_id', 'r.id')
    .select(['r.id as id', 'r.type as type', 'p.action as action'])
    .execute();
  const actions = new Map<number, { type: string; actions: Set<string> }>();
  for (const row of rows) {
    const id = Number(row.id);
    const entry = actions.get(id) ?? { type: row.type === null || row.type === undefined ? '' : String(row.type), actions: new Set<string>() };
    if (row.action !== null && row.action !== undefined) entry.actions.add(String(row.action));
    actions.set(id, entry);
  }
  const byId = new Map<number, RoleEntry>();
  const byType = new Map<string, RoleEntry>();
  for (const [id, { type, actions: set }] of actions) {
    const entry: RoleEntry = Object.freeze({ id, type, actions: set });
    byId.set(id, entry);
    // Two rows of one type cannot be made through Tessera; if a database has them, the first (oldest) wins.
    if (type !== '' && (!byType.has(type) || (byType.get(type)?.id ?? 0) > id)) byType.set(type, entry);
  }
  return Object.freeze({ byId, byType });
}
