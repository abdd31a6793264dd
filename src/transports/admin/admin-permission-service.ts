import type { Database, Executor } from '../../core/db/database.js';
import { createDocumentId } from '../../core/documents/document-id.js';
import type { AdminPermission } from './admin-ability.js';
import { contentSubjects, type AdminContentModel } from './admin-content-subjects.js';
import { ADMIN_PERMISSION_SEEDS_TABLE, ADMIN_PERMISSIONS_TABLE, ADMIN_ROLES_TABLE } from './admin-tables.js';
import { defaultContentPermissions, defaultPlainPermissions, SEEDED_ROLE_CODES, type PermissionInput } from './default-admin-permissions.js';

/** The stored permissions of admin roles. */
export interface AdminPermissionService {
  /** The permissions of these roles, by id. */
  ofRoles(roleIds: readonly number[], executor?: Executor): Promise<AdminPermission[]>;
  /** Replaces every permission of the role, in the caller's transaction. */
  replace(trx: Executor, roleId: number, permissions: readonly PermissionInput[]): Promise<void>;
  /** Removes every permission of these roles, in the caller's transaction (roles being deleted). */
  removeOfRoles(trx: Executor, roleIds: readonly number[]): Promise<void>;
  /**
   * Gives the default roles (Editor, Author) their defaults for what they were never given:
   * the subject-free ones once, each content-type the first start that sees it. Safe for
   * instances starting together.
   */
  seedDefaults(model: AdminContentModel): Promise<void>;
}

type Row = Record<string, unknown>;

/** The seed row of the subject-free defaults. */
const BASE_SEED = '';

function json(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined);

export function permissionOfRow(row: Row): AdminPermission {
  const properties = record(json(row.properties));
  const fields = strings(properties.fields);
  const locales = strings(properties.locales);
  return {
    id: Number(row.id),
    action: String(row.action),
    actionParameters: record(json(row.action_parameters)),
    subject: row.subject === null || row.subject === undefined || row.subject === '' ? null : String(row.subject),
    properties: { ...(fields ? { fields } : {}), ...(locales ? { locales } : {}) },
    conditions: strings(json(row.conditions)) ?? [],
  };
}

const INSERT_CHUNK = 100;

export function createAdminPermissionService(database: Database): AdminPermissionService {
  const { db, dialect } = database;
  const now = (): string | number | boolean | bigint | null => dialect.encode('datetime', new Date().toISOString());

  async function insert(trx: Executor, roleId: number, permissions: readonly PermissionInput[]): Promise<void> {
    const stamp = now();
    const rows = permissions.map((permission) => ({
      document_id: createDocumentId(),
      action: permission.action,
      action_parameters: JSON.stringify(permission.actionParameters ?? {}),
      subject: permission.subject,
      properties: JSON.stringify(permission.properties),
      conditions: JSON.stringify(permission.conditions),
      role_id: roleId,
      created_at: stamp,
      updated_at: stamp,
    }));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await trx.insertInto(ADMIN_PERMISSIONS_TABLE.name).values(rows.slice(start, start + INSERT_CHUNK)).execute();
    }
  }

  /** Whether some default is not seeded yet: read without a lock, so that a start finding all done writes nothing. */
  async function missesSeeds(model: AdminContentModel): Promise<boolean> {
    const seeded = new Set((await db.selectFrom(ADMIN_PERMISSION_SEEDS_TABLE.name).select('subject').execute()).map((row) => String(row.subject)));
    return !seeded.has(BASE_SEED) || contentSubjects(model.registry).some((subject) => !seeded.has(subject.uid));
  }

  async function seedOnce(model: AdminContentModel): Promise<void> {
    await database.transaction(async (trx) => {
      await dialect.lockForUniqueCheck(trx, ADMIN_PERMISSIONS_TABLE.name);
      const seeded = new Set((await trx.selectFrom(ADMIN_PERMISSION_SEEDS_TABLE.name).select('subject').execute()).map((row) => String(row.subject)));
      const subjects = contentSubjects(model.registry).filter((subject) => !seeded.has(subject.uid));
      const base = !seeded.has(BASE_SEED);
      if (subjects.length === 0 && !base) return;
      const roles = await trx.selectFrom(ADMIN_ROLES_TABLE.name).select(['id', 'code']).where('code', 'in', [...SEEDED_ROLE_CODES]).execute();
      const localeCodes = model.locales.list().map((locale) => locale.code);
      for (const role of roles) {
        const code = String(role.code);
        const permissions = [...(base ? defaultPlainPermissions(code) : []), ...subjects.flatMap((subject) => defaultContentPermissions(code, subject, localeCodes))];
        await insert(trx, Number(role.id), permissions);
      }
      const marks = [...(base ? [BASE_SEED] : []), ...subjects.map((subject) => subject.uid)];
      await trx.insertInto(ADMIN_PERMISSION_SEEDS_TABLE.name).values(marks.map((subject) => ({ subject }))).execute();
    });
  }

  return {
    async ofRoles(roleIds, executor = db) {
      if (roleIds.length === 0) return [];
      const rows = (await executor.selectFrom(ADMIN_PERMISSIONS_TABLE.name).selectAll().where('role_id', 'in', [...roleIds]).orderBy('id').execute()) as Row[];
      return rows.map(permissionOfRow);
    },

    async replace(trx, roleId, permissions) {
      await trx.deleteFrom(ADMIN_PERMISSIONS_TABLE.name).where('role_id', '=', roleId).execute();
      await insert(trx, roleId, permissions);
    },

    async removeOfRoles(trx, roleIds) {
      if (roleIds.length > 0) await trx.deleteFrom(ADMIN_PERMISSIONS_TABLE.name).where('role_id', 'in', [...roleIds]).execute();
    },

    async seedDefaults(model) {
      if (!(await missesSeeds(model))) return;
      try {
        await seedOnce(model);
      } catch (error) {
        // Another instance seeded the same subjects meanwhile (unique seed rows): its rows stand; run again to see.
        await seedOnce(model).catch(() => {
          throw error;
        });
      }
    },
  };
}
