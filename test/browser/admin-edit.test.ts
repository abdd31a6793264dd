// @databases: sqlite — the browser drives the edit view; what the admin API stores is tested by its own e2e files.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { defaultAdminPanelDir } from '../../src/transports/admin-panel/admin-panel-files.js';
import { fixturePath, ROOT, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { browserSkipReason, launchChromium } from './chromium.js';

/**
 * The edit view (issue 21 item 3) in Chromium, on a real Tessera with a project that has every
 * attribute kind (test/fixtures/admin-edit-app): each step is done in the browser and read back
 * through the REST content API, as an API client sees it. No step waits for a time: each waits
 * for what the screen or the server says.
 */

const ADMIN = { firstname: 'Ada', lastname: 'Admin', email: 'ada@example.com', password: 'Tessera123' };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
const ARTICLES = '/admin/content-manager/collection-types/api::article.article';
const SHOTS = process.env.TESSERA_SCREENSHOTS === '1' ? path.join(ROOT, 'docs', 'images') : mkdtempSync(path.join(tmpdir(), 'tessera-edit-shots-'));
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON read back from the server

describe('the edit view in Chromium', { skip: browserSkipReason() }, () => {
  let browser: Browser;
  let app: TestApp;
  let project: string | undefined;
  let context: BrowserContext;
  let page: Page;
  let admin: Record<string, string>;
  const problems: string[] = [];
  const tags: Json[] = [];
  let image: Json;
  let documentId = '';

  const call = async (method: string, url: string, body?: unknown): Promise<TestResponse> => app.request(method, url, { headers: admin, ...(body === undefined ? {} : { body }) });
  const rest = async (url: string): Promise<Json> => {
    const answer = await app.get(url);
    assert.equal(answer.status, 200, `${url}: ${answer.text}`);
    return answer.body as Json;
  };
  const field = (fieldPath: string): Locator => page.locator(`[data-field="${fieldPath}"]`);
  const input = (fieldPath: string): Locator => page.locator(`[data-field="${fieldPath}"] :is(input, textarea, select)`).first();
  const notice = (text: string) => page.locator('.notice', { hasText: text }).waitFor();

  const pick = async (fieldPath: string, search: string, label: string): Promise<void> => {
    await field(fieldPath).getByRole('combobox').fill(search);
    await field(fieldPath).getByRole('option', { name: new RegExp(`^${label}`) }).click();
    await field(fieldPath).locator(`[data-relation-item="${label}"]`).waitFor();
  };

  async function screenshots(name: string): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: path.join(SHOTS, `admin-${name}-${theme}.png`), animations: 'disabled', caret: 'hide' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  before(async () => {
    const index = path.join(defaultAdminPanelDir(), 'index.html');
    if (!existsSync(index)) throw new Error(`the admin app is not built (${index}): run npm run build`);
    mkdirSync(SHOTS, { recursive: true });
    // A throw-away copy of the fixture, so the files uploaded here never land in the repository.
    project = mkdtempSync(path.join(tmpdir(), 'tessera-admin-edit-'));
    cpSync(fixturePath('admin-edit-app'), project, { recursive: true });
    app = await startTestApp({ fixture: project, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_FIRSTNAME: ADMIN.firstname, ADMIN_LASTNAME: ADMIN.lastname } });
    const login = await app.post('/admin/login', { email: ADMIN.email, password: ADMIN.password });
    assert.equal(login.status, 200, login.text);
    admin = { authorization: `Bearer ${String(login.body.data.token)}` };
    for (const name of ['Tag Alpha', 'Tag Beta', 'Tag Gamma']) {
      const created = await call('POST', '/content-manager/collection-types/api::tag.tag', { name });
      assert.equal(created.status, 201, created.text);
      tags.push(created.body.data);
    }
    assert.equal((await call('POST', `/content-manager/collection-types/api::tag.tag/${tags[0]!.documentId}/actions/publish`, {})).status, 200);
    assert.equal((await call('POST', '/content-manager/collection-types/api::author.author', { name: 'Ada Author' })).status, 201);
    const form = new FormData();
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'library-dot.png');
    const uploaded = await fetch(`${app.baseUrl}/upload`, { method: 'POST', headers: admin, body: form });
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    image = ((await uploaded.json()) as Json[])[0]!;

    browser = await launchChromium();
    context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light', reducedMotion: 'reduce' });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      // A single type never created answers 404 (Strapi's too): its screen is an empty form.
      const expected = response.status() === 401 || (response.status() === 404 && response.request().method() === 'GET' && pathname.startsWith('/content-manager/single-types/'));
      if (response.status() >= 400 && !expected) problems.push(`${response.request().method()} ${pathname}: ${response.status()}`);
    });
    // confirm(): the tests accept (delete, discard, restore, leave); one test dismisses it itself.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${app.baseUrl}/admin`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: `Hello ${ADMIN.firstname} ${ADMIN.lastname}` }).waitFor();
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('creates a document with every attribute kind; the REST API reads back what the form held', async () => {
    await page.goto(`${app.baseUrl}${ARTICLES}/create`);
    await page.getByRole('heading', { name: 'Create an entry: Article' }).waitFor();
    await page.waitForFunction("document.title === 'Create an entry: Article | Tessera'");
    await input('title').fill('Every kind');
    await field('slug').getByRole('button', { name: 'Regenerate' }).click();
    await field('slug').getByText('Available').waitFor();
    assert.equal(await input('slug').inputValue(), 'every-kind');
    await input('summary').fill('A summary');
    await input('code').fill('EK-1');
    await input('contact').fill('ada@example.com');
    await input('secret').fill('S3cret!');
    await input('kind').selectOption('guide');
    await input('views').fill('42');
    await input('big').fill('9007199254740993');
    await input('rating').fill('4.5');
    await input('price').fill('12.5');
    await field('featured').getByLabel('True').check();
    await input('day').fill('2026-11-26');
    await input('at').fill('10:30:00');
    await input('when').fill('2026-11-26T09:15');
    await input('meta').fill('{"a": ');
    await input('meta').blur();
    await field('meta').getByText('This is not valid JSON.').waitFor();
    await input('meta').fill('{"a": [1, 2]}');
    await input('body').fill('# Title\n\nSome **bold** text');
    await field('body').getByRole('button', { name: 'Preview' }).click();
    assert.equal(await field('body').locator('.markdown-preview strong').textContent(), 'bold');
    await field('body').getByRole('button', { name: 'Write' }).click();

    // Blocks: the ProseMirror editor (admin/src/blocks); saved at once by Ctrl+S below (flushed before the save).
    const blocks = field('content').getByRole('textbox', { name: 'content' });
    await blocks.click();
    await page.keyboard.type('Plain');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold');
    await page.keyboard.press('Control+b');

    // Media: one from the library (cover), one uploaded (gallery).
    await field('cover').getByRole('button', { name: 'Add to cover' }).click();
    await page.getByRole('dialog').getByLabel('library-dot.png').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Pick 1' }).click();
    await field('cover').locator('[data-media="library-dot.png"]').waitFor();
    await field('gallery').getByRole('button', { name: 'Add to gallery' }).click();
    await page.getByRole('dialog').locator('input[type=file]').setInputFiles({ name: 'uploaded-dot.png', mimeType: 'image/png', buffer: PNG });
    await field('gallery').locator('[data-media="uploaded-dot.png"]').waitFor();

    // Relations: search as you type, pick.
    await pick('tags', 'Alpha', 'Tag Alpha');
    assert.equal(await field('tags').locator('[data-relation-item="Tag Alpha"] .status').textContent(), 'Published');
    await pick('tags', 'Tag', 'Tag Beta');
    await pick('author', 'Ada', 'Ada Author');

    // Components and the dynamic zone.
    await field('seo').getByRole('button', { name: 'Add Seo' }).click();
    await input('seo.metaTitle').fill('Seo title');
    await field('links').getByRole('button', { name: 'Add an entry: Link' }).click();
    await input('links.0.label').fill('Docs');
    await input('links.0.url').fill('https://example.com/docs');
    await field('sections').getByRole('button', { name: 'Add a component' }).click();
    await input('sections.0.text').fill('A quote');
    await field('sections').getByLabel('Component to add').selectOption({ label: 'Link' });
    await field('sections').getByRole('button', { name: 'Add a component' }).click();
    await input('sections.1.label').fill('Home');
    await field('sections').getByRole('button', { name: 'Move 2. Link up' }).click();
    assert.equal(await input('sections.0.label').inputValue(), 'Home');

    await page.getByText('Unsaved changes').waitFor();
    await page.keyboard.press('Control+s');
    await notice('Saved.');
    const match = /collection-types\/api::article\.article\/([^/?]+)/.exec(page.url());
    assert.ok(match, page.url());
    documentId = match[1]!;
    await page.getByRole('heading', { name: 'Every kind' }).waitFor();

    const stored = (await rest(`/api/articles/${documentId}?status=draft&populate=*`)).data;
    assert.equal(stored.title, 'Every kind');
    assert.equal(stored.slug, 'every-kind');
    assert.equal(stored.summary, 'A summary');
    assert.equal(stored.contact, 'ada@example.com');
    assert.equal(stored.kind, 'guide');
    assert.equal(stored.views, 42);
    assert.equal(String(stored.big), '9007199254740993');
    assert.equal(stored.rating, 4.5);
    assert.equal(Number(stored.price), 12.5);
    assert.equal(stored.featured, true);
    assert.equal(stored.day, '2026-11-26');
    assert.match(stored.at, /^10:30:00/);
    assert.equal(new Date(stored.when).toISOString(), new Date('2026-11-26T09:15').toISOString());
    assert.deepEqual(stored.meta, { a: [1, 2] });
    assert.equal(stored.body, '# Title\n\nSome **bold** text');
    assert.deepEqual(stored.content, [{ type: 'paragraph', children: [{ type: 'text', text: 'Plain' }, { type: 'text', text: 'bold', bold: true }] }]);
    assert.equal(stored.cover.id, image.id);
    assert.deepEqual(stored.gallery.map((file: Json) => file.name), ['uploaded-dot.png']);
    assert.deepEqual(stored.tags.map((tag: Json) => tag.name), ['Tag Alpha', 'Tag Beta']);
    assert.equal(stored.author.name, 'Ada Author');
    assert.equal(stored.seo.metaTitle, 'Seo title');
    assert.deepEqual(stored.links.map((link: Json) => [link.label, link.url]), [['Docs', 'https://example.com/docs']]);
    assert.deepEqual(stored.sections.map((item: Json) => [item.__component, item.label ?? item.text]), [['shared.link', 'Home'], ['shared.quote', 'A quote']]);
    assert.deepEqual(problems, []);
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshots('edit');
    await page.evaluate("document.querySelector('[data-field=\"tags\"]').scrollIntoView({ block: 'start' })");
    await screenshots('edit-relations');
    await page.evaluate("document.querySelector('[data-field=\"links\"]').scrollIntoView({ block: 'start' })");
    await screenshots('edit-components');
    await page.evaluate('window.scrollTo(0, 0)');
  });

  it('checks the form before saving: required on publish, ranges, at the field, focused; typing clears it', async () => {
    await input('title').fill('');
    await input('views').fill('2000');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.notice', { hasText: 'The document has 2 errors' }).waitFor();
    assert.equal(await field('title').locator('.field__error').textContent(), 'This field is required.');
    assert.equal(await input('title').getAttribute('aria-invalid'), 'true');
    assert.equal(await field('views').locator('.field__error').textContent(), 'The value must be at most 1000.');
    await page.waitForFunction("document.activeElement?.id === 'field-title'");
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshots('edit-errors');
    await input('title').fill('Every kind');
    assert.equal(await field('title').locator('.field__error').count(), 0);
    await input('views').fill('42');
    assert.deepEqual(problems, []);
  });

  it('publishes, then an edit makes it modified; discard goes back to the published version', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    await notice('Published.');
    await page.locator('.edit__meta .status', { hasText: 'Published' }).waitFor();
    assert.equal((await rest(`/api/articles/${documentId}`)).data.title, 'Every kind');

    await input('title').fill('Every kind, edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Saved.');
    await page.locator('.edit__meta .status', { hasText: 'Modified' }).waitFor();
    assert.equal((await rest(`/api/articles/${documentId}?status=draft`)).data.title, 'Every kind, edited');
    assert.equal((await rest(`/api/articles/${documentId}`)).data.title, 'Every kind');

    await page.getByRole('button', { name: 'Discard changes' }).click();
    await notice('The draft changes were discarded.');
    assert.equal(await input('title').inputValue(), 'Every kind');
    assert.equal((await rest(`/api/articles/${documentId}?status=draft`)).data.title, 'Every kind');
    assert.deepEqual(problems, []);
  });

  it('reorders a relation (drag and drop, and the move buttons): saved as connect with position, read back in order', async () => {
    await pick('tags', 'Gamma', 'Tag Gamma');
    const items = field('tags').locator('[data-relation-item]');
    // Drag Gamma (third) onto Alpha (first): Gamma, Alpha, Beta.
    await items.nth(2).dragTo(items.nth(0));
    assert.deepEqual(await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-relation-item'))), ['Tag Gamma', 'Tag Alpha', 'Tag Beta']);
    await field('tags').getByRole('button', { name: 'Move Tag Beta up' }).click();
    assert.deepEqual(await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-relation-item'))), ['Tag Gamma', 'Tag Beta', 'Tag Alpha']);
    await page.keyboard.press('Control+s');
    await notice('Saved.');
    const stored = (await rest(`/api/articles/${documentId}?status=draft&populate=tags`)).data;
    assert.deepEqual(stored.tags.map((tag: Json) => tag.name), ['Tag Gamma', 'Tag Beta', 'Tag Alpha']);
    // The view reads the links back in the same order.
    await page.reload();
    await field('tags').locator('[data-relation-item]').first().waitFor();
    assert.deepEqual(await field('tags').locator('[data-relation-item]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-relation-item'))), ['Tag Gamma', 'Tag Beta', 'Tag Alpha']);
    assert.deepEqual(problems, []);
  });

  it('switches the locale and fills the new one from another locale; the REST API has both', async () => {
    await page.getByLabel('Locale').selectOption('fr');
    await page.getByText('This locale has no version yet').waitFor();
    assert.match(page.url(), /plugins%5Bi18n%5D%5Blocale%5D=fr|plugins\[i18n\]\[locale\]=fr/);
    assert.equal(await input('title').inputValue(), '');
    await page.getByRole('button', { name: 'Fill in' }).click();
    await notice('Filled from en');
    assert.equal(await input('title').inputValue(), 'Every kind');
    await input('title').fill('Chaque type');
    await input('slug').fill('chaque-type');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Saved.');
    assert.equal((await rest(`/api/articles/${documentId}?status=draft&locale=fr`)).data.title, 'Chaque type');
    assert.equal((await rest(`/api/articles/${documentId}?status=draft&locale=en`)).data.title, 'Every kind');
    await page.getByLabel('Locale').selectOption('en');
    await page.getByRole('heading', { name: 'Every kind' }).waitFor();
    assert.deepEqual(problems, []);
  });

  it('lists the history, shows a version and restores it into the draft', async () => {
    await input('title').fill('Every kind, later');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Saved.');
    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('complementary', { name: 'History' });
    await panel.locator('.history__version').first().waitFor();
    const versions = panel.locator('.history__version');
    assert.ok((await versions.count()) >= 2);
    // The version before the last save holds the former title.
    let restoredTitle = '';
    for (let index = 0; index < (await versions.count()); index += 1) {
      await versions.nth(index).click();
      const title = await panel.locator('tr', { has: page.locator('th', { hasText: /^title$/ }) }).locator('td').first().textContent();
      if (title === 'Every kind') {
        restoredTitle = title;
        break;
      }
    }
    assert.equal(restoredTitle, 'Every kind');
    await screenshots('edit-history');
    await panel.getByRole('button', { name: 'Restore this version' }).click();
    await notice('The version was restored into the draft.');
    await page.getByRole('heading', { name: 'Every kind' }).waitFor();
    assert.equal((await rest(`/api/articles/${documentId}?status=draft`)).data.title, 'Every kind');
    assert.deepEqual(problems, []);
  });

  it('typing in a field of a document with a 30-item dynamic zone re-renders no other field', async () => {
    const sections = Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? { __component: 'shared.quote', text: `Quote ${index}` } : { __component: 'shared.link', label: `Link ${index}`, url: `https://example.com/${index}` }));
    const created = await call('POST', '/content-manager/collection-types/api::article.article?locale=en', { title: 'Thirty sections', sections });
    assert.equal(created.status, 201, created.text);
    await page.goto(`${app.baseUrl}${ARTICLES}/${String(created.body.data.documentId)}`);
    await input('sections.29.url').waitFor();
    const counts = (): Promise<Record<string, string>> =>
      page.locator('[data-field]').evaluateAll((nodes) => Object.fromEntries(nodes.map((node) => [node.getAttribute('data-field'), node.getAttribute('data-renders')])));
    const before = await counts();
    assert.ok(Object.keys(before).length > 60, `${Object.keys(before).length} fields`);
    await input('sections.14.text').press('End');
    await input('sections.14.text').pressSequentially(' typed');
    await page.getByText('Unsaved changes').waitFor();
    const afterTyping = await counts();
    const changed = Object.keys(before).filter((key) => before[key] !== afterTyping[key]);
    assert.deepEqual(changed, []);
    assert.equal(await input('sections.14.text').inputValue(), 'Quote 14 typed');
    // The unsaved-changes guard: a link of the app asks first (accepted here: the page goes).
    await page.getByRole('link', { name: 'Back to Article' }).click();
    await page.waitForURL(`**${ARTICLES}`);
  });

  it('edits a single type: empty form when never created, saved and published', async () => {
    await page.goto(`${app.baseUrl}/admin/content-manager/single-types/api::homepage.homepage`);
    await page.getByRole('heading', { name: 'Homepage' }).waitFor();
    await input('headline').fill('Welcome');
    await page.getByRole('button', { name: 'Publish' }).click();
    await notice('Published.');
    assert.equal((await rest('/api/homepage')).data.headline, 'Welcome');
    assert.deepEqual(problems, []);
  });

  it('has no serious or critical axe violations on the edit screen; screenshots at 360 px', async () => {
    await page.goto(`${app.baseUrl}${ARTICLES}/${documentId}`);
    await page.getByRole('heading', { name: 'Every kind' }).waitFor();
    await field('tags').locator('[data-relation-item]').first().waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      assert.deepEqual(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), [], theme);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(PHONE);
    assert.equal(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), true);
    await screenshots('edit-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('duplicates, then deletes the copy: the REST API no longer has it', async () => {
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith(documentId) && url.pathname.startsWith(ARTICLES + '/'));
    await page.getByRole('heading', { name: 'Every kind' }).waitFor();
    const copy = /collection-types\/api::article\.article\/([^/?]+)/.exec(page.url())![1]!;
    assert.notEqual(copy, documentId);
    assert.equal((await rest(`/api/articles/${copy}?status=draft`)).data.title, 'Every kind');
    // A unique field is left empty in the copy; given the original's value, the server refuses
    // the save and its ValidationError lands at the field it names.
    assert.equal(await input('code').inputValue(), '');
    await input('code').fill('EK-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await field('code').locator('.field__error').waitFor();
    assert.equal(await input('code').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(problems.splice(0), [`PUT /content-manager/collection-types/api::article.article/${copy}: 400`]);
    await input('code').fill('');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`**${ARTICLES}`);
    assert.equal((await app.get(`/api/articles/${copy}?status=draft`)).status, 404);
    assert.equal((await rest(`/api/articles/${documentId}?status=draft`)).data.title, 'Every kind');
    assert.deepEqual(problems, []);
  });
});
