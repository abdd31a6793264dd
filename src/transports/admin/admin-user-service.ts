import { randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../core/db/database.js';
import { createDocumentId } from '../../core/documents/document-id.js';
import { hashPassword, verifyPassword } from '../../core/documents/hash-password.js';
import { ApplicationError, NotFoundError, ValidationError } from '../../core/shared/errors.js';
import { ADMIN_ROLES, SUPER_ADMIN_CODE } from './admin-roles.js';
import { ADMIN_ROLES_TABLE, ADMIN_USERS_ROLES_TABLE, ADMIN_USERS_TABLE } from './admin-tables.js';
import { checkAdminEmail, checkAdminPassword } from './admin-password.js';

export interface AdminRoleView {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
}

/** An admin user as the admin API shows it: never the password. */
export interface AdminUserView {
  readonly id: number;
  readonly documentId: string;
  readonly firstname: string | null;
  readonly lastname: string | null;
  readonly email: string;
  readonly isActive: boolean;
  readonly blocked: boolean;
  readonly roles: readonly AdminRoleView[];
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

export interface NewAdminUser {
  readonly email: unknown;
  readonly password: unknown;
  readonly firstname?: string | null | undefined;
  readonly lastname?: string | null | undefined;
  /** Role codes; default: the super-admin role. */
  readonly roles?: readonly string[] | undefined;
}

export interface AdminUserService {
  /** Creates the built-in admin roles that the database lacks (idempotent, safe for instances starting together). */
  ensureRoles(): Promise<void>;
  count(): Promise<number>;
  create(input: NewAdminUser): Promise<AdminUserView>;
  get(id: number): Promise<AdminUserView | null>;
  list(): Promise<AdminUserView[]>;
  /** The user whose email and password match, active and not blocked; null otherwise (in about the same time either way). */
  login(email: string, password: string): Promise<AdminUserView | null>;
  resetPassword(email: unknown, password: unknown): Promise<AdminUserView>;
}

type Row = Record<string, unknown>;

/** Booleans come back as true/false (PostgreSQL) or 1/0 (SQLite, MySQL). */
const bool = (value: unknown): boolean => value === true || value === 1 || value === '1';
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** Compared against when an email is unknown, so that a login takes a bcrypt check's time either way. */
let dummyHash: Promise<string> | undefined;
const dummy = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function createAdminUserService(database: Database): AdminUserService {
  const { db, dialect } = database;
  const now = (): string | number | boolean | bigint | null => dialect.encode('datetime', new Date().toISOString());

  async function rolesOf(executor: Executor, userIds: readonly number[]): Promise<Map<number, AdminRoleView[]>> {
    const byUser = new Map<number, AdminRoleView[]>();
    if (userIds.length === 0) return byUser;
    const rows = await executor
      .selectFrom(`${ADMIN_USERS_ROLES_TABLE.name} as l`)
      .innerJoin(`${ADMIN_ROLES_TABLE.name} as r`, 'r.id', 'l.role_id')
      .select(['l.user_id as user_id', 'r.id as id', 'r.code as code', 'r.name as name', 'r.description as description'])
      .where('l.user_id', 'in', [...userIds])
      .orderBy('r.id')
      .execute();
    for (const row of rows as Row[]) {
      const list = byUser.get(Number(row.user_id)) ?? [];
      list.push({ id: Number(row.id), code: String(row.code), name: String(row.name), description: text(row.description) });
      byUser.set(Number(row.user_id), list);
    }
    return byUser;
  }

  async function views(executor: Executor, rows: readonly Row[]): Promise<AdminUserView[]> {
    const roles = await rolesOf(executor, rows.map((row) => Number(row.id)));
    return rows.map((row) => ({
      id: Number(row.id),
      documentId: String(row.document_id),
      firstname: text(row.firstname),
      lastname: text(row.lastname),
      email: String(row.email),
      isActive: bool(row.is_active),
      blocked: bool(row.blocked),
      roles: roles.get(Number(row.id)) ?? [],
      createdAt: text(row.created_at),
      updatedAt: text(row.updated_at),
    }));
  }

  const USER_COLUMNS = ['id', 'document_id', 'firstname', 'lastname', 'email', 'is_active', 'blocked', 'created_at', 'updated_at'] as const;

  async function byEmail(executor: Executor, email: string): Promise<Row | undefined> {
    return (await executor.selectFrom(ADMIN_USERS_TABLE.name).select([...USER_COLUMNS, 'password']).where('email', '=', email).executeTakeFirst()) as Row | undefined;
  }

  return {
    async ensureRoles() {
      const existing = new Set((await db.selectFrom(ADMIN_ROLES_TABLE.name).select('code').execute()).map((row) => String(row.code)));
      for (const role of ADMIN_ROLES) {
        if (existing.has(role.code)) continue;
        try {
          const stamp = now();
          await db
            .insertInto(ADMIN_ROLES_TABLE.name)
            .values({ document_id: createDocumentId(), code: role.code, name: role.name, description: role.description, created_at: stamp, updated_at: stamp })
            .execute();
        } catch (error) {
          // Another instance created it first (unique code): that row is the role.
          const raced = await db.selectFrom(ADMIN_ROLES_TABLE.name).select('id').where('code', '=', role.code).executeTakeFirst();
          if (!raced) throw error;
        }
      }
    },

    async count() {
      const row = await db.selectFrom(ADMIN_USERS_TABLE.name).select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async create(input) {
      const email = checkAdminEmail(input.email);
      const password = checkAdminPassword(input.password);
      const codes = [...new Set(input.roles ?? [SUPER_ADMIN_CODE])];
      if (codes.length === 0) throw ValidationError.atField('roles', 'An admin user needs at least one role', input.roles);
      const known = (await db.selectFrom(ADMIN_ROLES_TABLE.name).select('code').orderBy('id').execute()).map((row) => String(row.code));
      const unknown = codes.filter((code) => !known.includes(code));
      if (unknown.length > 0) throw ValidationError.atField('roles', `Unknown admin role ${unknown.join(', ')} (known: ${known.join(', ')})`, input.roles);
      // Hashing first: a bcrypt round never holds the write lock.
      const hash = await hashPassword(password);
      return database.transaction(async (trx) => {
        await dialect.lockForUniqueCheck(trx, ADMIN_USERS_TABLE.name);
        if (await byEmail(trx, email)) throw new ApplicationError('Email already taken');
        const roleRows = await trx.selectFrom(ADMIN_ROLES_TABLE.name).select(['id', 'code']).where('code', 'in', codes).execute();
        if (roleRows.length !== codes.length) throw new ApplicationError('The admin roles are missing: start the server once or run the command again');
        const stamp = now();
        await trx
          .insertInto(ADMIN_USERS_TABLE.name)
          .values({
            document_id: createDocumentId(),
            firstname: input.firstname ?? null,
            lastname: input.lastname ?? null,
            email,
            password: hash,
            is_active: dialect.encode('boolean', true),
            blocked: dialect.encode('boolean', false),
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        const created = await byEmail(trx, email);
        if (!created) throw new Error('admin user vanished after insert');
        await trx
          .insertInto(ADMIN_USERS_ROLES_TABLE.name)
          .values(roleRows.map((role) => ({ user_id: Number(created.id), role_id: Number(role.id) })))
          .execute();
        const [view] = await views(trx, [created]);
        if (!view) throw new Error('admin user vanished after insert');
        return view;
      });
    },

    async get(id) {
      const row = (await db.selectFrom(ADMIN_USERS_TABLE.name).select([...USER_COLUMNS]).where('id', '=', id).executeTakeFirst()) as Row | undefined;
      return row ? ((await views(db, [row]))[0] ?? null) : null;
    },

    async list() {
      const rows = (await db.selectFrom(ADMIN_USERS_TABLE.name).select([...USER_COLUMNS]).orderBy('id').execute()) as Row[];
      return views(db, rows);
    },

    async login(email, password) {
      const normalized = typeof email === 'string' ? email.trim().toLowerCase() : '';
      const row = normalized.length > 0 && normalized.length <= 255 ? await byEmail(db, normalized) : undefined;
      const hash = typeof row?.password === 'string' ? row.password : await dummy();
      const matches = (await verifyPassword(password, hash)) && row !== undefined;
      if (!matches || !bool(row.is_active) || bool(row.blocked)) return null;
      return (await views(db, [row]))[0] ?? null;
    },

    async resetPassword(emailInput, passwordInput) {
      const email = checkAdminEmail(emailInput);
      const password = checkAdminPassword(passwordInput);
      if (!(await byEmail(db, email))) throw new NotFoundError(`No admin user has the email ${email}`);
      const hash = await hashPassword(password);
      await db.updateTable(ADMIN_USERS_TABLE.name).set({ password: hash, updated_at: now() }).where('email', '=', email).execute();
      const row = await byEmail(db, email);
      const [view] = row ? await views(db, [row]) : [];
      if (!view) throw new NotFoundError(`No admin user has the email ${email}`);
      return view;
    },
  };
}
