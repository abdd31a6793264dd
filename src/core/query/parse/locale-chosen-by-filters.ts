import type { LocaleCatalog } from '../locale-catalog.js';
import type { ContentType } from '../../schema/content-type.js';
import { isPlainRecord } from './raw-values.js';

/**
 * The locale a read's `filters` choose, as in the reference, where a top-level `locale` key of
 * the filters replaces the locale lookup (`filters[locale][$eq]=fr` reads the French versions
 * with or without a `locale` parameter): null when the filters have no top-level `locale` (a
 * condition on `locale` inside `$and`/`$or`/`$not` filters within the chosen locale like any
 * other); the code when the condition is equality with one configured locale
 * (`filters[locale]=fr`, `filters[locale][$eq]=fr`); otherwise '*', every locale, which the
 * condition itself then narrows (`$in`, `$ne`, `$startsWith`, an unconfigured code …).
 */
export function localeChosenByFilters(filters: unknown, contentType: ContentType, locales: LocaleCatalog): string | null {
  if (!contentType.localized || !isPlainRecord(filters) || !Object.hasOwn(filters, 'locale')) return null;
  const condition = filters.locale;
  const code = isPlainRecord(condition) && Object.keys(condition).length === 1 ? condition.$eq : condition;
  return typeof code === 'string' && locales.has(code) ? code : '*';
}
