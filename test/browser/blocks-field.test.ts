// @databases: sqlite — the blocks field in a page of its own: no server, no storage
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { checkBlocks } from '../../src/core/documents/check-blocks.js';
import { bundleAdminModules } from '../helpers/admin-bundle.js';
import { ROOT } from '../helpers/test-app.js';
import { browserSkipReason, launchChromium } from './chromium.js';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'strapi-blocks');
const fixtures = readdirSync(FIXTURES).filter((file) => file.endsWith('.json')).sort();
/** As in admin-app.test.ts: docs/images/ with TESSERA_SCREENSHOTS=1, else a temporary folder. */
const SHOTS = process.env.TESSERA_SCREENSHOTS === '1' ? path.join(ROOT, 'docs', 'images') : mkdtempSync(path.join(tmpdir(), 'tessera-blocks-shots-'));
const ORIGIN = 'http://blocks.test';
/** The picture behind every image block's URL in the page (a 40×30 PNG of one colour). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPElEQVRIie3VsQkAMAwDsD7nwf8f5J7RDoLsgeBYp9mTORbHqStc805RIFWZg0SwOCwGi8XisBgs9isWL3+lRVqmM0bFAAAAAElFTkSuQmCC', 'base64');
const PICKED = { name: 'picked.png', alternativeText: 'picked.png', url: 'http://127.0.0.1:1337/uploads/picked_1.png', caption: null, width: 40, height: 30, formats: null, hash: 'picked_1', ext: '.png', mime: 'image/png', size: 0.11, previewUrl: null, provider: 'local', provider_metadata: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

/**
 * The test page: the field (the LazyBlocksField the edit view uses, so its chunk loads on
 * demand) mounted by `mountBlocks(value)`; what it emits is collected in `blocksTest.emitted`,
 * `blocksTest.controller` is the edit view's handle (current value, flush before a save).
 */
const PAGE_ENTRY = `
  import { render } from 'preact';
  import { LazyBlocksField } from './blocks/lazy-blocks-field';
  import { createBlocksController } from './blocks/blocks-controller';
  import './styles/app.css';
  const state = { emitted: [], controller: createBlocksController(), mounts: 0, pageRenders: 0 };
  window.blocksTest = state;
  // The page around the field, as the edit view is: it counts its renders (typing must cause none).
  function Page({ value }) {
    state.pageRenders += 1;
    return (
      <main style="max-width: 760px; margin: 0 auto; padding: 16px">
        <LazyBlocksField id="content" label="Content" hint="Strapi's blocks: headings, lists, links, code, images." value={value}
          onChange={(blocks) => state.emitted.push(blocks)} controller={state.controller}
          pickImage={() => Promise.resolve(${JSON.stringify(PICKED)})} />
      </main>
    );
  }
  window.mountBlocks = (value) => {
    const root = document.getElementById('app');
    render(null, root); // the field before emits its pending change as it unmounts: not this one's
    state.emitted = [];
    state.mounts += 1;
    render(<Page key={state.mounts} value={value} />, root);
  };
`;

const inPage = <T,>(page: Page, expression: string) => page.evaluate(expression) as Promise<T>;

