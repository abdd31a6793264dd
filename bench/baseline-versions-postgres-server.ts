/**
 * The PostgreSQL baseline of the versions scenario: the page of baseline-versions-sqlite-server.ts
 * on a `pg` Pool configured as baseline-postgres-server.ts's (Tessera's default size, named
 * statements, the session in UTC, instants as ISO text), the page's ids bound as one array.
 *
 * Run as its own process: DATABASE_NAME (and DATABASE_HOST, DATABASE_PORT, DATABASE_USERNAME,
 * DATABASE_PASSWORD, DATABASE_POOL_MAX), HOST and PORT.
 */
import { createBaselinePool, namedStatements } from './baseline-postgres-pool.js';
import { totalFromPage } from './baseline-http.js';
import { ARTICLE_UID, type BlockRow, type SeoRow } from './baseline-populate.js';
import { DEFAULT_LOCALE, serveVersionsBaseline, type VersionedArticleRow, type VersionedCategoryRow, type VersionsStore } from './baseline-versions.js';

const env = process.env;
const pool = createBaselinePool(env);
const statement = namedStatements('versions');

const PAGE = `select a.id, a.document_id as "documentId", a.title, a.slug, a.body, a.category, a.views, a.likes, a.rating, a.price,
  a.featured, a.publish_date as "publishDate", a.metadata, a.created_at as "createdAt", a.updated_at as "updatedAt",
  a.published_at as "publishedAt", a.locale, au.id as "authorId", au.document_id as "authorDocumentId", au.name as "authorName",
  au.email as "authorEmail", au.bio as "authorBio", au.created_at as "authorCreatedAt", au.updated_at as "authorUpdatedAt",
  au.published_at as "authorPublishedAt", au.locale as "authorLocale"
  from (select * from articles where locale = $1 and published_at is not null order by id limit $2 offset $3) as a
  left join articles_author_lnk as l on l.entity_id = a.id
  left join authors as au on au.document_id = l.target_document_id and au.locale = l.target_locale and au.published_at is not null
  order by a.id`;
const COUNT = 'select count(*) as total from articles where locale = $1 and published_at is not null';
const CATEGORIES = `select l.entity_id as owner, c.id, c.document_id as "documentId", c.name, c.slug, c.description,
  c.created_at as "createdAt", c.updated_at as "updatedAt", c.published_at as "publishedAt", c.locale
  from articles_categories_lnk as l
  join categories as c on c.document_id = l.target_document_id and c.locale = l.target_locale and c.published_at is not null
  where l.entity_id = any($1::int[]) order by l.entity_id, l.target_ord`;
const SEOS = `select parent_id as owner, id, meta_title as "metaTitle", meta_description as "metaDescription"
  from components_shared_seos where parent_id = any($1::int[]) and parent_type = '${ARTICLE_UID}' and parent_field = 'seo'`;
const BLOCKS = `select 'shared.quote' as component, parent_id as owner, parent_ord as ord, id, body, attribution
  from components_shared_quotes where parent_id = any($1::int[]) and parent_type = '${ARTICLE_UID}' and parent_field = 'blocks'
  union all
  select 'shared.rich-text', parent_id, parent_ord, id, body, null
  from components_shared_rich_texts where parent_id = any($1::int[]) and parent_type = '${ARTICLE_UID}' and parent_field = 'blocks'
  order by owner, ord`;

const store: VersionsStore = {
  async listPopulated({ offset, pageSize }) {
    const { rows } = await pool.query<VersionedArticleRow>(statement(PAGE, [DEFAULT_LOCALE, pageSize, offset]));
    const total = totalFromPage(rows.length, offset, pageSize) ?? Number((await pool.query<{ total: string }>(statement(COUNT, [DEFAULT_LOCALE]))).rows[0]?.total ?? 0);
    if (rows.length === 0) return { rows, categories: [], seos: [], blocks: [], total };
    const ids = [rows.map((row) => row.id)];
    return {
      rows,
      categories: (await pool.query<VersionedCategoryRow>(statement(CATEGORIES, ids))).rows,
      seos: (await pool.query<SeoRow>(statement(SEOS, ids))).rows,
      blocks: (await pool.query<BlockRow>(statement(BLOCKS, ids))).rows,
      total,
    };
  },
  close: () => pool.end(),
};

await serveVersionsBaseline(store, `postgres database ${env.DATABASE_NAME ?? ''}`, env);
