/**
 * The PostgreSQL baseline: the same hand-written server as the SQLite one, on a `pg` Pool of
 * Tessera's default size with named (server-side prepared) statements. Each request takes the
 * fewest round trips a careful developer would write: one statement for a read, one
 * `update … returning` for an update, and for a create one transaction that takes an advisory
 * lock before the slug check (the uid has no unique constraint, as in Tessera's schema).
 *
 * Run as its own process: DATABASE_NAME (and DATABASE_HOST, DATABASE_PORT, DATABASE_USERNAME,
 * DATABASE_PASSWORD, DATABASE_POOL_MAX, as bench/project/config/database.js reads them), HOST and PORT.
 */
import type pg from 'pg';
import { createBaselinePool, namedStatements } from './baseline-postgres-pool.js';
import { serveBaseline, totalFromPage, type ArticleStore } from './baseline-http.js';
import { ARTICLE_UID, type BlockRow, type CategoryRow, type PopulatedArticleRow, type SeoRow } from './baseline-populate.js';
import { badRequest, firstFreeSlug, slugBase, suffixedPattern, type ArticleRow, type ListQuery, type Stored } from './baseline-rules.js';

const env = process.env;
const pool = createBaselinePool(env);

const COLUMNS = `id, document_id as "documentId", title, slug, body, category, views, likes, rating, price, featured,
  publish_date as "publishDate", metadata, created_at as "createdAt", updated_at as "updatedAt", published_at as "publishedAt"`;
const SELECT = `select ${COLUMNS} from articles`;

const statement = namedStatements('baseline');

const FIND_BY_DOCUMENT_ID = `${SELECT} where document_id = $1 order by id limit 1`;
const SLUG_TAKEN = `select 1 from articles where slug = $1 and document_id <> $2 limit 1`;
const SLUGS_LIKE = `select slug from articles where (slug = $1 or slug like $2 escape '\\') and document_id <> $3`;
const INSERT = `insert into articles (document_id, title, slug, body, category, views, likes, rating, price, featured, publish_date, metadata,
  created_at, updated_at, published_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $13) returning ${COLUMNS}`;
/**
 * The populate scenario: the page with each article's author in one statement (a manyToOne is
 * at most one row, so a join), then one statement per to-many attribute for the whole page,
 * the page's ids bound as one array.
 */
const POPULATED_PAGE = `select a.id, a.document_id as "documentId", a.title, a.slug, a.body, a.category, a.views, a.likes, a.rating, a.price,
  a.featured, a.publish_date as "publishDate", a.metadata, a.created_at as "createdAt", a.updated_at as "updatedAt",
  a.published_at as "publishedAt", au.id as "authorId", au.document_id as "authorDocumentId", au.name as "authorName",
  au.email as "authorEmail", au.bio as "authorBio", au.created_at as "authorCreatedAt", au.updated_at as "authorUpdatedAt",
  au.published_at as "authorPublishedAt"
  from (select * from articles order by id limit $1 offset $2) as a
  left join articles_author_lnk as l on l.entity_id = a.id
  left join authors as au on au.document_id = l.target_document_id
  order by a.id`;
const COUNT_ARTICLES = 'select count(*) as total from articles';
const CATEGORIES = `select l.entity_id as owner, c.id, c.document_id as "documentId", c.name, c.slug, c.description,
  c.created_at as "createdAt", c.updated_at as "updatedAt", c.published_at as "publishedAt"
  from articles_categories_lnk as l join categories as c on c.document_id = l.target_document_id
  where l.entity_id = any($1::int[]) order by l.entity_id, l.target_ord`;
const SEOS = `select parent_id as owner, id, meta_title as "metaTitle", meta_description as "metaDescription"
  from components_shared_seos where parent_id = any($1::int[]) and parent_type = '${ARTICLE_UID}' and parent_field = 'seo'`;
const BLOCKS = `select 'shared.quote' as component, parent_id as owner, parent_ord as ord, id, body, attribution
  from components_shared_quotes where parent_id = any($1::int[]) and parent_type = '${ARTICLE_UID}' and parent_field = 'blocks'
  union all
  select 'shared.rich-text', parent_id, parent_ord, id, body, null
  from components_shared_rich_texts where parent_id = any($1::int[]) and parent_type = '${ARTICLE_UID}' and parent_field = 'blocks'
  order by owner, ord`;

/**
 * Writes that check the uid serialise on one transaction-scoped advisory lock (per database),
 * taken in the same round trip as `begin`, so two creates cannot pick the same slug.
 */
