import type { Database } from '../../core/db/database.js';
import { lookupValue } from '../../core/query/compile/sql-expressions.js';
import { LINK_COLUMNS } from '../../core/schema/relation-link.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { UnauthorizedError } from '../../core/shared/errors.js';
import { STORE_TABLE } from '../../core/store/key-value-store.js';
import { ROLE_UID, USER_UID } from './content-types.js';
import type { AuthStrategy, AuthStrategyContext } from '../../core/auth/auth-strategy.js';
import type { UserPrincipal } from '../../core/auth/principal.js';
import { lazy } from '../../core/shared/lazy.js';
import { createUserJwt, resolveJwtSecret, type UserJwt } from './user-jwt.js';

/** Where users-permissions keeps its advanced settings (src/plugins/users-permissions/settings.ts). */
const ADVANCED_SETTINGS_KEY = 'users-permissions.advanced';

const MAX_ROW_ID = 2_147_483_647;

/** Booleans as the databases return them: true/false, 1/0, '1'/'0'. */
function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 1n;
}

function emailConfirmationOn(stored: unknown): boolean {
  if (typeof stored !== 'string') return false;
  try {
    const settings = JSON.parse(stored) as { email_confirmation?: unknown } | null;
    return settings?.email_confirmation === true;
  } catch {
    return false;
  }
}

export type UserStrategy = (token: string) => Promise<UserPrincipal>;

/**
 * The user JWT strategy: a valid HS256 token of this secret names a user id; the user, the
 * role it holds and the email confirmation setting are read in one statement. A bad token →
 * 401 "Missing or invalid credentials"; a deleted, blocked or (with email confirmation on)
 * unconfirmed user → 401 "Invalid credentials". A user without a role holds no permissions.
 */
export function createUserStrategy(database: Database, registry: SchemaRegistry, jwt: () => Promise<UserJwt>): UserStrategy {
  const users = registry.get(USER_UID);
  const roles = registry.get(ROLE_UID);
  const roleAttribute = users?.attributes.get('role');
  if (!users || !roles || roleAttribute?.kind !== 'relation') throw new Error('The users-permissions content-types are missing from the registry');
  const link = registry.relation(roleAttribute).link.table;
  const column = (name: string): string => {
    const attribute = users.attributes.get(name);
    if (!attribute || !('column' in attribute)) throw new Error(`${USER_UID} has no ${name} column`);
    return attribute.column;
  };
  const blocked = column('blocked');
  const confirmed = column('confirmed');
  return async (token) => {
    const userId = (await jwt()).verify(token);
    if (userId === null) throw new UnauthorizedError('Missing or invalid credentials');
    // Row ids are 32-bit integers: a larger id (only a holder of the secret could sign one) names no user.
    if (userId < 1 || userId > MAX_ROW_ID) throw new UnauthorizedError('Invalid credentials');
    const row = await database.db
      .selectFrom(`${users.collectionName} as u`)
      .leftJoin(`${link} as l`, `l.${LINK_COLUMNS.entity}`, 'u.id')
      .leftJoin(`${roles.collectionName} as r`, 'r.document_id', `l.${LINK_COLUMNS.target}`)
      .select(['u.id as id', 'u.document_id as document_id', `u.${blocked} as blocked`, `u.${confirmed} as confirmed`, 'r.id as role_id', 'r.type as role_type'])
      .select(lookupValue(STORE_TABLE.name, 'value', 'key', ADVANCED_SETTINGS_KEY).as('advanced'))
      .where('u.id', '=', userId)
      .orderBy('r.id')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new UnauthorizedError('Invalid credentials');
    if (isTrue(row.blocked)) throw new UnauthorizedError('Invalid credentials');
    if (!isTrue(row.confirmed) && emailConfirmationOn(row.advanced)) throw new UnauthorizedError('Invalid credentials');
    const hasRole = row.role_id !== null && row.role_id !== undefined;
    return Object.freeze({
      kind: 'user',
      userId: Number(row.id),
      documentId: String(row.document_id),
      roleId: hasRole ? Number(row.role_id) : null,
      roleType: hasRole && row.role_type !== null ? String(row.role_type) : '',
    });
  };
}

/**
 * Users-permissions' auth strategy: a bearer token with dots is a user JWT (API tokens are hex).
 * The secret is read on first use; in production a missing one stops the start.
 */
export function userAuthStrategy({ config, registry, database, store }: AuthStrategyContext): AuthStrategy {
  const jwt = lazy<UserJwt>(() => createUserJwt(config, store));
  const strategy = createUserStrategy(database, registry, jwt);
  return {
    async checkAtStart() {
      if (config.production) await resolveJwtSecret(config, store);
    },
    // A token without a dot cannot be a JWT: it is another strategy's, or nobody's (then 401 all the same).
    authenticate: (token) => (token.includes('.') ? strategy(token) : Promise.resolve(null)),
  };
}
