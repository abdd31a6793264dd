import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { create, type Doc } from '../helpers/seed-populate.js';
import { seedComponent, seedLinks } from '../helpers/seed-linked.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The number of statements a populated read runs depends on the populate tree only: one per
 * populated attribute and level (a zone: one per component kind), never one per document.
 */

const ARTICLE = 'api::article.article';
const COUNT = 100;

describe('populate: statements per request', () => {
  let t: TestApp;
  let articles: Doc[];

  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
    const { app } = t;
    const authors = [await create(t, 'authors', { name: 'Ann' }), await create(t, 'authors', { name: 'Bob' })];
    const categories = [await create(t, 'categories', { name: 'News' }), await create(t, 'categories', { name: 'Tech' }), await create(t, 'categories', { name: 'Misc' })];
    const tag = await create(t, 'tags', { label: 'one' });
    articles = [];
    for (let index = 0; index < COUNT; index += 1) {
      const article = await create(t, 'articles', { title: `Article ${index}`, views: index });
      const owner = (field: string, order: number) => ({ uid: ARTICLE, rowId: article.id, field, order });
      await seedLinks(app, ARTICLE, 'author', article.id, [authors[index % 2]!.documentId]);
      await seedLinks(app, ARTICLE, 'categories', article.id, [categories[index % 3]!.documentId, categories[(index + 1) % 3]!.documentId]);
      await seedLinks(app, ARTICLE, 'related', article.id, [(articles.at(-1) ?? article).documentId]);
      const seo = await seedComponent(app, 'shared.seo', owner('seo', 1), { metaTitle: `Seo ${index}` });
      await seedLinks(app, 'shared.seo', 'tags', seo, [tag.documentId]);
      const quote = await seedComponent(app, 'shared.quote', owner('blocks', 1), { body: `Quote ${index}` });
      await seedLinks(app, 'shared.quote', 'by', quote, [authors[(index + 1) % 2]!.documentId]);
      const slider = await seedComponent(app, 'shared.slider', owner('blocks', 2), { title: `Slider ${index}` });
      await seedComponent(app, 'shared.slide', { uid: 'shared.slider', rowId: slider, field: 'slides', order: 1 }, { caption: `Slide ${index}` });
      await seedComponent(app, 'shared.rich-text', owner('blocks', 3), { body: `Text ${index}` });
      articles.push(article);
    }
  });
  after(() => t.close());

  async function measure(query: string): Promise<{ statements: number; data: Record<string, unknown>[] }> {
    const { result, statements } = await t.app.database.counter.measure(() => t.get(`/api/articles?${query}&pagination[withCount]=false`));
    assert.equal(result.status, 200, result.text);
    return { statements, data: result.body.data };
  }

  const one = () => `filters[documentId][$eq]=${articles[0]!.documentId}`;

  it('3 relations, a component and a dynamic zone: as many statements for 100 documents as for 1', async () => {
    const populate = 'populate[0]=author&populate[1]=categories&populate[2]=related&populate[3]=seo&populate[4]=blocks';
    const single = await measure(`${populate}&${one()}`);
    const all = await measure(`${populate}&pagination[pageSize]=${COUNT}`);
    assert.equal(single.data.length, 1);
    assert.equal(all.data.length, COUNT);
    for (const document of all.data) {
      assert.ok(document.author && (document.categories as unknown[]).length === 2 && (document.related as unknown[]).length === 1 && document.seo, JSON.stringify(document));
      assert.deepEqual((document.blocks as { __component: string }[]).map((block) => block.__component), ['shared.quote', 'shared.slider', 'shared.rich-text']);
    }
    // The list, 3 relations, the component, and one per component kind of the zone.
    assert.equal(all.statements, 1 + 3 + 1 + 3);
    assert.equal(all.statements, single.statements);
  });

  it('deeper trees and counts too', async () => {
    const populate = 'populate[seo][populate]=tags&populate[blocks][populate]=*&populate[author][populate][articles][count]=true&populate[categories][populate]=articles';
    const single = await measure(`${populate}&${one()}`);
    const all = await measure(`${populate}&pagination[pageSize]=${COUNT}`);
    assert.equal(all.data.length, COUNT);
    assert.equal(all.statements, single.statements);
    const first = all.data[0] as { author: { articles: unknown }; blocks: { slides?: unknown[]; by?: unknown }[] };
    assert.deepEqual(first.author.articles, { count: COUNT / 2 });
    assert.equal(first.blocks[1]?.slides?.length, 1);
    assert.ok(first.blocks[0]?.by);
  });
});
