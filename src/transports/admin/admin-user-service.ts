import { createHash, randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../core/db/database.js';
import { createDocumentId } from '../../core/documents/document-id.js';
import { hashPassword, verifyPassword } from '../../core/documents/hash-password.js';
import { ApplicationError, NotFoundError, ValidationError } from '../../core/shared/errors.js';
import { ADMIN_ROLES, SUPER_ADMIN_CODE } from './admin-roles.js';
import { ADMIN_PERMISSION_SEEDS_TABLE, ADMIN_ROLES_TABLE, ADMIN_SESSIONS_TABLE, ADMIN_USERS_ROLES_TABLE, ADMIN_USERS_TABLE } from './admin-tables.js';
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
  readonly username?: string | null;
  readonly preferedLanguage?: string | null;
  readonly roles: readonly AdminRoleView[];
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  /** Strapi's document fields of an admin user: published when created, no locale. */
  readonly publishedAt?: string | null;
  readonly locale?: null;
}

/** What PUT /admin/users/me and PUT /admin/users/:id may change (checked by the routes). */
export interface AdminUserChanges {
  readonly email?: string | undefined;
  readonly firstname?: string | null | undefined;
  readonly lastname?: string | null | undefined;
  readonly username?: string | null | undefined;
  readonly preferedLanguage?: string | null | undefined;
  /** A new password, already checked against the rules. */
  readonly password?: string | undefined;
  readonly isActive?: boolean | undefined;
  readonly blocked?: boolean | undefined;
  /** Role ids (replaces the user's roles). */
  readonly roleIds?: readonly number[] | undefined;
}

export interface AdminUserPage {
  readonly results: AdminUserView[];
  readonly pagination: { readonly page: number; readonly pageSize: number; readonly pageCount: number; readonly total: number };
}

export interface NewAdminUser {
  readonly email: unknown;
  readonly password: unknown;
  readonly firstname?: string | null | undefined;
  readonly lastname?: string | null | undefined;
  /** Role codes; default: the super-admin role. */
  readonly roles?: readonly string[] | undefined;
  /** POST /admin/register-admin: refused (400) once any admin user exists, checked under the write lock. */
  readonly firstAdmin?: boolean | undefined;
}

export interface AdminUserService {
  /** Creates the built-in admin roles that the database lacks (idempotent, safe for instances starting together). */
  ensureRoles(): Promise<void>;
  count(): Promise<number>;
  create(input: NewAdminUser): Promise<AdminUserView>;
  get(id: number): Promise<AdminUserView | null>;
  list(): Promise<AdminUserView[]>;
  /** A page of users by id (or `sort`), `q` searching names, username and email. */
  page(options: { page: number; pageSize: number; q?: string | undefined; sort?: { field: string; direction: 'asc' | 'desc' } | undefined }): Promise<AdminUserPage>;
  /** An invited user (POST /admin/users): inactive, no password, a registration token. */
  invite(input: { email: string; firstname: string | null; lastname: string | null; roleIds: readonly number[] }): Promise<AdminUserView & { registrationToken: string }>;
  byRegistrationToken(token: string): Promise<AdminUserView | null>;
  /** Completes an invitation: sets the password and names, activates, clears the token. */
  register(token: string, input: { firstname: string; lastname: string | null; password: string }): Promise<AdminUserView>;
  update(id: number, changes: AdminUserChanges): Promise<AdminUserView>;
  /** Deletes users (one transaction); 400 when no active Super Admin would remain. Returns the deleted ones. */
  remove(ids: readonly number[]): Promise<AdminUserView[]>;
  checkPassword(id: number, password: string): Promise<boolean>;
  /** A fresh reset token for the active user of that email (stored hashed); null when there is none. */
  createResetToken(email: string): Promise<{ user: AdminUserView; token: string } | null>;
  /** Sets the password of the token's user and spends the token; null for an unknown token. */
  resetWithToken(token: string, password: string): Promise<AdminUserView | null>;

  /** The user whose email and password match, active and not blocked; null otherwise (in about the same time either way). */
  login(email: string, password: string): Promise<AdminUserView | null>;
  resetPassword(email: unknown, password: unknown): Promise<AdminUserView>;
}

