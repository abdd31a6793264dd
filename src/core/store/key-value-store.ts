import type { Database } from '../db/database.js';
import type { TableModel } from '../db/table-model.js';

/**
 * Small settings that belong to the database, not to a process: generated secrets, plugin
 * settings. Every instance on the database reads the same values.
 */
export const STORE_TABLE: TableModel = {
  name: 'tessera_store',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'key', type: 'string', notNull: true },
    { name: 'value', type: 'text' },
  ],
  indexes: [{ name: 'tessera_store_key_uq', columns: ['key'], unique: true }],
};

export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  /**
   * The stored value, or `value` stored now when there is none. Instances starting together
   * agree on one value: the unique key lets one insert win, and the others read it.
   */
  getOrInit(key: string, value: unknown): Promise<unknown>;
  /** Removes the key (nothing happens when it is absent). */
  delete(key: string): Promise<void>;
}

export function createKeyValueStore(database: Database): KeyValueStore {
  const { db } = database;
  const read = async (key: string): Promise<{ found: boolean; value: unknown }> => {
    const row = await db.selectFrom(STORE_TABLE.name).select('value').where('key', '=', key).executeTakeFirst();
    return row ? { found: true, value: row.value === null ? null : JSON.parse(String(row.value)) } : { found: false, value: undefined };
  };
  return {
    get: async (key) => (await read(key)).value,
    async set(key, value) {
      const text = JSON.stringify(value);
      const update = () => db.updateTable(STORE_TABLE.name).set({ value: text }).where('key', '=', key).executeTakeFirst();
      // MySQL counts changed rows, so an unchanged value also reads 0 here and goes on to the insert.
      if (Number((await update()).numUpdatedRows) > 0) return;
      try {
        await db.insertInto(STORE_TABLE.name).values({ key, value: text }).execute();
      } catch (error) {
        // Another instance inserted the key meanwhile (or it held this value already): write over it.
        if (!(await read(key)).found) throw error;
        await update();
      }
    },
    async getOrInit(key, value) {
      const existing = await read(key);
      if (existing.found) return existing.value;
      try {
        await db.insertInto(STORE_TABLE.name).values({ key, value: JSON.stringify(value) }).execute();
      } catch (error) {
        // Another instance stored it first: its value is the one.
        const raced = await read(key);
        if (raced.found) return raced.value;
        throw error;
      }
      return value;
    },
    async delete(key) {
      await db.deleteFrom(STORE_TABLE.name).where('key', '=', key).execute();
    },
  };
}
