/**
 * The benchmark's baseline: what a careful developer would write by hand for the bench
 * project's four routes with Fastify and better-sqlite3: prepared statements, hand-written
 * SQL, no query builder, no generic layers, and no response caching. It answers with the same
 * JSON as Tessera (envelope, keys, key order, types) so throughput can be compared honestly.
 *
 * Run as its own process: DATABASE_FILENAME, HOST and PORT come from the environment.
 */
import { randomBytes } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import Fastify, { type FastifyReply } from 'fastify';

const CATEGORIES = new Set(['news', 'tutorial', 'opinion', 'review']);
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

interface ArticleRow {
  id: number;
  documentId: string;
  title: string | null;
  slug: string | null;
  body: string | null;
  category: string | null;
  views: number | null;
  likes: string | null;
  rating: number | null;
  price: string | null;
  featured: number | null;
  publishDate: string | null;
  metadata: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  publishedAt: string | null;
}

const SELECT = `select id, document_id as documentId, title, slug, body, category, views, cast(likes as text) as likes, rating,
  price, featured, publish_date as publishDate, metadata, created_at as createdAt, updated_at as updatedAt,
  published_at as publishedAt from articles`;

/** Row → API document: the same keys in the same order as Tessera, with API types. */
function toArticle(row: ArticleRow): Record<string, unknown> {
  return {
    id: row.id,
    documentId: row.documentId,
    title: row.title,
    slug: row.slug,
    body: row.body,
    category: row.category,
    views: row.views,
    likes: row.likes,
    rating: row.rating,
    price: row.price === null ? null : Number(row.price),
    featured: row.featured === null ? null : row.featured === 1,
    publishDate: row.publishDate,
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as unknown),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
  ) {
    super(message);
  }
}

function badRequest(message: string): never {
  throw new HttpError(400, 'ValidationError', message);
}

// ---------------------------------------------------------------------------------------------
// Database

const filename = process.env.DATABASE_FILENAME;
if (!filename) throw new Error('DATABASE_FILENAME is required');
const db = new BetterSqlite3(filename);
// The same durability settings as Tessera, so writes cost the same fsyncs.
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
// uid LIKE patterns match case-sensitively, as in Tessera.
db.pragma('case_sensitive_like = ON');

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

// ---------------------------------------------------------------------------------------------
// Writes: hand-written checks of the bench schema (see bench/project/.../schema.json)

type Stored = string | number | bigint | null;

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UID = /^[A-Za-z0-9-_.~]*$/;

function text(name: string, value: unknown, maxLength?: number): string {
  if (typeof value !== 'string') badRequest(`${name} must be a \`string\` type`);
  if (maxLength !== undefined && value.length > maxLength) badRequest(`${name} must be at most ${maxLength} characters`);
  return value;
}

function decimalText(value: unknown): string {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!DECIMAL.test(raw)) badRequest('price must be a `number` type');
  const negative = raw.startsWith('-');
  const [whole = '0', fraction = ''] = raw.replace(/^[+-]/, '').split('.');
  const canonicalWhole = whole.replace(/^0+(?=\d)/, '');
  const canonicalFraction = fraction.replace(/0+$/, '');
  const result = canonicalFraction ? `${canonicalWhole}.${canonicalFraction}` : canonicalWhole;
  return negative && result !== '0' ? `-${result}` : result;
}

/** One attribute of a body → its stored value. */
function storedValue(name: string, value: unknown): Stored {
  if (value === null) {
    if (name === 'title') badRequest('title must be defined.');
    return null;
  }
  switch (name) {
    case 'title':
      return text(name, value, 200);
    case 'slug': {
      const slug = text(name, value);
      if (!UID.test(slug)) badRequest(`slug must match the following: "${UID.toString()}"`);
      return slug;
    }
    case 'body':
      return text(name, value);
    case 'category': {
      const category = text(name, value);
      if (!CATEGORIES.has(category)) badRequest('category must be one of the following values: news, tutorial, opinion, review');
      return category;
    }
    case 'views': {
      const views = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof views !== 'number' || !Number.isInteger(views) || views < INT32_MIN || views > INT32_MAX) badRequest('views must be an integer');
      if (views < 0) badRequest('views must be greater than or equal to 0');
      return views;
    }
    case 'likes': {
      const digits = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!/^[+-]?\d+$/.test(digits)) badRequest('likes must be an integer');
      const likes = BigInt(digits);
      if (likes < INT64_MIN || likes > INT64_MAX) badRequest('likes must be an integer');
      return likes;
    }
    case 'rating': {
      const rating = typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : value;
      if (typeof rating !== 'number' || !Number.isFinite(rating)) badRequest('rating must be a `number` type');
      if (rating < 0 || rating > 5) badRequest('rating must be between 0 and 5');
      return rating;
    }
    case 'price':
      return decimalText(value);
    case 'featured':
      if (value === true || value === 1 || value === 'true' || value === '1') return 1;
      if (value === false || value === 0 || value === 'false' || value === '0') return 0;
      return badRequest('featured must be a `boolean` type');
    case 'publishDate': {
      const match = typeof value === 'string' ? DATE.exec(value) : null;
      const [, year, month, day] = match ?? [];
      const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
      if (!match || date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) badRequest('publishDate must be a valid date (yyyy-MM-dd)');
      return value as string;
    }
    case 'metadata':
      return JSON.stringify(value);
    default:
      return badRequest(`Invalid key ${name}`);
  }
}

