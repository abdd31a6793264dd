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
import { createTestAdmin } from '../test/helpers/admin-users.js';
import { startTestApp } from '../test/helpers/test-app.js';
import { testDatabaseKind } from '../test/helpers/test-database.js';
import { seedArticles } from './content-manager-seed.js';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

const DOCUMENTS = option('documents', 100_000);
const RUNS = option('runs', 30);

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
    await seedArticles(app, DOCUMENTS);
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
