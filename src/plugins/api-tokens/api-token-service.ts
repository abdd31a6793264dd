import type { ApiTokenType } from '../../core/auth/principal.js';
import type { Database, Executor } from '../../core/db/database.js';
import { createDocumentId } from '../../core/documents/document-id.js';
import { ApplicationError, NotFoundError } from '../../core/shared/errors.js';
import { checkTokenPermissions, parseApiTokenCreate, parseApiTokenUpdate } from './api-token-input.js';
import { API_TOKEN_PERMISSIONS_TABLE, API_TOKENS_TABLE, generateApiToken, hashApiToken } from './api-token-tables.js';

/** A token as the admin API and the CLI show it: never its value or hash. */
export interface ApiTokenView {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: ApiTokenType;
  /** The actions of a custom token (empty for the other types). */
  readonly permissions: readonly string[];
  readonly lifespan: number | null;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

/** A token just created or regenerated: the only time its value is shown. */
export interface ApiTokenWithKey extends ApiTokenView {
  readonly accessKey: string;
}

export interface ApiTokenService {
  /** Body `{ name, description?, type, permissions?, lifespan? }`; every bad value → 400. */
  create(body: unknown): Promise<ApiTokenWithKey>;
  list(): Promise<ApiTokenView[]>;
  get(id: number): Promise<ApiTokenView | null>;
  getByName(name: string): Promise<ApiTokenView | null>;
  /** Body `{ name?, description?, type?, permissions? }`; the key never changes here. Unknown id → 404. */
  update(id: number, body: unknown): Promise<ApiTokenView>;
  /** Deletes the token and its permissions; it stops authenticating at once. Unknown id → 404. */
  revoke(id: number): Promise<ApiTokenView>;
  /** A new value for the token (the old one stops working). Unknown id → 404. */
  regenerate(id: number): Promise<ApiTokenWithKey>;
}

export interface ApiTokenServiceOptions {
  readonly database: Database;
  /** From resolveApiTokenSalt(config, store). */
  readonly salt: string;
  readonly isKnownAction: (action: string) => boolean;
  readonly now?: () => Date;
}

type Row = Record<string, unknown>;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

const COLUMNS = ['id', 'document_id', 'name', 'description', 'type', 'lifespan', 'expires_at', 'last_used_at', 'created_at', 'updated_at'] as const;

export function createApiTokenService({ database, salt, isKnownAction, now = () => new Date() }: ApiTokenServiceOptions): ApiTokenService {
  const { db, dialect } = database;
  const stamp = (date: Date) => dialect.encode('datetime', date.toISOString());

  async function permissionsOf(executor: Executor, ids: readonly number[]): Promise<Map<number, string[]>> {
    const byToken = new Map<number, string[]>();
    if (ids.length === 0) return byToken;
    const rows = await executor.selectFrom(API_TOKEN_PERMISSIONS_TABLE.name).select(['token_id', 'action']).where('token_id', 'in', [...ids]).orderBy('action').execute();
    for (const row of rows) {
      const list = byToken.get(Number(row.token_id)) ?? [];
      list.push(String(row.action));
      byToken.set(Number(row.token_id), list);
    }
    return byToken;
  }

  async function views(executor: Executor, rows: readonly Row[]): Promise<ApiTokenView[]> {
    const permissions = await permissionsOf(executor, rows.map((row) => Number(row.id)));
    return rows.map((row) => ({
      id: Number(row.id),
      documentId: String(row.document_id),
      name: String(row.name),
      description: text(row.description),
      type: String(row.type) as ApiTokenType,
      permissions: permissions.get(Number(row.id)) ?? [],
      lifespan: row.lifespan === null || row.lifespan === undefined ? null : Number(row.lifespan),
      expiresAt: text(row.expires_at),
      lastUsedAt: text(row.last_used_at),
      createdAt: text(row.created_at),
      updatedAt: text(row.updated_at),
    }));
  }

  async function readOne(executor: Executor, column: 'id' | 'name', value: number | string): Promise<ApiTokenView | null> {
    const row = (await executor.selectFrom(API_TOKENS_TABLE.name).select([...COLUMNS]).where(column, '=', value).executeTakeFirst()) as Row | undefined;
    return row ? ((await views(executor, [row]))[0] ?? null) : null;
  }

  async function mustRead(executor: Executor, id: number): Promise<ApiTokenView> {
    const token = await readOne(executor, 'id', id);
    if (!token) throw new NotFoundError('API token not found');
    return token;
  }

  async function assertNameFree(executor: Executor, name: string, exceptId: number | null): Promise<void> {
    const taken = await executor.selectFrom(API_TOKENS_TABLE.name).select('id').where('name', '=', name).executeTakeFirst();
    if (taken && Number(taken.id) !== exceptId) throw new ApplicationError('Name already taken');
  }

  async function writePermissions(executor: Executor, id: number, actions: readonly string[]): Promise<void> {
    await executor.deleteFrom(API_TOKEN_PERMISSIONS_TABLE.name).where('token_id', '=', id).execute();
    if (actions.length > 0) await executor.insertInto(API_TOKEN_PERMISSIONS_TABLE.name).values(actions.map((action) => ({ token_id: id, action }))).execute();
  }

  return {
    async create(body) {
      const input = parseApiTokenCreate(body, isKnownAction);
      const accessKey = generateApiToken();
      const created = now();
      const created_at = stamp(created);
      return database.transaction(async (trx) => {
        // Serializes writers of token names, so that two creations cannot both find a name free.
        await dialect.lockForUniqueCheck(trx, API_TOKENS_TABLE.name);
        await assertNameFree(trx, input.name, null);
        const documentId = createDocumentId();
        await trx
          .insertInto(API_TOKENS_TABLE.name)
          .values({
            document_id: documentId,
            name: input.name,
            description: input.description,
            type: input.type,
            access_key: hashApiToken(accessKey, salt),
            last_used_at: null,
            lifespan: input.lifespan,
            expires_at: input.lifespan === null ? null : stamp(new Date(created.getTime() + input.lifespan)),
            created_at,
            updated_at: created_at,
          })
          .execute();
        const row = await trx.selectFrom(API_TOKENS_TABLE.name).select('id').where('document_id', '=', documentId).executeTakeFirstOrThrow();
        await writePermissions(trx, Number(row.id), input.permissions);
        return { ...(await mustRead(trx, Number(row.id))), accessKey };
      });
    },

    async list() {
      const rows = (await db.selectFrom(API_TOKENS_TABLE.name).select([...COLUMNS]).orderBy('id').execute()) as Row[];
      return views(db, rows);
    },

    get: (id) => readOne(db, 'id', id),
    getByName: (name) => readOne(db, 'name', name),

    async update(id, body) {
      const input = parseApiTokenUpdate(body);
      return database.transaction(async (trx) => {
        if (input.name !== undefined) await dialect.lockForUniqueCheck(trx, API_TOKENS_TABLE.name);
        const current = await mustRead(trx, id);
        if (input.name !== undefined) await assertNameFree(trx, input.name, id);
        const type = input.type ?? current.type;
        // A type change away from custom drops the actions; to custom it needs them.
        const keepActions = type === 'custom' && current.type === 'custom' && input.permissions === undefined;
        const permissions = keepActions ? current.permissions : checkTokenPermissions(type, input.permissions, isKnownAction);
        await trx
          .updateTable(API_TOKENS_TABLE.name)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            type,
            updated_at: stamp(now()),
          })
          .where('id', '=', id)
          .execute();
        if (!keepActions) await writePermissions(trx, id, permissions);
        return mustRead(trx, id);
      });
    },

    async revoke(id) {
      return database.transaction(async (trx) => {
        const token = await mustRead(trx, id);
        await trx.deleteFrom(API_TOKEN_PERMISSIONS_TABLE.name).where('token_id', '=', id).execute();
        await trx.deleteFrom(API_TOKENS_TABLE.name).where('id', '=', id).execute();
        return token;
      });
    },

    async regenerate(id) {
      const accessKey = generateApiToken();
      return database.transaction(async (trx) => {
        await mustRead(trx, id);
        await trx.updateTable(API_TOKENS_TABLE.name).set({ access_key: hashApiToken(accessKey, salt), updated_at: stamp(now()) }).where('id', '=', id).execute();
        return { ...(await mustRead(trx, id)), accessKey };
      });
    },
  };
}