function readData(body: unknown): Record<string, unknown> {
  const data = body !== null && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) badRequest('Missing "data" payload in the request body');
  return data as Record<string, unknown>;
}

const COLUMN_OF: Readonly<Record<string, string>> = { publishDate: 'publish_date' };
const columnOf = (name: string): string => COLUMN_OF[name] ?? name;

function newDocumentId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = alphabet.charAt((bytes[0] ?? 0) % 26);
  for (let index = 1; index < 24; index += 1) id += alphabet.charAt((bytes[index] ?? 0) % 36);
  return id;
}

/** A uid generated from the title: the first of base, base-1, base-2, … no other document holds. */
function freeSlug(base: string, documentId: string): string {
  const taken = new Set(slugsLike.all(base, `${base.replace(/[\\%_]/g, '\\$&')}-%`, documentId).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 1; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

const createTransaction = db.transaction((data: Record<string, unknown>): ArticleRow => {
  const values: Record<string, Stored> = {
    title: null, slug: null, body: null, category: 'news', views: 0, likes: null, rating: null, price: null, featured: 0, publishDate: null, metadata: null,
  };
  for (const [name, value] of Object.entries(data)) if (name !== 'publishedAt') values[name] = storedValue(name, value);
  if (typeof values.title !== 'string') badRequest('title must be defined.');
  const documentId = newDocumentId();
  if (values.slug === null || values.slug === '') {
    const base = values.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 200);
    values.slug = base === '' ? null : freeSlug(base, documentId);
  } else if (slugTaken.get(values.slug as string, documentId)) {
    badRequest('This attribute must be unique');
  }
  const { lastInsertRowid } = insertArticle.run({ ...values, documentId, now: new Date().toISOString() });
  const row = findById.get(Number(lastInsertRowid));
  if (!row) throw new Error('inserted row not found');
  return row;
});
/** `begin immediate`, as Tessera's writes: the write lock is taken before the reads that decide the write. */
const createArticle = (data: Record<string, unknown>): ArticleRow => createTransaction.immediate(data);

const updateTransaction = db.transaction((documentId: string, data: Record<string, unknown>): ArticleRow | undefined => {
  const names: string[] = [];
  const values: Stored[] = [];
  for (const [name, value] of Object.entries(data)) {
    if (name === 'publishedAt') continue;
    names.push(name);
    values.push(storedValue(name, value));
  }
  const slugIndex = names.indexOf('slug');
  const slug = values[slugIndex];
  if (slugIndex >= 0 && typeof slug === 'string' && slugTaken.get(slug, documentId)) badRequest('This attribute must be unique');
  const now = new Date().toISOString();
  // Without draft & publish every save publishes, as in Tessera.
  const sets = [...names.map((name) => `"${columnOf(name)}" = ?`), 'updated_at = ?', 'published_at = ?'].join(', ');
  const { changes } = prepared(`update articles set ${sets} where document_id = ?`).run(...values, now, now, documentId);
  return changes === 0 ? undefined : findByDocumentId.get(documentId);
});
const updateArticle = (documentId: string, data: Record<string, unknown>): ArticleRow | undefined => updateTransaction.immediate(documentId, data);

// ---------------------------------------------------------------------------------------------
// List queries: the filters, sort and pagination the bench sends, parsed by hand

const FILTERABLE: Readonly<Record<string, { column: string; kind: 'text' | 'integer' | 'number' }>> = {
  title: { column: 'title', kind: 'text' },
  slug: { column: 'slug', kind: 'text' },
  category: { column: 'category', kind: 'text' },
  views: { column: 'views', kind: 'integer' },
  rating: { column: 'rating', kind: 'number' },
  publishDate: { column: 'publish_date', kind: 'text' },
  createdAt: { column: 'created_at', kind: 'text' },
};
const OPERATORS: Readonly<Record<string, string>> = { $eq: '=', $ne: '<>', $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };
const FILTER_KEY = /^filters\[(\w+)\]\[(\$\w+)\]$/;

interface ListQuery {
  readonly where: string;
  readonly parameters: (string | number)[];
  readonly orderBy: string;
  readonly page: number;
  readonly pageSize: number;
}

function positiveInt(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) badRequest(`Invalid ${name} parameter`);
  return number;
}

