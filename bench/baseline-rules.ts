/**
 * What the two hand-written baselines (better-sqlite3 and pg) share: the bench schema's checks
 * of write bodies, the list query parser, the row → document mapping and the errors. Plain
 * functions with no database access, so sharing them costs neither baseline anything.
 */
import { randomBytes } from 'node:crypto';

const CATEGORIES = new Set(['news', 'tutorial', 'opinion', 'review']);
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** A row as both baselines select it (aliased to the API's names). */
export interface ArticleRow {
  id: number;
  documentId: string;
  title: string | null;
  slug: string | null;
  body: string | null;
  category: string | null;
  views: number | null;
  /** biginteger as text: `cast(likes as text)` on SQLite, pg's default for int8. */
  likes: string | null;
  rating: number | null;
  /** decimal as text: canonical text on SQLite, pg's default for numeric. */
  price: string | null;
  /** 0/1 on SQLite, true/false on PostgreSQL. */
  featured: number | boolean | null;
  publishDate: string | null;
  metadata: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  publishedAt: string | null;
}

/** Row → API document: the same keys in the same order as Tessera, with API types. */
export function toArticle(row: ArticleRow): Record<string, unknown> {
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
    featured: row.featured === null ? null : row.featured === 1 || row.featured === true,
    publishDate: row.publishDate,
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as unknown),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
  };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
  ) {
    super(message);
  }
}

export function badRequest(message: string): never {
  throw new HttpError(400, 'ValidationError', message);
}

export function notFound(): never {
  throw new HttpError(404, 'NotFoundError', 'Not Found');
}

// ---------------------------------------------------------------------------------------------
// Writes: hand-written checks of the bench schema (see bench/project/.../schema.json)

/** A value as bound to the database: booleans 0/1 (PostgreSQL reads '1'/'0' as booleans too), bigintegers as BigInt. */
export type Stored = string | number | bigint | null;

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

export function readData(body: unknown): Record<string, unknown> {
  const data = body !== null && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) badRequest('Missing "data" payload in the request body');
  return data as Record<string, unknown>;
}

/** The stored values of a new article, the schema's defaults filled in; `slug` null means "generate it". */
export interface NewArticle {
  readonly values: Record<string, Stored> & { title: string };
  readonly documentId: string;
}

export function newArticle(data: Record<string, unknown>): NewArticle {
  const values: Record<string, Stored> = {
    title: null, slug: null, body: null, category: 'news', views: 0, likes: null, rating: null, price: null, featured: 0, publishDate: null, metadata: null,
  };
  for (const [name, value] of Object.entries(data)) if (name !== 'publishedAt') values[name] = storedValue(name, value);
  if (typeof values.title !== 'string') badRequest('title must be defined.');
  if (values.slug === '') values.slug = null;
  return { values: values as Record<string, Stored> & { title: string }, documentId: newDocumentId() };
}

/** The columns and stored values an update sets, in body order; `slug` is the uid to check, if the body sets one. */
export interface ArticleChanges {
  readonly columns: readonly string[];
  readonly values: readonly Stored[];
  readonly slug: string | null;
}

const COLUMN_OF: Readonly<Record<string, string>> = { publishDate: 'publish_date' };

export function articleChanges(data: Record<string, unknown>): ArticleChanges {
  const columns: string[] = [];
  const values: Stored[] = [];
  let slug: string | null = null;
  for (const [name, value] of Object.entries(data)) {
    if (name === 'publishedAt') continue;
    const stored = storedValue(name, value);
    columns.push(COLUMN_OF[name] ?? name);
    values.push(stored);
    if (name === 'slug' && typeof stored === 'string') slug = stored;
  }
  return { columns, values, slug };
}

function newDocumentId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = alphabet.charAt((bytes[0] ?? 0) % 26);
  for (let index = 1; index < 24; index += 1) id += alphabet.charAt((bytes[index] ?? 0) % 36);
  return id;
}

/** The uid Tessera derives from a title, before any suffix; null when nothing is left. */
export function slugBase(title: string): string | null {
  const base = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 200);
  return base === '' ? null : base;
}

/** The LIKE pattern of base's suffixed forms (`base-%`), with LIKE's wildcards escaped by `\`. */
export function suffixedPattern(base: string): string {
  return `${base.replace(/[\\%_]/g, '\\$&')}-%`;
}

/** The first of base, base-1, base-2, … that no other document holds. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 1; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

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

export interface ListQuery {
  /** `column operator` pairs, ANDed; each database adds its own placeholder. */
  readonly conditions: readonly string[];
  readonly parameters: (string | number)[];
  readonly sort: { readonly column: string; readonly direction: 'asc' | 'desc' } | null;
  readonly page: number;
  readonly pageSize: number;
}

function positiveInt(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) badRequest(`Invalid ${name} parameter`);
  return number;
}

export function parseList(query: Record<string, string | string[] | undefined>): ListQuery {
  const conditions: string[] = [];
  const parameters: (string | number)[] = [];
  let sort: ListQuery['sort'] = null;
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
      conditions.push(`${attribute.column} ${symbol}`);
      parameters.push(value);
    } else if (key === 'sort') {
      const [name = '', direction = 'asc'] = raw.split(':');
      const attribute = FILTERABLE[name];
      const order = direction.toLowerCase();
      if (!attribute || (order !== 'asc' && order !== 'desc')) badRequest('Invalid sort parameter');
      sort = { column: attribute.column, direction: order };
    } else if (key === 'pagination[page]') {
      page = positiveInt('page', raw);
    } else if (key === 'pagination[pageSize]') {
      pageSize = Math.min(positiveInt('pageSize', raw), 100);
    } else {
      badRequest(`Invalid query parameter ${key}`);
    }
  }
  return { conditions, parameters, sort, page, pageSize };
}
