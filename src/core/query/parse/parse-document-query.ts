import type { RestConfig } from '../../config/app-config.js';
import type { ContentType } from '../../schema/content-type.js';
import { ValidationError } from '../../shared/errors.js';
import type { DocumentQuery, Status } from '../document-query.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { localeChosenByFilters } from './locale-chosen-by-filters.js';
import { parsePagination } from './parse-pagination.js';
import { parseSort } from './parse-sort.js';
import { parsePopulate } from './parse-populate.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { LocaleCatalog } from '../locale-catalog.js';

/** Top-level query parameters the content API knows. */
const KNOWN_PARAMS = new Set(['filters', 'sort', 'fields', 'populate', 'pagination', 'status', 'locale']);

const LOCALE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export interface ParseOptions {
  readonly contentType: ContentType;
  readonly rest: RestConfig;
  /** Resolves relations and components named by filters, sort and populate. */
  readonly registry: SchemaRegistry;
  /** The configured locales: `locale` must name one of them (DECISIONS 3: no silent fallback). */
  readonly locales: LocaleCatalog;
  /**
   * Whether a top-level `locale` filter chooses the locale (default true: reads). Writes and
   * actions pass false: they work on the version of the `locale` parameter, whatever `filters` say.
   */
  readonly filtersChooseLocale?: boolean;
}

/** A `status` parameter → draft or published (absent: published). */
export function parseStatus(raw: unknown): Status {
  if (raw === undefined) return 'published';
  if (raw === 'published' || raw === 'draft') return raw;
  throw new ValidationError(`Invalid parameter at 'status'. Expected 'published' or 'draft', received: ${JSON.stringify(raw)?.slice(0, 60)}`, {
    key: 'status',
    path: null,
    source: 'query',
    param: 'status',
  });
}

/** A `locale` parameter (or body `locale`) → a configured code or '*'; absent → the default locale. */
export function parseLocale(raw: unknown, locales: LocaleCatalog): string {
  if (raw === undefined || raw === null || raw === '') return locales.defaultLocale();
  const details = { key: 'locale', path: null, source: 'query', param: 'locale' };
  if (raw === '*') return raw;
  if (typeof raw !== 'string' || !LOCALE.test(raw)) {
    throw new ValidationError(`Invalid parameter at 'locale'. Locale must be a valid BCP 47 code or "*", received: ${JSON.stringify(raw)?.slice(0, 60)}`, details);
  }
  if (!locales.has(raw)) throw new ValidationError(`Invalid parameter at 'locale'. Unknown locale "${raw}": it is not one of the configured locales`, details);
  return raw;
}

/** Rejects unknown top-level parameters when strictParams is on (DECISIONS: better than the reference, 5). */
function checkParams(raw: Readonly<Record<string, unknown>>, rest: RestConfig): void {
  if (!rest.strictParams) return;
  for (const key of Object.keys(raw)) {
    if (!KNOWN_PARAMS.has(key)) throw ValidationError.invalidKey(key, { source: 'query', param: key });
  }
}

/**
 * The query string of a content API request → a DocumentQuery, checked against the
 * content-type. Pure and synchronous. Parsing and checking happen in one pass because the
 * meaning of every key depends on the attribute it names.
 */
export function parseDocumentQuery(raw: Readonly<Record<string, unknown>>, { contentType, rest, registry, locales, filtersChooseLocale = true }: ParseOptions): DocumentQuery {
  checkParams(raw, rest);
  // The parameter is checked even when a filter chooses the locale instead.
  const locale = parseLocale(raw.locale, locales);
  return {
    contentType,
    fields: parseFields(raw.fields, contentType),
    filters: parseFilters(raw.filters, contentType, registry),
    sort: parseSort(raw.sort, contentType, registry),
    pagination: parsePagination(raw.pagination, rest),
    status: parseStatus(raw.status),
    locale: (filtersChooseLocale ? localeChosenByFilters(raw.filters, contentType, locales) : null) ?? locale,
    populate: parsePopulate(raw.populate, contentType, registry),
    raw,
  };
}
