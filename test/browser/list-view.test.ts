// @databases: sqlite — the browser drives the list view; the list query itself is tested on every database by the content manager's e2e files.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Route } from 'playwright-core';
import { defaultAdminPanelDir } from '../../src/transports/admin-panel/admin-panel-files.js';
import { createTestAdmin, type TestAdmin } from '../helpers/admin-users.js';
import { ROOT, startTestApp, type TestApp } from '../helpers/test-app.js';
import { seriousAxeViolations } from './axe-check.js';
import { browserSkipReason, launchChromium } from './chromium.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';
const LIST = `/admin${ARTICLES}`;
const SHOTS = process.env.TESSERA_SCREENSHOTS === '1' ? path.join(ROOT, 'docs', 'images') : mkdtempSync(path.join(tmpdir(), 'tessera-list-shots-'));

/** Text of an expression evaluated in the page (the tests compile with Node's types, not the DOM's). */
function inPage<T = unknown>(page: Page, expression: string): Promise<T> {
  return page.evaluate(expression) as Promise<T>;
}

const pad = (n: number): string => String(n).padStart(2, '0');

describe('the list view in Chromium', { skip: browserSkipReason() }, () => {
  let browser: Browser;
  let app: TestApp;
  let admin: TestAdmin;
  before(async () => {
    if (!existsSync(path.join(defaultAdminPanelDir(), 'index.html'))) throw new Error('the admin app is not built: run npm run build');
    mkdirSync(SHOTS, { recursive: true });
    app = await startTestApp({ fixture: 'content-manager-app' });
    admin = await createTestAdmin(app, ['strapi-super-admin'], { firstname: 'Ada', lastname: 'Lister' });
    // 25 drafts in English (Story 01 … Story 25, views 10 … 250), two in French; 01 and 02
    // published, 02 edited since (modified).
    for (let n = 1; n <= 25; n += 1) {
      const created = await app.request('POST', ARTICLES, { headers: admin.headers, body: { title: `Story ${pad(n)}`, views: n * 10, kind: ['news', 'review', 'guide'][n % 3] } });
      assert.equal(created.status, 201, created.text);
      if (n <= 2) assert.equal((await app.request('POST', `${ARTICLES}/${created.body.data.documentId}/actions/publish`, { headers: admin.headers })).status, 200);
      // The edit after a pause, so that its updatedAt is later than the published version's (to the millisecond).
      if (n === 2) await new Promise((resolve) => setTimeout(resolve, 5));
      if (n === 2) assert.equal((await app.request('PUT', `${ARTICLES}/${created.body.data.documentId}`, { headers: admin.headers, body: { views: 20 } })).status, 200);
    }
    for (const title of ['Histoire A', 'Histoire B']) assert.equal((await app.request('POST', `${ARTICLES}?locale=fr`, { headers: admin.headers, body: { title } })).status, 201);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
    assert.deepEqual(await seriousAxeViolations(page), [], `axe on the ${screen}`);
  }

  const rowTitles = (page: Page) => page.locator('table.list-table tbody tr td:nth-child(3)').allTextContents();
  const count = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

  it('searches, sorts, filters, pages, switches locale, saves columns, bulk publishes and deletes, with the state in the address', async (t) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const listRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith(ARTICLES) || url.pathname.startsWith('/content-manager/collection-types/')) listRequests.push(decodeURIComponent(url.pathname + url.search));
    });
    try {
      await page.goto(`${app.baseUrl}${LIST}`);
      await page.getByLabel('Email').waitFor();
      await expectNoSeriousViolations(page, 'login page');
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Log in' }).click();

      // The address survives the login: the list, sorted by the configuration's default (title ASC), 10 a page.
      await page.getByRole('heading', { name: 'Article', level: 1 }).waitFor();
      await count(page, '25 entries found');
      assert.deepEqual((await rowTitles(page)).slice(0, 3), ['Story 01', 'Story 02', 'Story 03']);
      assert.equal(await page.locator('table.list-table tbody tr').count(), 10);
      assert.deepEqual(await page.locator('tbody .status').allTextContents().then((all) => all.slice(0, 3)), ['Published', 'Modified', 'Draft']);
      const [measure] = await inPage<{ duration: number }[]>(page, "performance.getEntriesByName('tessera:list:answer-to-rows').map((entry) => ({ duration: entry.duration }))");
      assert.ok(measure, 'the list measured its first rows');
      t.diagnostic(`list answer to rows rendered: ${measure.duration.toFixed(1)} ms`);
      await expectNoSeriousViolations(page, 'list view');

      // Sort by a column: views ascending, then descending; the address says so.
      await page.getByRole('button', { name: /^views/ }).click();
      await page.waitForURL(/sort=views%3AASC|sort=views:ASC/);
      await page.getByRole('button', { name: /^views/ }).click();
      await page.waitForURL(/sort=views%3ADESC|sort=views:DESC/);
      await page.locator('tbody tr:first-child td:nth-child(3)', { hasText: 'Story 25' }).waitFor();
      assert.equal(await page.getByRole('columnheader', { name: /^views/ }).getAttribute('aria-sort'), 'descending');

      // Search (debounced: one request for the typed text), and a reload keeps it.
      const before = listRequests.length;
      await page.getByLabel('Search').pressSequentially('Story 2');
      await count(page, '6 entries found');
      const searches = listRequests.slice(before).filter((url) => url.includes('_q='));
      assert.ok(searches.length >= 1 && searches.every((url) => url.includes('_q=Story 2') || url.includes('_q=Story+2')) === true || searches.at(-1)?.includes('Story'), searches.join('\n'));
      await page.reload();
      await count(page, '6 entries found');
      assert.equal(await page.getByLabel('Search').inputValue(), 'Story 2');
      // A search still unanswered when a newer one starts is aborted: its late answer never shows.
      let held: Route | null = null;
      const heldSeen = new Promise<void>((resolve) => {
        void page.route('**/content-manager/collection-types/**', async (route) => {
          if (new URL(route.request().url()).searchParams.get('_q') !== 'Story 1') return route.continue();
          held = route;
          resolve();
          return undefined;
        });
      });
      const aborted = page.waitForEvent('requestfailed', (request) => new URL(request.url()).searchParams.get('_q') === 'Story 1');
      await page.getByLabel('Search').fill('Story 1');
      await heldSeen;
      await page.getByLabel('Search').fill('Story 0');
      await count(page, '9 entries found');
      await aborted;
      await (held as Route | null)?.continue().catch(() => undefined);
      await page.unroute('**/content-manager/collection-types/**');
      assert.equal(await page.getByText('9 entries found', { exact: true }).count(), 1);
      await page.getByLabel('Search').fill('');
      await count(page, '25 entries found');

      // A filter with the operators of an integer: views > 200.
      // Opened without filters, the panel offers one row, and has the focus.
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      // The panel takes the focus in an effect after it renders: wait for it.
      await page.waitForFunction("document.activeElement?.id === 'filter-0-field'");
      await page.getByLabel('Field').selectOption('views');
      await page.getByLabel('Operator').selectOption({ label: 'is greater than' });
      await page.getByLabel('Value').fill('200');
      await screenshotsOf(page, 'list-filters', false);
      await expectNoSeriousViolations(page, 'filter panel');
      await page.getByRole('button', { name: 'Apply' }).click();
      await count(page, '5 entries found');
      assert.ok(decodeURIComponent(page.url()).includes('filters[$and][0][views][$gt]=200'), page.url());
      assert.ok(listRequests.at(-1)?.includes('filters[$and][0][views][$gt]=200'), 'sent as Strapi\'s UI sends it');
      await page.getByRole('button', { name: /^Remove the filter views is greater than 200/ }).click();
      await count(page, '25 entries found');

      // Pages: 20 a page, then page 2; back returns to page 1.
      await page.getByLabel('Entries per page').selectOption('20');
      await page.locator('table.list-table tbody tr:nth-child(20)').waitFor();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL(/page=2/);
      await page.locator('table.list-table tbody tr:nth-child(5)').waitFor();
      assert.equal(await page.locator('table.list-table tbody tr').count(), 5);
      await page.goBack();
      await page.locator('table.list-table tbody tr:nth-child(20)').waitFor();

      // Columns: add "kind", drop "slug"; saved in the configuration, so a reload shows them.
      // Escape closes the panel and gives the focus back to its button.
      await page.getByRole('button', { name: 'Columns', exact: true }).click();
      await page.getByRole('checkbox', { name: 'kind', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      // The panel closes on the next render: wait for it, or the next click would toggle it shut again.
      await page.getByRole('checkbox', { name: 'kind', exact: true }).waitFor({ state: 'hidden' });
      await page.waitForFunction("document.activeElement?.id === 'list-columns-toggle'");
      await page.getByRole('button', { name: 'Columns', exact: true }).click();
      await page.getByRole('checkbox', { name: 'kind', exact: true }).check();
      await page.getByRole('checkbox', { name: 'slug', exact: true }).uncheck();
      await page.getByRole('button', { name: 'Save columns' }).click();
      await page.getByText('Columns saved.').waitFor();
      await page.reload();
      await page.getByRole('columnheader', { name: /^kind/ }).waitFor();
      assert.equal(await page.getByRole('columnheader', { name: /^slug/ }).count(), 0);
      const configuration = await app.request('GET', '/content-manager/content-types/api::article.article/configuration', { headers: admin.headers });
      assert.ok(configuration.body.data.contentType.layouts.list.includes('kind'));
      assert.ok(!configuration.body.data.contentType.layouts.list.includes('slug'));

      // Locale: French has its own two documents.
      await page.getByLabel('Locale').selectOption('fr');
      await count(page, '2 entries found');
      await page.getByLabel('Locale').selectOption('en');
      await count(page, '25 entries found');
      await page.getByLabel('Entries per page').selectOption('10');
      await page.locator('table.list-table tbody tr:nth-child(10)').waitFor();

      // Bulk publish three drafts (still sorted by views, descending: Story 25 … 23 on top): a
      // confirmation with the count, then the count done.
      for (const title of ['Story 25', 'Story 24', 'Story 23']) await page.getByRole('checkbox', { name: `Select ${title}` }).check();
      await page.getByText('3 entries selected', { exact: true }).waitFor();
      await page.getByRole('region', { name: '3 entries selected' }).getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await dialog.getByText('Publish 3 entries?').waitFor();
      await screenshotsOf(page, 'list-bulk-confirm', false);
      await expectNoSeriousViolations(page, 'confirmation dialog');
      await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('3 entries published.').waitFor();
      await page.locator('tbody tr', { hasText: 'Story 23' }).getByText('Published').waitFor();
      // …stored as an API client reads it: the REST API's published documents.
      const rest = await app.get('/api/articles?sort=title:asc&pagination[pageSize]=50&fields[0]=title');
      assert.equal(rest.status, 200, rest.text);
      assert.deepEqual(rest.body.data.map((item: { title: string }) => item.title), ['Story 01', 'Story 02', 'Story 23', 'Story 24', 'Story 25']);

      // The status filter: published documents only.
      await page.getByLabel('Status').selectOption('published');
      await count(page, '5 entries found');
      await page.getByLabel('Status').selectOption('');
      await count(page, '25 entries found');

      // Bulk delete one, confirmed.
      await page.getByRole('checkbox', { name: 'Select Story 20' }).check();
      await page.getByRole('region', { name: '1 entry selected' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Confirmation' }).getByText('Delete 1 entry? This cannot be undone.').waitFor();
      await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByText('1 entry deleted.').waitFor();
      await count(page, '24 entries found');

      // No request per row: every list request was one page of the list.
      assert.ok(listRequests.every((url) => url.startsWith(`${ARTICLES}?`) || url.includes('/actions/bulk')), listRequests.join('\n'));
      assert.deepEqual(problems, []);
      await screenshotsOf(page, 'list', true);
    } finally {
      await context.close();
    }
  });

  it('has no serious accessibility violations in the shell, and the list works at 360 px', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: 'light', reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      await page.goto(`${app.baseUrl}/admin`);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'Hello Ada Lister' }).waitFor();
      await expectNoSeriousViolations(page, 'shell');
      await page.goto(`${app.baseUrl}${LIST}`);
      await page.getByText(/entries found$/).waitFor();
      await expectNoSeriousViolations(page, 'list view at 360 px');
      await screenshotsOf(page, 'list-360', false);
      assert.equal(await inPage(page, 'document.documentElement.scrollWidth <= document.documentElement.clientWidth'), true, 'no sideways scrolling of the page (the table scrolls in its frame)');
    } finally {
      await context.close();
    }
  });

  /** docs/images/admin-<name>-<theme>.png, light then dark. */
  async function screenshotsOf(page: Page, name: string, checkDark: boolean): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      if (theme === 'dark' && checkDark) await expectNoSeriousViolations(page, 'list view, dark');
      await page.screenshot({ path: path.join(SHOTS, `admin-${name}-${theme}.png`), animations: 'disabled', caret: 'hide', fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
});
