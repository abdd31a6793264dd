import assert from 'node:assert/strict';
import { rowIdOf, seedComponent, seedLinks } from './seed-linked.js';
import type { TestApp } from './test-app.js';

/**
 * The data the populate tests read, in the relations fixture. Documents are created over
 * HTTP with their scalar fields only; links and component rows are written straight into
 * their tables (seed-linked), so these tests do not depend on the relation write path.
 *
 *   A1 "First"  author ann, categories [tech, news], related [A3, A2], featured news, next A2,
 *               seo { S1, tags [two, one] }, links [L1 → A2, L2],
 *               blocks [quote(by bob), slider(slides [c1 (link → A3), c2]), rich-text]
 *   A2 "Second" author ann, categories [news]        (A2.previous = A1)
 *   A3 "Third"  author bob
 *   ann: profile p1; bob: none. tech.parent = news. misc: nothing.
 */

export type Doc = Record<string, unknown> & { id: number; documentId: string };

export interface PopulateData {
  readonly articles: { readonly a1: Doc; readonly a2: Doc; readonly a3: Doc };
  readonly authors: { readonly ann: Doc; readonly bob: Doc };
  readonly profiles: { readonly p1: Doc };
  readonly categories: { readonly news: Doc; readonly tech: Doc; readonly misc: Doc };
  readonly tags: { readonly one: Doc; readonly two: Doc };
  /** Component row ids. */
  readonly components: Readonly<Record<'seo' | 'l1' | 'l2' | 'quote' | 'slider' | 'c1' | 'c2' | 'c1link' | 'rich', number>>;
}

export async function create(t: TestApp, plural: string, data: Record<string, unknown>): Promise<Doc> {
  const response = await t.post(`/api/${plural}`, { data });
  assert.equal(response.status, 201, response.text);
  return response.body.data as Doc;
}

const ARTICLE = 'api::article.article';

export async function seedPopulateData(t: TestApp): Promise<PopulateData> {
  const { app } = t;
  const ann = await create(t, 'authors', { name: 'Ann' });
  const bob = await create(t, 'authors', { name: 'Bob' });
  const p1 = await create(t, 'profiles', { bio: 'Ann bio' });
  const news = await create(t, 'categories', { name: 'News' });
  const tech = await create(t, 'categories', { name: 'Tech' });
  const misc = await create(t, 'categories', { name: 'Misc' });
  const one = await create(t, 'tags', { label: 'one', secret: 's1' });
  const two = await create(t, 'tags', { label: 'two', secret: 's2' });
  const a1 = await create(t, 'articles', { title: 'First', views: 10 });
  const a2 = await create(t, 'articles', { title: 'Second', views: 20 });
  const a3 = await create(t, 'articles', { title: 'Third', views: 5 });

  await seedLinks(app, 'api::author.author', 'profile', ann.id, [p1.documentId]);
  await seedLinks(app, 'api::category.category', 'parent', tech.id, [news.documentId]);
  await seedLinks(app, ARTICLE, 'author', a1.id, [ann.documentId]);
  await seedLinks(app, ARTICLE, 'author', a2.id, [ann.documentId]);
  await seedLinks(app, ARTICLE, 'author', a3.id, [bob.documentId]);
  await seedLinks(app, ARTICLE, 'categories', a1.id, [tech.documentId, news.documentId]);
  await seedLinks(app, ARTICLE, 'categories', a2.id, [news.documentId]);
  await seedLinks(app, ARTICLE, 'related', a1.id, [a3.documentId, a2.documentId]);
  await seedLinks(app, ARTICLE, 'featured', a1.id, [news.documentId]);
  await seedLinks(app, ARTICLE, 'next', a1.id, [a2.documentId]);

  const owner = (field: string, order: number) => ({ uid: ARTICLE, rowId: a1.id, field, order });
  const seo = await seedComponent(app, 'shared.seo', owner('seo', 1), { metaTitle: 'S1', metaDescription: 'About the first' });
  await seedLinks(app, 'shared.seo', 'tags', seo, [two.documentId, one.documentId]);
  const l1 = await seedComponent(app, 'shared.link', owner('links', 1), { label: 'L1', url: '/second' });
  await seedLinks(app, 'shared.link', 'target', l1, [a2.documentId]);
  const l2 = await seedComponent(app, 'shared.link', owner('links', 2), { label: 'L2', url: null });
  const quote = await seedComponent(app, 'shared.quote', owner('blocks', 1), { body: 'Q' });
  await seedLinks(app, 'shared.quote', 'by', quote, [bob.documentId]);
  const slider = await seedComponent(app, 'shared.slider', owner('blocks', 2), { title: 'Sl' });
  const c1 = await seedComponent(app, 'shared.slide', { uid: 'shared.slider', rowId: slider, field: 'slides', order: 1 }, { caption: 'c1' });
  const c2 = await seedComponent(app, 'shared.slide', { uid: 'shared.slider', rowId: slider, field: 'slides', order: 2 }, { caption: 'c2' });
  const c1link = await seedComponent(app, 'shared.link', { uid: 'shared.slide', rowId: c1, field: 'link', order: 1 }, { label: 'to A3', url: '/third' });
  await seedLinks(app, 'shared.link', 'target', c1link, [a3.documentId]);
  const rich = await seedComponent(app, 'shared.rich-text', owner('blocks', 3), { body: 'R' });

  assert.equal(await rowIdOf(app, ARTICLE, a1.documentId), a1.id);
  return {
    articles: { a1, a2, a3 },
    authors: { ann, bob },
    profiles: { p1 },
    categories: { news, tech, misc },
    tags: { one, two },
    components: { seo, l1, l2, quote, slider, c1, c2, c1link, rich },
  };
}