const BEGIN_LOCKED = 'begin; select pg_advisory_xact_lock(7262881043)';

/** `begin` + lock, `fn`, `commit`; a rollback when `fn` throws. */
async function lockedTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(BEGIN_LOCKED);
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function slugIsTaken(client: pg.PoolClient, slug: string, documentId: string): Promise<boolean> {
  return (await client.query(statement(SLUG_TAKEN, [slug, documentId]))).rowCount !== 0;
}

async function updateStatement(executor: pg.Pool | pg.PoolClient, documentId: string, columns: readonly string[], values: readonly Stored[]): Promise<ArticleRow | undefined> {
  const now = new Date().toISOString();
  // Without draft & publish every save publishes, as in Tessera.
  const sets = [...columns.map((column, index) => `"${column}" = $${index + 1}`), `updated_at = $${columns.length + 1}`, `published_at = $${columns.length + 1}`].join(', ');
  const { rows } = await executor.query<ArticleRow>(statement(`update articles set ${sets} where document_id = $${columns.length + 2} returning ${COLUMNS}`, [...values, now, documentId]));
  return rows[0];
}

const store: ArticleStore = {
  async list(query: ListQuery, offset: number) {
    const count = query.parameters.length;
    const where = count > 0 ? ` where ${query.conditions.map((condition, index) => `${condition} $${index + 1}`).join(' and ')}` : '';
    // Nulls placed as on SQLite (and in Tessera); id last keeps equal values in a stable order across pages.
    const orderBy = query.sort ? `${query.sort.column} ${query.sort.direction} nulls ${query.sort.direction === 'asc' ? 'first' : 'last'}, id asc` : 'id asc';
    const { rows } = await pool.query<ArticleRow>(statement(`${SELECT}${where} order by ${orderBy} limit $${count + 1} offset $${count + 2}`, [...query.parameters, query.pageSize, offset]));
    const total =
      totalFromPage(rows.length, offset, query.pageSize) ??
      Number((await pool.query<{ total: string }>(statement(`select count(*) as total from articles${where}`, query.parameters))).rows[0]?.total ?? 0);
    return { rows, total };
  },
  async listPopulated({ offset, pageSize }) {
    const { rows } = await pool.query<PopulatedArticleRow>(statement(POPULATED_PAGE, [pageSize, offset]));
    const total = totalFromPage(rows.length, offset, pageSize) ?? Number((await pool.query<{ total: string }>(statement(COUNT_ARTICLES, []))).rows[0]?.total ?? 0);
    if (rows.length === 0) return { rows, categories: [], seos: [], blocks: [], total };
    const ids = [rows.map((row) => row.id)];
    return {
      rows,
      categories: (await pool.query<CategoryRow>(statement(CATEGORIES, ids))).rows,
      seos: (await pool.query<SeoRow>(statement(SEOS, ids))).rows,
      blocks: (await pool.query<BlockRow>(statement(BLOCKS, ids))).rows,
      total,
    };
  },
  async findOne(documentId) {
    return (await pool.query<ArticleRow>(statement(FIND_BY_DOCUMENT_ID, [documentId]))).rows[0];
  },
  create: ({ values, documentId }) =>
    lockedTransaction(async (client) => {
      if (values.slug === null) {
        const base = slugBase(values.title);
        if (base !== null) {
          const { rows } = await client.query<{ slug: string }>(statement(SLUGS_LIKE, [base, suffixedPattern(base), documentId]));
          values.slug = firstFreeSlug(base, new Set(rows.map((row) => row.slug)));
        }
      } else if (await slugIsTaken(client, values.slug as string, documentId)) {
        badRequest('This attribute must be unique');
      }
      const { rows } = await client.query<ArticleRow>(
        statement(INSERT, [
          documentId, values.title, values.slug, values.body, values.category, values.views, values.likes, values.rating, values.price,
          values.featured, values.publishDate, values.metadata, new Date().toISOString(),
        ]),
      );
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    }),
  update(documentId, { columns, values, slug }) {
    // One statement, no transaction: the row count tells a missing document. Only a new uid needs the lock and a check first.
    if (slug === null) return updateStatement(pool, documentId, columns, values);
    return lockedTransaction(async (client) => {
      if (await slugIsTaken(client, slug, documentId)) badRequest('This attribute must be unique');
      return updateStatement(client, documentId, columns, values);
    });
  },
  close: () => pool.end(),
};

await serveBaseline(store, `postgres database ${env.DATABASE_NAME ?? ''}`, env);
