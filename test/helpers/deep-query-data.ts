import assert from 'node:assert/strict';
import { createDocumentId } from '../../src/core/documents/document-id.js';
import { rowIdOf, seedComponent, seedLinks } from './seed-linked.js';
import type { TestApp } from './test-app.js';

/**
 * Data for the deep filter and sort tests on the `relations` fixture. Documents are created
 * over HTTP with scalar values only; links and components are written straight into their
 * tables (seed-linked), so these tests do not depend on the relation write path.
 *
 *   profiles   P1 "likes SQL", P2 (no bio)
 *   authors    Ann → P1, Bob → P2, Cid (no profile, no articles)
 *   categories News, Tech (parent News), Misc
 *   tags       alpha (private `secret`)
 *   articles   A1 "Intro to SQL" views 10: author Ann, categories [Tech, News], related [A2], featured Tech,
 *                 next A2, seo { Intro, tags [alpha] }, links [{ L1 → A3 }]
 *              A2 "Deep dive" views 20: author Bob, categories [News], seo { Deep },
 *                 links [{ x → A1 }, { y }]
 *              A3 "Cooking" views 5: author Ann
 *              A4 "Orphan": categories [Misc]
 *   galleries  G1: slides [{ first, link { to → A2 } }, { second }]; G2: slides [{ third }]; G3: none
 */
export interface DeepData {
  /** documentId by name (A1…, Ann…, News…, alpha, G1…). */
  readonly ids: ReadonlyMap<string, string>;
  /** Numeric row id by name. */
  readonly rows: ReadonlyMap<string, number>;
  /** Name by documentId. */
  readonly names: ReadonlyMap<string, string>;
}

const ARTICLE = 'api::article.article';

export async function seedDeepData(t: TestApp): Promise<DeepData> {
  const ids = new Map<string, string>();
  const rows = new Map<string, number>();
  const names = new Map<string, string>();
  const create = async (plural: string, uid: string, name: string, data: Record<string, unknown>): Promise<void> => {
    const response = await t.post(`/api/${plural}`, { data });
    assert.equal(response.status, 201, response.text);
    const documentId: string = response.body.data.documentId;
    ids.set(name, documentId);
    names.set(documentId, name);
    rows.set(name, await rowIdOf(t.app, uid, documentId));
  };
  const id = (name: string): string => ids.get(name) ?? assert.fail(name);
  const row = (name: string): number => rows.get(name) ?? assert.fail(name);

  await create('profiles', 'api::profile.profile', 'P1', { bio: 'likes SQL' });
  await create('profiles', 'api::profile.profile', 'P2', {});
  for (const name of ['Ann', 'Bob', 'Cid']) await create('authors', 'api::author.author', name, { name });
  for (const [name, slug] of [['News', 'news'], ['Tech', 'tech'], ['Misc', 'misc']] as const) await create('categories', 'api::category.category', name, { name, slug });
  await create('tags', 'api::tag.tag', 'alpha', { label: 'alpha', secret: 's' });
  await create('articles', ARTICLE, 'A1', { title: 'Intro to SQL', views: 10 });
  await create('articles', ARTICLE, 'A2', { title: 'Deep dive', views: 20 });
  await create('articles', ARTICLE, 'A3', { title: 'Cooking', views: 5 });
  await create('articles', ARTICLE, 'A4', { title: 'Orphan' });

  const app = t.app;
  await seedLinks(app, 'api::author.author', 'profile', row('Ann'), [id('P1')]);
  await seedLinks(app, 'api::author.author', 'profile', row('Bob'), [id('P2')]);
  await seedLinks(app, 'api::category.category', 'parent', row('Tech'), [id('News')]);
  await seedLinks(app, ARTICLE, 'author', row('A1'), [id('Ann')]);
  await seedLinks(app, ARTICLE, 'author', row('A2'), [id('Bob')]);
  await seedLinks(app, ARTICLE, 'author', row('A3'), [id('Ann')]);
  await seedLinks(app, ARTICLE, 'categories', row('A1'), [id('Tech'), id('News')]);
  await seedLinks(app, ARTICLE, 'categories', row('A2'), [id('News')]);
  await seedLinks(app, ARTICLE, 'categories', row('A4'), [id('Misc')]);
  await seedLinks(app, ARTICLE, 'related', row('A1'), [id('A2')]);
  await seedLinks(app, ARTICLE, 'featured', row('A1'), [id('Tech')]);
  await seedLinks(app, ARTICLE, 'next', row('A1'), [id('A2')]);

  const article = (name: string, field: string, order = 1) => ({ uid: ARTICLE, rowId: row(name), field, order });
  const seo1 = await seedComponent(app, 'shared.seo', article('A1', 'seo'), { metaTitle: 'Intro' });
  await seedLinks(app, 'shared.seo', 'tags', seo1, [id('alpha')]);
  await seedComponent(app, 'shared.seo', article('A2', 'seo'), { metaTitle: 'Deep' });
  const l1 = await seedComponent(app, 'shared.link', article('A1', 'links'), { label: 'L1' });
  await seedLinks(app, 'shared.link', 'target', l1, [id('A3')]);
  const x = await seedComponent(app, 'shared.link', article('A2', 'links', 1), { label: 'x' });
  await seedLinks(app, 'shared.link', 'target', x, [id('A1')]);
  await seedComponent(app, 'shared.link', article('A2', 'links', 2), { label: 'y' });

  // Galleries need slides and sections to pass write validation: their rows are inserted directly.
  for (const name of ['G1', 'G2', 'G3']) {
    const documentId = createDocumentId();
    await app.database.db.insertInto('galleries').values({ document_id: documentId, name }).execute();
    ids.set(name, documentId);
    names.set(documentId, name);
    rows.set(name, await rowIdOf(app, 'api::gallery.gallery', documentId));
  }
  const gallery = (name: string, order: number) => ({ uid: 'api::gallery.gallery', rowId: row(name), field: 'slides', order });
  const first = await seedComponent(app, 'shared.slide', gallery('G1', 1), { caption: 'first' });
  const link = await seedComponent(app, 'shared.link', { uid: 'shared.slide', rowId: first, field: 'link', order: 1 }, { label: 'to' });
  await seedLinks(app, 'shared.link', 'target', link, [id('A2')]);
  await seedComponent(app, 'shared.slide', gallery('G1', 2), { caption: 'second' });
  await seedComponent(app, 'shared.slide', gallery('G2', 1), { caption: 'third' });
  return { ids, rows, names };
}

/**
 * The names of the documents a list request returns, in its order, checking that the total
 * counts each document once (filters through to-many links must not repeat a document).
 */
export async function listedNames(t: TestApp, data: DeepData, url: string): Promise<string[]> {
  const response = await t.get(url);
  assert.equal(response.status, 200, `${url}: ${response.text}`);
  const names = (response.body.data as { documentId: string }[]).map((document) => data.names.get(document.documentId) ?? document.documentId);
  assert.equal(response.body.meta.pagination.total, names.length, `${url}: total counts each document once`);
  return names;
}
