/**
 * The HTTP side both baselines share: Fastify, the four routes (the list route serves the
 * populate scenario too), Tessera's error envelope, listen and shutdown. Each baseline brings
 * an `ArticleStore` with its own hand-written SQL; better-sqlite3's store answers
 * synchronously, pg's with promises.
 */
import Fastify, { type FastifyReply } from 'fastify';
import { isPopulateQuery, parsePopulatedList, toPopulatedArticles, type PageRequest, type PopulatedPage } from './baseline-populate.js';
import { HttpError, newArticle, articleChanges, notFound, parseList, readData, toArticle, type ArticleChanges, type ArticleRow, type ListQuery, type NewArticle } from './baseline-rules.js';

type MaybePromise<T> = T | Promise<T>;

export interface ArticleStore {
  /** A page and the total of matching rows (the total may be derived from the page, see the list route). */
  list(query: ListQuery, offset: number): MaybePromise<{ readonly rows: readonly ArticleRow[]; readonly total: number }>;
  /** The populate scenario's page: articles with author, categories, SEO component and blocks (baseline-populate.ts). */
  listPopulated(request: PageRequest): MaybePromise<PopulatedPage>;
  findOne(documentId: string): MaybePromise<ArticleRow | undefined>;
  /** Generates the slug when `values.slug` is null; a taken explicit slug is a 400. */
  create(article: NewArticle): MaybePromise<ArticleRow>;
  /** undefined when no document has this documentId. */
  update(documentId: string, changes: ArticleChanges): MaybePromise<ArticleRow | undefined>;
  close(): MaybePromise<void>;
}

/** A page that is neither empty nor full tells the total by itself: no count query needed. */
export function totalFromPage(rows: number, offset: number, pageSize: number): number | null {
  return rows > 0 && rows < pageSize ? offset + rows : null;
}

/**
 * The response headers Tessera sends by default (CORS for any origin, and the security headers
 * of Strapi's `strapi::security` defaults), written once as a hand-written server would: a
 * server answering the same API to browsers owes them too, so both sides pay for them.
 */
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';connect-src 'self' https:;media-src 'self' data: blob:",
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  vary: 'Origin',
  'access-control-allow-origin': '*',
};

export async function serveBaseline(store: ArticleStore, describe: string, env: NodeJS.ProcessEnv): Promise<void> {
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
    const query = request.query as Record<string, string | string[] | undefined>;
    if (isPopulateQuery(query)) {
      const page = parsePopulatedList(query);
      const populated = await store.listPopulated(page);
      return {
        data: toPopulatedArticles(populated),
        meta: { pagination: { page: page.page, pageSize: page.pageSize, pageCount: Math.ceil(populated.total / page.pageSize), total: populated.total } },
      };
    }
    const list = parseList(query);
    const offset = (list.page - 1) * list.pageSize;
    const { rows, total } = await store.list(list, offset);
    return {
      data: rows.map(toArticle),
      meta: { pagination: { page: list.page, pageSize: list.pageSize, pageCount: Math.ceil(total / list.pageSize), total } },
    };
  });

  fastify.get('/api/articles/:documentId', async (request) => {
    const row = await store.findOne((request.params as { documentId: string }).documentId);
    if (!row) notFound();
    return { data: toArticle(row), meta: {} };
  });

  fastify.post('/api/articles', async (request, reply) => {
    const row = await store.create(newArticle(readData(request.body)));
    return reply.code(201).send({ data: toArticle(row), meta: {} });
  });

  fastify.put('/api/articles/:documentId', async (request) => {
    const row = await store.update((request.params as { documentId: string }).documentId, articleChanges(readData(request.body)));
    if (!row) notFound();
    return { data: toArticle(row), meta: {} };
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

  const address = await fastify.listen({ host: env.HOST ?? '127.0.0.1', port: Number(env.PORT ?? 1339) });
  console.log(`baseline serves ${describe} at ${address}`);
}
