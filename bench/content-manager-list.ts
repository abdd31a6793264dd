/**
 * The content manager's list of a 100,000-document collection type: the first page with `_q`
 * search and a sort, as the admin app asks it. Rerunnable, self-contained:
 *
 *   npx tsx bench/content-manager-list.ts                      # SQLite
 *   TESSERA_TEST_DB=postgres npx tsx bench/content-manager-list.ts
 *   … --documents 100000 --runs 30
 *
 * It starts Tessera in process on a fresh database (test/helpers: SQLite file or a PostgreSQL
 * database it creates and drops), seeds the documents in the stored form the document service
 * writes (drafts in `en`, every third one published, a tenth of them modified), logs in a
 * Super Admin and times GET /content-manager/collection-types/api::article.article over HTTP.
 * It prints the median and p95 of each query; a figure, not a test (no assertion on time).
 */
import { performance } from 'node:perf_hooks';
import { createDocumentId } from '../src/core/documents/document-id.js';
import { createTestAdmin } from '../test/helpers/admin-users.js';
import { startTestApp, type TestApp } from '../test/helpers/test-app.js';
import { testDatabaseKind } from '../test/helpers/test-database.js';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

const DOCUMENTS = option('documents', 100_000);
const RUNS = option('runs', 30);
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa'];

/** A fixed pseudo-random sequence (every run has the same data). */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function seed(app: TestApp): Promise<void> {
  const { db, dialect } = app.app.database;
  const random = prng(20);
  const at = (ms: number) => dialect.encode('datetime', new Date(Date.UTC(2026, 0, 1) + ms).toISOString());
  const batch = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < DOCUMENTS; start += batch) {
      const rows: Record<string, unknown>[] = [];
      for (let index = start; index < Math.min(start + batch, DOCUMENTS); index += 1) {
        const words = [0, 1, 2].map(() => WORDS[Math.floor(random() * WORDS.length)]);
        const title = `${words.join(' ')} ${index}`;
        const documentId = createDocumentId();
        const base = { document_id: documentId, title, slug: `doc-${index}`, views: Math.floor(random() * 10_000), locale: 'en', created_at: at(index * 1000), created_by_id: 1, updated_by_id: 1 };
        const published = index % 3 === 0;
        const modified = published && index % 10 === 0;
        rows.push({ ...base, updated_at: at(index * 1000 + (modified ? 500 : 0)), published_at: null });
        if (published) rows.push({ ...base, updated_at: at(index * 1000), published_at: at(index * 1000) });
      }
      await trx.insertInto('articles').values(rows).execute();
    }
  });
  if (testDatabaseKind() === 'postgres') await db.executeQuery({ sql: 'analyze articles', parameters: [], query: { kind: 'RawNode', sqlFragments: ['analyze articles'], parameters: [] } } as never);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

const QUERIES: readonly [string, string][] = [
  ['_q (1 word, ~19% match), sort title', '?page=1&pageSize=10&sort=title:ASC&_q=alpha&locale=en'],
  ['_q (rare, 11 matches), sort title', '?page=1&pageSize=10&sort=title:ASC&_q=bravo%20charlie%20delta&locale=en'],
  ['_q (every row), sort updatedAt desc', '?page=1&pageSize=10&sort=updatedAt:DESC&_q=a&locale=en'],
  ['no _q, sort title', '?page=1&pageSize=10&sort=title:ASC&locale=en'],
  ['_q + $and filter views > 5000, pageSize 100', '?page=1&pageSize=100&sort=title:ASC&_q=echo&filters[$and][0][views][$gt]=5000&locale=en'],
];

async function main(): Promise<void> {
  const app = await startTestApp({ fixture: 'content-manager-app' });
  try {
    const admin = await createTestAdmin(app, ['strapi-super-admin']);
    const seeded = performance.now();
    await seed(app);
    console.log(`${testDatabaseKind()}: ${DOCUMENTS} documents seeded in ${Math.round(performance.now() - seeded)} ms`);
    for (const [label, query] of QUERIES) {
      const url = `/content-manager/collection-types/api::article.article${query}`;
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS + 3; run += 1) {
        const began = performance.now();
        const response = await app.request('GET', url, { headers: admin.headers });
        const elapsed = performance.now() - began;
        if (response.status !== 200) throw new Error(`${url}: ${response.status} ${response.text.slice(0, 300)}`);
        total = Number(response.body.pagination.total);
        if (run >= 3) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      console.log(`${label.padEnd(48)} total ${String(total).padStart(6)}  median ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms`);
    }
  } finally {
    await app.close();
  }
}

await main();
