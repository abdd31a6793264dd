import { createHash } from 'node:crypto';
import type { Database, DbTransaction, Executor } from '../../core/db/database.js';
import { literalLimit } from '../../core/query/compile/compile-select.js';
import { columnRef } from '../../core/query/compile/sql-expressions.js';

/**
 * A user row as the auth flows need it, private columns included. Only this module reads
 * them; everything sent to clients goes through the document service, which never outputs
 * private attributes.
 */
export interface UserRecord {
  readonly id: number;
  readonly documentId: string;
  readonly username: string;
  readonly email: string;
  readonly provider: string | null;
  readonly password: string | null;
  readonly confirmed: boolean;
  readonly blocked: boolean;
}

const USERS = 'up_users';
const ROLES = 'up_roles';
const COLUMNS = ['id', 'document_id', 'username', 'email', 'provider', 'password', 'confirmed', 'blocked'] as const;

/**
 * Reset and confirmation codes are stored as their SHA-256, so that reading the database does
 * not give a way into accounts (the reference stores them as sent).
 */
export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

function toRecord(row: Record<string, unknown> | undefined): UserRecord | null {
  if (!row) return null;
  return {
    id: Number(row.id),
    documentId: String(row.document_id),
    username: String(row.username ?? ''),
    email: String(row.email ?? ''),
    provider: row.provider === null || row.provider === undefined ? null : String(row.provider),
    password: typeof row.password === 'string' && row.password !== '' ? row.password : null,
    confirmed: toBoolean(row.confirmed),
    blocked: toBoolean(row.blocked),
  };
}

export interface UserRecords {
  /** A local user by email (case-insensitive) or username (exact), as the reference's login. */
  byLogin(identifier: string): Promise<UserRecord | null>;
  byEmail(email: string): Promise<UserRecord | null>;
  byId(id: number): Promise<UserRecord | null>;
  byResetCode(code: string): Promise<UserRecord | null>;
  byConfirmationCode(code: string): Promise<UserRecord | null>;
  /** Whether another user (not `exceptId`) has this username, or this email when `email` is given. */
  /** `executor`: a write's transaction, so that the answer holds until it commits (see lockUsers). */
  taken(values: { readonly username?: string; readonly email?: string }, exceptId?: number, executor?: Executor): Promise<{ username: boolean; email: boolean }>;
  /**
   * Serializes writers of users for the rest of the transaction (the unique-check lock the
   * document service takes for `username`), so that an email checked free stays free until
   * the user is stored.
   */
  lockUsers(trx: DbTransaction): Promise<void>;
  /** Whether a user's email or username equals the given email or username, crosswise too (the reference's register check). */
  identifierConflict(email: string, username: string, executor?: Executor): Promise<boolean>;
  /** The documentId of the role of this type. */
  roleDocumentId(type: string): Promise<string | null>;
  /**
   * Clears the user's reset (or confirmation) code if it is still `code`, in one statement:
   * of two requests with one code only one gets true, so a code works once.
   */
  claimCode(kind: 'reset' | 'confirmation', id: number, code: string): Promise<boolean>;
}

/** Spaces at the end of a text: what a PAD SPACE comparison ignores. */
function trailingSpaces(text: string): number {
  return text.length - text.replace(/ +$/, '').length;
}

/**
 * Candidates a login lookup reads before the exact check: rows that differ only in trailing
 * spaces are the only ones a PAD SPACE comparison adds, and a few of those at most exist.
 */
const PADDED_CANDIDATES = 8;

export function createUserRecords(database: Database): UserRecords {
  const { db, dialect } = database;
  const select = () => db.selectFrom(USERS).select([...COLUMNS]);
  const lowerEmail = dialect.lower(columnRef('email'));
  const first = async (query: ReturnType<typeof select>) => toRecord(await query.orderBy('id').limit(literalLimit(1)).executeTakeFirst());
  /**
   * MySQL and MariaDB compare with PAD SPACE (`'bob ' = 'bob'`, utf8mb4_bin included), where
   * SQLite and PostgreSQL do not: a login by `"bob "` found bob there only. The query finds the
   * candidates on every database and the trailing spaces are compared here, so that a lookup
   * matches exactly the same rows everywhere. (Emails hold no spaces: only a username can match
   * a padded identifier.)
   */
  const firstExact = async (query: ReturnType<typeof select>, identifier: string, exact: (record: UserRecord) => boolean) => {
    const rows = await query.orderBy('id').limit(literalLimit(PADDED_CANDIDATES)).execute();
    return rows.map((row) => toRecord(row)).find((record): record is UserRecord => record !== null && exact(record)) ?? null;
  };
  return {
    byLogin: (identifier) =>
      firstExact(
        select()
          .where('provider', '=', 'local')
          .where((eb) => eb.or([eb(lowerEmail, '=', identifier.toLowerCase()), eb('username', '=', identifier)])),
        identifier,
        (record) => record.username === identifier || trailingSpaces(record.email) === trailingSpaces(identifier),
      ),
    byEmail: (email) => firstExact(select().where(lowerEmail, '=', email.toLowerCase()), email, (record) => trailingSpaces(record.email) === trailingSpaces(email)),
    byId: (id) => first(select().where('id', '=', id)),
    byResetCode: (code) => first(select().where('reset_password_token', '=', hashCode(code))),
    byConfirmationCode: (code) => first(select().where('confirmation_token', '=', hashCode(code))),
    async taken({ username, email }, exceptId, executor = db) {
      const result = { username: false, email: false };
      if (username !== undefined) {
        let query = executor.selectFrom(USERS).select('id').where('username', '=', username);
        if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
        result.username = (await query.limit(literalLimit(1)).executeTakeFirst()) !== undefined;
      }
      if (email !== undefined) {
        let query = executor.selectFrom(USERS).select('id').where(lowerEmail, '=', email.toLowerCase());
        if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
        result.email = (await query.limit(literalLimit(1)).executeTakeFirst()) !== undefined;
      }
      return result;
    },
    lockUsers: (trx) => dialect.lockForUniqueCheck(trx, USERS),
    async identifierConflict(email, username, executor = db) {
      const lowered = email.toLowerCase();
      const row = await executor
        .selectFrom(USERS)
        .select('id')
        .where((eb) => eb.or([eb(lowerEmail, '=', lowered), eb('username', '=', lowered), eb('username', '=', username), eb(lowerEmail, '=', username.toLowerCase())]))
        .limit(literalLimit(1))
        .executeTakeFirst();
      return row !== undefined;
    },
    async roleDocumentId(type) {
      const row = await db.selectFrom(ROLES).select('document_id').where('type', '=', type).orderBy('id').limit(literalLimit(1)).executeTakeFirst();
      return row ? String(row.document_id) : null;
    },
    async claimCode(kind, id, code) {
      const column = kind === 'reset' ? 'reset_password_token' : 'confirmation_token';
      const result = await db.updateTable(USERS).set({ [column]: null }).where('id', '=', id).where(column, '=', hashCode(code)).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
