import type { ContentType } from '../../core/schema/content-type.js';
import { ValidationError } from '../../core/shared/errors.js';
import type { ContentGrant } from '../../transports/admin/admin-ability.js';
import { reaches } from './cm-query.js';

/**
 * What the content manager's edit view sends back is the document it read: system fields,
 * `createdBy`, `localizations`, `status`… come with the content. Those are not content and are
 * left out; fields the grant does not reach are ignored (Strapi's rule), at any component depth.
 */
const NOT_CONTENT: ReadonlySet<string> = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', 'status']);

function pickInput(value: unknown, path: string, grant: ContentGrant): unknown {
  if (grant.fields === null || grant.fields.has(path)) return value;
  if (Array.isArray(value)) return value.map((item) => pickInput(item, path, grant));
  if (value === null || typeof value !== 'object') return value;
  const picked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'id' || key === '__component' || reaches(grant, `${path}.${key}`)) picked[key] = pickInput(item, `${path}.${key}`, grant);
  }
  return picked;
}

/** The body as content data: a JSON object (400 otherwise), without system keys, with only what the grant reaches. */
export function contentData(body: unknown, contentType: ContentType, grant: ContentGrant): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('The body must be a JSON object of the document\'s fields');
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    // A type may have an attribute named like a system field of other types (`locale` without i18n).
    if (NOT_CONTENT.has(key) && !(contentType.attributes.get(key)?.kind === 'scalar' && contentType.attributes.get(key)?.writable === true)) continue;
    if (!contentType.attributes.has(key)) {
      data[key] = value; // validateData answers the unknown key with its 400
      continue;
    }
    if (reaches(grant, key)) data[key] = pickInput(value, key, grant);
  }
  return data;
}

/** `{documentIds: [...]}` of the bulk actions: a non-empty list of strings (Strapi's 400 otherwise). */
export function documentIdsOf(body: unknown): string[] {
  const raw = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).documentIds : undefined;
  if (!Array.isArray(raw)) throw ValidationError.fromFieldErrors([{ path: ['documentIds'], message: 'documentIds must be an array of documentIds', name: 'ValidationError' }]);
  if (raw.length === 0) throw ValidationError.fromFieldErrors([{ path: ['documentIds'], message: 'Too small: expected array to have >=1 items', name: 'ValidationError' }]);
  if (!raw.every((id): id is string => typeof id === 'string')) throw ValidationError.fromFieldErrors([{ path: ['documentIds'], message: 'documentIds must be an array of strings', name: 'ValidationError' }]);
  return [...new Set(raw)];
}
