/** An address of the edit view (Strapi's admin URLs). */
export interface EditRouteMatch {
  readonly kind: 'collection-types' | 'single-types';
  readonly uid: string;
  /** null: `…/create`, or a single type. */
  readonly documentId: string | null;
}

const COLLECTION = /^\/admin\/content-manager\/collection-types\/([^/]+)\/([^/]+)$/;
const SINGLE = /^\/admin\/content-manager\/single-types\/([^/]+)$/;

/** The edit view's address `path` names, or null for another screen. */
export function editRoute(path: string): EditRouteMatch | null {
  const collection = COLLECTION.exec(path);
  if (collection) {
    const uid = decodeURIComponent(collection[1] ?? '');
    const id = decodeURIComponent(collection[2] ?? '');
    return { kind: 'collection-types', uid, documentId: id === 'create' ? null : id };
  }
  const single = SINGLE.exec(path);
  if (single) return { kind: 'single-types', uid: decodeURIComponent(single[1] ?? ''), documentId: null };
  return null;
}
