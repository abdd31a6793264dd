/**
 * The SQLite baseline: what a careful developer would write by hand for the bench project's
 * four routes (and the populate scenario's page) with Fastify and better-sqlite3: prepared
 * statements, hand-written SQL, no query builder, no generic layers, and no response caching. It answers with the same JSON as Tessera
 * (envelope, keys, key order, types) so throughput can be compared honestly.
 *
 * Run as its own process: DATABASE_FILENAME, HOST and PORT come from the environment.
 */
import BetterSqlite3 from 'better-sqlite3';
import { serveBaseline, totalFromPage, type ArticleStore } from './baseline-http.js';
import { ARTICLE_UID, type BlockRow, type CategoryRow, type PopulatedArticleRow, type SeoRow } from './baseline-populate.js';
import { badRequest, firstFreeSlug, slugBase, suffixedPattern, type ArticleChanges, type ArticleRow, type ListQuery, type NewArticle, type Stored } from './baseline-rules.js';

const filename = process.env.DATABASE_FILENAME;
if (!filename) throw new Error('DATABASE_FILENAME is required');
const db = new BetterSqlite3(filename);
// The same durability settings as Tessera, so writes cost the same fsyncs.
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
// uid LIKE patterns match case-sensitively, as in Tessera.
db.pragma('case_sensitive_like = ON');

const SELECT = `select id, document_id as documentId, title, slug, body, category, views, cast(likes as text) as likes, rating,
  price, featured, publish_date as publishDate, metadata, created_at as createdAt, updated_at as updatedAt,
  published_at as publishedAt from articles`;

const findById = db.prepare<[number], ArticleRow>(`${SELECT} where id = ?`);
const findByDocumentId = db.prepare<[string], ArticleRow>(`${SELECT} where document_id = ? order by id limit 1`);
const slugTaken = db.prepare<[string, string], { taken: number }>(`select 1 as taken from articles where slug = ? and document_id <> ? limit 1`);
const slugsLike = db.prepare<[string, string, string], { slug: string }>(
  `select slug from articles where (slug = ? or slug like ? escape '\\') and document_id <> ?`,
);
const insertArticle = db.prepare(
  `insert into articles (document_id, title, slug, body, category, views, likes, rating, price, featured, publish_date, metadata,
   created_at, updated_at, published_at) values (@documentId, @title, @slug, @body, @category, @views, @likes, @rating, @price,
   @featured, @publishDate, @metadata, @now, @now, @now)`,
);

/**
 * The populate scenario: the page with each article's author in one statement (a manyToOne is
 * at most one row, so a join), then one statement per to-many attribute for the whole page.
 */
const POPULATED_PAGE = `select a.id, a.document_id as documentId, a.title, a.slug, a.body, a.category, a.views, cast(a.likes as text) as likes,
  a.rating, a.price, a.featured, a.publish_date as publishDate, a.metadata, a.created_at as createdAt, a.updated_at as updatedAt,
  a.published_at as publishedAt, au.id as authorId, au.document_id as authorDocumentId, au.name as authorName, au.email as authorEmail,
  au.bio as authorBio, au.created_at as authorCreatedAt, au.updated_at as authorUpdatedAt, au.published_at as authorPublishedAt
  from (select * from articles order by id limit ? offset ?) as a
  left join articles_author_lnk as l on l.entity_id = a.id
  left join authors as au on au.document_id = l.target_document_id
  order by a.id`;
const countArticles = db.prepare<[], { total: number }>('select count(*) as total from articles');
const populatedPage = db.prepare<[number, number], PopulatedArticleRow>(POPULATED_PAGE);
const inList = (count: number): string => `(${Array.from({ length: count }, () => '?').join(', ')})`;
const categoriesSql = (count: number): string => `select l.entity_id as owner, c.id, c.document_id as documentId, c.name, c.slug, c.description,
  c.created_at as createdAt, c.updated_at as updatedAt, c.published_at as publishedAt
  from articles_categories_lnk as l join categories as c on c.document_id = l.target_document_id
  where l.entity_id in ${inList(count)} order by l.entity_id, l.target_ord`;
