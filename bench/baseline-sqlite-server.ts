/**
 * The SQLite baseline: what a careful developer would write by hand for the bench project's
 * four routes with Fastify and better-sqlite3: prepared statements, hand-written SQL, no query
 * builder, no generic layers, and no response caching. It answers with the same JSON as Tessera
 * (envelope, keys, key order, types) so throughput can be compared honestly.
 *
 * Run as its own process: DATABASE_FILENAME, HOST and PORT come from the environment.
 */
import BetterSqlite3 from 'better-sqlite3';
import { serveBaseline, totalFromPage, type ArticleStore } from './baseline-http.js';
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
  findOne: (documentId) => findByDocumentId.get(documentId),
  /** `begin immediate`, as Tessera's writes: the write lock is taken before the reads that decide the write. */
  create: (article) => createTransaction.immediate(article),
  update: (documentId, changes) => updateTransaction.immediate(documentId, changes),
  close: () => {
    db.close();
  },
};

await serveBaseline(store, filename, process.env);
