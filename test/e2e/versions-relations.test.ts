import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Populated relations under both statuses and several locales (docs/versions.md, "Populated
 * relations follow the request's status", "Inverse sides", "Relations across locales").
 * article → tags (D&P, not localized), article → author (localized, no D&P), category
 * (neither) → featured articles (a non-localized source with a localized target).
 */

type Body = TestResponse['body'];

describe('versions: populated relations by status and locale', () => {
  let t: TestApp;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${++counter}`;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
  });
  after(() => t.close());

  async function create(plural: string, data: Record<string, unknown>, query = ''): Promise<Body> {
    const response = await t.post(`/api/${plural}${query}`, { data });
    assert.equal(response.status, 201, response.text);
    return response.body.data;
  }

  async function put(url: string, data: Record<string, unknown>): Promise<Body> {
    const response = await t.put(url, { data });
    assert.equal(response.status, 200, `${url}: ${response.text}`);
    return response.body.data;
  }

  async function readData(url: string): Promise<Body> {
    const response = await t.get(url);
    assert.equal(response.status, 200, `${url}: ${response.text}`);
    return response.body.data;
  }

  const names = (items: Body[], key = 'name'): string[] => items.map((item) => item[key]);

  describe('status', () => {
    it('a draft read populates the drafts of related documents; a published read their published versions', async () => {
      const tag = await create('tags', { name: 'Published name' });
      await put(`/api/tags/${tag.documentId}?status=draft`, { name: 'Draft name' });
      const article = await create('articles', { title: unique('With tag'), tags: [tag.documentId] });

      const published = await readData(`/api/articles/${article.documentId}?populate=tags`);
      assert.deepEqual(names(published.tags), ['Published name']);
      assert.equal(typeof published.tags[0].publishedAt, 'string');
      const draft = await readData(`/api/articles/${article.documentId}?status=draft&populate=tags`);
      assert.deepEqual(names(draft.tags), ['Draft name']);
      assert.equal(draft.tags[0].publishedAt, null);
      assert.equal(draft.tags[0].documentId, tag.documentId);
    });

    it('the status follows every level of populate', async () => {
      const tag = await create('tags', { name: 'Level 2 published' });
      await put(`/api/tags/${tag.documentId}?status=draft`, { name: 'Level 2 draft' });
      const author = await create('authors', { name: unique('Author') });
      await create('articles', { title: unique('Deep'), author: author.documentId, tags: [tag.documentId] });

      const deep = 'populate[articles][populate][0]=tags';
      const published = await readData(`/api/authors/${author.documentId}?${deep}`);
      assert.deepEqual(names(published.articles[0].tags), ['Level 2 published']);
      const draft = await readData(`/api/authors/${author.documentId}?status=draft&${deep}`);
      assert.equal(draft.articles[0].publishedAt, null);
      assert.deepEqual(names(draft.articles[0].tags), ['Level 2 draft']);
    });

    it('the inverse side lists the owners whose versions of the read\'s status link to the document', async () => {
      const tag = await create('tags', { name: unique('Inverse') });
      const article = await create('articles', { title: unique('Owner'), tags: [tag.documentId] });
      await put(`/api/articles/${article.documentId}?status=draft`, { tags: [] });

      const published = await readData(`/api/tags/${tag.documentId}?populate=articles`);
      assert.deepEqual(published.articles.map((entry: Body) => entry.documentId), [article.documentId]);
      const draft = await readData(`/api/tags/${tag.documentId}?status=draft&populate=articles`);
      assert.deepEqual(draft.articles, [], 'the owner\'s draft no longer links');

      // A draft-only owner shows only in draft reads.
      const draftOwner = await create('articles', { title: unique('Draft owner'), tags: [tag.documentId] }, '?status=draft');
      assert.deepEqual((await readData(`/api/tags/${tag.documentId}?populate=articles`)).articles.map((entry: Body) => entry.documentId), [article.documentId]);
      assert.deepEqual((await readData(`/api/tags/${tag.documentId}?status=draft&populate=articles`)).articles.map((entry: Body) => entry.documentId), [draftOwner.documentId]);
    });

    it('a write through the inverse side with status=draft edits the owners\' drafts only; without status their published versions too', async () => {
      const article = await create('articles', { title: unique('Target of inverse write') });
      const tag = await create('tags', { name: unique('Writer') });
      const articleTags = async (query: string) => names((await readData(`/api/articles/${article.documentId}?populate=tags${query}`)).tags);

      await put(`/api/tags/${tag.documentId}?status=draft`, { articles: [article.documentId] });
      assert.deepEqual(await articleTags('&status=draft'), [tag.name]);
      assert.deepEqual(await articleTags(''), [], 'the published article is untouched');

      await put(`/api/tags/${tag.documentId}`, { articles: [article.documentId] });
      assert.deepEqual(await articleTags(''), [tag.name]);
      assert.deepEqual(await articleTags('&status=draft'), [tag.name]);
    });

    it('a write through the inverse side of a type without Draft & Publish reaches every version of each owner, seen from both sides (issue 14)', async () => {
      const a = await create('articles', { title: unique('Owner a') });
      const b = await create('articles', { title: unique('Owner b') });
      const c = await create('articles', { title: unique('Owner c, draft only') }, '?status=draft');
      const authorOf = async (article: Body, query = ''): Promise<string | null> => (await readData(`/api/articles/${article.documentId}?populate=author${query}`)).author?.name ?? null;
      const articlesOf = async (author: Body, query = ''): Promise<string[]> => (await readData(`/api/authors/${author.documentId}?populate=articles${query}`)).articles.map((entry: Body) => entry.documentId);

      // A plain create of the inverse side: the owners' drafts and published versions all link it.
      const author = await create('authors', { name: unique('Inverse writer'), articles: { connect: [a.documentId, b.documentId, c.documentId] } });
      for (const article of [a, b]) {
        assert.equal(await authorOf(article), author.name, `published ${article.title}`);
        assert.equal(await authorOf(article, '&status=draft'), author.name, `draft ${article.title}`);
      }
      assert.equal(await authorOf(c, '&status=draft'), author.name);
      assert.deepEqual(await articlesOf(author), [a.documentId, b.documentId], 'a published read lists the published owners');
      assert.deepEqual(await articlesOf(author, '&status=draft'), [a.documentId, b.documentId, c.documentId]);

      // Publishing the draft-only owner publishes its link; re-publishing another keeps it.
      await put(`/api/articles/${c.documentId}`, {});
      await put(`/api/articles/${a.documentId}`, { body: 'edited' });
      assert.equal(await authorOf(c), author.name);
      assert.equal(await authorOf(a), author.name);
      assert.deepEqual(await articlesOf(author), [a.documentId, b.documentId, c.documentId]);

      // Removing from the inverse side reaches every version too; `status=draft` does not divide
      // a type that has one version.
      await put(`/api/authors/${author.documentId}`, { articles: { disconnect: [a.documentId] } });
      assert.equal(await authorOf(a), null);
      assert.equal(await authorOf(a, '&status=draft'), null);
      await put(`/api/authors/${author.documentId}?status=draft`, { articles: { set: [b.documentId] } });
      for (const article of [a, c]) {
        assert.equal(await authorOf(article), null, `published ${article.title}`);
        assert.equal(await authorOf(article, '&status=draft'), null, `draft ${article.title}`);
      }
      assert.equal(await authorOf(b), author.name);
      assert.equal(await authorOf(b, '&status=draft'), author.name);
      assert.deepEqual(await articlesOf(author), [b.documentId]);
    });

    it('an inverse-side item of a type without Draft & Publish may name the owner version it links', async () => {
      const article = await create('articles', { title: unique('Versioned owner') });
      const author = await create('authors', { name: unique('Chooser'), articles: { connect: [{ documentId: article.documentId, status: 'published' }] } });
      assert.equal((await readData(`/api/articles/${article.documentId}?populate=author`)).author?.name, author.name);
      assert.equal((await readData(`/api/articles/${article.documentId}?status=draft&populate=author`)).author, null);
      await put(`/api/authors/${author.documentId}`, { articles: { connect: [{ documentId: article.documentId, status: 'draft' }], disconnect: [{ documentId: article.documentId, status: 'published' }] } });
      assert.equal((await readData(`/api/articles/${article.documentId}?populate=author`)).author, null);
      assert.equal((await readData(`/api/articles/${article.documentId}?status=draft&populate=author`)).author?.name, author.name);
    });

    it('a plain create through the inverse side of a Draft & Publish type reaches the owners\' published versions too', async () => {
      const article = await create('articles', { title: unique('Owner of a new tag') });
      const tag = await create('tags', { name: unique('New tag'), articles: [article.documentId] });
      const tags = async (query: string) => names((await readData(`/api/articles/${article.documentId}?populate=tags${query}`)).tags);
      assert.deepEqual(await tags(''), [tag.name]);
      assert.deepEqual(await tags('&status=draft'), [tag.name]);
      const draftTag = await create('tags', { name: unique('Draft tag'), articles: [article.documentId] }, '?status=draft');
      assert.deepEqual(await tags(''), [tag.name], 'a draft-only write leaves the published article alone');
      assert.deepEqual(await tags('&status=draft'), [tag.name, draftTag.name]);
    });

    it('publishing a document publishes the relations it owns', async () => {
      const tag = await create('tags', { name: unique('Owned') });
      const author = await create('authors', { name: unique('Owned author') });
      const draft = await create('articles', { title: unique('Not yet'), tags: [tag.documentId], author: author.documentId }, '?status=draft');
      assert.deepEqual((await readData(`/api/tags/${tag.documentId}?populate=articles`)).articles, []);
      const published = await t.request('POST', `/api/articles/${draft.documentId}/actions/publish?populate[0]=tags&populate[1]=author`);
      assert.equal(published.status, 200, published.text);
      assert.deepEqual(names(published.body.data.tags), [tag.name]);
      assert.equal(published.body.data.author.name, author.name);
      assert.deepEqual((await readData(`/api/tags/${tag.documentId}?populate=articles`)).articles.map((entry: Body) => entry.documentId), [draft.documentId]);
      assert.deepEqual((await readData(`/api/authors/${author.documentId}?populate=articles`)).articles.map((entry: Body) => entry.documentId), [draft.documentId]);
    });
  });

  describe('locales', () => {
    it('localized → localized: the fr version links the fr versions of its targets', async () => {
      const author = await create('authors', { name: 'Ann' });
      await put(`/api/authors/${author.documentId}?locale=fr`, { name: 'Anne' });
      const article = await create('articles', { title: unique('Bilingual'), author: author.documentId });
      await put(`/api/articles/${article.documentId}?locale=fr`, { title: unique('Bilingue'), author: author.documentId });

      const fr = await readData(`/api/articles/${article.documentId}?locale=fr&populate=author`);
      assert.deepEqual([fr.author.documentId, fr.author.name, fr.author.locale], [author.documentId, 'Anne', 'fr']);
      const en = await readData(`/api/articles/${article.documentId}?populate=author`);
      assert.deepEqual([en.author.name, en.author.locale], ['Ann', 'en']);

      // The inverse side, per locale.
      const authorFr = await readData(`/api/authors/${author.documentId}?locale=fr&populate=articles`);
      assert.deepEqual(authorFr.articles.map((entry: Body) => [entry.documentId, entry.locale]), [[article.documentId, 'fr']]);
      const authorDe = await t.get(`/api/authors/${author.documentId}?locale=de&populate=articles`);
      assert.equal(authorDe.status, 404, 'the author has no de version');
    });

    it('relations are per locale: setting the fr author leaves the en one alone', async () => {
      const first = await create('authors', { name: 'First' });
      const second = await create('authors', { name: 'Second' });
      await put(`/api/authors/${second.documentId}?locale=fr`, { name: 'Deuxième' });
      const article = await create('articles', { title: unique('Per locale'), author: first.documentId });
      await put(`/api/articles/${article.documentId}?locale=fr`, { title: unique('Par langue'), author: second.documentId });

      assert.equal((await readData(`/api/articles/${article.documentId}?populate=author`)).author.name, 'First');
      assert.equal((await readData(`/api/articles/${article.documentId}?locale=fr&populate=author`)).author.name, 'Deuxième');
    });

    it('a write in fr naming a target without an fr version → 400, nothing written', async () => {
      const author = await create('authors', { name: unique('English only') });
      const article = await create('articles', { title: unique('Attempt') });
      const response = await t.put(`/api/articles/${article.documentId}?locale=fr`, { data: { title: unique('Essai'), author: author.documentId } });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.data, null);
      assert.equal(response.body.error.name, 'ValidationError');
      assert.equal(response.body.error.message, `Document with id "${author.documentId}", locale "fr" not found`);
      assert.equal((await t.get(`/api/articles/${article.documentId}?locale=fr&status=draft`)).status, 404, 'the fr localization was not created');
    });

    it('a non-localized source keeps one list per target locale (category.featured)', async () => {
      const first = await create('articles', { title: 'Featured one' });
      await put(`/api/articles/${first.documentId}?locale=fr`, { title: 'À la une un' });
      const second = await create('articles', { title: 'Featured two' });
      await put(`/api/articles/${second.documentId}?locale=fr`, { title: 'À la une deux' });
      const category = await create('categories', { name: unique('Category'), featured: [first.documentId, second.documentId] });

      const url = `/api/categories/${category.documentId}?populate=featured`;
      assert.deepEqual(names((await readData(url)).featured, 'title'), ['Featured one', 'Featured two']);
      assert.deepEqual((await readData(`${url}&locale=fr`)).featured, [], 'no fr list yet');

      const written = await t.put(`/api/categories/${category.documentId}?locale=fr&populate=featured`, { data: { featured: [second.documentId] } });
      assert.equal(written.status, 200, written.text);
      assert.deepEqual(names(written.body.data.featured, 'title'), ['À la une deux']);
      assert.deepEqual(names((await readData(`${url}&locale=fr`)).featured, 'title'), ['À la une deux']);
      assert.deepEqual(names((await readData(url)).featured, 'title'), ['Featured one', 'Featured two'], 'the en list is untouched');

      // The list follows the request's status too.
      await put(`/api/articles/${first.documentId}?status=draft`, { title: 'Featured one (draft)' });
      assert.deepEqual(names((await readData(`${url}&status=draft`)).featured, 'title'), ['Featured one (draft)', 'Featured two']);
      assert.deepEqual(names((await readData(url)).featured, 'title'), ['Featured one', 'Featured two']);
    });

    it('a draft-only fr version of a target shows in fr draft reads only', async () => {
      const article = await create('articles', { title: unique('Target') });
      await put(`/api/articles/${article.documentId}?locale=fr&status=draft`, { title: 'Brouillon' });
      const category = await create('categories', { name: unique('Category') });
      await put(`/api/categories/${category.documentId}?locale=fr`, { featured: [article.documentId] });
      assert.deepEqual((await readData(`/api/categories/${category.documentId}?locale=fr&populate=featured`)).featured, []);
      assert.deepEqual(names((await readData(`/api/categories/${category.documentId}?locale=fr&status=draft&populate=featured`)).featured, 'title'), ['Brouillon']);
    });
  });
});