describe('the blocks field in Chromium', { skip: browserSkipReason() }, () => {
  let browser: Browser;
  let page: Page;

  before(async () => {
    const entry = await bundleAdminModules(PAGE_ENTRY, 'browser');
    const dir = path.dirname(entry);
    browser = await launchChromium();
    // A context of its own: axe-core's runner needs one (it opens frames in it).
    const context = await browser.newContext({ viewport: { width: 900, height: 760 } });
    page = await context.newPage();
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.startsWith('/uploads/')) return route.fulfill({ body: PNG, contentType: 'image/png' });
      if (url.origin !== ORIGIN) return route.abort();
      if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blocks field</title><link rel="stylesheet" href="/entry.css"></head><body><div id="app"></div><script type="module" src="/entry.js"></script></body></html>' });
      const file = path.join(dir, path.basename(url.pathname));
      return route.fulfill({ body: readFileSync(file), contentType: file.endsWith('.css') ? 'text/css' : 'text/javascript' });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction('typeof window.mountBlocks === "function"');
  });

  after(async () => {
    await browser?.close();
  });

  async function mount(value: unknown): Promise<void> {
    await inPage(page, `window.mountBlocks(${JSON.stringify(value)})`);
    await page.getByRole('textbox', { name: 'Content' }).waitFor();
  }
  const current = () => inPage<unknown>(page, 'window.blocksTest.controller.current()');
  const flushed = async () => {
    await inPage(page, 'window.blocksTest.controller.flush()');
    return inPage<unknown[]>(page, 'window.blocksTest.emitted');
  };

  it('writes what is typed, marked, listed and linked as Strapi\'s blocks JSON', async () => {
    await mount(null);
    const editor = page.getByRole('textbox', { name: 'Content' });
    const toolbar = page.getByRole('toolbar', { name: 'Formatting of Content' });
    await editor.click();
    await page.keyboard.type('Title');
    await toolbar.getByRole('combobox', { name: 'Block type' }).selectOption('heading-1');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('combobox', { name: 'Block type' }).selectOption('paragraph');
    await page.keyboard.type('Plain ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold');
    // The toolbar follows the selection (re-rendered from its signal): waited for, not polled by time.
    await toolbar.getByRole('button', { name: 'Bold', pressed: true }).waitFor();
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' and ');
    await toolbar.getByRole('button', { name: 'Italic' }).click();
    await toolbar.getByRole('button', { name: 'Strikethrough' }).click();
    await page.keyboard.type('both');
    // A new block starts without the marks of the text before it.
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Italic', pressed: false }).waitFor();
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await toolbar.getByRole('button', { name: 'Bulleted list', pressed: true }).waitFor();
    await page.keyboard.type('one');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('one.a');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('two');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('See ');
    // A link: refused with Strapi's message when the URL is not one Strapi takes, then set.
    await toolbar.getByRole('button', { name: 'Link' }).click();
    await page.getByLabel('Link URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save link' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please specify a valid link.' }).waitFor();
    await page.getByLabel('Link URL').fill('https://strapi.io');
    await page.keyboard.press('Enter');
    assert.equal(await page.getByLabel('Link URL').count(), 0);
    await page.keyboard.type(' now');
    await page.keyboard.press('Enter');
    await page.keyboard.type('```');
    await page.keyboard.type('const x = 1;');
    const emitted = await flushed();
    const expected = [
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'Title' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'Plain ' }, { type: 'text', text: 'bold', bold: true }, { type: 'text', text: ' and ' }, { type: 'text', text: 'both', italic: true, strikethrough: true }] },
      {
        type: 'list',
        format: 'unordered',
        children: [
          { type: 'list-item', children: [{ type: 'text', text: 'one' }] },
          { type: 'list', format: 'unordered', indentLevel: 1, children: [{ type: 'list-item', children: [{ type: 'text', text: 'one.a' }] }] },
          { type: 'list-item', children: [{ type: 'text', text: 'two' }] },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'See ' }, { type: 'link', url: 'https://strapi.io', children: [{ type: 'text', text: 'https://strapi.io' }] }, { type: 'text', text: ' now' }] },
      { type: 'code', language: 'plaintext', children: [{ type: 'text', text: 'const x = 1;' }] },
    ];
    assert.deepEqual(emitted.at(-1), expected);
    assert.deepEqual(checkBlocks(emitted.at(-1)), []);
  });

  it('re-renders nothing of the page while typing (the editor\'s state lives in ProseMirror)', async () => {
    await mount(null);
    const before = await inPage<number>(page, 'window.blocksTest.pageRenders');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Typing a sentence of some length, quickly.');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' And more.');
    assert.equal(await inPage<number>(page, 'window.blocksTest.pageRenders'), before);
    assert.deepEqual((await flushed()).at(-1), [{ type: 'paragraph', children: [{ type: 'text', text: 'Typing a sentence of some length, quickly.' }, { type: 'text', text: ' And more.', bold: true }] }]);
    assert.equal(await inPage<number>(page, 'window.blocksTest.pageRenders'), before);
  });

  it('indents a numbered list\'s item into a numbered list (Tab), and back (Shift+Tab)', async () => {
    await mount(null);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.getByRole('button', { name: 'Numbered list' }).click();
    await page.keyboard.type('a');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('a.1');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('b');
    const item = (text: string) => ({ type: 'list-item', children: [{ type: 'text', text }] });
    assert.deepEqual((await flushed()).at(-1), [{ type: 'list', format: 'ordered', children: [item('a'), { type: 'list', format: 'ordered', indentLevel: 1, children: [item('a.1')] }, item('b')] }]);
  });

  it('turns a heading into a list, a paragraph into a quote, changes a code block\'s language, edits and removes a link', async () => {
    await mount([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Item' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'Said' }] },
      { type: 'paragraph', children: [{ type: 'text', text: '' }, { type: 'link', url: 'https://a.example', rel: 'noopener', children: [{ type: 'text', text: 'first' }] }, { type: 'text', text: ' and ' }, { type: 'link', url: '/b', children: [{ type: 'text', text: 'second' }] }, { type: 'text', text: '' }] },
      { type: 'code', language: 'plaintext', children: [{ type: 'text', text: 'x = 1' }] },
    ]);
    const editor = page.getByRole('textbox', { name: 'Content' });
    const toolbar = page.getByRole('toolbar', { name: 'Formatting of Content' });
    await editor.getByText('Item').click();
    await toolbar.locator('select[aria-label="Block type"] option[value="heading-2"]:checked').waitFor({ state: 'attached' });
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await editor.getByText('Said').click();
    // The toolbar acts on the editor's selection: wait until it shows the paragraph the click chose.
    await toolbar.locator('select[aria-label="Block type"] option[value="paragraph"]:checked').waitFor({ state: 'attached' });
    await toolbar.getByRole('combobox', { name: 'Block type' }).selectOption('quote');
    // Inside the first link: its URL is offered, changed (rel kept); the second link is removed.
    await editor.getByText('first').click();
    await toolbar.getByRole('button', { name: 'Link', pressed: true }).click();
    assert.equal(await page.getByLabel('Link URL').inputValue(), 'https://a.example');
    await page.getByLabel('Link URL').fill('mailto:a@example.com');
    await page.getByRole('button', { name: 'Save link' }).click();
    await editor.getByText('x = 1').click();
    await toolbar.getByRole('button', { name: 'Bold', disabled: true }).waitFor();
    await toolbar.getByRole('combobox', { name: 'Code language' }).selectOption('python');
    await editor.getByText('second').click();
    await toolbar.getByRole('button', { name: 'Link', pressed: true }).click();
    assert.equal(await page.getByLabel('Link URL').inputValue(), '/b');
    await page.getByRole('button', { name: 'Remove link' }).click();
    assert.deepEqual((await flushed()).at(-1), [
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'Item' }] }] },
      { type: 'quote', children: [{ type: 'text', text: 'Said' }] },
      { type: 'paragraph', children: [{ type: 'text', text: '' }, { type: 'link', url: 'mailto:a@example.com', rel: 'noopener', children: [{ type: 'text', text: 'first' }] }, { type: 'text', text: ' and second' }] },
      { type: 'code', language: 'python', children: [{ type: 'text', text: 'x = 1' }] },
    ]);
  });

  it('shows a value with a node type Strapi does not define as a message, and emits nothing', async () => {
    await inPage(page, `window.mountBlocks(${JSON.stringify([{ type: 'callout', children: [{ type: 'text', text: 'x' }] }])})`);
    await page.getByRole('alert').filter({ hasText: 'This field holds content the editor cannot show' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Content' }).count(), 0);
    assert.deepEqual(await flushed(), []);
    assert.equal(await current(), null);
  });

  it('pastes HTML as Strapi\'s blocks, dropping a link Strapi would refuse', async () => {
    await mount(null);
    await page.getByRole('textbox', { name: 'Content' }).click();
    const html = '<h2>Pasted</h2><p><a href="javascript:alert(1)">bad</a> and <a href="https://ok.example" rel="nofollow">good</a> <b>bold</b></p><ul><li>one</li><li>two</li></ul>';
    await inPage(page, `(() => {
      const data = new DataTransfer();
      data.setData('text/html', ${JSON.stringify(html)});
      data.setData('text/plain', 'Pasted');
      document.querySelector('.blocks-field__content').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    const item = (text: string) => ({ type: 'list-item', children: [{ type: 'text', text }] });
    assert.deepEqual((await flushed()).at(-1), [
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Pasted' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'bad and ' }, { type: 'link', url: 'https://ok.example', children: [{ type: 'text', text: 'good' }] }, { type: 'text', text: ' ' }, { type: 'text', text: 'bold', bold: true }] },
      { type: 'list', format: 'unordered', children: [item('one'), item('two')] },
    ]);
  });

  it('inserts the image the media picker gives, its media object kept whole', async () => {
    await mount([{ type: 'paragraph', children: [{ type: 'text', text: 'Above' }] }]);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await page.locator('.blocks-field__content img').waitFor();
    const emitted = await flushed();
    assert.deepEqual(emitted.at(-1), [
      { type: 'paragraph', children: [{ type: 'text', text: 'Above' }] },
      { type: 'image', image: PICKED, children: [{ type: 'text', text: '' }] },
    ]);
  });

  for (const file of fixtures) {
    it(`${file}: loads Strapi's stored value and saves it unchanged (an edit undone included)`, async () => {
      const blocks = JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as unknown;
      await mount(blocks);
      assert.deepEqual(await current(), blocks);
      // Loading is no edit: nothing emitted, not even on blur.
      await page.getByRole('textbox', { name: 'Content' }).focus();
      await page.getByRole('combobox', { name: 'Block type' }).focus();
      assert.deepEqual(await flushed(), []);
      // An edit and its undo emit the stored value again.
      await page.getByRole('textbox', { name: 'Content' }).focus();
      await page.keyboard.press('Control+Home');
      await page.keyboard.type('x');
      await page.keyboard.press('Control+z');
      const emitted = await flushed();
      assert.ok(emitted.length >= 1);
      assert.deepEqual(emitted.at(-1), blocks);
    });
  }

  it('shows the recorded example (screenshots, light and dark)', async () => {
    await page.setViewportSize({ width: 900, height: 900 });
    await mount(JSON.parse(readFileSync(path.join(FIXTURES, 'recorded-example.json'), 'utf8')));
    await page.locator('.blocks-field__content img').evaluate('(img) => img.complete || new Promise((done) => img.addEventListener("load", done))');
    await page.getByRole('textbox', { name: 'Content' }).locator('strong').first().click();
    await page.getByRole('button', { name: 'Bold', pressed: true }).waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.locator('main').screenshot({ path: path.join(SHOTS, `admin-blocks-${theme}.png`), animations: 'disabled', caret: 'hide' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('has no serious or critical accessibility violation (axe-core), the link form open included', async () => {
    await mount(JSON.parse(readFileSync(path.join(FIXTURES, 'recorded-example.json'), 'utf8')));
    await page.getByRole('textbox', { name: 'Content' }).locator('a').first().click();
    await page.getByRole('button', { name: 'Link', pressed: true }).click();
    await page.getByLabel('Link URL').waitFor();
    assert.equal(await page.getByLabel('Link URL').inputValue(), 'https://strapi.io');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      const results = await new AxeBuilder({ page }).include('main').analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      assert.deepEqual(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), [], theme);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
