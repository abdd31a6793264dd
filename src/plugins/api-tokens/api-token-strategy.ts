import type { AuthStrategy, AuthStrategyContext } from '../../core/auth/auth-strategy.js';
import type { ApiTokenPrincipal, ApiTokenType } from '../../core/auth/principal.js';
import { API_TOKEN_PERMISSIONS_TABLE, API_TOKENS_TABLE, hashApiToken } from './api-token-tables.js';
import { resolveApiTokenSalt } from './api-token-salt.js';
import type { Database } from '../../core/db/database.js';
import { isoFromSqlTimestamp } from '../../core/db/sql-timestamps.js';
import { UnauthorizedError } from '../../core/shared/errors.js';
import { lazy } from '../../core/shared/lazy.js';

/** `lastUsedAt` is written when it is older than this (reference: at most once an hour). */
export const LAST_USED_INTERVAL_MS = 60 * 60 * 1000;

const TOKEN_TYPES: ReadonlySet<string> = new Set<ApiTokenType>(['read-only', 'full-access', 'custom']);

/** A stored instant (ISO text from every dialect's pool, a Date, epoch ms) as epoch milliseconds; null when absent, NaN when unreadable. */
export function instantOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  // Stored instants are UTC (sessions run in UTC; SQLite keeps the ISO text written).
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  const time = value instanceof Date ? value.getTime() : Date.parse(isoFromSqlTimestamp(String(value)));
  return Number.isNaN(time) ? Number.NaN : time;
}

/**
 * The API token strategy: the token is hashed with the salt and looked up by its hash, with the
 * actions of a custom token, in one statement. Null when no token has this hash (the user JWT
 * strategy is tried next); an expired token → 401 "Token expired".
 */
export async function authenticateApiToken(database: Database, token: string, salt: string): Promise<ApiTokenPrincipal | null> {
  const { db, dialect } = database;
  const rows = await db
    .selectFrom(`${API_TOKENS_TABLE.name} as t`)
    .leftJoin(`${API_TOKEN_PERMISSIONS_TABLE.name} as p`, 'p.token_id', 't.id')
    .select(['t.id as id', 't.type as type', 't.expires_at as expires_at', 't.last_used_at as last_used_at', 'p.action as action'])
    .where('t.access_key', '=', hashApiToken(token, salt))
    .execute();
  const first = rows[0];
  if (!first) return null;
  const now = Date.now();
  const expiresAt = instantOf(first.expires_at);
  // An expiry that cannot be read fails closed, as expired.
  if (expiresAt !== null && !(expiresAt > now)) throw new UnauthorizedError('Token expired');
  const type = String(first.type);
  // A row of a type Tessera does not know (hand-edited) grants nothing rather than guessing.
  if (!TOKEN_TYPES.has(type)) throw new UnauthorizedError('Missing or invalid credentials');
  const id = Number(first.id);
  const lastUsed = instantOf(first.last_used_at);
  if (lastUsed === null || !(now - lastUsed <= LAST_USED_INTERVAL_MS)) {
    await db.updateTable(API_TOKENS_TABLE.name).set({ last_used_at: dialect.encode('datetime', new Date(now).toISOString()) }).where('id', '=', id).execute();
  }
  const actions = type === 'custom' ? rows.flatMap((row) => (row.action === null || row.action === undefined ? [] : [String(row.action)])) : [];
  return Object.freeze({ kind: 'api-token', tokenId: id, tokenType: type as ApiTokenType, actions: Object.freeze(actions) });
}

/** The API token strategy of the auth service: hex bearer tokens (a token with a dot is a JWT, never looked up). */
export function apiTokenAuthStrategy({ config, database, store }: AuthStrategyContext): AuthStrategy {
  // Read on first use (no statement at start); in production a missing salt stops the start.
  const salt = lazy(() => resolveApiTokenSalt(config, store));
  return {
    async checkAtStart() {
      if (config.production) await resolveApiTokenSalt(config, store);
    },
    authenticate: async (token) => (token.includes('.') ? null : authenticateApiToken(database, token, await salt())),
  };
}
