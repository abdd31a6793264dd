import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LINK_COLUMNS } from '../../src/core/schema/relation-link.js';
import { expectContiguousOrders, expectReads, RelationModel } from '../helpers/relation-model.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Deleting a document removes the links it owns and every link to it (from content-types
 * and from components), and the lists that lose an item stay ordered 1..n.
 */
describe('relation links on delete', () => {
  let t: TestApp;
  let model: RelationModel;

  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
    model = new RelationModel(t.app);
  });
  after(() => t.close());

  async function create(plural: string, data: Record<string, unknown>): Promise<string> {
    const response = await t.post(`/api/${plural}`, { data });
    assert.equal(response.status, 201, response.text);
    return response.body.data.documentId;
  }

  /** Writes `uid.attribute` of a document and records it in the model. */
  async function link(plural: string, uid: string, documentId: string, attribute: string, list: string[]): Promise<void> {
    const response = await t.put(`/api/${plural}/${documentId}`, { data: { [attribute]: list } });
    assert.equal(response.status, 200, response.text);
    model.set(uid, attribute, documentId, list);
  }

  async function remove(plural: string, documentId: string): Promise<void> {
    const response = await t.del(`/api/${plural}/${documentId}`);
    assert.equal(response.status, 204, response.text);
    model.delete(documentId);
  }

  /** No link table row refers to the document or to one of the row ids. */
  async function noLinksTo(documentId: string): Promise<void> {
    for (const { table } of t.app.registry.links) {
      const rows = await t.app.database.db.selectFrom(table).select('id').where(LINK_COLUMNS.target, '=', documentId).execute();
      assert.deepEqual(rows, [], `${table} still links to ${documentId}`);
    }
  }

  it('an article in the middle of every kind of list', async () => {
    const ART = 'api::article.article';
    const authorA = await create('authors', { name: 'A' });
    const cats = [await create('categories', { name: 'k1' }), await create('categories', { name: 'k2' })];
    const articles: string[] = [];
    for (const title of ['a1', 'a2', 'a3', 'a4']) articles.push(await create('articles', { title }));
    const [a1, a2, a3, a4] = articles as [string, string, string, string];
    for (const article of articles) {
      await link('articles', ART, article, 'author', [authorA]);
      await link('articles', ART, article, 'categories', [...cats]);
    }
    await link('articles', ART, a1, 'related', [a3, a2, a4]);
    await link('articles', ART, a4, 'related', [a2, a1]);
    await link('articles', ART, a2, 'related', [a2, a3, a1]);
    await link('articles', ART, a1, 'next', [a2]);
    await link('articles', ART, a2, 'next', [a3]);
    // a2 is also the target of a component's relation and of a single type.
    const holder = await create('articles', { title: 'holder', links: [{ label: 'to a2', target: a2 }, { label: 'to a3', target: a3 }] });
    const home = await t.put('/api/homepage', { data: { featured: a2, hero: { heading: 'h' } } });
    assert.equal(home.status, 200, home.text);
    const a2Row = (await t.get(`/api/articles/${a2}`)).body.data.id;

    await remove('articles', a2);

    await noLinksTo(a2);
    for (const { table, owner } of t.app.registry.links) {
      if (owner.uid !== ART) continue;
      const owned = await t.app.database.db.selectFrom(table).select('id').where(LINK_COLUMNS.entity, '=', a2Row).execute();
      assert.deepEqual(owned, [], `${table} still holds links of the deleted row`);
    }
    await expectReads(t, model, 'articles', ART, ['author', 'categories', 'related', 'next', 'previous'], [a1, a3, a4]);
    await expectReads(t, model, 'authors', 'api::author.author', ['articles'], [authorA]);
    await expectReads(t, model, 'categories', 'api::category.category', ['articles'], cats);
    await expectContiguousOrders(t.app);
    assert.deepEqual(model.read(ART, 'related', a1), [a3, a4]);

    const links = await t.get(`/api/articles/${holder}?populate[links][populate]=target`);
    assert.deepEqual(
      links.body.data.links.map((item: { label: string; target: { documentId: string } | null }) => [item.label, item.target?.documentId ?? null]),
      [
        ['to a2', null],
        ['to a3', a3],
      ],
    );
    const homepage = await t.get('/api/homepage?populate=featured');
    assert.equal(homepage.body.data.featured, null);

    // Deleting the holder removes its component rows' links too.
    await remove('articles', holder);
    const componentLinks = t.app.registry.links.find((candidate) => candidate.owner.uid === 'shared.link');
    assert.ok(componentLinks);
    assert.deepEqual(await t.app.database.db.selectFrom(componentLinks.table).selectAll().execute(), []);
  });

  it('a category with children, parent and articles; an author with articles; a profile', async () => {
    const CAT = 'api::category.category';
    const root = await create('categories', { name: 'root' });
    const middle = await create('categories', { name: 'middle', parent: root });
    model.set(CAT, 'parent', middle, [root]);
    const leaves = [await create('categories', { name: 'l1' }), await create('categories', { name: 'l2' }), await create('categories', { name: 'l3' })];
    await link('categories', CAT, middle, 'children', leaves);
    const other = await create('categories', { name: 'other' });
    await link('categories', CAT, root, 'children', [other, middle]);
    const article = await create('articles', { title: 'x' });
    await link('articles', 'api::article.article', article, 'categories', [leaves[0]!, middle, other]);

    await remove('categories', middle);
    await noLinksTo(middle);
    await expectReads(t, model, 'categories', CAT, ['parent', 'children', 'articles'], [root, other, ...leaves]);
    await expectReads(t, model, 'articles', 'api::article.article', ['categories'], [article]);
    await expectContiguousOrders(t.app);

    const author = await create('authors', { name: 'writer' });
    const profile = await create('profiles', { bio: 'me' });
    await link('authors', 'api::author.author', author, 'profile', [profile]);
    await link('authors', 'api::author.author', author, 'articles', [article]);
    await remove('authors', author);
    await noLinksTo(author);
    await expectReads(t, model, 'profiles', 'api::profile.profile', ['owner'], [profile]);
    await expectReads(t, model, 'articles', 'api::article.article', ['author'], [article]);
    await remove('profiles', profile);
    await expectContiguousOrders(t.app);
  });
});
