import type { Database, Executor } from '../../core/db/database.js';
import type { ChangeEventName } from '../../core/events/change-event.js';
import { WEBHOOK_DELIVERIES_TABLE, WEBHOOKS_TABLE } from './webhook-tables.js';
import type { WebhookInput } from './webhook-input.js';

/** A webhook as stored (headers in clear: only the admin API's answers mask them). */
export interface Webhook {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly events: readonly ChangeEventName[];
  readonly isEnabled: boolean;
}

/** One line of a webhook's delivery log. */
export interface DeliveryLogEntry {
  readonly id: string;
  readonly eventId: string;
  readonly event: string;
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly nextAttemptAt: string | null;
  readonly updatedAt: string;
}

function parseJson<T>(text: unknown, fallback: T): T {
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
}

function toWebhook(row: Record<string, unknown>): Webhook {
  return {
    id: Number(row.id),
    name: String(row.name),
    url: String(row.url),
    headers: parseJson<Record<string, string>>(row.headers, {}),
    events: parseJson<ChangeEventName[]>(row.events, []),
    isEnabled: Number(row.is_enabled) === 1,
  };
}

export interface WebhookStore {
  list(db?: Executor): Promise<Webhook[]>;
  get(id: number): Promise<Webhook | null>;
  /** `changed` runs in the write's transaction (the change feed's record). */
  create(input: WebhookInput, changed: (trx: Executor) => Promise<void>): Promise<Webhook>;
  update(id: number, input: WebhookInput, changed: (trx: Executor) => Promise<void>): Promise<Webhook | null>;
  remove(id: number, changed: (trx: Executor) => Promise<void>): Promise<Webhook | null>;
  countEnabled(db?: Executor): Promise<number>;
  deliveries(webhookId: number, limit: number): Promise<DeliveryLogEntry[]>;
}

export function createWebhookStore(database: Database, now: () => number): WebhookStore {
  const table = WEBHOOKS_TABLE.name;
  const get = async (id: number, db: Executor = database.db): Promise<Webhook | null> => {
    const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toWebhook(row) : null;
  };
  const values = (input: WebhookInput): Record<string, unknown> => ({
    name: input.name,
    url: input.url,
    headers: JSON.stringify(input.headers),
    events: JSON.stringify(input.events),
    updated_at: now(),
  });
  return {
    async list(db = database.db) {
      const rows = await db.selectFrom(table).selectAll().orderBy('id').execute();
      return rows.map(toWebhook);
    },
    get: (id) => get(id),
    create(input, changed) {
      return database.transaction(async (trx) => {
        const insert = trx.insertInto(table).values({ ...values(input), is_enabled: 1, created_at: now() });
        // PostgreSQL reports no insert id without RETURNING; SQLite and MySQL do.
        const id = database.dialect.name === 'postgres' ? Number((await insert.returning('id').executeTakeFirstOrThrow()).id) : Number((await insert.executeTakeFirstOrThrow()).insertId);
        await changed(trx);
        const webhook = await get(id, trx);
        if (!webhook) throw new Error(`The webhook ${id} was not found right after its insert`);
        return webhook;
      });
    },
    update(id, input, changed) {
      return database.transaction(async (trx) => {
        const result = await trx
          .updateTable(table)
          .set({ ...values(input), ...(input.isEnabled === undefined ? {} : { is_enabled: input.isEnabled ? 1 : 0 }) })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0 && !(await get(id, trx))) return null;
        await changed(trx);
        return get(id, trx);
      });
    },
    remove(id, changed) {
      return database.transaction(async (trx) => {
        const webhook = await get(id, trx);
        if (!webhook) return null;
        await trx.deleteFrom(table).where('id', '=', id).execute();
        await trx.deleteFrom(WEBHOOK_DELIVERIES_TABLE.name).where('webhook_id', '=', id).where('status', '=', 'pending').execute();
        await changed(trx);
        return webhook;
      });
    },
    async countEnabled(db = database.db) {
      const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('is_enabled', '=', 1).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async deliveries(webhookId, limit) {
      const rows = await database.db.selectFrom(WEBHOOK_DELIVERIES_TABLE.name).selectAll().where('webhook_id', '=', webhookId).orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: String(row.id),
        eventId: String(row.event_id),
        event: String(row.event),
        status: String(row.status) as DeliveryLogEntry['status'],
        attempts: Number(row.attempts),
        lastStatus: row.last_status === null ? null : Number(row.last_status),
        lastError: row.last_error === null ? null : String(row.last_error),
        nextAttemptAt: row.status === 'pending' ? new Date(Number(row.next_attempt_at)).toISOString() : null,
        updatedAt: new Date(Number(row.updated_at)).toISOString(),
      }));
    },
  };
}