const seosSql = (count: number): string => `select parent_id as owner, id, meta_title as metaTitle, meta_description as metaDescription
  from components_shared_seos where parent_id in ${inList(count)} and parent_type = '${ARTICLE_UID}' and parent_field = 'seo'`;
const blocksSql = (count: number): string => `select 'shared.quote' as component, parent_id as owner, parent_ord as ord, id, body, attribution
  from components_shared_quotes where parent_id in ${inList(count)} and parent_type = '${ARTICLE_UID}' and parent_field = 'blocks'
  union all
  select 'shared.rich-text', parent_id, parent_ord, id, body, null
  from components_shared_rich_texts where parent_id in ${inList(count)} and parent_type = '${ARTICLE_UID}' and parent_field = 'blocks'
  order by owner, ord`;

/** Statements whose SQL depends on the request's shape (filters, sort, updated fields), prepared once per shape. */
const statements = new Map<string, BetterSqlite3.Statement>();
function prepared(sql: string): BetterSqlite3.Statement {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
}

const createTransaction = db.transaction(({ values, documentId }: NewArticle): ArticleRow => {
  if (values.slug === null) {
    const base = slugBase(values.title);
    const taken = base === null ? null : new Set(slugsLike.all(base, suffixedPattern(base), documentId).map((row) => row.slug));
    values.slug = base === null || taken === null ? null : firstFreeSlug(base, taken);
  } else if (slugTaken.get(values.slug as string, documentId)) {
    badRequest('This attribute must be unique');
  }
  const { lastInsertRowid } = insertArticle.run({ ...values, documentId, now: new Date().toISOString() });
  const row = findById.get(Number(lastInsertRowid));
  if (!row) throw new Error('inserted row not found');
  return row;
});

const updateTransaction = db.transaction((documentId: string, { columns, values, slug }: ArticleChanges): ArticleRow | undefined => {
  if (slug !== null && slugTaken.get(slug, documentId)) badRequest('This attribute must be unique');
  const now = new Date().toISOString();
  // Without draft & publish every save publishes, as in Tessera.
  const sets = [...columns.map((column) => `"${column}" = ?`), 'updated_at = ?', 'published_at = ?'].join(', ');
  const { changes } = prepared(`update articles set ${sets} where document_id = ?`).run(...(values as Stored[]), now, now, documentId);
  return changes === 0 ? undefined : findByDocumentId.get(documentId);
});

const store: ArticleStore = {
  list(query: ListQuery, offset: number) {
    const where = query.conditions.length > 0 ? ` where ${query.conditions.map((condition) => `${condition} ?`).join(' and ')}` : '';
    // id last, as Tessera does, so equal values keep a stable order across pages.
    const orderBy = query.sort ? `${query.sort.column} ${query.sort.direction}, id asc` : 'id asc';
    const rows = prepared(`${SELECT}${where} order by ${orderBy} limit ? offset ?`).all(...query.parameters, query.pageSize, offset) as ArticleRow[];
    const total = totalFromPage(rows.length, offset, query.pageSize) ?? (prepared(`select count(*) as total from articles${where}`).get(...query.parameters) as { total: number }).total;
    return { rows, total };
  },
  listPopulated({ offset, pageSize }) {
    const rows = populatedPage.all(pageSize, offset);
    const total = totalFromPage(rows.length, offset, pageSize) ?? countArticles.get()?.total ?? 0;
    if (rows.length === 0) return { rows, categories: [], seos: [], blocks: [], total };
    const ids = rows.map((row) => row.id);
    return {
      rows,
      categories: prepared(categoriesSql(ids.length)).all(...ids) as CategoryRow[],
      seos: prepared(seosSql(ids.length)).all(...ids) as SeoRow[],
      blocks: prepared(blocksSql(ids.length)).all(...ids, ...ids) as BlockRow[],
      total,
    };
  },
  findOne: (documentId) => findByDocumentId.get(documentId),
  /** `begin immediate`, as Tessera's writes: the write lock is taken before the reads that decide the write. */
  create: (article) => createTransaction.immediate(article),
  update: (documentId, changes) => updateTransaction.immediate(documentId, changes),
  close: () => {
    db.close();
  },
};

await serveBaseline(store, filename, process.env);