type Row = Record<string, unknown>;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

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
      username: text(row.username),
      email: String(row.email),
      isActive: bool(row.is_active),
      blocked: bool(row.blocked),
      preferedLanguage: text(row.prefered_language),
      roles: roles.get(Number(row.id)) ?? [],
      createdAt: text(row.created_at),
      updatedAt: text(row.updated_at),
      publishedAt: text(row.created_at),
      locale: null,
    }));
  }

  const USER_COLUMNS = ['id', 'document_id', 'firstname', 'lastname', 'username', 'email', 'is_active', 'blocked', 'prefered_language', 'created_at', 'updated_at'] as const;

  async function byEmail(executor: Executor, email: string): Promise<Row | undefined> {
    return (await executor.selectFrom(ADMIN_USERS_TABLE.name).select([...USER_COLUMNS, 'password']).where('email', '=', email).executeTakeFirst()) as Row | undefined;
  }

  async function checkRoleIds(executor: Executor, roleIds: readonly number[]): Promise<void> {
    if (roleIds.length === 0) throw ValidationError.atField('roles', 'roles field must have at least 1 items', roleIds);
    const found = await executor.selectFrom(ADMIN_ROLES_TABLE.name).select('id').where('id', 'in', [...roleIds]).execute();
    if (found.length !== new Set(roleIds).size) throw ValidationError.atField('roles', 'Some roles do not exist', roleIds);
  }

  /** Active, unblocked users holding the Super Admin role. */
  async function superAdminCount(executor: Executor): Promise<number> {
    const row = await executor
      .selectFrom(`${ADMIN_USERS_ROLES_TABLE.name} as l`)
      .innerJoin(`${ADMIN_ROLES_TABLE.name} as r`, 'r.id', 'l.role_id')
      .innerJoin(`${ADMIN_USERS_TABLE.name} as u`, 'u.id', 'l.user_id')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('r.code', '=', SUPER_ADMIN_CODE)
      .where('u.is_active', '=', dialect.encode('boolean', true))
      .where('u.blocked', '=', dialect.encode('boolean', false))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Strapi's rule: a change that would leave no active Super Admin is refused (the transaction rolls back). */
  async function keepOneSuperAdmin(executor: Executor): Promise<void> {
    if ((await superAdminCount(executor)) === 0) throw new ValidationError('You must have at least one user with super admin role.');
  }

  return {
    async ensureRoles() {
      const existing = new Set((await db.selectFrom(ADMIN_ROLES_TABLE.name).select('code').execute()).map((row) => String(row.code)));
      const marks = new Set((await db.selectFrom(ADMIN_PERMISSION_SEEDS_TABLE.name).select('subject').execute()).map((row) => String(row.subject)));
      for (const role of ADMIN_ROLES) {
        // A default role is made once: one an administrator deleted (Editor, Author) stays deleted.
        if (!existing.has(role.code) && !marks.has(`role:${role.code}`)) {
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
        if (marks.has(`role:${role.code}`)) continue;
        try {
          await db.insertInto(ADMIN_PERMISSION_SEEDS_TABLE.name).values({ subject: `role:${role.code}` }).execute();
        } catch {
          // Marked by another instance meanwhile.
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
        if (input.firstAdmin === true && (await trx.selectFrom(ADMIN_USERS_TABLE.name).select('id').limit(1).executeTakeFirst())) {
          throw new ApplicationError('You cannot register a new super admin');
        }
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
      // An invited user has no password yet (''): compared against the dummy, and refused.
      const hash = typeof row?.password === 'string' && row.password !== '' ? row.password : await dummy();
      const matches = (await verifyPassword(password, hash)) && row !== undefined && row.password !== '';
      if (!matches || !bool(row.is_active) || bool(row.blocked)) return null;
      return (await views(db, [row]))[0] ?? null;
    },

    async page({ page, pageSize, q, sort }) {
      const SORTABLE: Readonly<Record<string, string>> = { id: 'id', firstname: 'firstname', lastname: 'lastname', email: 'email', username: 'username', isActive: 'is_active', createdAt: 'created_at', updatedAt: 'updated_at' };
      let query = db.selectFrom(ADMIN_USERS_TABLE.name);
      if (q !== undefined && q !== '') {
        const like = `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        query = query.where((eb) => eb.or(['firstname', 'lastname', 'username', 'email'].map((column) => eb(eb.fn('lower', [eb.ref(column)]), 'like', like))));
      }
      const total = Number((await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst())?.count ?? 0);
      const column = sort ? SORTABLE[sort.field] ?? 'id' : 'id';
      const rows = (await query
        .select([...USER_COLUMNS])
        .orderBy(column, sort?.direction ?? 'asc')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute()) as Row[];
      return { results: await views(db, rows), pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } };
    },

    async invite({ email, firstname, lastname, roleIds }) {
      const registrationToken = randomBytes(20).toString('hex');
      return database.transaction(async (trx) => {
        await dialect.lockForUniqueCheck(trx, ADMIN_USERS_TABLE.name);
        if (await byEmail(trx, email)) throw new ApplicationError('Email already taken');
        await checkRoleIds(trx, roleIds);
        const stamp = now();
        await trx
          .insertInto(ADMIN_USERS_TABLE.name)
          .values({
            document_id: createDocumentId(),
            firstname,
            lastname,
            email,
            password: '',
            is_active: dialect.encode('boolean', false),
            blocked: dialect.encode('boolean', false),
            registration_token: registrationToken,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        const created = await byEmail(trx, email);
        if (!created) throw new Error('admin user vanished after insert');
        if (roleIds.length > 0) await trx.insertInto(ADMIN_USERS_ROLES_TABLE.name).values(roleIds.map((roleId) => ({ user_id: Number(created.id), role_id: roleId }))).execute();
        const [view] = await views(trx, [created]);
        if (!view) throw new Error('admin user vanished after insert');
        return { ...view, registrationToken };
      });
    },

    async byRegistrationToken(token) {
      const row = (await db.selectFrom(ADMIN_USERS_TABLE.name).select([...USER_COLUMNS]).where('registration_token', '=', token).executeTakeFirst()) as Row | undefined;
      return row ? ((await views(db, [row]))[0] ?? null) : null;
    },

    async register(token, input) {
      const hash = await hashPassword(input.password);
      return database.transaction(async (trx) => {
        const row = (await trx.selectFrom(ADMIN_USERS_TABLE.name).select('id').where('registration_token', '=', token).executeTakeFirst()) as Row | undefined;
        if (!row) throw ValidationError.atField('registrationToken', 'Invalid registrationToken', undefined);
        await trx
          .updateTable(ADMIN_USERS_TABLE.name)
          .set({ firstname: input.firstname, lastname: input.lastname, password: hash, is_active: dialect.encode('boolean', true), registration_token: null, updated_at: now() })
          .where('id', '=', Number(row.id))
          .execute();
        const updated = (await trx.selectFrom(ADMIN_USERS_TABLE.name).select([...USER_COLUMNS]).where('id', '=', Number(row.id)).executeTakeFirst()) as Row;
        const [view] = await views(trx, [updated]);
        if (!view) throw new Error('admin user vanished after update');
        return view;
      });
    },

    async update(id, changes) {
      const hash = changes.password === undefined ? undefined : await hashPassword(changes.password);
      return database.transaction(async (trx) => {
        await dialect.lockForUniqueCheck(trx, ADMIN_USERS_TABLE.name);
        const existing = (await trx.selectFrom(ADMIN_USERS_TABLE.name).select(['id', 'email']).where('id', '=', id).executeTakeFirst()) as Row | undefined;
        if (!existing) throw new NotFoundError('User does not exist');
        if (changes.email !== undefined && changes.email !== existing.email) {
          const other = await byEmail(trx, changes.email);
          if (other && Number(other.id) !== id) throw new ApplicationError('Email already taken');
        }
        const set: Record<string, unknown> = { updated_at: now() };
        if (changes.email !== undefined) set.email = changes.email;
        if (changes.firstname !== undefined) set.firstname = changes.firstname;
        if (changes.lastname !== undefined) set.lastname = changes.lastname;
        if (changes.username !== undefined) set.username = changes.username;
        if (changes.preferedLanguage !== undefined) set.prefered_language = changes.preferedLanguage;
        if (hash !== undefined) set.password = hash;
        if (changes.isActive !== undefined) set.is_active = dialect.encode('boolean', changes.isActive);
        if (changes.blocked !== undefined) set.blocked = dialect.encode('boolean', changes.blocked);
        await trx.updateTable(ADMIN_USERS_TABLE.name).set(set).where('id', '=', id).execute();
        if (changes.roleIds !== undefined) {
          await checkRoleIds(trx, changes.roleIds);
          await trx.deleteFrom(ADMIN_USERS_ROLES_TABLE.name).where('user_id', '=', id).execute();
          if (changes.roleIds.length > 0) await trx.insertInto(ADMIN_USERS_ROLES_TABLE.name).values(changes.roleIds.map((roleId) => ({ user_id: id, role_id: roleId }))).execute();
        }
        if (changes.roleIds !== undefined || changes.isActive === false || changes.blocked === true) await keepOneSuperAdmin(trx);
        const row = (await trx.selectFrom(ADMIN_USERS_TABLE.name).select([...USER_COLUMNS]).where('id', '=', id).executeTakeFirst()) as Row;
        const [view] = await views(trx, [row]);
        if (!view) throw new Error('admin user vanished after update');
        return view;
      });
    },

    async remove(ids) {
      return database.transaction(async (trx) => {
        await dialect.lockForUniqueCheck(trx, ADMIN_USERS_TABLE.name);
        const rows = (await trx.selectFrom(ADMIN_USERS_TABLE.name).select([...USER_COLUMNS]).where('id', 'in', [...ids]).orderBy('id').execute()) as Row[];
        const removed = await views(trx, rows);
        if (rows.length === 0) return removed;
        await trx.deleteFrom(ADMIN_USERS_ROLES_TABLE.name).where('user_id', 'in', [...ids]).execute();
        await trx.deleteFrom(ADMIN_USERS_TABLE.name).where('id', 'in', [...ids]).execute();
        await keepOneSuperAdmin(trx);
        return removed;
      });
    },

    async checkPassword(id, password) {
      const row = await db.selectFrom(ADMIN_USERS_TABLE.name).select('password').where('id', '=', id).executeTakeFirst();
      const hash = typeof row?.password === 'string' && row.password !== '' ? row.password : await dummy();
      return (await verifyPassword(password, hash)) && typeof row?.password === 'string' && row.password !== '';
    },

    async createResetToken(email) {
      const row = await byEmail(db, email.trim().toLowerCase());
      if (!row || !bool(row.is_active) || bool(row.blocked)) return null;
      const token = randomBytes(20).toString('hex');
      await db.updateTable(ADMIN_USERS_TABLE.name).set({ reset_password_token: sha256(token) }).where('id', '=', Number(row.id)).execute();
      const [view] = await views(db, [row]);
      return view ? { user: view, token } : null;
    },

    async resetWithToken(token, password) {
      const digest = sha256(token);
      const row = (await db.selectFrom(ADMIN_USERS_TABLE.name).select(['id']).where('reset_password_token', '=', digest).executeTakeFirst()) as Row | undefined;
      // Looked up first: a guessed token costs no bcrypt round.
      if (!row) return null;
      const hash = await hashPassword(password);
      // Spent once: a second use of the same token matches no row.
      const done = await db.updateTable(ADMIN_USERS_TABLE.name).set({ password: hash, reset_password_token: null, updated_at: now() }).where('id', '=', Number(row.id)).where('reset_password_token', '=', digest).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return null;
      const updated = (await db.selectFrom(ADMIN_USERS_TABLE.name).select([...USER_COLUMNS]).where('id', '=', Number(row.id)).executeTakeFirst()) as Row;
      return (await views(db, [updated]))[0] ?? null;
    },


    async resetPassword(emailInput, passwordInput) {
      const email = checkAdminEmail(emailInput);
      const password = checkAdminPassword(passwordInput);
      if (!(await byEmail(db, email))) throw new NotFoundError(`No admin user has the email ${email}`);
      const hash = await hashPassword(password);
      await database.transaction(async (trx) => {
        await trx.updateTable(ADMIN_USERS_TABLE.name).set({ password: hash, updated_at: now() }).where('email', '=', email).execute();
        const user = await byEmail(trx, email);
        // A password reset from the command line ends the account's sessions, as the reset route does.
        if (user) await trx.deleteFrom(ADMIN_SESSIONS_TABLE.name).where('user_id', '=', Number(user.id)).execute();
      });
      const row = await byEmail(db, email);
      const [view] = row ? await views(db, [row]) : [];
      if (!view) throw new NotFoundError(`No admin user has the email ${email}`);
      return view;
    },
  };
}
