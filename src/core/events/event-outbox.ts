import type { Executor } from '../db/database.js';
import type { TableModel } from '../db/table-model.js';
import type { ChangeEvent } from './change-event.js';
import type { ChangeRecorder } from './change-recorder.js';

/**
 * The outbox: one row per committed change, written in the change's transaction. Deliverers
 * (the webhooks plugin) fan each row out once (`dispatched` turns 1 under a conditional
 * UPDATE, so two instances never both take it) and prune old rows.
 */
export const EVENT_OUTBOX_TABLE: TableModel = {
  name: 'tessera_events',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'event', type: 'string', notNull: true },
    { name: 'payload', type: 'text', notNull: true },
    { name: 'dispatched', type: 'integer', notNull: true },
    { name: 'created_at', type: 'bigInteger', notNull: true },
  ],
  indexes: [{ name: 'tessera_events_dispatched_idx', columns: ['dispatched', 'id'] }],
};

export interface OutboxRecorderOptions {
  /** Milliseconds since the epoch (the app's clock). */
  readonly now: () => number;
  /** Whether anything delivers events (read per write); false writes no row. */
  readonly active: () => boolean;
}

/** A recorder that stores each event in the outbox, in the caller's transaction. */
export function createOutboxRecorder({ now, active }: OutboxRecorderOptions): ChangeRecorder {
  return {
    get active() {
      return active();
    },
    async record(executor: Executor, event: ChangeEvent): Promise<void> {
      await executor
        .insertInto(EVENT_OUTBOX_TABLE.name)
        .values({ event: event.event, payload: JSON.stringify(event), dispatched: 0, created_at: now() })
        .execute();
    },
  };
}
