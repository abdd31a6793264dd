import type { DocumentQuery } from '../../query/document-query.js';
import { ValidationError } from '../../shared/errors.js';

/** The one locale a single document is read or written in: every locale ('*') only lists or deletes. */
export function singleLocale(query: DocumentQuery): string {
  if (query.contentType.localized && query.locale === '*') throw new ValidationError('Every locale (locale=*, or a locale filter that is not one locale code) can only be read as a list or deleted: a single document is read and written in one locale', { key: 'locale', path: null, source: 'query', param: 'locale' });
  return query.locale;
}
