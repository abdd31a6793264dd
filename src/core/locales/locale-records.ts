import type { Database, DbTransaction, Executor } from '../db/database.js';
import { createDocumentId } from '../documents/document-id.js';
import { LOCALE_COLUMNS, LOCALE_TABLE, localeView, type LocaleView } from './locale-table.js';

const TABLE = LOCALE_TABLE.name;

/** Every locale, in creation order: one statement. */
export async function readLocales(executor: Executor): Promise<LocaleView[]> {
  const rows = await executor.selectFrom(TABLE).select([...LOCALE_COLUMNS]).orderBy('id').execute();
  return rows.map(localeView);
}

export async function readLocale(executor: Executor, id: number): Promise<LocaleView | null> {
  const row = await executor.selectFrom(TABLE).select([...LOCALE_COLUMNS]).where('id', '=', id).executeTakeFirst();
  return row ? localeView(row) : null;
}

export async function readLocaleByCode(executor: Executor, code: string): Promise<LocaleView | null> {
  const row = await executor.selectFrom(TABLE).select([...LOCALE_COLUMNS]).where('code', '=', code).executeTakeFirst();
  return row ? localeView(row) : null;
}

/**
 * Runs `fn` in a transaction that holds the locales' write lock, taken before its first read:
 * writers of the locale table (start-up seeding of every instance, the admin API of every
 * instance) take turns, so each sees what the previous one committed and a check such as
 * "this is not the default" still holds when it writes.
 */
export function withLocaleLock<T>(database: Database, fn: (trx: DbTransaction) => Promise<T>): Promise<T> {
  return database.transaction(async (trx) => {
    await database.dialect.lockForUniqueCheck(trx, TABLE);
    return fn(trx);
  });
}

export interface LocaleWriter {
  insert(trx: Executor, code: string, name: string): Promise<void>;
  /** Makes `code` the only default locale. */
  setDefault(trx: Executor, code: string): Promise<void>;
  rename(trx: Executor, id: number, name: string): Promise<void>;
  remove(trx: Executor, id: number): Promise<void>;
}

export function createLocaleWriter(database: Database): LocaleWriter {
  const { dialect } = database;
  const now = () => dialect.encode('datetime', new Date().toISOString());
  return {
    async insert(trx, code, name) {
      const stamp = now();
      await trx
        .insertInto(TABLE)
        .values({ document_id: createDocumentId(), name, code, is_default: dialect.encode('boolean', false), created_at: stamp, updated_at: stamp, published_at: stamp })
        .execute();
    },
    async setDefault(trx, code) {
      const stamp = now();
      await trx.updateTable(TABLE).set({ is_default: dialect.encode('boolean', false), updated_at: stamp }).where('is_default', '=', dialect.encode('boolean', true)).where('code', '<>', code).execute();
      await trx
        .updateTable(TABLE)
        .set({ is_default: dialect.encode('boolean', true), updated_at: stamp })
        .where('code', '=', code)
        .where((eb) => eb.or([eb('is_default', 'is', null), eb('is_default', '=', dialect.encode('boolean', false))]))
        .execute();
    },
    async rename(trx, id, name) {
      await trx.updateTable(TABLE).set({ name, updated_at: now() }).where('id', '=', id).execute();
    },
    async remove(trx, id) {
      await trx.deleteFrom(TABLE).where('id', '=', id).execute();
    },
  };
}
