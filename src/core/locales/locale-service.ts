import type { Database, DbTransaction, Executor } from '../db/database.js';
import { ApplicationError, NotFoundError, ValidationError } from '../shared/errors.js';
import type { KeyValueStore } from '../store/key-value-store.js';
import type { LocaleCatalog } from '../query/locale-catalog.js';
import { defaultLocaleName, isLocaleCode } from './locale-code.js';
import type { LocaleConfig } from './locale-config.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { createLocaleWriter, readLocale, readLocaleByCode, readLocales, withLocaleLock, type LocaleWriter } from './locale-records.js';
import type { LocaleView } from './locale-table.js';

/** The change-feed topic of the locale table: recorded by every locale write, followed by every instance's locale service. */
export const LOCALES_TOPIC = 'locales';

export interface NewLocale {
  readonly code: string;
  /** Default: `English name (code)`. */
  readonly name?: string | undefined;
  readonly isDefault?: boolean | undefined;
}

export interface LocaleChanges {
  readonly name?: string | undefined;
  readonly isDefault?: boolean | undefined;
}

/**
 * The locales of the database (`i18n_locale`), answered from memory: `has`, `defaultLocale`
 * and `list` cost no statement. The admin API of this instance changes them through the
 * service (the next request sees the change); changes made by other instances arrive through
 * the change feed within its follow delay.
 */
export interface LocaleService extends LocaleCatalog {
  /** Every locale, in creation order, with the default marked. */
  list(): readonly LocaleView[];
  /** Whether the i18n plugin is on (`config/plugins` `i18n.enabled`): its routes exist only then. */
  readonly enabled: boolean;
  /** 400 when the code is malformed or exists; the new locale is known to this instance on return. */
  create(input: NewLocale): Promise<LocaleView>;
  /** 404 for an unknown id; 400 when `isDefault: false` would leave no default. */
  update(id: number, changes: LocaleChanges): Promise<LocaleView>;
  /**
   * 404 for an unknown id; 400 for the default locale. `removeContent`, when given, runs in the
   * same transaction before the row goes (Strapi's admin route deletes the locale's entries);
   * without it, content written in the locale stays.
   */
  delete(id: number, removeContent?: (trx: DbTransaction, code: string) => Promise<unknown>): Promise<LocaleView>;
  /** Re-reads the table now. */
  reload(): Promise<void>;
}

export interface LocaleServiceOptions {
  /** `config/plugins` `i18n`, read at start by the i18n plugin's reader (locale-config.ts). */
  readonly settings: LocaleConfig;
  readonly database: Database;
  readonly store: KeyValueStore;
  /** Changes are announced on it, in their transaction; other instances' changes arrive through it. */
  readonly feed: ChangeFeed;
}

/** The config default last applied: a default an admin chose later stands until the file names another one. */
const APPLIED_DEFAULT_KEY = 'i18n.configDefaultLocale';

interface Snapshot {
  readonly locales: readonly LocaleView[];
  readonly codes: ReadonlySet<string>;
  readonly defaultCode: string;
}

/** A snapshot of the rows, or null when they name no default (a moment between two writers' statements cannot show, but a hand edit can). */
function snapshotOf(locales: readonly LocaleView[]): Snapshot | null {
  const found = locales.find((locale) => locale.isDefault);
  return found ? { locales, codes: new Set(locales.map((locale) => locale.code)), defaultCode: found.code } : null;
}

/**
 * Creates the configured locales the table lacks (never deletes one: admins may have added
 * it) and applies the configured default at first start and when the file changes it; returns
 * the table as it then is. A restart with nothing to change costs two plain reads. Every
 * instance starting on the database runs it; when something is to be written, the locale lock
 * makes them take turns and each one decides again on what the previous one committed.
 */
async function seedLocales(database: Database, writer: LocaleWriter, store: KeyValueStore, settings: LocaleConfig, feed: ChangeFeed): Promise<LocaleView[]> {
  const applyDefault = (await store.get(APPLIED_DEFAULT_KEY)) !== settings.defaultLocale;
  const pending = (locales: readonly LocaleView[]): boolean =>
    applyDefault || !locales.some((locale) => locale.isDefault) || settings.locales.some((code) => !locales.some((locale) => locale.code === code));
  const found = await readLocales(database.db);
  if (!pending(found)) return found;
  await withLocaleLock(database, async (trx) => {
    const existing = await readLocales(trx);
    for (const code of settings.locales) {
      if (!existing.some((locale) => locale.code === code)) await writer.insert(trx, code, defaultLocaleName(code));
    }
    if (applyDefault || !existing.some((locale) => locale.isDefault)) await writer.setDefault(trx, settings.defaultLocale);
    await feed.record(trx, LOCALES_TOPIC);
  });
  if (applyDefault) await rememberAppliedDefault(store, settings.defaultLocale);
  return readLocales(database.db);
}

