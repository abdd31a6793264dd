import { randomUUID } from 'node:crypto';
import type { Database } from '../../core/db/database.js';
import type { ChangeEvent } from '../../core/events/change-event.js';
import { EVENT_OUTBOX_TABLE } from '../../core/events/event-outbox.js';
import type { Clock } from '../../core/shared/clock.js';
import type { WebhooksConfig } from './webhook-config.js';
import { isRetryable, type Sender } from './webhook-sender.js';
import type { Webhook, WebhookStore } from './webhook-store.js';
import { WEBHOOK_DELIVERIES_TABLE } from './webhook-tables.js';

/** Outbox rows fanned out, and deliveries sent, per pass (the next pass takes the rest at once). */
const BATCH = 50;
/** How often an instance prunes old events and deliveries. */
const PRUNE_EVERY_MS = 3_600_000;

export interface WebhookWorker {
  /** Starts the passes on the clock. */
  start(): void;
  /** One pass now: fan out new events, send due deliveries; resolves when done. */
  runOnce(): Promise<void>;
  /** Stops scheduling and waits for the pass under way. */
  close(): Promise<void>;
}

export interface WebhookWorkerOptions {
  readonly database: Database;
  readonly store: WebhookStore;
  readonly config: WebhooksConfig;
  readonly clock: Clock;
  readonly send: Sender;
  readonly log: (message: string) => void;
  /** In-process listeners of the events this instance takes (ChangeListeners.publish). */
  readonly publish: (event: ChangeEvent) => void;
  /**
   * Whether anything listens (an enabled webhook, an eventHub listener): passes are skipped
   * otherwise, so an app without webhooks runs no statement in the background (statement counts
   * stay a request's own). What is left pending then waits for the next listener.
   */
  readonly active: () => boolean;
}

/**
 * Delivers the outbox to the webhooks, once across instances sharing the database:
 * 1. fan-out: an event row is taken by the one instance whose conditional UPDATE of
 *    `dispatched` 0 → 1 changed it, in the transaction that inserts its deliveries (a unique
 *    key on event × webhook backs it up);
 * 2. send: a due delivery is claimed by a conditional UPDATE (pending, and unclaimed or its
 *    claim expired) that names this instance until `now + claimTtlMs`; only the claimer sends
 *    it and records the result. An instance killed mid-delivery leaves a claim that expires, and
 *    another instance sends it again: delivery is at least once, and the `Idempotency-Key`
 *    header (one per event) lets receivers drop the repeat.
 */
