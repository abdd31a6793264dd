import type { Database } from '../../core/db/database.js';
import { ADMIN_USERS_TABLE } from './admin-tables.js';

/** `createdBy` / `updatedBy` as Strapi's content manager and media library show them. */
export interface AdminUserRef {
  readonly id: number;
  readonly firstname: string | null;
  readonly lastname: string | null;
  readonly username: null;
  readonly email: string;
  readonly isActive: boolean;
}

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** The admin users of these ids (one statement); a deleted user is absent (shown as null). */
export async function adminUsersOf(database: Database, ids: readonly (number | null)[]): Promise<Map<number, AdminUserRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const users = new Map<number, AdminUserRef>();
  if (wanted.length === 0) return users;
  const rows = await database.db.selectFrom(ADMIN_USERS_TABLE.name).select(['id', 'firstname', 'lastname', 'email', 'is_active']).where('id', 'in', wanted).execute();
  for (const row of rows as Record<string, unknown>[]) {
    const id = Number(row.id);
    users.set(id, { id, firstname: text(row.firstname), lastname: text(row.lastname), username: null, email: String(row.email), isActive: row.is_active === true || row.is_active === 1 || row.is_active === '1' });
  }
  return users;
}
