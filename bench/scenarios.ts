import { createBody, shuffled, updateBody } from './dataset.js';
import type { RequestPlan } from './load.js';

export type ScenarioName = 'list' | 'findOne' | 'update' | 'create';

export interface Scenario {
  readonly name: ScenarioName;
  readonly description: string;
  /** Tessera req/s ÷ baseline req/s must reach this. */
  readonly targetRatio: number;
  readonly plan: RequestPlan;
}

/**
 * A filtered, sorted page: no index covers category, views or the sort, so both servers scan,
 * sort and count (the page is full, so the count query runs too).
 */
export const LIST_PATH = '/api/articles?filters[category][$eq]=news&filters[views][$gte]=100&sort=views:desc&pagination[page]=3&pagination[pageSize]=25';

/** The four scenarios, in the order they run: reads first, so writes cannot change what reads see. */
export function createScenarios(documentIds: readonly string[]): Scenario[] {
  const readOrder = shuffled(documentIds, 7);
  const writeOrder = shuffled(documentIds, 11);
  const at = (ids: readonly string[], sequence: number): string => ids[sequence % ids.length] ?? '';
  return [
    {
      name: 'list',
      description: 'GET a filtered, sorted page (page 3 of 25)',
      targetRatio: 0.6,
      plan: { method: 'GET', next: () => ({ path: LIST_PATH }) },
    },
    {
      name: 'findOne',
      description: 'GET one document by documentId, rotating over all 10,000',
      targetRatio: 0.6,
      plan: { method: 'GET', next: (sequence) => ({ path: `/api/articles/${at(readOrder, sequence)}` }) },
    },
    {
      name: 'update',
      description: 'PUT 5 fields of a document, rotating over all documentIds',
      targetRatio: 0.5,
      plan: { method: 'PUT', next: (sequence) => ({ path: `/api/articles/${at(writeOrder, sequence)}`, body: updateBody(sequence) }) },
    },
    {
      name: 'create',
      description: 'POST a new article (10 fields; slug generated from a unique title)',
      targetRatio: 0.5,
      plan: { method: 'POST', next: (sequence) => ({ path: '/api/articles', body: createBody(sequence) }) },
    },
  ];
}
