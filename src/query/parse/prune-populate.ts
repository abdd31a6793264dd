import type { PopulateNode, PopulateSelection } from '../document-query.js';

function pruneSelection<T extends PopulateSelection>(selection: T, canFind: (uid: string) => boolean): T {
  return { ...selection, populate: prunePopulate(selection.populate, canFind) };
}

/**
 * The populate tree without the relations whose target the caller may not `find`, at any
 * depth (inside components and zone fragments too). They are left out silently, as the
 * reference does; a `count` on such a relation is left out as well, since it tells about
 * documents the caller may not list.
 */
export function prunePopulate(populate: readonly PopulateNode[], canFind: (uid: string) => boolean): readonly PopulateNode[] {
  return populate.flatMap((node): PopulateNode[] => {
    switch (node.kind) {
      case 'relation':
        return canFind(node.model.uid) ? [pruneSelection(node, canFind)] : [];
      case 'component':
        return [pruneSelection(node, canFind)];
      case 'dynamiczone': {
        const components = new Map([...node.components].map(([uid, selection]) => [uid, pruneSelection(selection, canFind)]));
        return [{ ...node, components }];
      }
    }
  });
}
