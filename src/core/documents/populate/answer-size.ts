import { ValidationError } from '../../shared/errors.js';
import type { PopulateNode } from '../../query/document-query.js';
import type { Row, RowBudget } from './populate-context.js';

/**
 * How many objects (documents, component items, files) an answer holds once its populated
 * attributes are written out as JSON, counting past `limit` only as far as needed to know it
 * is passed. Populated rows are a graph, not a tree: parents showing the same document share
 * its list (populate-relation.ts), so a chain such as `author.articles.author.articles` is a
 * few hundred rows in memory and millions of objects in the JSON text. Each row's subtree is
 * measured once (memoized by identity), so this costs what populating cost, never what
 * serialising would.
 */
export function answerSize(rows: readonly Row[], populate: readonly PopulateNode[], limit: number): number {
  const sizes = new WeakMap<object, number>();
  const cap = (value: number): number => Math.min(value, limit + 1);

  const valueSize = (value: unknown, nodes: readonly PopulateNode[]): number => {
    if (Array.isArray(value)) {
      let total = 0;
      for (const item of value) {
        total = cap(total + (isRow(item) ? rowSize(item, nodes) : 0));
        if (total > limit) break;
      }
      return total;
    }
    return isRow(value) ? rowSize(value, nodes) : 0;
  };

  const zoneItemSize = (item: unknown, node: Extract<PopulateNode, { kind: 'dynamiczone' }>): number =>
    isRow(item) ? rowSize(item, node.components.get(String(item.__component))?.populate ?? []) : 0;

  function rowSize(row: Row, nodes: readonly PopulateNode[]): number {
    const known = sizes.get(row);
    if (known !== undefined) return known;
    let total = 1;
    for (const node of nodes) {
      if (total > limit) break;
      if (node.kind === 'dynamiczone') {
        if (node.count) continue;
        const items = row[node.attribute.name];
        if (Array.isArray(items)) for (const item of items) total = cap(total + zoneItemSize(item, node));
        continue;
      }
      if (node.kind === 'relation' && node.count) continue;
      const name = node.kind === 'localizations' ? 'localizations' : node.attribute.name;
      total = cap(total + valueSize(row[name], node.populate));
    }
    sizes.set(row, total);
    return total;
  }

  return valueSize(rows, populate);
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Counts rows a populate statement returned against the read's budget (none: no bound, as for internal reads). */
export function spendRows(budget: RowBudget | undefined, count: number): void {
  if (!budget) return;
  budget.read += count;
  if (budget.read > budget.limit) throw populateTooLarge(budget.limit);
}

/** The 400 of a read whose answer would hold more than `limit` objects: it names the limit and how to stay under it. */
export function populateTooLarge(limit: number): ValidationError {
  return new ValidationError(
    `Populate too large: this answer would hold more than ${limit} documents, components and files once populated (limit: api.rest.maxResponseItems = ${limit}); populate fewer levels, select fewer relations or ask for a smaller page`,
    { key: 'populate', path: null, source: 'query', param: 'populate', limit },
  );
}
