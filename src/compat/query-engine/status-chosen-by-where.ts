import type { Status } from '../../core/query/document-query.js';

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The one status a Query Engine `where` restricts rows to through a top-level `publishedAt`
 * test — `null`, `{ $null: true }` or `{ $eq: null }`: drafts; `{ $notNull: true }`,
 * `{ $ne: null }` or `{ $null: false }`: published rows — or null when it does not choose
 * (the rows of both statuses are then read). Only a shortcut: the condition itself stays in
 * the filters, so whatever this answers, the rows are the ones `where` matches.
 */
export function statusChosenByWhere(where: unknown): Status[] | null {
  if (!isRecord(where) || !Object.hasOwn(where, 'publishedAt')) return null;
  const test = where.publishedAt;
  if (test === null) return ['draft'];
  if (!isRecord(test) || Object.keys(test).length !== 1) return null;
  if (test.$null === true || (Object.hasOwn(test, '$eq') && test.$eq === null)) return ['draft'];
  if (test.$notNull === true || test.$null === false || (Object.hasOwn(test, '$ne') && test.$ne === null)) return ['published'];
  return null;
}
