import { createBody, shuffled, updateBody } from './dataset.js';
import type { RequestPlan } from './load.js';

export type ScenarioName = 'list' | 'findOne' | 'populate' | 'update' | 'create' | 'graphql-populate' | 'versions';

/**
 * Every scenario, in the order they run (`graphql-populate` against Tessera's REST populate:
 * graphql-bench.ts; `versions` on its own project and data: versions-bench.ts).
 */
export const SCENARIO_NAMES: readonly ScenarioName[] = ['list', 'findOne', 'populate', 'update', 'create', 'graphql-populate', 'versions'];

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

/** Pages the populate scenario rotates over (the first 1,000 articles at 25 a page). */
const POPULATE_PAGES = 40;

/** How many pages the populate scenario rotates over: 40, fewer when fewer documents are seeded. */
export function populatePageCount(documents: number): number {
  return Math.max(1, Math.min(POPULATE_PAGES, Math.floor(documents / 25)));
}

/**
 * A page of articles with a to-one relation (through its link table), a manyToMany, a single
 * component and a dynamic zone of two component kinds populated.
 */
export function populatePath(page: number): string {
  return `/api/articles?populate[author]=true&populate[categories]=true&populate[seo]=true&populate[blocks][populate]=*&pagination[page]=${page}&pagination[pageSize]=25`;
}

/** The scenarios, in the order they run: reads first, so writes cannot change what reads see. */
export function createScenarios(documentIds: readonly string[]): Scenario[] {
  const populatePages = populatePageCount(documentIds.length);
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
      name: 'populate',
      description: 'GET a page of 25 with author, categories (manyToMany), a component and a dynamic zone populated, rotating over pages 1–40',
      targetRatio: 0.5,
      plan: { method: 'GET', next: (sequence) => ({ path: populatePath(1 + (sequence % populatePages)) }) },
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
