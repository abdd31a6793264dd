/**
 * The admin app's list view on a 100,000-document collection type, in Chromium: the time from
 * the list's API answer to its rows in the page (the app's performance marks
 * `tessera:list:answer` → `tessera:list:rendered`), and the answer's own time (Resource Timing).
 * Rerunnable, self-contained (needs `npm run build` and Debian's chromium):
 *
 *   npx tsx bench/admin-list-view.ts                 # SQLite
 *   TESSERA_TEST_DB=postgres npx tsx bench/admin-list-view.ts
 *   … --documents 100000 --runs 20
 *
 * It seeds as bench/content-manager-list.ts does (bench/content-manager-seed.ts), logs in through
 * the login form and opens the list with each query `--runs` times (a page load each, so every
 * run is a first page). A figure, not a test: nothing is asserted on time.
 */
import { performance } from 'node:perf_hooks';
import { launchChromium } from '../test/browser/chromium.js';
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
const RUNS = option('runs', 20);
const LIST = '/admin/content-manager/collection-types/api::article.article';
const QUERIES: readonly [string, string][] = [
  ['first page (10, default sort)', ''],
  ['_q "alpha", sort title', '?_q=alpha&sort=title:ASC'],
  ['100 a page, views > 5000', '?pageSize=100&filters[$and][0][views][$gt]=5000'],
];

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p95 = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? Number.NaN;

async function main(): Promise<void> {
  const app = await startTestApp({ fixture: 'content-manager-app' });
  const browser = await launchChromium();
  try {
    const admin = await createTestAdmin(app, ['strapi-super-admin']);
    const seeded = performance.now();
    await seedArticles(app, DOCUMENTS);
    console.log(`${testDatabaseKind()}: ${DOCUMENTS} documents seeded in ${Math.round(performance.now() - seeded)} ms; Chromium ${browser.version()}`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.baseUrl}/admin`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    for (const [label, query] of QUERIES) {
      const rendering: number[] = [];
      const answers: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS + 2; run += 1) {
        await page.goto(`${app.baseUrl}${LIST}${query}`);
        await page.locator('table.list-table tbody tr').first().waitFor();
        const figures = (await page.evaluate(`(() => {
          const measure = performance.getEntriesByName('tessera:list:answer-to-rows').at(-1);
          const answer = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/content-manager/collection-types/')).at(-1);
          return { render: measure ? measure.duration : NaN, answer: answer ? answer.responseEnd - answer.requestStart : NaN, rows: document.querySelectorAll('table.list-table tbody tr').length };
        })()`)) as { render: number; answer: number; rows: number };
        rows = figures.rows;
        if (run >= 2) {
          rendering.push(figures.render);
          answers.push(figures.answer);
        }
      }
      console.log(`${label.padEnd(32)} ${String(rows).padStart(3)} rows  answer→rows median ${median(rendering).toFixed(1)} ms p95 ${p95(rendering).toFixed(1)} ms  (API answer median ${median(answers).toFixed(1)} ms)`);
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
