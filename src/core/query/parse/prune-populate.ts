import type { PopulateNode, PopulateSelection } from '../document-query.js';

function pruneSelection<T extends PopulateSelection>(selection: T, canFind: (uid: string) => boolean): T {
  return { ...selection, populate: prunePopulate(selection.populate, canFind) };
}

/**
 * The populate tree without the relations whose target the caller may not `find` (media
 * excepted), at any depth (inside components and zone fragments too). They are left out silently, as the
 * reference does; a `count` on such a relation is left out as well, since it tells about
 * documents the caller may not list.
 */
export function prunePopulate(populate: readonly PopulateNode[], canFind: (uid: string) => boolean): readonly PopulateNode[] {
  return populate.flatMap((node): PopulateNode[] => {
    switch (node.kind) {
      case 'relation':
        // Media are read with the document that holds them: as in the reference, no upload permission is needed.
        return node.attribute.media !== undefined || canFind(node.model.uid) ? [pruneSelection(node, canFind)] : [];
      case 'component':
      case 'localizations':
        return [pruneSelection(node, canFind)];
      case 'dynamiczone': {
        const components = new Map([...node.components].map(([uid, selection]) => [uid, pruneSelection(selection, canFind)]));
        return [{ ...node, components }];
      }
    }
  });
}