/**
 * Stores the config default just applied. Instances starting together store the same value at
 * the same moment: the first insert wins (getOrInit), and a set that loses a race to another
 * instance storing this same value is no failure.
 */
async function rememberAppliedDefault(store: KeyValueStore, code: string): Promise<void> {
  if ((await store.getOrInit(APPLIED_DEFAULT_KEY, code)) === code) return;
  try {
    await store.set(APPLIED_DEFAULT_KEY, code);
  } catch (error) {
    if ((await store.get(APPLIED_DEFAULT_KEY)) !== code) throw error;
  }
}

function fieldError(field: string, message: string, value: unknown): ValidationError {
  return ValidationError.fromFieldErrors([{ path: [field], message, name: 'ValidationError', value }]);
}

/** i18n switched off: the configured default is the only locale, and no table is read. */
function disabledLocaleService(settings: LocaleConfig): LocaleService {
  const off = (): Promise<never> => Promise.reject(new NotFoundError());
  return {
    enabled: false,
    defaultLocale: () => settings.defaultLocale,
    has: (code) => code === settings.defaultLocale,
    list: () => [],
    create: off,
    update: off,
    delete: off,
    reload: async () => undefined,
  };
}

/** Seeds the table from the configured locales and loads it. */
export async function createLocaleService({ settings, database, store, feed }: LocaleServiceOptions): Promise<LocaleService> {
  if (!settings.enabled) return disabledLocaleService(settings);
  const writer = createLocaleWriter(database);
  const first = snapshotOf(await seedLocales(database, writer, store, settings, feed));
  if (!first) throw new Error(`The locale table names no default locale after seeding ${settings.defaultLocale}`);
  let snapshot: Snapshot = first;
  let loads = 0;
  let applied = 0;
  const apply = (locales: readonly LocaleView[], started: number): void => {
    // A slower read that started before a newer one must not put older locales back.
    if (started < applied) return;
    const next = snapshotOf(locales);
    if (!next) return;
    applied = started;
    snapshot = next;
  };
  const reloadFrom = async (db: Executor): Promise<void> => {
    const started = (loads += 1);
    apply(await readLocales(db), started);
  };
  feed.subscribe(LOCALES_TOPIC, reloadFrom);
  const reload = (): Promise<void> => reloadFrom(database.db);
  const current = (): Snapshot => snapshot;
  /** Runs a write under the locale lock, announcing it in the same transaction, then makes this instance see it before answering. */
  const write = async <T>(fn: (trx: DbTransaction) => Promise<T>): Promise<T> => {
    const result = await withLocaleLock(database, async (trx) => {
      const done = await fn(trx);
      await feed.record(trx, LOCALES_TOPIC);
      return done;
    });
    await reload();
    return result;
  };
  const existing = (found: LocaleView | null): LocaleView => {
    if (!found) throw new NotFoundError('Locale not found');
    return found;
  };

  return {
    enabled: true,
    defaultLocale: () => current().defaultCode,
    has: (code) => current().codes.has(code),
    list: () => current().locales,
    async create({ code, name, isDefault }) {
      if (!isLocaleCode(code)) throw fieldError('code', 'code must be a locale code like "en", "fr" or "fr-CA"', code);
      return write(async (trx) => {
        if (await readLocaleByCode(trx, code)) throw new ApplicationError('This locale already exists');
        await writer.insert(trx, code, name ?? defaultLocaleName(code));
        if (isDefault === true) await writer.setDefault(trx, code);
        return existing(await readLocaleByCode(trx, code));
      });
    },
    async update(id, { name, isDefault }) {
      return write(async (trx) => {
        const locale = existing(await readLocale(trx, id));
        if (isDefault === false && locale.isDefault) throw fieldError('isDefault', 'A locale stops being the default only when another one becomes it', isDefault);
        if (name !== undefined) await writer.rename(trx, id, name);
        if (isDefault === true && !locale.isDefault) await writer.setDefault(trx, locale.code);
        return existing(await readLocale(trx, id));
      });
    },
    async delete(id, removeContent) {
      return write(async (trx) => {
        const locale = existing(await readLocale(trx, id));
        if (locale.isDefault) throw new ApplicationError('Cannot delete the default locale');
        if (removeContent) await removeContent(trx, locale.code);
        await writer.remove(trx, id);
        return locale;
      });
    },
    reload,
  };
}
