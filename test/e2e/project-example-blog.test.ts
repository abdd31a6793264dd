import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createApp, type App } from '../../src/server/app.js';
import { copyExampleBlog, type ExampleBlogCopy } from '../helpers/example-blog.js';
import { startTestApp } from '../helpers/test-app.js';
import { BUILT_IN_TABLES } from '../helpers/built-in-tables.js';

/**
 * examples/blog as a new user starts it, with its database in a temp file. A copy with the
 * permissions the repository ships (copyExampleBlog): a user following the README's tour edits
 * the example's permissions, which must not change what this suite expects.
 */
const tmp = mkdtempSync(path.join(tmpdir(), 'tessera-blog-'));
let blogCopy: ExampleBlogCopy | undefined;
before(async () => {
  blogCopy = await copyExampleBlog();
});
after(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await blogCopy?.remove();
});

const ENV = { DATABASE_FILENAME: path.join(tmp, 'blog.db'), HOST: '127.0.0.1', PORT: '0' };

async function startBlog(projectDir = blogCopy?.dir ?? assert.fail('no copy of the example'), env: Record<string, string> = ENV): Promise<{ app: App; base: string; logs: string[] }> {
  const logs: string[] = [];
  const app = await createApp({ projectDir, env, log: (message) => logs.push(message) });
  return { app, base: await app.listen(), logs };
}

async function getJson(url: string): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

type Get = (url: string) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON

const titles = (documents: readonly { title: string }[]): string[] => documents.map((document) => document.title);

/** What the seed script linked: relations of each kind, components and the dynamic zone, as a public client reads them. */
async function checkLinkedContent(get: Get): Promise<void> {
  const all = await get('/api/articles?populate=*');
  assert.equal(all.status, 200);
  const [hello, filtering, fast] = all.body.data;
  assert.deepEqual(titles(all.body.data), ['Hello, Tessera', 'Filtering with the query language', 'Why a CMS should be fast']);
  // manyToOne, manyToMany (in the order given), manyWay self-relation.
  assert.equal(hello.author.name, 'Ada Editor');
  assert.equal(hello.author.documentId.length, 24);
  assert.equal('articles' in hello.author, false, 'populate=* is one level deep');
  assert.deepEqual(fast.categories.map((category: { name: string }) => category.name), ['Performance', 'Announcements']);
  assert.equal(fast.categories[0].slug, 'performance');
  assert.deepEqual(titles(fast.related), ['Hello, Tessera', 'Filtering with the query language']);
  assert.deepEqual(hello.related, []);
  // A single component, a repeatable one, and the dynamic zone with `__component` on each item.
  assert.deepEqual({ ...hello.seo, id: 0 }, { id: 0, metaTitle: 'Hello, Tessera', metaDescription: 'What the Tessera example blog shows.', noIndex: false });
  assert.equal(typeof hello.seo.id, 'number');
  assert.deepEqual(filtering.sources.map((source: { label: string }) => source.label), ['Filters', 'Populate']);
  assert.deepEqual(fast.sources, []);
  assert.deepEqual(hello.blocks.map((block: { __component: string }) => block.__component), ['shared.rich-text', 'shared.quote']);
  assert.equal(hello.blocks[1].attribution, 'The Tessera README');
  assert.equal('author' in hello.blocks[1], false, 'relations inside zone items need a nested populate');
  assert.equal('slides' in filtering.blocks[1], false, 'components inside zone items need a nested populate');

  // The zone's shared strategy populates what its items hold: the quote's author, the slider's slides.
  const nested = await get('/api/articles?fields[0]=title&populate[blocks][populate]=*');
  assert.equal(nested.status, 200);
  assert.equal(nested.body.data[0].blocks[1].author.name, 'Ada Editor');
  assert.deepEqual(nested.body.data[1].blocks[1].slides.map((slide: { caption: string }) => slide.caption), ['Filter', 'Sort', 'Paginate']);
  assert.equal(nested.body.data[2].blocks[0].author.name, 'Tom Tutor');

  // The inverse sides: an author's articles (oneToMany mappedBy) and a category's (manyToMany mappedBy).
  const authors = await get('/api/authors?populate[articles][fields][0]=title&sort=name:asc');
  assert.equal(authors.status, 200);
  assert.deepEqual(authors.body.data.map((author: { name: string; articles: { title: string }[] }) => [author.name, titles(author.articles)]), [
    ['Ada Editor', ['Hello, Tessera', 'Why a CMS should be fast']],
    ['Tom Tutor', ['Filtering with the query language']],
  ]);
  const announcements = await get('/api/categories?filters[slug][$eq]=announcements&populate[articles][fields][0]=title');
  assert.deepEqual(titles(announcements.body.data[0].articles), ['Hello, Tessera', 'Why a CMS should be fast']);

  // Filters follow relations.
  const byTom = await get('/api/articles?fields[0]=title&filters[author][name][$eq]=Tom%20Tutor');
  assert.deepEqual(titles(byTom.body.data), ['Filtering with the query language']);

  // The single type's relation and its component (with a nested one).
  const homepage = await get('/api/homepage?populate[featuredArticles][fields][0]=title&populate[hero][populate]=*');
  assert.equal(homepage.status, 200);
  assert.deepEqual(titles(homepage.body.data.featuredArticles), ['Filtering with the query language', 'Hello, Tessera']);
  assert.equal(homepage.body.data.hero.heading, 'The Tessera blog');
  assert.deepEqual({ label: homepage.body.data.hero.cta.label, url: homepage.body.data.hero.cta.url }, { label: 'Read the articles', url: '/api/articles?populate=*' });
}

