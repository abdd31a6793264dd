/**
 * The response cache on the populate page: `GET /api/articles` with author, categories, a
 * component and a dynamic zone populated (the populate scenario's query, bench/scenarios.ts),
 * rotating over 40 pages of 25, on SQLite, in-process, with the cache off, in memory and in
 * Redis (when REDIS_URL or 127.0.0.1:6379 answers; a key prefix of its own, removed at the end):
 *
 *   reads    only reads: after the first pass every page is a hit
 *   writes   the same reads while one article is updated every [write interval] ms through the
 *            document service (each update drops every cached page: they all read articles)
 *   floor    a bare Fastify route answering a stored page of the same size: what HTTP alone allows
 *
 * Prints req/s, p50/p99 latency and the hit rate (the cache's own counts). Run:
 * `npx tsx bench/response-cache-bench.ts [seconds per run] [articles] [write interval ms]`
 * (defaults 10, 1000 and 1000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { createDocumentApi } from '../src/core/documents/document-api.js';
import { readResponseCacheConfig, type ResponseCacheConfig } from '../src/core/config/response-cache-config.js';
import { createApp, type App } from '../src/server/app.js';
import { populatePath } from './scenarios.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = here.includes(`${path.sep}dist${path.sep}`) ? path.resolve(here, '..', '..') : path.resolve(here, '..');
const SECONDS = Number(process.argv[2] ?? 10);
const ARTICLES = Number(process.argv[3] ?? 1000);
const PAGES = Math.min(40, Math.ceil(ARTICLES / 25));
const WRITE_EVERY_MS = Number(process.argv[4] ?? 1000);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `tessera-bench:cache:${process.pid}:`;

const work = mkdtempSync(path.join(tmpdir(), 'tessera-cache-bench-'));
const env = { DATABASE_FILENAME: path.join(work, 'data.db'), HOST: '127.0.0.1', PORT: '0' };
const projectDir = path.join(root, 'bench', 'project');

async function start(cache: ResponseCacheConfig | undefined): Promise<{ app: App; url: string }> {
  const app = await createApp({ projectDir, env, override: (config) => ({ ...config, logger: false, rest: { ...config.rest, ...(cache ? { cache } : {}) } }) });
  return { app, url: await app.listen() };
}

async function seed(): Promise<string[]> {
  const { app } = await start(undefined);
  try {
    const api = createDocumentApi(app.registry, app.model.documents, app.locales);
    const authors: string[] = [];
    const categories: string[] = [];
    for (let index = 0; index < 20; index += 1) authors.push(String((await api('api::author.author').create({ data: { name: `Author ${index}`, email: `a${index}@example.com` } })).documentId));
    for (let index = 0; index < 10; index += 1) categories.push(String((await api('api::category.category').create({ data: { name: `Category ${index}`, slug: `category-${index}` } })).documentId));
    const articles: string[] = [];
    for (let index = 0; index < ARTICLES; index += 1) {
      const created = await api('api::article.article').create({
        data: {
          title: `Article ${index}`,
          body: 'Lorem ipsum '.repeat(20),
          views: index,
          author: authors[index % authors.length],
          categories: [categories[index % categories.length], categories[(index + 3) % categories.length]],
          seo: { metaTitle: `Article ${index}`, metaDescription: 'About it' },
          blocks: [
            { __component: 'shared.quote', body: 'A quote', attribution: 'Someone' },
            { __component: 'shared.rich-text', body: 'Some text' },
          ],
        },
      });
      articles.push(String(created.documentId));
    }
    return articles;
  } finally {
    await app.close();
  }
}

async function load(url: string, seconds: number): Promise<autocannon.Result> {
  let sequence = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: populatePath(1 + (sequence++ % PAGES)) }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
  return result;
}

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function cleanRedis(): Promise<void> {
  const client = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await client.del(...keys);
  } while (cursor !== '0');
  client.disconnect();
}

try {
  const articles = await seed();
  const modes: [string, ResponseCacheConfig | undefined][] = [
    ['off', undefined],
    ['memory', readResponseCacheConfig({ store: 'memory' }, 'bench')],
  ];
  if (await redisReachable()) modes.push(['redis', readResponseCacheConfig({ store: 'redis', redis: { url: REDIS_URL, prefix: PREFIX } }, 'bench')]);
  console.log(`populate page (25 articles, author, categories, seo, blocks), ${PAGES} pages, ${ARTICLES} articles, SQLite, 10 connections, ${SECONDS} s per run, a write every ${WRITE_EVERY_MS} ms in "writes"`);
  console.log('mode     load     req/s    p50 ms  p99 ms  hit rate');
  for (const [name, cache] of modes) {
    const { app, url } = await start(cache);
    try {
      // Warm-up, past the shared cache's suspension at start (two follow delays, ~4.5 s, Redis only): fills the cache.
      await load(url, 6);
      for (const kind of ['reads', 'writes'] as const) {
        const before = app.responseCache ? { ...app.responseCache.stats } : null;
        let writing = kind === 'writes';
        const api = createDocumentApi(app.registry, app.model.documents, app.locales)('api::article.article');
        const writer = (async () => {
          let count = 0;
          while (writing) {
            await api.update({ documentId: articles[count % articles.length] ?? '', data: { views: 100_000 + count } });
            count += 1;
            await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
          }
        })();
        const result = await load(url, SECONDS);
        writing = false;
        await writer;
        const after = app.responseCache?.stats;
        const hits = before && after ? after.hits - before.hits : 0;
        const misses = before && after ? after.misses - before.misses : 0;
        const rate = before ? `${((100 * hits) / Math.max(1, hits + misses)).toFixed(1)} %` : '—';
        console.log(`${name.padEnd(8)} ${kind.padEnd(7)} ${result.requests.average.toFixed(0).padStart(7)}  ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)}  ${rate}`);
      }
    } finally {
      await app.close();
    }
  }
  // The floor: the same bytes from a route that does nothing else.
  const { app: sample, url: sampleUrl } = await start(undefined);
  const page = await (await fetch(`${sampleUrl}${populatePath(1)}`)).text();
  await sample.close();
  const bare = Fastify();
  bare.get('/api/articles', (_request, reply) => reply.type('application/json; charset=utf-8').send(page));
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  const floor = await load(bareUrl, SECONDS);
  console.log(`${'floor'.padEnd(8)} ${'reads'.padEnd(7)} ${floor.requests.average.toFixed(0).padStart(7)}  ${String(floor.latency.p50).padStart(7)} ${String(floor.latency.p99).padStart(7)}  (a bare route, ${page.length} bytes)`);
  await bare.close();
} finally {
  await cleanRedis().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
