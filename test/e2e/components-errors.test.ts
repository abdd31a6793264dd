// @databases: sqlite — component payloads refused by validation, before any query
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { componentRows, countRows, TABLES } from '../helpers/component-rows.js';
import { rowIdOf } from '../helpers/seed-linked.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Component and dynamic-zone values that must be refused: every one is a 400 in the error
 * envelope, with field errors at their full paths, and leaves every table as it was.
 */

const ARTICLE = 'api::article.article';

interface FieldErrorShape {
  readonly path: readonly string[];
  readonly message: string;
}

describe('component write errors', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
  });
  after(() => t.close());

  const articleCount = async () => Number((await t.app.database.db.selectFrom('articles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Runs a request that must fail with a 400 and change nothing; returns its response. */
  async function refused(request: () => Promise<TestResponse>): Promise<TestResponse> {
    const before = { components: await countRows(t.app), articles: await articleCount() };
    const response = await request();
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.error.name, 'ValidationError');
    assert.deepEqual({ components: await countRows(t.app), articles: await articleCount() }, before);
    return response;
  }

  const fieldErrors = (response: TestResponse): FieldErrorShape[] => (response.body.error.details.errors as FieldErrorShape[]).map(({ path, message }) => ({ path, message }));
  const postArticle = (data: Record<string, unknown>) => refused(() => t.post('/api/articles', { data: { title: 'T', ...data } }));

  async function createArticle(data: Record<string, unknown>): Promise<{ documentId: string; rowId: number }> {
    const response = await t.post('/api/articles', { data: { title: 'A', ...data } });
    assert.equal(response.status, 201, response.text);
    return { documentId: response.body.data.documentId, rowId: await rowIdOf(t.app, ARTICLE, response.body.data.documentId) };
  }

  describe('rules of the values', () => {
    it('required component: absent on create, or null', async () => {
      const absent = await refused(() => t.put('/api/homepage', { data: { title: 'Home' } }));
      assert.deepEqual(fieldErrors(absent), [{ path: ['hero'], message: 'hero must be defined.' }]);
      const cleared = await refused(() => t.put('/api/homepage', { data: { hero: null } }));
      assert.deepEqual(fieldErrors(cleared), [{ path: ['hero'], message: 'hero must be defined.' }]);
    });

    it('item attributes are checked with their full paths, all errors at once', async () => {
      const response = await postArticle({
        seo: { metaDescription: 'no title' },
        links: [{ label: 'ok' }, { url: '/no-label' }],
        blocks: [{ __component: 'shared.rich-text', body: 'fine' }, { __component: 'shared.quote' }, { __component: 'shared.slider', slides: [{ link: { url: '/x' } }] }],
      });
      assert.equal(response.body.error.message, '4 errors occurred');
      assert.deepEqual(fieldErrors(response), [
        { path: ['seo', 'metaTitle'], message: 'metaTitle must be defined.' },
        { path: ['links', '1', 'label'], message: 'label must be defined.' },
        { path: ['blocks', '1', 'body'], message: 'body must be defined.' },
        { path: ['blocks', '2', 'slides', '0', 'link', 'label'], message: 'label must be defined.' },
      ]);
    });

    it('scalar rules inside items (maxLength)', async () => {
      const response = await postArticle({ seo: { metaTitle: 'x'.repeat(61) } });
      assert.deepEqual(fieldErrors(response), [{ path: ['seo', 'metaTitle'], message: 'metaTitle must be at most 60 characters' }]);
    });

    it('min and max on repeatable components and zones', async () => {
      const tooMany = await postArticle({ links: Array.from({ length: 6 }, (_, index) => ({ label: `l${index}` })) });
      assert.deepEqual(fieldErrors(tooMany), [{ path: ['links'], message: 'links field must have less than or equal to 5 items' }]);
      const nestedTooMany = await postArticle({ blocks: [{ __component: 'shared.slider', slides: Array.from({ length: 11 }, () => ({ caption: 'c' })) }] });
      assert.deepEqual(fieldErrors(nestedTooMany), [{ path: ['blocks', '0', 'slides'], message: 'slides field must have less than or equal to 10 items' }]);
      const gallery = (data: Record<string, unknown>) => refused(() => t.post('/api/galleries', { data: { sections: [{ __component: 'shared.quote', body: 'q' }], ...data } }));
      const tooFew = await gallery({ slides: [{ caption: 'one' }] });
      assert.deepEqual(fieldErrors(tooFew), [{ path: ['slides'], message: 'slides field must have at least 2 items' }]);
      const zoneTooMany = await gallery({ sections: [1, 2, 3].map((body) => ({ __component: 'shared.rich-text', body: String(body) })) });
      assert.deepEqual(fieldErrors(zoneTooMany), [{ path: ['sections'], message: 'sections field must have less than or equal to 2 items' }]);
      const zoneEmpty = await gallery({ sections: [] });
      assert.deepEqual(fieldErrors(zoneEmpty), [{ path: ['sections'], message: 'sections field must have at least 1 items' }]);
      const zoneAbsent = await refused(() => t.post('/api/galleries', { data: { name: 'g' } }));
      assert.deepEqual(fieldErrors(zoneAbsent), [{ path: ['sections'], message: 'sections must be defined.' }]);
    });

    it('min applies to a list that is not required only when it is not empty (as in the reference)', async () => {
      const response = await t.post('/api/galleries', { data: { slides: [], sections: [{ __component: 'shared.quote', body: 'q' }] } });
      assert.equal(response.status, 201, response.text);
      const created = await t.post('/api/articles', { data: { title: 'T', blocks: [{ __component: 'shared.slider', slides: [] }] } });
      assert.equal(created.status, 201, created.text);
    });

    it('dynamic-zone items need a __component from the allow-list', async () => {
      const response = await postArticle({ blocks: [{ __component: 'shared.seo', metaTitle: 'x' }, { body: 'untagged' }, { __component: 42 }] });
      const allowed = '__component must be one of the following values: shared.quote, shared.slider, shared.rich-text';
      assert.deepEqual(fieldErrors(response), [
        { path: ['blocks', '0', '__component'], message: allowed },
        { path: ['blocks', '1', '__component'], message: '__component must be defined.' },
        { path: ['blocks', '2', '__component'], message: allowed },
      ]);
    });
  });

  describe('malformed values', () => {
    it('a single component must be an object', async () => {
      for (const seo of ['text', 3, [{ metaTitle: 'x' }], true]) {
        const response = await postArticle({ seo });
        assert.deepEqual(fieldErrors(response).map((error) => error.path), [['seo']]);
        assert.match(response.body.error.message, /^seo must be a `object` type/);
      }
    });

    it('a repeatable component or zone must be an array of objects', async () => {
      const notArray = await postArticle({ links: { label: 'x' } });
      assert.match(notArray.body.error.message, /^links must be a `array` type/);
      const notObjects = await postArticle({ links: ['x', null, [{ label: 'y' }]], blocks: [7] });
      assert.deepEqual(
        fieldErrors(notObjects).map((error) => error.path),
        [['links', '0'], ['links', '1'], ['links', '2'], ['blocks', '0']],
      );
      assert.match(fieldErrors(notObjects)[0]?.message ?? '', /^links\[0\] must be a `object` type/);
    });

    it('unknown keys inside an item, and __component outside a zone', async () => {
      const unknown = await postArticle({ links: [{ label: 'a' }, { label: 'b', foo: 1 }] });
      assert.deepEqual(unknown.body.error, {
        status: 400,
        name: 'ValidationError',
        message: 'Invalid key foo at links.1.foo',
        details: { key: 'foo', path: 'links.1.foo', source: 'body' },
      });
      const tagged = await postArticle({ seo: { __component: 'shared.seo', metaTitle: 'x' } });
      assert.equal(tagged.body.error.message, 'Invalid key __component at seo.__component');
      const nested = await postArticle({ blocks: [{ __component: 'shared.slider', slides: [{ caption: 'c', documentId: 'x' }] }] });
      assert.equal(nested.body.error.message, 'Invalid key documentId at blocks.0.slides.0.documentId');
    });

    it('bad ids: not a positive integer, listed twice, or sent on create', async () => {
      const notNumber = await postArticle({ links: [{ id: 'abc', label: 'x' }, { id: -1, label: 'y' }, { id: 1.5, label: 'z' }] });
      assert.deepEqual(
        fieldErrors(notNumber).map((error) => error.path),
        [
          ['links', '0', 'id'],
          ['links', '1', 'id'],
          ['links', '2', 'id'],
        ],
      );
      const onCreate = await postArticle({ links: [{ id: 1, label: 'x' }] });
      assert.deepEqual(fieldErrors(onCreate), [{ path: ['links', '0', 'id'], message: 'Some of the provided components in links are not related to the entity (id 1)' }]);
      const { documentId, rowId } = await createArticle({ links: [{ label: 'a' }] });
      const [link] = await componentRows(t.app, TABLES.link, { type: ARTICLE, id: rowId });
      assert.ok(link);
      const twice = await refused(() => t.put(`/api/articles/${documentId}`, { data: { links: [{ id: link.id }, { id: link.id }] } }));
      assert.deepEqual(fieldErrors(twice), [{ path: ['links', '1', 'id'], message: `id ${link.id} is listed more than once` }]);
    });

    it('bounded sizes: more than 1000 items is refused before any item is checked', async () => {
      const blocks = Array.from({ length: 1001 }, () => ({ __component: 'shared.rich-text', body: 'x' }));
      const response = await postArticle({ blocks });
      assert.deepEqual(fieldErrors(response), [{ path: ['blocks'], message: 'blocks field must have less than or equal to 1000 items (the most one request may send)' }]);
      assert.equal(response.body.error.details.errors[0].value, null);
    });

    it('a deeply nested non-object value is a 400, not a crash', async () => {
      const deep = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
      const rawBody = `{"data":{"title":"T","seo":${deep},"links":${deep}}}`;
      const response = await refused(() => t.request('POST', '/api/articles', { rawBody, headers: { 'content-type': 'application/json' } }));
      assert.deepEqual(fieldErrors(response).map((error) => error.path), [['seo'], ['links', '0']]);
    });
  });

  describe('ids that are not items of this row and attribute', () => {
    it('another document’s item, another attribute’s item, another kind’s item: 400 naming the id, nothing changed', async () => {
      const mine = await createArticle({
        seo: { metaTitle: 'mine' },
        links: [{ label: 'mine' }],
        blocks: [{ __component: 'shared.rich-text', body: 'r' }, { __component: 'shared.slider', slides: [{ caption: 's', link: { label: 'deep' } }] }],
      });
      const other = await createArticle({ links: [{ label: 'theirs' }] });
      const [theirs] = await componentRows(t.app, TABLES.link, { type: ARTICLE, id: other.rowId });
      const [richText] = await componentRows(t.app, TABLES.richText, { type: ARTICLE, id: mine.rowId });
      const [slider] = await componentRows(t.app, TABLES.slider, { type: ARTICLE, id: mine.rowId });
      assert.ok(theirs && richText && slider);
      const [slide] = await componentRows(t.app, TABLES.slide, { type: 'shared.slider', id: slider.id });
      assert.ok(slide);
      const [deepLink] = await componentRows(t.app, TABLES.link, { type: 'shared.slide', id: slide.id });
      assert.ok(deepLink);
      const put = (data: Record<string, unknown>) => refused(() => t.put(`/api/articles/${mine.documentId}`, { data }));
      const snapshot = async () => Promise.all(Object.values(TABLES).map((table) => componentRows(t.app, table)));
      const before = await snapshot();

      const foreign = await put({ links: [{ id: theirs.id, label: 'stolen' }] });
      assert.deepEqual(fieldErrors(foreign), [{ path: ['links', '0', 'id'], message: `Some of the provided components in links are not related to the entity (id ${theirs.id})` }]);
      // The nested link is a shared.link row too, but owned by a slide, not by this article's `links`.
      const otherAttribute = await put({ links: [{ id: deepLink.id }] });
      assert.deepEqual(fieldErrors(otherAttribute), [{ path: ['links', '0', 'id'], message: `Some of the provided components in links are not related to the entity (id ${deepLink.id})` }]);
      const otherKind = await put({ blocks: [{ __component: 'shared.quote', id: richText.id }] });
      assert.deepEqual(fieldErrors(otherKind), [{ path: ['blocks', '0', 'id'], message: `Some of the provided components in blocks are not related to the entity (id ${richText.id})` }]);
      // A foreign id deep down fails the whole write, including what came before it.
      const deep = await put({
        title: 'changed',
        links: [{ label: 'added' }],
        blocks: [{ __component: 'shared.slider', id: slider.id, slides: [{ id: slide.id, link: { id: theirs.id, label: 'x' } }] }],
      });
      assert.deepEqual(fieldErrors(deep), [{ path: ['blocks', '0', 'slides', '0', 'link', 'id'], message: `Some of the provided components in link are not related to the entity (id ${theirs.id})` }]);
      assert.deepEqual(await snapshot(), before);
      const title = await t.app.database.db.selectFrom('articles').select('title').where('document_id', '=', mine.documentId).executeTakeFirstOrThrow();
      assert.equal(title.title, 'A');
    });
  });
});
