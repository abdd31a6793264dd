/**
 * The benchmark's data: seeded rows and write bodies, generated from a fixed seed so that every
 * run (and both servers) see exactly the same documents.
 */

import { seededRandom } from '../test/helpers/random.js';

export const CATEGORIES = ['news', 'tutorial', 'opinion', 'review'] as const;

/** Deterministic (mulberry32, shared with the randomized tests): Math.random would make runs incomparable. */
export const createRandom = seededRandom;

const WORDS = [
  'fast', 'lean', 'schema', 'query', 'content', 'model', 'index', 'cache', 'render', 'static', 'edge', 'deploy', 'sqlite',
  'filter', 'release', 'design', 'review', 'guide', 'opinion', 'latency', 'budget', 'editor', 'draft', 'publish', 'media',
  'search', 'locale', 'token', 'policy', 'webhook', 'backup', 'migrate', 'stream', 'batch', 'page', 'archive', 'theme',
];

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function words(random: () => number, count: number): string {
  return Array.from({ length: count }, () => pick(random, WORDS)).join(' ');
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The same slug shape Tessera generates from a title (lowercase words joined by dashes). */
export function toSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A documentId shaped like Tessera's: 24 lowercase alphanumerics, starting with a letter. */
export function documentId(random: () => number): string {
  let id = ID_ALPHABET.charAt(Math.floor(random() * 26));
  while (id.length < 24) id += ID_ALPHABET.charAt(Math.floor(random() * ID_ALPHABET.length));
  return id;
}

/** A row in the exact stored form Tessera writes on SQLite (see src/core/db/sqlite/sqlite-dialect.ts); seed-postgres.ts maps it to PostgreSQL's. */
export interface SeedRow {
  readonly document_id: string;
  readonly title: string;
  readonly slug: string;
  readonly body: string;
  readonly category: string;
  readonly views: number;
  /** biginteger: an SQLite INTEGER, bound as a BigInt. */
  readonly likes: bigint;
  readonly rating: number;
  /** decimal: canonical decimal text (no exponent, no trailing fractional zeros). */
  readonly price: string | null;
  /** boolean: 0 or 1. */
  readonly featured: 0 | 1;
  /** date: yyyy-MM-dd. */
  readonly publish_date: string;
  /** json: JSON text. */
  readonly metadata: string;
  /** datetime: ISO 8601 UTC with milliseconds. */
  readonly created_at: string;
  readonly updated_at: string;
  readonly published_at: string;
}

/** The columns Tessera creates for the bench project's articles table, in its order. */
export const ARTICLE_COLUMNS = [
  'id', 'document_id', 'title', 'slug', 'body', 'category', 'views', 'likes', 'rating', 'price', 'featured', 'publish_date',
  'metadata', 'created_at', 'updated_at', 'published_at',
] as const;

/**
 * The same columns' types on PostgreSQL, as `format_type` names them (see
 * src/core/db/postgres/postgres-dialect.ts): numeric decimals, real booleans, dates, instants
 * to the millisecond and JSON as text.
 */
export const POSTGRES_ARTICLE_TYPES: Readonly<Record<(typeof ARTICLE_COLUMNS)[number], string>> = {
  id: 'integer',
  document_id: 'character varying(255)',
  title: 'character varying(255)',
  slug: 'character varying(255)',
  body: 'text',
  category: 'character varying(255)',
  views: 'integer',
  likes: 'bigint',
  rating: 'double precision',
  price: 'numeric',
  featured: 'boolean',
  publish_date: 'date',
  metadata: 'text',
  created_at: 'timestamp(3) with time zone',
  updated_at: 'timestamp(3) with time zone',
  published_at: 'timestamp(3) with time zone',
};

const START = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

export function generateRows(count: number, seed: number): SeedRow[] {
  const random = createRandom(seed);
  const rows: SeedRow[] = [];
  for (let index = 0; index < count; index += 1) {
    const title = `${capitalize(words(random, 3 + Math.floor(random() * 4)))} ${index + 1}`;
    // Skewed views: most articles are read rarely, a few very often (views < 100 for ~14%).
    const views = Math.floor(random() ** 2 * 5000);
    const cents = Math.floor(random() * 10_000);
    const created = new Date(START + index * 45 * 60_000 + Math.floor(random() * 60_000)).toISOString();
    rows.push({
      document_id: documentId(random),
      title,
      slug: toSlug(title),
      body: Array.from({ length: 4 + Math.floor(random() * 5) }, () => `${capitalize(words(random, 10 + Math.floor(random() * 10)))}.`).join(' '),
      category: pick(random, CATEGORIES),
      views,
      likes: random() < 0.05 ? 9_007_199_254_740_993n + BigInt(index) : BigInt(Math.floor(views * random())),
      rating: Math.round(random() * 50) / 10,
      price: random() < 0.1 ? null : String(cents / 100),
      featured: random() < 0.2 ? 1 : 0,
      publish_date: new Date(START + Math.floor(random() * 700) * DAY).toISOString().slice(0, 10),
      metadata: JSON.stringify({ seo: { description: words(random, 8) }, readingMinutes: 1 + Math.floor(random() * 15), tags: [pick(random, WORDS), pick(random, WORDS)] }),
      created_at: created,
      updated_at: created,
      published_at: created,
    });
  }
  return rows;
}

/** The `data` of a POST: a new article with a title no other article has, its slug left to the server. */
export function createBody(sequence: number): string {
  const random = createRandom(1_000_003 + sequence);
  return JSON.stringify({
    data: {
      title: `${capitalize(words(random, 5))} bench ${sequence}`,
      body: `${capitalize(words(random, 40))}.`,
      category: pick(random, CATEGORIES),
      views: Math.floor(random() * 1000),
      likes: '12',
      rating: Math.round(random() * 50) / 10,
      price: '19.99',
      featured: random() < 0.5,
      publishDate: '2026-02-01',
      metadata: { seo: { description: words(random, 8) }, readingMinutes: 4 },
    },
  });
}

/** The `data` of a PUT: the fields an editor typically touches. */
export function updateBody(sequence: number): string {
  const random = createRandom(2_000_003 + sequence);
  return JSON.stringify({
    data: {
      title: `${capitalize(words(random, 4))} (edited ${sequence})`,
      views: Math.floor(random() * 5000),
      rating: Math.round(random() * 50) / 10,
      featured: random() < 0.5,
      metadata: { seo: { description: words(random, 6) }, revision: sequence },
    },
  });
}

/** A deterministic permutation, so rotating requests spread over the whole table. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = createRandom(seed);
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    const a = copy[index] as T;
    copy[index] = copy[other] as T;
    copy[other] = a;
  }
  return copy;
}
