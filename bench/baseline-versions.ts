/**
 * What both versions baselines share: the HTTP side (Fastify, the one route, Tessera's error
 * envelope and default headers) and the rows → JSON mapping of the versions scenario's page.
 * The query is the populate scenario's (baseline-populate.ts parses it); the default status
 * and locale apply: published versions in `en`, with `locale` output after the system
 * attributes on the article and on each linked document. Each baseline brings its own SQL.
 */
import Fastify, { type FastifyReply } from 'fastify';
import { DEFAULT_HEADERS } from './baseline-http.js';
import { parsePopulatedList, type BlockRow, type CategoryRow, type PageRequest, type PopulatedArticleRow, type SeoRow } from './baseline-populate.js';
import { HttpError, toArticle } from './baseline-rules.js';

/** The locale every read of the scenario gets: the default one (bench/project-versions/config/plugins.js). */
export const DEFAULT_LOCALE = 'en';

export interface VersionedArticleRow extends PopulatedArticleRow {
  locale: string;
  authorLocale: string | null;
}

export interface VersionedCategoryRow extends CategoryRow {
  locale: string;
}

export interface VersionedPage {
  readonly rows: readonly VersionedArticleRow[];
  /** Ordered by owner, then position. */
  readonly categories: readonly VersionedCategoryRow[];
  readonly seos: readonly SeoRow[];
  /** Ordered by owner, then position in the zone. */
  readonly blocks: readonly BlockRow[];
  readonly total: number;
}

type MaybePromise<T> = T | Promise<T>;

export interface VersionsStore {
  /** The page of published `en` articles with their published `en` author and categories, SEO component and blocks. */
  listPopulated(request: PageRequest): MaybePromise<VersionedPage>;
  close(): MaybePromise<void>;
}

function groupBy<T extends { owner: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.owner);
    if (group) group.push(row);
    else groups.set(row.owner, [row]);
  }
  return groups;
}

function author(row: VersionedArticleRow): Record<string, unknown> | null {
  if (row.authorId === null) return null;
  return {
    id: row.authorId,
    documentId: row.authorDocumentId,
    name: row.authorName,
    email: row.authorEmail,
    bio: row.authorBio,
    createdAt: row.authorCreatedAt,
    updatedAt: row.authorUpdatedAt,
    publishedAt: row.authorPublishedAt,
    locale: row.authorLocale,
  };
}

function category({ id, documentId, name, slug, description, createdAt, updatedAt, publishedAt, locale }: VersionedCategoryRow): Record<string, unknown> {
  return { id, documentId, name, slug, description, createdAt, updatedAt, publishedAt, locale };
}

function block(row: BlockRow): Record<string, unknown> {
  return row.component === 'shared.quote'
    ? { id: row.id, __component: row.component, body: row.body, attribution: row.attribution }
    : { id: row.id, __component: row.component, body: row.body };
}

/** The page's documents: the article and its locale, then its populated attributes in the order the query names them. */
export function toVersionedArticles(page: VersionedPage): Record<string, unknown>[] {
  const categories = groupBy(page.categories);
  const seos = new Map(page.seos.map((row) => [row.owner, row]));
  const blocks = groupBy(page.blocks);
  return page.rows.map((row) => {
    const seo = seos.get(row.id);
    return {
      ...toArticle(row),
      locale: row.locale,
      author: author(row),
      categories: (categories.get(row.id) ?? []).map(category),
      seo: seo ? { id: seo.id, metaTitle: seo.metaTitle, metaDescription: seo.metaDescription } : null,
      blocks: (blocks.get(row.id) ?? []).map(block),
    };
  });
}

/** Listens on HOST:PORT with the one route the scenario reads; SIGINT/SIGTERM close it and the store. */
export async function serveVersionsBaseline(store: VersionsStore, describe: string, env: NodeJS.ProcessEnv): Promise<void> {
  const fastify = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(DEFAULT_HEADERS);
    done();
  });
  fastify.setErrorHandler((error, _request, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send({ data: null, error: { status: error.status, name: error.errorName, message: error.message, details: {} } });
    }
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    return reply.code(status).send({ data: null, error: { status, name: status === 500 ? 'InternalServerError' : 'BadRequestError', message: 'Internal Server Error', details: {} } });
  });

  fastify.get('/api/articles', async (request) => {
    const page = parsePopulatedList(request.query as Record<string, string | string[] | undefined>);
    const populated = await store.listPopulated(page);
    return {
      data: toVersionedArticles(populated),
      meta: { pagination: { page: page.page, pageSize: page.pageSize, pageCount: Math.ceil(populated.total / page.pageSize), total: populated.total } },
    };
  });

  const stop = (): void => {
    fastify
      .close()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const address = await fastify.listen({ host: env.HOST ?? '127.0.0.1', port: Number(env.PORT ?? 1341) });
  console.log(`versions baseline serves ${describe} at ${address}`);
}
