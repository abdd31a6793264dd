import type { DocumentQuery, FilterNode, PopulateNode, PopulateSelection } from '../query/document-query.js';

/** The pseudo-type every cached answer depends on: moved by model, permission and locale changes. */
export const EVERYTHING = '*';
/**
 * The pseudo-type every cached answer also depends on and no write moves: it is only ever marked
 * "under way" for a while (Redis: two follow delays after a model, permission or locale change),
 * so that no instance serves or keeps an answer until every instance followed the change.
 */
export const SUSPENDED = '~';

function addFilter(node: FilterNode | null, into: Set<string>): void {
  if (!node) return;
  switch (node.kind) {
    case 'and':
    case 'or':
      for (const child of node.children) addFilter(child, into);
      return;
    case 'not':
      addFilter(node.child, into);
      return;
    case 'relation':
      into.add(node.side.other.uid);
      addFilter(node.child, into);
      return;
    case 'component':
      addFilter(node.child, into);
      return;
    case 'condition':
      return;
  }
}

function addSelection(selection: PopulateSelection, into: Set<string>): void {
  for (const node of selection.populate) addPopulate(node, into);
}

function addPopulate(node: PopulateNode, into: Set<string>): void {
  switch (node.kind) {
    case 'relation':
      into.add(node.model.uid);
      addFilter(node.filters, into);
      for (const key of node.sort) for (const step of key.path) if (step.kind === 'relation') into.add(step.side.other.uid);
      addSelection(node, into);
      return;
    case 'localizations':
      into.add(node.model.uid);
      addSelection(node, into);
      return;
    case 'component':
      addSelection(node, into);
      return;
    case 'dynamiczone':
      for (const selection of node.components.values()) addSelection(selection, into);
      return;
  }
}

/**
 * The content-types whose writes can change the answer of `query`: its own type, every type
 * its populate reaches (relations, media files, inside components and dynamic zones, to any
 * depth) and every type its filters and sorts walk through. A write to any other type cannot
 * change the rows this query reads.
 */
export function queryDependencies(query: DocumentQuery, into: Set<string> = new Set()): Set<string> {
  into.add(query.contentType.uid);
  addFilter(query.filters, into);
  for (const key of query.sort) for (const step of key.path) if (step.kind === 'relation') into.add(step.side.other.uid);
  for (const node of query.populate) addPopulate(node, into);
  return into;
}
