import type { TableModel } from './table-model.js';

/**
 * One row per kind of shared state other instances must follow: its version, moved in the
 * same transaction as the change it announces (db/change-feed.ts).
 */
export const CHANGE_FEED_TABLE: TableModel = {
  name: 'tessera_change_feed',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'topic', type: 'string', notNull: true },
    { name: 'version', type: 'bigInteger', notNull: true },
  ],
  indexes: [{ name: 'tessera_change_feed_topic_uq', columns: ['topic'], unique: true }],
};
