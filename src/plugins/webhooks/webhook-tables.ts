import type { TableModel } from '../../core/db/table-model.js';

/** Webhooks as Strapi stores them (name, url, headers, events, enabled); headers and events as JSON text. */
export const WEBHOOKS_TABLE: TableModel = {
  name: 'tessera_webhooks',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'name', type: 'string', notNull: true },
    { name: 'url', type: 'text', notNull: true },
    { name: 'headers', type: 'text', notNull: true },
    { name: 'events', type: 'text', notNull: true },
    { name: 'is_enabled', type: 'integer', notNull: true },
    { name: 'created_at', type: 'bigInteger', notNull: true },
    { name: 'updated_at', type: 'bigInteger', notNull: true },
  ],
  indexes: [],
};

/**
 * One delivery of one outbox event to one webhook: its state (`pending`, `delivered`,
 * `failed`), attempts, last answer, and the claim of the instance sending it (`claimed_by`
 * until `claim_until`; an expired claim is anyone's). Times are milliseconds on the app's clock.
 */
export const WEBHOOK_DELIVERIES_TABLE: TableModel = {
  name: 'tessera_webhook_deliveries',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'event_id', type: 'bigInteger', notNull: true },
    { name: 'webhook_id', type: 'integer', notNull: true },
    { name: 'event', type: 'string', notNull: true },
    { name: 'status', type: 'string', notNull: true },
    { name: 'attempts', type: 'integer', notNull: true },
    { name: 'next_attempt_at', type: 'bigInteger', notNull: true },
    { name: 'claimed_by', type: 'string' },
    { name: 'claim_until', type: 'bigInteger' },
    { name: 'last_status', type: 'integer' },
    { name: 'last_error', type: 'text' },
    { name: 'created_at', type: 'bigInteger', notNull: true },
    { name: 'updated_at', type: 'bigInteger', notNull: true },
  ],
  indexes: [
    // The fan-out of one event to one webhook happens once, whatever races.
    { name: 'tessera_webhook_deliveries_uq', columns: ['event_id', 'webhook_id'], unique: true },
    { name: 'tessera_webhook_deliveries_due_idx', columns: ['status', 'next_attempt_at'] },
    { name: 'tessera_webhook_deliveries_log_idx', columns: ['webhook_id', 'id'] },
  ],
};
