import type { DocumentQuery } from '../query/document-query.js';
import { checkLinkedAccess } from '../query/parse/check-linked-access.js';
import { parseDocumentQuery, type ParseOptions } from '../query/parse/parse-document-query.js';
import { prunePopulate } from '../query/parse/prune-populate.js';
import type { ContentType } from '../schema/content-type.js';
import { ForbiddenError, type PaginationError, type ValidationError } from '../shared/errors.js';
import { readPermission, type PermissionCheck, type PermissionName } from './permission-names.js';

/** What one read asks: who may do what, on which type, with which query. */
export interface ReadRequest {
  /** The caller's permissions: the auth service's `can` bound to the request's principal. */
  readonly can: PermissionCheck;
  /**
   * The permission the entry point needs (`api::article.article.find`, …), checked first.
   * `'checked-by-transport'` only where the transport checks its own, changeable rule before
   * (GraphQL's resolver scopes, which project code may replace or open with `auth: false`).
   */
  readonly permission: PermissionName | 'checked-by-transport';
  readonly contentType: ContentType;
  /** The query in REST's parameter form, as the caller sent it (GraphQL's arguments translated to it). */
  readonly query: Readonly<Record<string, unknown>>;
  /** The parser's settings: page sizes (`rest`), registry, locales, whether filters choose the locale. */
  readonly parse: Omit<ParseOptions, 'contentType'>;
}

/** How a read is refused: 403 without the permission; 400 for a query it may not or cannot ask. */
export type ReadRefusal = ForbiddenError | ValidationError | PaginationError;

/**
 * The one read-authorization stage, for every entry point that reads documents for a caller
 * (REST content routes, GraphQL, the users routes, the upload routes, and later ones): the
 * caller's permission, the query parsed and checked against the type, populated relations
 * whose target the caller may not `find` left out silently (as the reference does), and
 * filters or sorts through them refused as unknown keys (400 `Invalid key <attribute>`) —
 * otherwise a filter would tell, document by document, what the caller may not read (who holds
 * a role, through `/users?filters[role][type]…`). Pure and synchronous.
 *
 * @throws {ReadRefusal} and nothing else: the error envelope answers it as it is.
 */
export function authorizeRead(request: ReadRequest): DocumentQuery {
  const { can, permission, contentType } = request;
  if (permission !== 'checked-by-transport' && !can(permission)) throw new ForbiddenError();
  const parsed = parseDocumentQuery(request.query, { ...request.parse, contentType });
  const canFind = (uid: string): boolean => can(readPermission(uid));
  const limited = parsed.populate.length === 0 ? parsed : { ...parsed, populate: prunePopulate(parsed.populate, canFind) };
  checkLinkedAccess(limited, canFind);
  return limited;
}
