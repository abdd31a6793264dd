/**
 * The versions scenario's data: the populate scenario's documents on a model with Draft &
 * Publish and two locales (bench/project-versions). Every document exists in `en` and `fr`,
 * each locale as a draft and a published version, so 4 rows per document, in the storage
 * layout of docs/versions.md: a version is a row (`locale`, `published_at` null for the draft),
 * its links and components are its own (`entity_id` and `parent_id` are the version's row id),
 * and a link to a localized type names the target's document and locale (`target_locale`).
 *
 * Drafts and `fr` versions differ from the published `en` ones in visible fields, so a read
 * that picks the wrong version cannot match the baseline by accident.
 */
import { ARTICLE_COLUMNS, POSTGRES_ARTICLE_TYPES, capitalize, createRandom, documentId, generateRows, pick, toSlug, words } from './dataset.js';
import { AUTHOR_COUNT, CATEGORY_COUNT, LINKED_LAYOUTS, POSTGRES_TYPE_OF } from './linked-dataset.js';

/** The configured locales (bench/project-versions/config/plugins.js); the first is the default. */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** The versions of each document, in the order they are inserted (the order Tessera writes them: draft, then its publication). */
export const VERSIONS: readonly { readonly locale: Locale; readonly published: boolean }[] = [
  { locale: 'en', published: false },
  { locale: 'en', published: true },
  { locale: 'fr', published: false },
  { locale: 'fr', published: true },
];

/** Columns, in Tessera's order, with their PostgreSQL types as `format_type` names them (SQLite checks the names). */
export type VersionedLayout = readonly (readonly [string, string])[];

const VARCHAR = POSTGRES_TYPE_OF.string;
const withPostgresTypes = (table: string): VersionedLayout => (LINKED_LAYOUTS[table] ?? []).map(([name, kind]) => [name, POSTGRES_TYPE_OF[kind]] as const);

/** Every table of the versions scenario Tessera creates, with its columns in Tessera's order. */
export const VERSIONED_LAYOUTS: Readonly<Record<string, VersionedLayout>> = {
  articles: [...ARTICLE_COLUMNS.map((name) => [name, POSTGRES_ARTICLE_TYPES[name]] as const), ['locale', VARCHAR]],
  authors: [...withPostgresTypes('authors'), ['locale', VARCHAR]],
  categories: [...withPostgresTypes('categories'), ['locale', VARCHAR]],
  articles_author_lnk: [...withPostgresTypes('articles_author_lnk'), ['target_locale', VARCHAR]],
  articles_categories_lnk: [...withPostgresTypes('articles_categories_lnk'), ['target_locale', VARCHAR]],
  components_shared_seos: withPostgresTypes('components_shared_seos'),
  components_shared_quotes: withPostgresTypes('components_shared_quotes'),
  components_shared_rich_texts: withPostgresTypes('components_shared_rich_texts'),
};

/** A stored value: SQLite's form (booleans 0/1, bigintegers as BigInt); seed-versions.ts maps it for PostgreSQL by column type. */
export type VersionedValue = string | number | bigint | null;

/** Rows for one table: values in the order of `columns` (its layout without `id`). */
export interface VersionedTable {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly VersionedValue[])[];
}

function table(name: string, rows: VersionedValue[][]): VersionedTable {
  const layout = VERSIONED_LAYOUTS[name];
  if (!layout) throw new Error(`No layout for ${name}`);
  return { table: name, columns: layout.map(([column]) => column).filter((column) => column !== 'id'), rows };
}

const ARTICLE_UID = 'api::article.article';
const STAMP = '2023-12-01T08:00:00.000Z';
/** When the drafts that were edited after publication were saved. */
const EDITED = '2024-06-01T09:30:00.000Z';

/** A version's row id, as the database assigned it: `document` is the index in seed order. */
export type RowIdOf = (document: number, locale: Locale, published: boolean) => number;

/**
 * The article rows: the populate scenario's articles (the same PRNG), each as 4 versions.
 * `fr` versions have their own title and slug; a third of the drafts were edited after
 * publication (another title, a later updatedAt).
 */
export function generateVersionedArticles(count: number, seed: number): { readonly table: VersionedTable; readonly documentIds: string[] } {
  const base = generateRows(count, seed);
  const random = createRandom(seed ^ 0xd4af);
  const rows: VersionedValue[][] = [];
  for (const row of base) {
    const edited = random() < 1 / 3;
    for (const { locale, published } of VERSIONS) {
      const title = `${row.title}${locale === 'fr' ? ' (fr)' : ''}${!published && edited ? ' (edited)' : ''}`;
      const values: Record<string, VersionedValue> = {
        ...row,
        title,
        slug: locale === 'fr' ? `${row.slug}-fr` : row.slug,
        updated_at: !published && edited ? EDITED : row.updated_at,
        published_at: published ? row.published_at : null,
        locale,
      };
      rows.push(VERSIONED_LAYOUTS.articles?.filter(([name]) => name !== 'id').map(([name]) => values[name] ?? null) ?? []);
    }
  }
  return { table: table('articles', rows), documentIds: base.map((row) => row.document_id) };
}

