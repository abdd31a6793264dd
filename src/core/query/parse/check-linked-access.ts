import { ValidationError } from '../../shared/errors.js';
import type { DocumentQuery, FilterNode, PopulateNode, SortKey } from '../document-query.js';

/** The first relation in a filter tree whose other side the caller may not `find`, by attribute name. */
function forbiddenInFilter(node: FilterNode | null, canFind: (uid: string) => boolean): string | null {
  if (node === null) return null;
  switch (node.kind) {
    case 'condition':
      return null;
    case 'not':
      return forbiddenInFilter(node.child, canFind);
    case 'and':
    case 'or':
      for (const child of node.children) {
        const found = forbiddenInFilter(child, canFind);
        if (found !== null) return found;
      }
      return null;
    case 'relation':
      return canFind(node.side.other.uid) ? forbiddenInFilter(node.child, canFind) : node.attribute.name;
    case 'component':
      return forbiddenInFilter(node.child, canFind);
  }
}

function forbiddenInSort(keys: readonly SortKey[], canFind: (uid: string) => boolean): string | null {
  for (const key of keys) {
    for (const step of key.path) if (step.kind === 'relation' && !canFind(step.side.other.uid)) return step.attribute.name;
  }
  return null;
}

function checkPopulate(populate: readonly PopulateNode[], canFind: (uid: string) => boolean): void {
  for (const node of populate) {
    if (node.kind === 'dynamiczone') {
      for (const selection of node.components.values()) checkPopulate(selection.populate, canFind);
      continue;
    }
    if (node.kind === 'relation') {
      const filtered = forbiddenInFilter(node.filters, canFind);
      if (filtered !== null) throw ValidationError.invalidKey(filtered, { source: 'query', param: 'populate' });
      const sorted = forbiddenInSort(node.sort, canFind);
      if (sorted !== null) throw ValidationError.invalidKey(sorted, { source: 'query', param: 'populate' });
    }
    checkPopulate(node.populate, canFind);
  }
}

/**
 * Filters and sorts may only go through relations whose other side the caller may `find`:
 * otherwise a filter would tell, document by document, what the caller may not read. Such a
 * key is refused as unknown (400 `Invalid key`), as the reference's query validation does.
 * Populate entries the caller may not read are pruned before this runs.
 */
export function checkLinkedAccess(query: DocumentQuery, canFind: (uid: string) => boolean): void {
  const filtered = forbiddenInFilter(query.filters, canFind);
  if (filtered !== null) throw ValidationError.invalidKey(filtered, { source: 'query', param: 'filters' });
  const sorted = forbiddenInSort(query.sort, canFind);
  if (sorted !== null) throw ValidationError.invalidKey(sorted, { source: 'query', param: 'sort' });
  checkPopulate(query.populate, canFind);
}
