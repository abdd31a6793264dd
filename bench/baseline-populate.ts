/**
 * What both baselines share for the populate scenario: the query it accepts, and the rows →
 * JSON mapping of articles with their author, categories, SEO component and dynamic-zone
 * blocks (the same keys, key order and types as Tessera). Each baseline brings its own SQL.
 */
import { badRequest, toArticle, type ArticleRow } from './baseline-rules.js';

/** The populate parameters the scenario sends, exactly (any other populate is a 400 here). */
const POPULATE: Readonly<Record<string, string>> = {
  'populate[author]': 'true',
  'populate[categories]': 'true',
  'populate[seo]': 'true',
  'populate[blocks][populate]': '*',
};

export const ARTICLE_UID = 'api::article.article';

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly offset: number;
}

export function isPopulateQuery(query: Record<string, unknown>): boolean {
  return Object.keys(query).some((key) => key.startsWith('populate'));
}

function positiveInt(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) badRequest(`Invalid ${name} parameter`);
  return number;
}

/** `populate[…]` as the scenario sends it, plus page pagination. */
export function parsePopulatedList(query: Record<string, string | string[] | undefined>): PageRequest {
  let page = 1;
  let pageSize = 25;
  for (const [key, raw] of Object.entries(query)) {
    if (typeof raw !== 'string') badRequest(`Invalid parameter ${key}`);
    if (key === 'pagination[page]') page = positiveInt('page', raw);
    else if (key === 'pagination[pageSize]') pageSize = Math.min(positiveInt('pageSize', raw), 100);
    else if (POPULATE[key] !== raw) badRequest(`Invalid query parameter ${key}`);
  }
  for (const key of Object.keys(POPULATE)) if (!(key in query)) badRequest(`This baseline serves only the populate scenario's query (missing ${key})`);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** A page row: the article's columns and its author's (null when it has none), as both baselines select them. */
export interface PopulatedArticleRow extends ArticleRow {
  authorId: number | null;
  authorDocumentId: string | null;
  authorName: string | null;
  authorEmail: string | null;
  authorBio: string | null;
  authorCreatedAt: string | null;
  authorUpdatedAt: string | null;
  authorPublishedAt: string | null;
}

export interface CategoryRow {
  owner: number;
  id: number;
  documentId: string;
  name: string | null;
  slug: string | null;
  description: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  publishedAt: string | null;
}

export interface SeoRow {
  owner: number;
  id: number;
  metaTitle: string | null;
  metaDescription: string | null;
}

/** A dynamic-zone item of either kind; `attribution` is null (and not output) for rich texts. */
export interface BlockRow {
  component: string;
  owner: number;
  id: number;
  body: string | null;
  attribution: string | null;
}

export interface PopulatedPage {
  readonly rows: readonly PopulatedArticleRow[];
  /** Ordered by owner, then position. */
  readonly categories: readonly CategoryRow[];
  readonly seos: readonly SeoRow[];
  /** Ordered by owner, then position in the zone. */
  readonly blocks: readonly BlockRow[];
  readonly total: number;
}

function groupBy<T extends { owner: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.owner);
    if (group) group.push(row);
    else groups.set(row.owner, [row]);
  }
  return groups;
}

function author(row: PopulatedArticleRow): Record<string, unknown> | null {
  if (row.authorId === null) return null;
  return {
    id: row.authorId,
    documentId: row.authorDocumentId,
    name: row.authorName,
    email: row.authorEmail,
    bio: row.authorBio,
    createdAt: row.authorCreatedAt,
    updatedAt: row.authorUpdatedAt,
    publishedAt: row.authorPublishedAt,
  };
}

function category({ id, documentId, name, slug, description, createdAt, updatedAt, publishedAt }: CategoryRow): Record<string, unknown> {
  return { id, documentId, name, slug, description, createdAt, updatedAt, publishedAt };
}

function block(row: BlockRow): Record<string, unknown> {
  return row.component === 'shared.quote'
    ? { id: row.id, __component: row.component, body: row.body, attribution: row.attribution }
    : { id: row.id, __component: row.component, body: row.body };
}

/** The page's documents: the article, then its populated attributes in the order the query names them. */
export function toPopulatedArticles(page: PopulatedPage): Record<string, unknown>[] {
  const categories = groupBy(page.categories);
  const seos = new Map(page.seos.map((row) => [row.owner, row]));
  const blocks = groupBy(page.blocks);
  return page.rows.map((row) => {
    const seo = seos.get(row.id);
    return {
      ...toArticle(row),
      author: author(row),
      categories: (categories.get(row.id) ?? []).map(category),
      seo: seo ? { id: seo.id, metaTitle: seo.metaTitle, metaDescription: seo.metaDescription } : null,
      blocks: (blocks.get(row.id) ?? []).map(block),
    };
  });
}
