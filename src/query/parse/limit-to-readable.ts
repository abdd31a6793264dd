import type { DocumentQuery } from '../document-query.js';
import { checkLinkedAccess } from './check-linked-access.js';
import { prunePopulate } from './prune-populate.js';

/**
 * A parsed query cut to what the caller may read, the same way on every route that reads
 * documents (content routes, GraphQL, the users routes): populated relations whose target the
 * caller may not `find` are left out silently, and filters or sorts through them are refused.
 */
export function limitToReadable(query: DocumentQuery, canFind: (uid: string) => boolean): DocumentQuery {
  const limited = query.populate.length === 0 ? query : { ...query, populate: prunePopulate(query.populate, canFind) };
  checkLinkedAccess(limited, canFind);
  return limited;
}
