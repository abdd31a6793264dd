/**
 * The SQLite baseline of the versions scenario: bench/project-versions's populated page
 * written by hand with better-sqlite3, as baseline-sqlite-server.ts writes the populate
 * scenario's (same settings, same statement plan), choosing versions in SQL: the articles'
 * published `en` rows, and each link's target row in the link's `target_locale` with a
 * publication date.
 *
 * Run as its own process: DATABASE_FILENAME, HOST and PORT come from the environment.
 */
import BetterSqlite3 from 'better-sqlite3';
import { totalFromPage } from './baseline-http.js';
import { ARTICLE_UID, type BlockRow, type SeoRow } from './baseline-populate.js';
import { DEFAULT_LOCALE, serveVersionsBaseline, type VersionedArticleRow, type VersionedCategoryRow, type VersionsStore } from './baseline-versions.js';

const filename = process.env.DATABASE_FILENAME;
if (!filename) throw new Error('DATABASE_FILENAME is required');
const db = new BetterSqlite3(filename);
// The same settings as Tessera.
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');

/**
 * The page of published versions in the locale, each with its author in one statement (a
 * manyToOne is at most one row, so a join): the link of this version, the author's published
 * version in the link's locale.
 */
const PAGE = `select a.id, a.document_id as documentId, a.title, a.slug, a.body, a.category, a.views, cast(a.likes as text) as likes,
  a.rating, a.price, a.featured, a.publish_date as publishDate, a.metadata, a.created_at as createdAt, a.updated_at as updatedAt,
  a.published_at as publishedAt, a.locale, au.id as authorId, au.document_id as authorDocumentId, au.name as authorName,
  au.email as authorEmail, au.bio as authorBio, au.created_at as authorCreatedAt, au.updated_at as authorUpdatedAt,
  au.published_at as authorPublishedAt, au.locale as authorLocale
  from (select * from articles where locale = ? and published_at is not null order by id limit ? offset ?) as a
  left join articles_author_lnk as l on l.entity_id = a.id
  left join authors as au on au.document_id = l.target_document_id and au.locale = l.target_locale and au.published_at is not null
  order by a.id`;
const page = db.prepare<[string, number, number], VersionedArticleRow>(PAGE);
const count = db.prepare<[string], { total: number }>('select count(*) as total from articles where locale = ? and published_at is not null');
const inList = (length: number): string => `(${Array.from({ length }, () => '?').join(', ')})`;
const categoriesSql = (length: number): string => `select l.entity_id as owner, c.id, c.document_id as documentId, c.name, c.slug, c.description,
  c.created_at as createdAt, c.updated_at as updatedAt, c.published_at as publishedAt, c.locale
  from articles_categories_lnk as l
  join categories as c on c.document_id = l.target_document_id and c.locale = l.target_locale and c.published_at is not null
  where l.entity_id in ${inList(length)} order by l.entity_id, l.target_ord`;
const seosSql = (length: number): string => `select parent_id as owner, id, meta_title as metaTitle, meta_description as metaDescription
  from components_shared_seos where parent_id in ${inList(length)} and parent_type = '${ARTICLE_UID}' and parent_field = 'seo'`;
const blocksSql = (length: number): string => `select 'shared.quote' as component, parent_id as owner, parent_ord as ord, id, body, attribution
  from components_shared_quotes where parent_id in ${inList(length)} and parent_type = '${ARTICLE_UID}' and parent_field = 'blocks'
  union all
  select 'shared.rich-text', parent_id, parent_ord, id, body, null
  from components_shared_rich_texts where parent_id in ${inList(length)} and parent_type = '${ARTICLE_UID}' and parent_field = 'blocks'
  order by owner, ord`;

/** Statements whose SQL depends on the page's length, prepared once per length. */
const statements = new Map<string, BetterSqlite3.Statement>();
function prepared(sql: string): BetterSqlite3.Statement {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
}

const store: VersionsStore = {
  listPopulated({ offset, pageSize }) {
    const rows = page.all(DEFAULT_LOCALE, pageSize, offset);
    const total = totalFromPage(rows.length, offset, pageSize) ?? count.get(DEFAULT_LOCALE)?.total ?? 0;
    if (rows.length === 0) return { rows, categories: [], seos: [], blocks: [], total };
    const ids = rows.map((row) => row.id);
    return {
      rows,
      categories: prepared(categoriesSql(ids.length)).all(...ids) as VersionedCategoryRow[],
      seos: prepared(seosSql(ids.length)).all(...ids) as SeoRow[],
      blocks: prepared(blocksSql(ids.length)).all(...ids, ...ids) as BlockRow[],
      total,
    };
  },
  close: () => {
    db.close();
  },
};

await serveVersionsBaseline(store, filename, process.env);
