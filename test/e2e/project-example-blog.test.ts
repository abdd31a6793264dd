import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createApp, type App } from '../../src/app.js';
import { ROOT } from '../helpers/test-app.js';

/** examples/blog as a new user starts it, with its database in a temp file. */
const tmp = mkdtempSync(path.join(tmpdir(), 'tessera-blog-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const ENV = { DATABASE_FILENAME: path.join(tmp, 'blog.db'), HOST: '127.0.0.1', PORT: '0' };

async function startBlog(): Promise<{ app: App; base: string; logs: string[] }> {
  const logs: string[] = [];
  const app = await createApp({ projectDir: path.join(ROOT, 'examples', 'blog'), env: ENV, log: (message) => logs.push(message) });
  return { app, base: await app.listen(), logs };
}

async function getJson(url: string): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

describe('examples/blog', () => {
  it('seeds three articles and the homepage on the first start, and serves them publicly', async () => {
    const { app, base, logs } = await startBlog();
    try {
      assert.deepEqual(app.config.database, { client: 'sqlite', filename: ENV.DATABASE_FILENAME });
      assert.deepEqual(logs, ['Seeded 3 articles.']);
      assert.deepEqual(app.sync.createdTables, ['articles', 'homepages']);

      const articles = await getJson(`${base}/api/articles`);
      assert.equal(articles.status, 200);
      assert.deepEqual(articles.body.data.map((article: { title: string }) => article.title), [
        'Hello, Tessera',
        'Filtering with the query language',
        'Why a CMS should be fast',
      ]);
      assert.deepEqual(articles.body.meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 3 } });
      const [first] = articles.body.data;
      assert.equal(first.slug, 'hello-tessera');
      assert.equal(first.likes, '9007199254740993');
      assert.equal(first.price, 19.99);
      assert.equal(first.readingTime, '00:04:00.000');
      assert.equal('editPassword' in first, false);
      assert.equal('editorNotes' in first, false);

      const one = await getJson(`${base}/api/articles/${first.documentId}`);
      assert.equal(one.status, 200);
      assert.equal(one.body.data.title, 'Hello, Tessera');

      const tutorials = await getJson(`${base}/api/articles?filters[category][$eq]=tutorial&fields=title`);
      assert.deepEqual(tutorials.body.data.map((article: { title: string }) => article.title), ['Filtering with the query language']);

      const homepage = await getJson(`${base}/api/homepage`);
      assert.equal(homepage.status, 200);
      assert.equal(homepage.body.data.title, 'The Tessera blog');
      assert.equal(homepage.body.data.featuredCount, 3);

      const write = await fetch(`${base}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'x' } }) });
      assert.equal(write.status, 403);
    } finally {
      await app.close();
    }
  });

  it('does not seed again on the second start', async () => {
    const { app, base, logs } = await startBlog();
    try {
      assert.deepEqual(logs, []);
      assert.deepEqual(app.sync.statements, []);
      const articles = await getJson(`${base}/api/articles?fields=title`);
      assert.equal(articles.body.meta.pagination.total, 3);
      const homepage = await getJson(`${base}/api/homepage`);
      assert.equal(homepage.body.data.title, 'The Tessera blog');
      const { rows } = await sql<{ articles: number; homepages: number }>`select (select count(*) from articles) as articles, (select count(*) from homepages) as homepages`.execute(app.database.db);
      assert.deepEqual(rows, [{ articles: 3, homepages: 1 }]);
    } finally {
      await app.close();
    }
  });
});
