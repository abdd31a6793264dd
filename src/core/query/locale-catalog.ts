/**
 * The locales a request may name. Requests check their `locale` parameter against it and
 * resolve an absent one to the default; the locale service (the `i18n_locale` table) is the
 * implementation the app uses, and it may change while the app runs, so callers ask it per
 * request instead of copying what it says.
 */
export interface LocaleCatalog {
  /** The code used when a request names no locale. */
  defaultLocale(): string;
  /** Whether `code` is a configured locale (exact, case-sensitive code). */
  has(code: string): boolean;
}

/** A fixed catalog, for tools and tests that have no database. */
export function staticLocaleCatalog(codes: readonly string[], defaultCode: string): LocaleCatalog {
  const known = new Set(codes);
  if (!known.has(defaultCode)) throw new Error(`The default locale ${defaultCode} is not among ${codes.join(', ')}`);
  return { defaultLocale: () => defaultCode, has: (code) => known.has(code) };
}