function parseList(query: Record<string, string | string[] | undefined>): ListQuery {
  const conditions: string[] = [];
  const parameters: (string | number)[] = [];
  let orderBy = 'id asc';
  let page = 1;
  let pageSize = 25;
  for (const [key, raw] of Object.entries(query)) {
    if (typeof raw !== 'string') badRequest(`Invalid parameter ${key}`);
    const filter = FILTER_KEY.exec(key);
    if (filter) {
      const [, name = '', operator = ''] = filter;
      const attribute = FILTERABLE[name];
      const symbol = OPERATORS[operator];
      if (!attribute || !symbol) badRequest(`Invalid key ${name}`);
      const value = attribute.kind === 'text' ? raw : Number(raw);
      if (typeof value === 'number' && (!Number.isFinite(value) || (attribute.kind === 'integer' && !Number.isInteger(value)))) {
        badRequest(`Invalid value for ${name}`);
      }
      conditions.push(`${attribute.column} ${symbol} ?`);
      parameters.push(value);
    } else if (key === 'sort') {
      const [name = '', direction = 'asc'] = raw.split(':');
      const attribute = FILTERABLE[name];
      const order = direction.toLowerCase();
      if (!attribute || (order !== 'asc' && order !== 'desc')) badRequest('Invalid sort parameter');
      // id last, as Tessera does, so equal values keep a stable order across pages.
      orderBy = `${attribute.column} ${order}, id asc`;
    } else if (key === 'pagination[page]') {
      page = positiveInt('page', raw);
    } else if (key === 'pagination[pageSize]') {
      pageSize = Math.min(positiveInt('pageSize', raw), 100);
    } else {
      badRequest(`Invalid query parameter ${key}`);
    }
  }
  return { where: conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '', parameters, orderBy, page, pageSize };
}

// ---------------------------------------------------------------------------------------------
// HTTP

const fastify = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });

fastify.setErrorHandler((error, _request, reply: FastifyReply) => {
  if (error instanceof HttpError) {
    return reply.code(error.status).send({ data: null, error: { status: error.status, name: error.errorName, message: error.message, details: {} } });
  }
  const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
  return reply.code(status).send({ data: null, error: { status, name: status === 500 ? 'InternalServerError' : 'BadRequestError', message: 'Internal Server Error', details: {} } });
});

function notFound(): never {
  throw new HttpError(404, 'NotFoundError', 'Not Found');
}

fastify.get('/api/articles', async (request) => {
  const list = parseList(request.query as Record<string, string | string[] | undefined>);
  const offset = (list.page - 1) * list.pageSize;
  const rows = prepared(`${SELECT}${list.where} order by ${list.orderBy} limit ? offset ?`).all(...list.parameters, list.pageSize, offset) as ArticleRow[];
  // A page that is neither empty nor full tells the total by itself: no count query needed.
  const total =
    rows.length > 0 && rows.length < list.pageSize
      ? offset + rows.length
      : (prepared(`select count(*) as total from articles${list.where}`).get(...list.parameters) as { total: number }).total;
  return {
    data: rows.map(toArticle),
    meta: { pagination: { page: list.page, pageSize: list.pageSize, pageCount: Math.ceil(total / list.pageSize), total } },
  };
});

fastify.get('/api/articles/:documentId', async (request) => {
  const row = findByDocumentId.get((request.params as { documentId: string }).documentId);
  if (!row) notFound();
  return { data: toArticle(row), meta: {} };
});

fastify.post('/api/articles', async (request, reply) => {
  const row = createArticle(readData(request.body));
  return reply.code(201).send({ data: toArticle(row), meta: {} });
});

fastify.put('/api/articles/:documentId', async (request) => {
  const row = updateArticle((request.params as { documentId: string }).documentId, readData(request.body));
  if (!row) notFound();
  return { data: toArticle(row), meta: {} };
});

const stop = (): void => {
  fastify.close().then(
    () => {
      db.close();
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

const address = await fastify.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 1339) });
console.log(`baseline serves ${filename} at ${address}`);
