import { ISO_LOCALE_CODES } from './iso-locale-codes.js';

/** One entry of `GET /i18n/iso-locales`. */
export interface IsoLocale {
  readonly code: string;
  readonly name: string;
}

export interface IsoLocales {
  /** Strapi's codes in Strapi's order, each named `English name (code)`; named on the first call. */
  list(): readonly IsoLocale[];
  /** Whether the admin API may create a locale with this code. */
  has(code: string): boolean;
}

/**
 * The locales an admin may create (Strapi's list of codes), named from Node's ICU data in
 * English with the standard form (`English (United States)`, not `American English`), as
 * Strapi names most of them. A code ICU cannot name is shown as itself. The names are made
 * when first asked for: ICU's display names cost megabytes once loaded (see locale-code.ts),
 * and a server whose admins never open the locale picker need not hold them.
 */
export function createIsoLocales(): IsoLocales {
  let named: readonly IsoLocale[] | undefined;
  const codes = new Set(ISO_LOCALE_CODES);
  const list = (): readonly IsoLocale[] => {
    if (named) return named;
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none', languageDisplay: 'standard' });
    const nameOf = (code: string): string => {
      const name = names.of(code);
      return name === undefined ? code : `${name} (${code})`;
    };
    named = ISO_LOCALE_CODES.map((code) => ({ code, name: nameOf(code) }));
    return named;
  };
  return { list, has: (code) => codes.has(code) };
}