export function createWebhookWorker({ database, store, config, clock, send, log, publish, active }: WebhookWorkerOptions): WebhookWorker {
  const me = randomUUID();
  const events = EVENT_OUTBOX_TABLE.name;
  const deliveries = WEBHOOK_DELIVERIES_TABLE.name;
  let cancel: (() => void) | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let prunedAt = -Infinity;

  async function fanOut(): Promise<number> {
    const pending = await database.db.selectFrom(events).select(['id', 'event', 'payload']).where('dispatched', '=', 0).orderBy('id').limit(BATCH).execute();
    if (pending.length === 0) return 0;
    const hooks = (await store.list()).filter((hook) => hook.isEnabled);
    for (const row of pending) {
      const id = Number(row.id);
      const targets = hooks.filter((hook: Webhook) => (hook.events as readonly string[]).includes(String(row.event)));
      const taken = await database.transaction(async (trx) => {
        const update = await trx.updateTable(events).set({ dispatched: 1 }).where('id', '=', id).where('dispatched', '=', 0).executeTakeFirst();
        if (Number(update.numUpdatedRows) !== 1) return false;
        if (targets.length === 0) return true;
        const at = clock.now();
        await trx
          .insertInto(deliveries)
          .values(targets.map((hook) => ({ event_id: id, webhook_id: hook.id, event: String(row.event), status: 'pending', attempts: 0, next_attempt_at: at, created_at: at, updated_at: at })))
          .execute();
        return true;
      });
      // The instance that took the event hands it to its in-process listeners (strapi.eventHub), once committed.
      if (taken) publish(JSON.parse(String(row.payload)) as ChangeEvent);
    }
    return pending.length;
  }

  async function claim(id: number, now: number): Promise<boolean> {
    const result = await database.db
      .updateTable(deliveries)
      .set({ claimed_by: me, claim_until: now + config.claimTtlMs })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claim_until', 'is', null), eb('claim_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function deliver(row: Record<string, unknown>, hooks: ReadonlyMap<number, Webhook>): Promise<void> {
    const id = Number(row.id);
    const now = clock.now();
    if (!(await claim(id, now))) return;
    const hook = hooks.get(Number(row.webhook_id));
    const event = await database.db.selectFrom(events).select(['payload', 'created_at']).where('id', '=', Number(row.event_id)).executeTakeFirst();
    const attempts = Number(row.attempts) + 1;
    const finish = async (values: Record<string, unknown>): Promise<void> => {
      await database.db
        .updateTable(deliveries)
        .set({ ...values, attempts, claimed_by: null, claim_until: null, updated_at: clock.now() })
        .where('id', '=', id)
        .where('claimed_by', '=', me)
        .execute();
    };
    if (!hook || !hook.isEnabled || !event) {
      await finish({ status: 'failed', last_status: null, last_error: !event ? 'the event was pruned' : 'the webhook was disabled or deleted' });
      return;
    }
    const headers = {
      ...config.defaultHeaders,
      ...hook.headers,
      'Content-Type': 'application/json',
      'X-Strapi-Event': String(row.event),
      'Idempotency-Key': `tessera-event-${Number(row.event_id)}-${Number(event.created_at)}`,
    };
    const result = await send({ url: hook.url, headers, body: String(event.payload) });
    if (result.error === null) {
      await finish({ status: 'delivered', last_status: result.status, last_error: null });
      return;
    }
    const retry = isRetryable(result) && attempts < config.maxAttempts;
    const lastError = retry ? result.error : `${result.error} (gave up after ${attempts} attempt${attempts === 1 ? '' : 's'})`;
    // Never the headers: they may hold secrets.
    log(`Webhook ${hook.id} (${String(row.event)}): ${lastError}${retry ? ', will retry' : ''}`);
    await finish({ status: retry ? 'pending' : 'failed', last_status: result.status, last_error: lastError, next_attempt_at: clock.now() + config.retryDelayMs * 2 ** (attempts - 1) });
  }

  async function sendDue(): Promise<number> {
    const now = clock.now();
    const due = await database.db
      .selectFrom(deliveries)
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claim_until', 'is', null), eb('claim_until', '<', now)]))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (due.length === 0) return 0;
    const hooks = new Map((await store.list()).map((hook) => [hook.id, hook]));
    // Webhooks in parallel; each one's deliveries in event order (a retried one may come after later ones).
    const byHook = new Map<number, Record<string, unknown>[]>();
    for (const row of due) byHook.set(Number(row.webhook_id), [...(byHook.get(Number(row.webhook_id)) ?? []), row]);
    await Promise.all(
      [...byHook.values()].map(async (rows) => {
        for (const row of rows) await deliver(row, hooks);
      }),
    );
    return due.length;
  }

  async function prune(): Promise<void> {
    const now = clock.now();
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    const cutoff = now - config.retentionMs;
    await database.db.deleteFrom(deliveries).where('status', '<>', 'pending').where('updated_at', '<', cutoff).execute();
    await database.db
      .deleteFrom(events)
      .where('dispatched', '=', 1)
      .where('created_at', '<', cutoff)
      .where((eb) => eb.not(eb.exists(eb.selectFrom(deliveries).select('id').whereRef(`${deliveries}.event_id`, '=', `${events}.id`))))
      .execute();
  }

  async function pass(): Promise<void> {
    // A full batch means more are waiting: another round at once, not after the interval.
    for (let round = 0; round < 20; round += 1) {
      const fanned = await fanOut();
      const sent = await sendDue();
      if (fanned < BATCH && sent < BATCH) break;
    }
    await prune();
  }

  function runOnce(): Promise<void> {
    running ??= pass()
      .catch((error: unknown) => log(`Webhook delivery pass failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule(): void {
    if (closed) return;
    cancel = clock.schedule(config.pollIntervalMs, () => {
      if (!active()) return schedule();
      void database.counter.background(runOnce).then(schedule);
    });
  }

  return {
    start: schedule,
    runOnce,
    async close() {
      closed = true;
      cancel?.();
      await running;
    },
  };
}
