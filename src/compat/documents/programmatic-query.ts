import { DEFAULT_REST_CONFIG, type RestConfig } from '../../core/config/app-config.js';
import type { DocumentQuery, Status } from '../../core/query/document-query.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ValidationError } from '../../core/shared/errors.js';

/** Project code is trusted as in Strapi: no page cap, no strictness about extra keys, no permission stage. */
const PROGRAMMATIC_REST: RestConfig = { ...DEFAULT_REST_CONFIG, prefix: '', defaultLimit: -1, maxLimit: null, withCount: false, strictParams: false };

export interface ProgrammaticRead {
  readonly filters?: unknown;
  readonly fields?: unknown;
  readonly populate?: unknown;
  readonly sort?: unknown;
  readonly pagination?: unknown;
  readonly locale?: unknown;
}

export interface QueryContext {
  readonly contentType: ContentType;
  readonly registry: SchemaRegistry;
  readonly locales: LocaleCatalog;
}

/** `status` as Strapi's Document Service reads it (draft unless 'published'), checked: anything else is a 400, not a silent draft. */
export function readStatus(contentType: ContentType, raw: unknown): Status {
  if (raw !== undefined && raw !== null && raw !== 'draft' && raw !== 'published') {
    throw new ValidationError(`Invalid status ${JSON.stringify(raw)?.slice(0, 40)}: expected 'draft' or 'published'`, { key: 'status', path: null, source: 'query', param: 'status' });
  }
  // A type without Draft & Publish has only published versions; Strapi ignores the status there.
  if (!contentType.draftAndPublish) return 'published';
  return raw === 'published' ? 'published' : 'draft';
}

/**
 * A programmatic read → the DocumentQuery the REST parser builds from the same parameters
 * (same validation, same meaning of filters, fields, populate, sort and pagination).
 */
export function programmaticQuery(context: QueryContext, read: ProgrammaticRead, status: Status, filtersChooseLocale = true): DocumentQuery {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(read)) if (value !== undefined) raw[key] = value;
  const query = parseDocumentQuery(raw, { contentType: context.contentType, rest: PROGRAMMATIC_REST, registry: context.registry, locales: context.locales, filtersChooseLocale });
  return { ...query, status };
}
