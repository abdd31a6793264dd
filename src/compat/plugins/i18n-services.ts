import type { LocaleService } from '../../core/locales/locale-service.js';
import type { LocaleView } from '../../core/locales/locale-table.js';
import { NotFoundError } from '../../core/shared/errors.js';

type Row = Readonly<Record<string, unknown>>;

/** Strapi's `locales` service of the i18n plugin. */
export interface I18nServices {
  readonly locales: {
    find(params?: Row): Promise<LocaleView[]>;
    findById(id: number | string): Promise<LocaleView | null>;
    findByCode(code: string): Promise<LocaleView | null>;
    count(params?: Row): Promise<number>;
    getDefaultLocale(): Promise<string>;
    setDefaultLocale(params: { readonly code: string }): Promise<void>;
    create(locale: Row): Promise<LocaleView>;
    update(params: Row, updates: Row): Promise<LocaleView>;
    delete(params: Row): Promise<LocaleView>;
  };
}

const matches = (locale: LocaleView, params: Row): boolean => Object.entries(params).every(([key, value]) => (locale as unknown as Row)[key] === value);

/** The locales service over Tessera's (the one the admin API and every instance follow). */
export function createI18nServices(locales: LocaleService): I18nServices {
  const byParams = (params: Row, what: string): LocaleView => {
    const found = locales.list().find((locale) => matches(locale, params));
    if (!found) throw new NotFoundError(`${what}: locale not found`);
    return found;
  };
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
  return {
    locales: {
      find: async (params = {}) => locales.list().filter((locale) => matches(locale, params)),
      findById: async (id) => locales.list().find((locale) => locale.id === Number(id)) ?? null,
      findByCode: async (code) => locales.list().find((locale) => locale.code === code) ?? null,
      count: async (params = {}) => locales.list().filter((locale) => matches(locale, params)).length,
      getDefaultLocale: async () => locales.defaultLocale(),
      async setDefaultLocale({ code }) {
        await locales.update(byParams({ code }, 'locales.setDefaultLocale').id, { isDefault: true });
      },
      create: (locale) => locales.create({ code: String(locale.code ?? ''), name: text(locale.name), isDefault: flag(locale.isDefault) }),
      update: (params, updates) => locales.update(byParams(params, 'locales.update').id, { name: text(updates.name), isDefault: flag(updates.isDefault) }),
      delete: (params) => locales.delete(byParams(params, 'locales.delete').id),
    },
  };
}
