import { EVENT_OUTBOX_TABLE } from '../../src/core/events/event-outbox.js';
import { WEBHOOK_DELIVERIES_TABLE } from '../../src/plugins/webhooks/webhook-tables.js';
import type { ManualClock } from './manual-clock.js';
import type { TestApp } from './test-app.js';
import { waitUntil } from './wait-until.js';

/** Rows of `table` whose `column` holds `value`. */
export async function countRows(t: TestApp, table: string, column: string, value: unknown): Promise<number> {
  const row = await t.app.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, '=', value).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Moves the clock until the outbox is fanned out and no delivery is pending. */
export async function settleOutbox(t: TestApp, clock: ManualClock): Promise<void> {
  await waitUntil('the outbox delivered', async () => {
    clock.advance(1000);
    return (await countRows(t, EVENT_OUTBOX_TABLE.name, 'dispatched', 0)) === 0 && (await countRows(t, WEBHOOK_DELIVERIES_TABLE.name, 'status', 'pending')) === 0;
  });
}
