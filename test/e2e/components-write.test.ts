import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { componentRows, countRows, TABLES } from '../helpers/component-rows.js';
import { rowIdOf } from '../helpers/seed-linked.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Component and dynamic-zone values in POST and PUT bodies (test/fixtures/relations):
 * what lands in the component tables, in order, owned by the right rows; updates in place
 * keep ids; items left out are removed with everything they own; a PUT that does not name an
 * attribute leaves it alone.
 */

const ARTICLE = 'api::article.article';

describe('component writes', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
  });
  after(() => t.close());

  async function createArticle(data: Record<string, unknown>): Promise<{ documentId: string; rowId: number }> {
    const response = await t.post('/api/articles', { data: { title: 'A', ...data } });
    assert.equal(response.status, 201, response.text);
    const documentId: string = response.body.data.documentId;
    return { documentId, rowId: await rowIdOf(t.app, ARTICLE, documentId) };
  }

  async function update(documentId: string, data: Record<string, unknown>): Promise<void> {
    const response = await t.put(`/api/articles/${documentId}`, { data });
    assert.equal(response.status, 200, response.text);
  }

  const owned = (rowId: number, field: string, table: string) => componentRows(t.app, table, { type: ARTICLE, id: rowId, field });

  describe('single components', () => {
    it('stores an object as one row owned by the document row', async () => {
      const { rowId } = await createArticle({ seo: { metaTitle: 'Hello', metaDescription: 'World' } });
      const rows = await owned(rowId, 'seo', TABLES.seo);
      assert.equal(rows.length, 1);
      assert.deepEqual(
        { title: rows[0]?.meta_title, description: rows[0]?.meta_description, type: rows[0]?.parent_type, field: rows[0]?.parent_field, ord: rows[0]?.parent_ord },
        { title: 'Hello', description: 'World', type: ARTICLE, field: 'seo', ord: 1 },
      );
    });

    it('updates in place with the id, keeping keys not sent; replaces without it; clears with null', async () => {
      const { documentId, rowId } = await createArticle({ seo: { metaTitle: 'One', metaDescription: 'Kept' } });
      const [first] = await owned(rowId, 'seo', TABLES.seo);
      assert.ok(first);
      await update(documentId, { seo: { id: first.id, metaTitle: 'Two' } });
      const [second] = await owned(rowId, 'seo', TABLES.seo);
      assert.deepEqual([second?.id, second?.meta_title, second?.meta_description], [first.id, 'Two', 'Kept']);

      await update(documentId, { seo: { metaTitle: 'Three' } });
      const replaced = await owned(rowId, 'seo', TABLES.seo);
      assert.equal(replaced.length, 1);
      assert.notEqual(replaced[0]?.id, first.id);
      assert.deepEqual([replaced[0]?.meta_title, replaced[0]?.meta_description], ['Three', null]);
      assert.equal((await componentRows(t.app, TABLES.seo)).some((row) => row.id === first.id), false);

      await update(documentId, { seo: null });
      assert.deepEqual(await owned(rowId, 'seo', TABLES.seo), []);
    });

    it('leaves components alone when a PUT does not name them', async () => {
      const { documentId, rowId } = await createArticle({ seo: { metaTitle: 'Stays' }, links: [{ label: 'a' }] });
      const before = [...(await owned(rowId, 'seo', TABLES.seo)), ...(await owned(rowId, 'links', TABLES.link))];
      await update(documentId, { title: 'Renamed' });
      const after = [...(await owned(rowId, 'seo', TABLES.seo)), ...(await owned(rowId, 'links', TABLES.link))];
      assert.deepEqual(after, before);
    });
  });

  describe('repeatable components', () => {
    it('stores items in order', async () => {
      const { rowId } = await createArticle({ links: [{ label: 'a', url: '/a' }, { label: 'b' }, { label: 'c', url: '/c' }] });
      const rows = await owned(rowId, 'links', TABLES.link);
      assert.deepEqual(
        rows.map((row) => [row.label, row.url, row.parent_ord]),
        [
          ['a', '/a', 1],
          ['b', null, 2],
          ['c', '/c', 3],
        ],
      );
    });

    it('reorders, updates in place, adds and removes in one PUT; ids of kept items stay', async () => {
      const { documentId, rowId } = await createArticle({ links: [{ label: 'a' }, { label: 'b' }, { label: 'c' }] });
      const [a, b, c] = await owned(rowId, 'links', TABLES.link);
      assert.ok(a && b && c);
      await update(documentId, { links: [{ id: c.id }, { label: 'new' }, { id: String(a.id), url: '/a' }] });
      const rows = await owned(rowId, 'links', TABLES.link);
      assert.deepEqual(
        rows.map((row) => [row.label, row.url, row.parent_ord]),
        [
          ['c', null, 1],
          ['new', null, 2],
          ['a', '/a', 3],
        ],
      );
      assert.equal(rows[0]?.id, c.id);
      assert.equal(rows[2]?.id, a.id);
      assert.equal((await componentRows(t.app, TABLES.link)).some((row) => row.id === b.id), false);

      await update(documentId, { links: [] });
      assert.deepEqual(await owned(rowId, 'links', TABLES.link), []);
    });

    it('keeps other documents’ items untouched', async () => {
      const one = await createArticle({ links: [{ label: 'one' }] });
      const two = await createArticle({ links: [{ label: 'two' }] });
      await update(one.documentId, { links: [{ label: 'one-b' }] });
      assert.deepEqual((await owned(two.rowId, 'links', TABLES.link)).map((row) => row.label), ['two']);
    });
  });

  describe('dynamic zones and nesting', () => {
    const SLIDER = {
      __component: 'shared.slider',
      title: 'Slider',
      slides: [
        { caption: 'first', link: { label: 'first link', url: '/1' } },
        { caption: 'second', link: { label: 'second link' } },
      ],
    };

    it('stores mixed kinds in order, each in its own table, and nests three levels deep', async () => {
      const { rowId } = await createArticle({
        blocks: [{ __component: 'shared.rich-text', body: 'intro' }, SLIDER, { __component: 'shared.quote', body: 'quoted' }, { __component: 'shared.rich-text', body: 'outro' }],
      });
      assert.deepEqual(
        (await owned(rowId, 'blocks', TABLES.richText)).map((row) => [row.body, row.parent_ord]),
        [
          ['intro', 1],
          ['outro', 4],
        ],
      );
      assert.deepEqual(
        (await owned(rowId, 'blocks', TABLES.quote)).map((row) => [row.body, row.parent_ord]),
        [['quoted', 3]],
      );
      const [slider] = await owned(rowId, 'blocks', TABLES.slider);
      assert.deepEqual([slider?.title, slider?.parent_ord], ['Slider', 2]);
      assert.ok(slider);
      const slides = await componentRows(t.app, TABLES.slide, { type: 'shared.slider', id: slider.id, field: 'slides' });
      assert.deepEqual(
        slides.map((row) => [row.caption, row.parent_ord]),
        [
          ['first', 1],
          ['second', 2],
        ],
      );
      const links = await Promise.all(slides.map((slide) => componentRows(t.app, TABLES.link, { type: 'shared.slide', id: slide.id, field: 'link' })));
      assert.deepEqual(
        links.map((rows) => rows.map((row) => [row.label, row.url, row.parent_ord])),
        [[['first link', '/1', 1]], [['second link', null, 1]]],
      );
    });

    it('updates nested items in place and removes omitted ones with everything below them', async () => {
      const { documentId, rowId } = await createArticle({ blocks: [SLIDER, { __component: 'shared.quote', body: 'q' }] });
      const [slider] = await owned(rowId, 'blocks', TABLES.slider);
      const [quote] = await owned(rowId, 'blocks', TABLES.quote);
      assert.ok(slider && quote);
      const slides = await componentRows(t.app, TABLES.slide, { type: 'shared.slider', id: slider.id });
      const [first, second] = slides;
      assert.ok(first && second);
      const [firstLink] = await componentRows(t.app, TABLES.link, { type: 'shared.slide', id: first.id });
      const [secondLink] = await componentRows(t.app, TABLES.link, { type: 'shared.slide', id: second.id });
      assert.ok(firstLink && secondLink);

      // Keep the slider and its first slide (renaming the link in place); drop the second slide and the quote.
      await update(documentId, {
        blocks: [{ __component: 'shared.slider', id: slider.id, slides: [{ id: first.id, link: { id: firstLink.id, label: 'renamed' } }] }],
      });
      const slidesAfter = await componentRows(t.app, TABLES.slide, { type: 'shared.slider', id: slider.id });
      assert.deepEqual(
        slidesAfter.map((row) => [row.id, row.caption]),
        [[first.id, 'first']],
      );
      const linkAfter = await componentRows(t.app, TABLES.link, { type: 'shared.slide', id: first.id });
      assert.deepEqual(
        linkAfter.map((row) => [row.id, row.label, row.url]),
        [[firstLink.id, 'renamed', '/1']],
      );
      assert.deepEqual(await owned(rowId, 'blocks', TABLES.quote), []);
      const allIds = async (table: string) => (await componentRows(t.app, table)).map((row) => row.id);
      assert.equal((await allIds(TABLES.slide)).includes(second.id), false);
      assert.equal((await allIds(TABLES.link)).includes(secondLink.id), false);
      assert.equal((await allIds(TABLES.quote)).includes(quote.id), false);
      assert.deepEqual((await owned(rowId, 'blocks', TABLES.slider)).map((row) => [row.id, row.title]), [[slider.id, 'Slider']]);

      // Clearing the zone removes the slider, its slide and its link.
      await update(documentId, { blocks: [] });
      assert.equal((await allIds(TABLES.slider)).includes(slider.id), false);
      assert.equal((await allIds(TABLES.slide)).includes(first.id), false);
      assert.equal((await allIds(TABLES.link)).includes(firstLink.id), false);
    });

    it('writes a single type’s required component through PUT', async () => {
      const created = await t.put('/api/homepage', { data: { title: 'Home', hero: { heading: 'Welcome' } } });
      assert.equal(created.status, 200, created.text);
      const [hero] = await componentRows(t.app, TABLES.hero, { type: 'api::homepage.homepage', id: await rowIdOf(t.app, 'api::homepage.homepage', created.body.data.documentId) });
      assert.ok(hero);
      assert.equal(hero.heading, 'Welcome');
      const updated = await t.put('/api/homepage', { data: { hero: { id: hero.id, subheading: 'Sub' } } });
      assert.equal(updated.status, 200, updated.text);
      const [after] = await componentRows(t.app, TABLES.hero, { type: 'api::homepage.homepage', id: hero.parent_id });
      assert.deepEqual([after?.id, after?.heading, after?.subheading], [hero.id, 'Welcome', 'Sub']);
    });
  });

  describe('statement counts', () => {
    const zone = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        index % 3 === 0 ? { __component: 'shared.slider', slides: [{ caption: 's', link: { label: 'l' } }] } : { __component: index % 3 === 1 ? 'shared.quote' : 'shared.rich-text', body: `b${index}` },
      );
    const measure = (fn: () => Promise<unknown>) => t.app.database.counter.measure(fn).then(({ statements }) => statements);

    it('creating, clearing and deleting take as many statements for 6 items as for 60', async () => {
      const costs = [];
      for (const count of [6, 60]) {
        let documentId = '';
        const create = await measure(async () => {
          documentId = (await createArticle({ blocks: zone(count) })).documentId;
        });
        const clear = await measure(() => update(documentId, { blocks: [] }));
        await update(documentId, { blocks: zone(count) });
        const remove = await measure(() => t.del(`/api/articles/${documentId}`));
        costs.push({ create, clear, remove });
      }
      assert.deepEqual(costs[1], costs[0]);
    });
  });

  describe('delete', () => {
    it('removes every component row the document owned, at every depth, and nothing else', async () => {
      const keep = await createArticle({ seo: { metaTitle: 'keep' }, links: [{ label: 'keep' }], blocks: [{ __component: 'shared.quote', body: 'keep' }] });
      const countsBefore = await countRows(t.app);
      const doomed = await createArticle({
        seo: { metaTitle: 'gone' },
        links: [{ label: 'x' }, { label: 'y' }],
        blocks: [
          { __component: 'shared.slider', slides: [{ caption: 's1', link: { label: 'l1' } }, { caption: 's2', link: { label: 'l2' } }] },
          { __component: 'shared.rich-text', body: 'r' },
          { __component: 'shared.quote', body: 'q' },
        ],
      });
      assert.notDeepEqual(await countRows(t.app), countsBefore);
      const response = await t.del(`/api/articles/${doomed.documentId}`);
      assert.equal(response.status, 204, response.text);
      assert.deepEqual(await countRows(t.app), countsBefore);
      assert.equal((await owned(keep.rowId, 'links', TABLES.link)).length, 1);
      assert.equal((await owned(keep.rowId, 'seo', TABLES.seo)).length, 1);
      assert.equal((await owned(keep.rowId, 'blocks', TABLES.quote)).length, 1);
    });
  });
});
