/**
 * The populate scenario over GraphQL (issue 8): the same page of 25 articles with the same
 * relations, component and dynamic zone, asked for as one `POST /graphql` in the entity
 * shape (bench/project/config/plugins.json sets `v4CompatibilityMode: true`; the figures of
 * issue 8 were taken in it). Every field the REST page shows is selected, except what the entity shape
 * has no field for (a document's row `id`: the entity's `id` is its documentId).
 */
import type { Scenario } from './scenarios.js';
import { populatePageCount } from './scenarios.js';

export const GRAPHQL_PATH = '/graphql';

/** Documents' own fields, as REST returns them after `id` (the system timestamps last). */
const ARTICLE_FIELDS = 'documentId title slug body category views likes rating price featured publishDate metadata createdAt updatedAt publishedAt';
const AUTHOR_FIELDS = 'documentId name email bio createdAt updatedAt publishedAt';
const CATEGORY_FIELDS = 'documentId name slug description createdAt updatedAt publishedAt';

/**
 * One query text with the page as a variable, as a client sends it. `__typename` on the zone
 * names each block's component (REST's `__component`).
 */
export const POPULATE_QUERY = `query PopulatePage($page: Int!) {
  articles(pagination: { page: $page, pageSize: 25 }) {
    data {
      id
      attributes {
        ${ARTICLE_FIELDS}
        author { data { id attributes { ${AUTHOR_FIELDS} } } }
        categories { data { id attributes { ${CATEGORY_FIELDS} } } }
        seo { id metaTitle metaDescription }
        blocks {
          __typename
          ... on ComponentSharedQuote { id body attribution }
          ... on ComponentSharedRichText { id body }
        }
      }
    }
    meta { pagination { page pageSize pageCount total } }
  }
}`;

/** The request body of one page. */
export function graphqlPopulateBody(page: number): string {
  return JSON.stringify({ query: POPULATE_QUERY, variables: { page } });
}

/** Pages 1–40 of 25, in the REST populate scenario's order. */
export function graphqlPopulateScenario(documents: number): Scenario {
  const pages = populatePageCount(documents);
  return {
    name: 'graphql-populate',
    description: 'POST /graphql: the populate scenario\'s page (author, categories, a component, a dynamic zone), rotating over pages 1–40',
    targetRatio: 0.7,
    plan: { method: 'POST', next: (sequence) => ({ path: GRAPHQL_PATH, body: graphqlPopulateBody(1 + (sequence % pages)) }) },
  };
}