describe('examples/blog', () => {
  it('seeds authors, categories, three articles and the homepage on the first start, and serves them publicly', async () => {
    const { app, base, logs } = await startBlog();
    try {
      assert.deepEqual(app.config.database, { client: 'sqlite', filename: ENV.DATABASE_FILENAME });
      assert.deepEqual(logs, ['Seeded 2 authors.', 'Seeded 3 categories.', 'Seeded 3 articles.']);
      // Besides these, every project gets Tessera's own tables (users, roles, permissions, tokens, admins, settings).
      assert.deepEqual(app.sync.createdTables.filter((table) => !BUILT_IN_TABLES.has(table)).sort(), [
        'articles',
        'articles_author_lnk',
        'articles_categories_lnk',
        'articles_related_lnk',
        'authors',
        'categories',
        'components_shared_heroes',
        'components_shared_links',
        'components_shared_quotes',
        'components_shared_rich_texts',
        'components_shared_seos',
        'components_shared_slides',
        'components_shared_sliders',
        'components_shared_quotes_author_lnk',
        'homepages',
        'homepages_featured_articles_lnk',
      ].sort());

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

      await checkLinkedContent((url) => getJson(base + url));
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
      const { rows } = await sql<{ articles: number; homepages: number; authors: number; links: number; seos: number }>`select
        (select count(*) from articles) as articles, (select count(*) from homepages) as homepages, (select count(*) from authors) as authors,
        (select count(*) from articles_categories_lnk) as links, (select count(*) from components_shared_seos) as seos`.execute(app.database.db);
      assert.deepEqual(rows, [{ articles: 3, homepages: 1, authors: 2, links: 4, seos: 3 }]);
      await checkLinkedContent((url) => getJson(base + url));
    } finally {
      await app.close();
    }
  });
});

describe('examples/blog on the test database', () => {
  it('seeds relations, components and the dynamic zone through the documents API, and serves them populated', async () => {
    const blog = await startTestApp({ fixture: blogCopy?.dir ?? assert.fail('no copy of the example') });
    try {
      await checkLinkedContent(blog.get);
    } finally {
      await blog.close();
    }
  });
});

/** The README's tour, on a copy of the example: grant writes in config/permissions.js, then write. */
const TOUR_PERMISSIONS = `export default {
  public: {
    'api::article.article': ['find', 'findOne', 'create', 'update', 'delete'],
    'api::author.author': ['find', 'findOne'],
    'api::category.category': ['find', 'findOne'],
    'api::homepage.homepage': ['find'],
  },
};
`;

describe("the README's tour does not change what the suite expects", () => {
  it('writes granted in a copy as the tour says work there; a suite copy made from it still refuses them and serves the seeded content', async () => {
    const toured = await copyExampleBlog();
    const database = mkdtempSync(path.join(tmpdir(), 'tessera-tour-'));
    try {
      await writeFile(path.join(toured.dir, 'config', 'permissions.js'), TOUR_PERMISSIONS);
      const tour = await startBlog(toured.dir, { ...ENV, DATABASE_FILENAME: path.join(database, 'tour.db') });
      try {
        const send = (method: string, url: string, body?: unknown) =>
          fetch(tour.base + url, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
        const created = await send('POST', '/api/articles', { data: { title: 'My first post', category: 'news', views: 1 } });
        assert.equal(created.status, 201);
        const post = ((await created.json()) as { data: { documentId: string; slug: string } }).data;
        assert.equal(post.slug, 'my-first-post');
        assert.equal((await send('PUT', `/api/articles/${post.documentId}`, { data: { views: 2 } })).status, 200);
        assert.equal((await send('DELETE', `/api/articles/${post.documentId}`)).status, 204);
      } finally {
        await tour.app.close();
      }

      // What the suite runs on is made from the toured project, as it would be from an edited checkout.
      const suiteCopy = await copyExampleBlog(toured.dir);
      const blog = await startTestApp({ fixture: suiteCopy.dir });
      try {
        assert.equal((await blog.post('/api/articles', { data: { title: 'x' } })).status, 403);
        await checkLinkedContent(blog.get);
      } finally {
        await blog.close();
        await suiteCopy.remove();
      }
    } finally {
      await toured.remove();
      rmSync(database, { recursive: true, force: true });
    }
  });
});