/** 4 rows per document of a target type: `fields(locale)` gives its localized columns; drafts get a later updatedAt. */
function versionRows(id: string, fields: (locale: Locale) => VersionedValue[]): VersionedValue[][] {
  return VERSIONS.map(({ locale, published }) => [id, ...fields(locale), STAMP, published ? STAMP : EDITED, published ? STAMP : null, locale]);
}

/**
 * Authors, categories, links and component rows for the articles whose versions' row ids
 * `rowIdOf` tells. Each document has one author and 1–3 categories (the same documents in
 * all 4 versions, each locale's versions linking that locale: `target_locale`), and each
 * version its own SEO component and 0–3 blocks (drafts copy their locale's published texts).
 */
export function generateVersionedLinkedTables(documents: number, rowIdOf: RowIdOf, seed: number): VersionedTable[] {
  const random = createRandom(seed ^ 0x10ca1e);
  const authorIds = Array.from({ length: AUTHOR_COUNT }, () => documentId(random));
  const categoryIds = Array.from({ length: CATEGORY_COUNT }, () => documentId(random));
  const authors = authorIds.flatMap((id, index) => {
    const name = `${capitalize(pick(random, ['ada', 'alan', 'grace', 'edsger', 'barbara', 'ken', 'dennis', 'margaret']))} ${capitalize(words(random, 1))} ${index + 1}`;
    const bio = { en: `${capitalize(words(random, 12))}.`, fr: `${capitalize(words(random, 12))} (fr).` };
    return versionRows(id, (locale) => [locale === 'fr' ? `${name} (fr)` : name, `author${index + 1}@example.com`, bio[locale]]);
  });
  const categories = categoryIds.flatMap((id, index) => {
    const name = `${capitalize(words(random, 2))} ${index + 1}`;
    const description = { en: `${capitalize(words(random, 8))}.`, fr: `${capitalize(words(random, 8))} (fr).` };
    return versionRows(id, (locale) => {
      const localized = locale === 'fr' ? `${name} fr` : name;
      return [localized, toSlug(localized), description[locale]];
    });
  });

  const authorLinks: VersionedValue[][] = [];
  const categoryLinks: VersionedValue[][] = [];
  const seos: VersionedValue[][] = [];
  const quotes: VersionedValue[][] = [];
  const richTexts: VersionedValue[][] = [];
  // Positions in the targets' inverse lists: one list per target document and locale, owners' versions in insertion order.
  const inverseLists = new Map<string, number>();
  const nextInverse = (target: string, locale: Locale): number => {
    const key = `${target}|${locale}`;
    const position = (inverseLists.get(key) ?? 0) + 1;
    inverseLists.set(key, position);
    return position;
  };

  for (let document = 0; document < documents; document += 1) {
    const author = authorIds[Math.floor(random() * AUTHOR_COUNT)] ?? '';
    const chosen = new Set<number>();
    const wanted = 1 + Math.floor(random() * 3);
    while (chosen.size < wanted) chosen.add(Math.floor(random() * CATEGORY_COUNT));
    // Each locale's component texts, shared by its draft and published version.
    const texts = Object.fromEntries(
      LOCALES.map((locale) => {
        const blocks = Array.from({ length: Math.floor(random() * 4) }, () =>
          random() < 0.5
            ? { kind: 'quote' as const, body: `${capitalize(words(random, 15))}.`, attribution: random() < 0.3 ? null : capitalize(words(random, 2)) }
            : { kind: 'rich-text' as const, body: `## ${capitalize(words(random, 3))}\n\n${capitalize(words(random, 40))}.`, attribution: null },
        );
        return [locale, { metaTitle: capitalize(words(random, 4)), metaDescription: random() < 0.1 ? null : `${capitalize(words(random, 14))}.`, blocks }];
      }),
    ) as Record<Locale, { metaTitle: string; metaDescription: string | null; blocks: { kind: 'quote' | 'rich-text'; body: string; attribution: string | null }[] }>;

    for (const { locale, published } of VERSIONS) {
      const rowId = rowIdOf(document, locale, published);
      authorLinks.push([rowId, author, null, nextInverse(author, locale), locale]);
      [...chosen].forEach((category, index) => {
        const target = categoryIds[category] ?? '';
        categoryLinks.push([rowId, target, index + 1, nextInverse(target, locale), locale]);
      });
      const { metaTitle, metaDescription, blocks } = texts[locale];
      seos.push([rowId, ARTICLE_UID, 'seo', 1, metaTitle, metaDescription]);
      blocks.forEach((block, index) => {
        if (block.kind === 'quote') quotes.push([rowId, ARTICLE_UID, 'blocks', index + 1, block.body, block.attribution]);
        else richTexts.push([rowId, ARTICLE_UID, 'blocks', index + 1, block.body]);
      });
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
