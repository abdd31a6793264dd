import { createSigner } from 'fast-jwt';
import { API_TOKEN_PERMISSIONS_TABLE, API_TOKENS_TABLE, generateApiToken, hashApiToken } from '../../src/plugins/api-tokens/api-token-tables.js';
import { resolveApiTokenSalt } from '../../src/plugins/api-tokens/api-token-salt.js';
import type { App } from '../../src/server/app.js';
import { createDocumentId } from '../../src/core/documents/document-id.js';
import { createDocumentService } from '../../src/core/documents/document-service.js';
import { validateData } from '../../src/core/documents/validate-data.js';
import { parseDocumentQuery } from '../../src/core/query/parse/parse-document-query.js';
import { createKeyValueStore } from '../../src/core/store/key-value-store.js';
import { USER_UID } from '../../src/plugins/users-permissions/content-types.js';
import { createUserJwt, resolveJwtSecret } from '../../src/plugins/users-permissions/user-jwt.js';

/**
 * Users, roles and API tokens made directly in the database, as the admin API or the CLI would
 * leave them, for tests of the permission stage (independent of the register and token routes).
 */

export interface TestUser {
  readonly id: number;
  readonly documentId: string;
  readonly jwt: string;
}

export async function roleRow(app: App, type: string): Promise<{ id: number; documentId: string }> {
  const row = await app.database.db.selectFrom('up_roles').select(['id', 'document_id']).where('type', '=', type).executeTakeFirstOrThrow();
  return { id: Number(row.id), documentId: String(row.document_id) };
}

let users = 0;

/** A user holding the role of `roleType` (null: no role), through the document service. */
export async function createUser(app: App, roleType: string | null, fields: Readonly<Record<string, unknown>> = {}): Promise<TestUser> {
  users += 1;
  const type = app.registry.get(USER_UID);
  if (!type) throw new Error('no user type');
  const documents = createDocumentService({ database: app.database, registry: app.registry });
  const role = roleType === null ? {} : { role: (await roleRow(app, roleType)).documentId };
  const write = validateData({ username: `user${users}_${process.pid}`, email: `user${users}@example.com`, password: 'Secret123!', confirmed: true, ...role, ...fields }, type, 'create', app.registry);
  const document = await documents.create({ write, query: parseDocumentQuery({}, { contentType: type, rest: app.config.rest, registry: app.registry, locales: app.locales }) });
  const id = Number(document.id);
  return { id, documentId: String(document.documentId), jwt: (await createUserJwt(app.config, createKeyValueStore(app.database))).sign(id) };
}

export async function jwtSecret(app: App): Promise<string> {
  return resolveJwtSecret(app.config, createKeyValueStore(app.database));
}

/** A JWT signed with `secret` (default: the app's) at `clock` (default: now). */
export async function signJwt(app: App, payload: Record<string, unknown>, options: { secret?: string; clock?: number; expiresInMs?: number; algorithm?: 'HS256' | 'HS512' } = {}): Promise<string> {
  const key = options.secret ?? (await jwtSecret(app));
  const sign = createSigner({ key, algorithm: options.algorithm ?? 'HS256', expiresIn: options.expiresInMs ?? 30 * 86_400_000, clockTimestamp: options.clock ?? Date.now() });
  return sign(payload);
}

export interface TokenOptions {
  readonly type: 'read-only' | 'full-access' | 'custom';
  readonly actions?: readonly string[];
  readonly expiresAt?: string | null;
  readonly lastUsedAt?: string | null;
}

let tokens = 0;

/** An API token row (and its permission rows); returns the token's value and row id. */
export async function createApiToken(app: App, options: TokenOptions): Promise<{ token: string; id: number }> {
  tokens += 1;
  const { db, dialect } = app.database;
  const token = generateApiToken();
  const salt = await resolveApiTokenSalt(app.config, createKeyValueStore(app.database));
  const now = dialect.encode('datetime', new Date().toISOString());
  const at = (iso: string | null | undefined) => (iso === null || iso === undefined ? null : dialect.encode('datetime', iso));
  await db
    .insertInto(API_TOKENS_TABLE.name)
    .values({
      document_id: createDocumentId(),
      name: `token ${tokens}`,
      description: '',
      type: options.type,
      access_key: hashApiToken(token, salt),
      last_used_at: at(options.lastUsedAt),
      expires_at: at(options.expiresAt),
      lifespan: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const row = await db.selectFrom(API_TOKENS_TABLE.name).select('id').where('name', '=', `token ${tokens}`).executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (options.actions && options.actions.length > 0) {
    await db.insertInto(API_TOKEN_PERMISSIONS_TABLE.name).values(options.actions.map((action) => ({ token_id: id, action }))).execute();
  }
  return { token, id };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
