import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { componentRows, TABLES } from '../helpers/component-rows.js';
import { rowIdOf } from '../helpers/seed-linked.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Relations inside components (shared.link.target, shared.seo.tags, shared.quote.by): written
 * with their item, owned by the component row, and removed with it — when the item is left out
 * of a PUT, when an ancestor item is, and when the document is deleted.
 */

const ARTICLE = 'api::article.article';

describe('relations inside components', () => {
  let t: TestApp;
  let tags: string[];
  let author: string;
  let targets: string[];
  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
    const create = async (path: string, data: Record<string, unknown>): Promise<string> => {
      const response = await t.post(path, { data });
      assert.equal(response.status, 201, response.text);
      return response.body.data.documentId;
    };
    tags = [await create('/api/tags', { label: 'one' }), await create('/api/tags', { label: 'two' })];
    author = await create('/api/authors', { name: 'Ann' });
    targets = [await create('/api/articles', { title: 'target 1' }), await create('/api/articles', { title: 'target 2' })];
  });
  after(() => t.close());

  /** The link table of a component's relation attribute. */
  function linkTable(componentUid: string, attributeName: string): string {
    const attribute = t.app.registry.component(componentUid)?.attributes.get(attributeName);
    assert.ok(attribute && attribute.kind === 'relation');
    return t.app.registry.relation(attribute).link.table;
  }

  /** entity_id → target documentIds in order, for the given component rows. */
  async function linksOf(table: string, entityIds: readonly number[]): Promise<Map<number, string[]>> {
    const links = new Map<number, string[]>();
    if (entityIds.length === 0) return links;
    const rows = await t.app.database.db.selectFrom(table).selectAll().where('entity_id', 'in', [...entityIds]).orderBy('entity_id').orderBy('target_ord').orderBy('id').execute();
    for (const row of rows) links.set(Number(row.entity_id), [...(links.get(Number(row.entity_id)) ?? []), String(row.target_document_id)]);
    return links;
  }

  const allEntityIds = async (table: string) => new Set((await t.app.database.db.selectFrom(table).select('entity_id').execute()).map((row) => Number(row.entity_id)));

  async function createArticle(data: Record<string, unknown>): Promise<{ documentId: string; rowId: number }> {
    const response = await t.post('/api/articles', { data: { title: 'A', ...data } });
    assert.equal(response.status, 201, response.text);
    return { documentId: response.body.data.documentId, rowId: await rowIdOf(t.app, ARTICLE, response.body.data.documentId) };
  }

  it('writes relations of items at every depth, owned by the component rows', async () => {
    const { rowId } = await createArticle({
      seo: { metaTitle: 'm', tags: [tags[1], tags[0]] },
      links: [{ label: 'a', target: targets[0] }, { label: 'b' }],
      blocks: [{ __component: 'shared.quote', body: 'q', by: author }, { __component: 'shared.slider', slides: [{ caption: 's', link: { label: 'deep', target: targets[1] } }] }],
    });
    const [seo] = await componentRows(t.app, TABLES.seo, { type: ARTICLE, id: rowId });
    assert.ok(seo);
    assert.deepEqual([...(await linksOf(linkTable('shared.seo', 'tags'), [seo.id]))], [[seo.id, [tags[1], tags[0]]]]);
    const links = await componentRows(t.app, TABLES.link, { type: ARTICLE, id: rowId, field: 'links' });
    assert.deepEqual([...(await linksOf(linkTable('shared.link', 'target'), links.map((row) => row.id)))], [[links[0]?.id, [targets[0]]]]);
    const [quote] = await componentRows(t.app, TABLES.quote, { type: ARTICLE, id: rowId });
    assert.ok(quote);
    assert.deepEqual([...(await linksOf(linkTable('shared.quote', 'by'), [quote.id]))], [[quote.id, [author]]]);
    const [slider] = await componentRows(t.app, TABLES.slider, { type: ARTICLE, id: rowId });
    assert.ok(slider);
    const [slide] = await componentRows(t.app, TABLES.slide, { type: 'shared.slider', id: slider.id });
    assert.ok(slide);
    const [deep] = await componentRows(t.app, TABLES.link, { type: 'shared.slide', id: slide.id });
    assert.ok(deep);
    assert.deepEqual([...(await linksOf(linkTable('shared.link', 'target'), [deep.id]))], [[deep.id, [targets[1]]]]);
  });

  it('updates an item’s relation in place, and removes the links of items left out', async () => {
    const { documentId, rowId } = await createArticle({
      links: [{ label: 'kept', target: targets[0] }, { label: 'dropped', target: targets[1] }],
      blocks: [{ __component: 'shared.slider', slides: [{ caption: 's', link: { label: 'deep', target: targets[0] } }] }],
    });
    const [kept, dropped] = await componentRows(t.app, TABLES.link, { type: ARTICLE, id: rowId, field: 'links' });
    const [slider] = await componentRows(t.app, TABLES.slider, { type: ARTICLE, id: rowId });
    assert.ok(kept && dropped && slider);
    const [slide] = await componentRows(t.app, TABLES.slide, { type: 'shared.slider', id: slider.id });
    assert.ok(slide);
    const [deep] = await componentRows(t.app, TABLES.link, { type: 'shared.slide', id: slide.id });
    assert.ok(deep);
    const table = linkTable('shared.link', 'target');

    const response = await t.put(`/api/articles/${documentId}`, { data: { links: [{ id: kept.id, target: targets[1] }], blocks: [] } });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([...(await linksOf(table, [kept.id]))], [[kept.id, [targets[1]]]]);
    const remaining = await allEntityIds(table);
    assert.equal(remaining.has(dropped.id), false);
    assert.equal(remaining.has(deep.id), false);
  });

  it('deleting the document removes its component rows and their links', async () => {
    const { documentId, rowId } = await createArticle({
      seo: { metaTitle: 'm', tags },
      links: [{ label: 'a', target: targets[0] }],
      blocks: [{ __component: 'shared.quote', body: 'q', by: author }, { __component: 'shared.slider', slides: [{ link: { label: 'deep', target: targets[1] } }] }],
    });
    const owned = {
      seo: (await componentRows(t.app, TABLES.seo, { type: ARTICLE, id: rowId })).map((row) => row.id),
      link: (await componentRows(t.app, TABLES.link, { type: ARTICLE, id: rowId })).map((row) => row.id),
      quote: (await componentRows(t.app, TABLES.quote, { type: ARTICLE, id: rowId })).map((row) => row.id),
    };
    const [slider] = await componentRows(t.app, TABLES.slider, { type: ARTICLE, id: rowId });
    assert.ok(slider);
    const [slide] = await componentRows(t.app, TABLES.slide, { type: 'shared.slider', id: slider.id });
    assert.ok(slide);
    const deep = (await componentRows(t.app, TABLES.link, { type: 'shared.slide', id: slide.id })).map((row) => row.id);

    const response = await t.del(`/api/articles/${documentId}`);
    assert.equal(response.status, 204, response.text);
    const ids = async (table: string) => new Set((await componentRows(t.app, table)).map((row) => row.id));
    for (const id of owned.seo) assert.equal((await ids(TABLES.seo)).has(id), false);
    for (const id of [...owned.link, ...deep]) assert.equal((await ids(TABLES.link)).has(id), false);
    assert.equal((await ids(TABLES.slider)).has(slider.id), false);
    assert.equal((await ids(TABLES.slide)).has(slide.id), false);
    for (const id of owned.seo) assert.equal((await allEntityIds(linkTable('shared.seo', 'tags'))).has(id), false);
    for (const id of [...owned.link, ...deep]) assert.equal((await allEntityIds(linkTable('shared.link', 'target'))).has(id), false);
    for (const id of owned.quote) assert.equal((await allEntityIds(linkTable('shared.quote', 'by'))).has(id), false);
  });
});
