/**
 * The populate scenario's data: authors, categories, the link rows that tie articles to them,
 * and the component rows of each article's `seo` and `blocks`, in the storage layout Tessera
 * defines (src/core/schema/relation-link.ts, src/core/schema/component-model.ts). Generated from a PRNG
 * of its own, so the articles themselves stay exactly the rows the other scenarios read.
 */
import { capitalize, createRandom, documentId, pick, toSlug, words } from './dataset.js';

/** Column kinds of the linked tables: SQLite checks the names, PostgreSQL the types too. */
export type ColumnKind = 'integer' | 'string' | 'text' | 'datetime';

export const POSTGRES_TYPE_OF: Readonly<Record<ColumnKind, string>> = {
  integer: 'integer',
  string: 'character varying(255)',
  text: 'text',
  datetime: 'timestamp(3) with time zone',
};

const LINK_LAYOUT = [['id', 'integer'], ['entity_id', 'integer'], ['target_document_id', 'string'], ['target_ord', 'integer'], ['entity_ord', 'integer']] as const;
const OWNER_LAYOUT = [['id', 'integer'], ['parent_id', 'integer'], ['parent_type', 'string'], ['parent_field', 'string'], ['parent_ord', 'integer']] as const;
const STAMPS = [['created_at', 'datetime'], ['updated_at', 'datetime'], ['published_at', 'datetime']] as const;

/** Every linked table Tessera creates for the bench project, with its columns in Tessera's order. */
export const LINKED_LAYOUTS: Readonly<Record<string, readonly (readonly [string, ColumnKind])[]>> = {
  authors: [['id', 'integer'], ['document_id', 'string'], ['name', 'string'], ['email', 'string'], ['bio', 'text'], ...STAMPS],
  categories: [['id', 'integer'], ['document_id', 'string'], ['name', 'string'], ['slug', 'string'], ['description', 'text'], ...STAMPS],
  articles_author_lnk: LINK_LAYOUT,
  articles_categories_lnk: LINK_LAYOUT,
  components_shared_seos: [...OWNER_LAYOUT, ['meta_title', 'string'], ['meta_description', 'text']],
  components_shared_quotes: [...OWNER_LAYOUT, ['body', 'text'], ['attribution', 'string']],
  components_shared_rich_texts: [...OWNER_LAYOUT, ['body', 'text']],
};

/** Rows for one table: values in the order of `columns` (its layout without `id`), in SQLite's stored form (no booleans here, so PostgreSQL's too). */
export interface SeedTable {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number | null)[])[];
}

export const AUTHOR_COUNT = 100;
export const CATEGORY_COUNT = 20;
const ARTICLE_UID = 'api::article.article';
const STAMP = '2023-12-01T08:00:00.000Z';

function table(name: string, rows: (string | number | null)[][]): SeedTable {
  const layout = LINKED_LAYOUTS[name];
  if (!layout) throw new Error(`No layout for ${name}`);
  return { table: name, columns: layout.map(([column]) => column).filter((column) => column !== 'id'), rows };
}

/**
 * The linked rows for articles whose row ids are `articleRowIds` (in seed order): each article
 * has one author, 1–3 categories (in order), an SEO component (a tenth without a description)
 * and 0–3 dynamic-zone blocks, quotes and rich texts mixed.
 */
export function generateLinkedTables(articleRowIds: readonly number[], seed: number): SeedTable[] {
  const random = createRandom(seed ^ 0x5eed);
  const authors = Array.from({ length: AUTHOR_COUNT }, (_, index) => {
    const name = `${capitalize(pick(random, ['ada', 'alan', 'grace', 'edsger', 'barbara', 'ken', 'dennis', 'margaret']))} ${capitalize(words(random, 1))} ${index + 1}`;
    return [documentId(random), name, `author${index + 1}@example.com`, `${capitalize(words(random, 12))}.`, STAMP, STAMP, STAMP];
  });
  const categories = Array.from({ length: CATEGORY_COUNT }, (_, index) => {
    const name = `${capitalize(words(random, 2))} ${index + 1}`;
    return [documentId(random), name, toSlug(name), `${capitalize(words(random, 8))}.`, STAMP, STAMP, STAMP];
  });
  const authorLinks: (string | number | null)[][] = [];
  const categoryLinks: (string | number | null)[][] = [];
  const seos: (string | number | null)[][] = [];
  const quotes: (string | number | null)[][] = [];
  const richTexts: (string | number | null)[][] = [];
  // Positions of each article in its author's and categories' inverse lists, 1..n in seed order.
  const authorLists = new Array<number>(AUTHOR_COUNT).fill(0);
  const categoryLists = new Array<number>(CATEGORY_COUNT).fill(0);

  for (const rowId of articleRowIds) {
    const author = Math.floor(random() * AUTHOR_COUNT);
    authorLists[author] = (authorLists[author] ?? 0) + 1;
    authorLinks.push([rowId, authors[author]?.[0] ?? '', null, authorLists[author] ?? 0]);

    const chosen = new Set<number>();
    const wanted = 1 + Math.floor(random() * 3);
    while (chosen.size < wanted) chosen.add(Math.floor(random() * CATEGORY_COUNT));
    [...chosen].forEach((category, index) => {
      categoryLists[category] = (categoryLists[category] ?? 0) + 1;
      categoryLinks.push([rowId, categories[category]?.[0] ?? '', index + 1, categoryLists[category] ?? 0]);
    });

    seos.push([rowId, ARTICLE_UID, 'seo', 1, capitalize(words(random, 4)), random() < 0.1 ? null : `${capitalize(words(random, 14))}.`]);

    const blocks = Math.floor(random() * 4);
    for (let order = 1; order <= blocks; order += 1) {
      if (random() < 0.5) quotes.push([rowId, ARTICLE_UID, 'blocks', order, `${capitalize(words(random, 15))}.`, random() < 0.3 ? null : capitalize(words(random, 2))]);
      else richTexts.push([rowId, ARTICLE_UID, 'blocks', order, `## ${capitalize(words(random, 3))}\n\n${capitalize(words(random, 40))}.`]);
    }
  }
  return [
    table('authors', authors),
    table('categories', categories),
    table('articles_author_lnk', authorLinks),
    table('articles_categories_lnk', categoryLinks),
    table('components_shared_seos', seos),
    table('components_shared_quotes', quotes),
    table('components_shared_rich_texts', richTexts),
  ];
}
