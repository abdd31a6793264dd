import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Relation writes and deletes run a number of statements that depends on their shape, not on how many items they move. */
describe('relation writes: statements per request', () => {
  let t: TestApp;
  let categories: string[];
  let tags: string[];

  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
    categories = [];
    for (let n = 0; n < 60; n += 1) categories.push((await t.post('/api/categories', { data: { name: `c${n}` } })).body.data.documentId);
    tags = [];
    for (let n = 0; n < 60; n += 1) tags.push((await t.post('/api/tags', { data: { label: `t${n}` } })).body.data.documentId);
  });
  after(() => t.close());

  /**
   * Counts may differ by the one or two statements a shape needs only sometimes (an UPDATE of
   * positions when a list must be renumbered); per-item statements would differ by dozens.
   */
  function similar(few: number, many: number, what = ''): void {
    assert.ok(Math.abs(many - few) <= 2, `${what}: ${few} statements for a few items, ${many} for many`);
  }

  async function statements(run: () => Promise<{ status: number; text: string }>, status: number): Promise<number> {
    const { result, statements } = await t.app.database.counter.measure(run);
    assert.equal(result.status, status, result.text);
    return statements;
  }

  it('setting, connecting, reordering and clearing 3 or 60 items costs the same', async () => {
    const create = (list: string[]) => statements(() => t.post('/api/articles', { data: { title: 'x', categories: list } }), 201);
    similar(await create(categories.slice(0, 3)), await create(categories), 'create');

    const small = (await t.post('/api/articles', { data: { title: 's', categories: categories.slice(0, 3) } })).body.data.documentId;
    const large = (await t.post('/api/articles', { data: { title: 'l', categories: categories.slice(0, 50) } })).body.data.documentId;
    const put = (documentId: string, value: unknown) => statements(() => t.put(`/api/articles/${documentId}`, { data: { categories: value } }), 200);

    // Reverse the whole list: every position changes, in one UPDATE.
    similar(await put(small, { set: categories.slice(0, 3).reverse() }), await put(large, { set: categories.slice(0, 50).reverse() }), 'reverse');
    similar(await put(small, { connect: [{ documentId: categories[0], position: { start: true } }] }), await put(large, { connect: [{ documentId: categories[0], position: { start: true } }] }), 'move');
    similar(await put(small, { disconnect: categories.slice(0, 2), connect: categories.slice(50, 52) }), await put(large, { disconnect: categories.slice(0, 40), connect: categories.slice(50, 60) }), 'mixed');
    similar(await put(small, []), await put(large, []), 'clear');
  });

  it('moving exclusive targets from many owners costs the same as from one', async () => {
    const boards = [];
    for (let n = 0; n < 30; n += 1) boards.push((await t.post('/api/boards', { data: { name: `b${n}`, pins: [tags[n * 2], tags[n * 2 + 1]] } })).body.data.documentId);
    const one = await statements(() => t.post('/api/boards', { data: { name: 'one', pins: tags.slice(0, 2) } }), 201);
    const many = await statements(() => t.post('/api/boards', { data: { name: 'many', pins: tags } }), 201);
    similar(one, many, 'exclusive');
  });

  it('deleting a document linked from 3 or from 60 rows costs the same', async () => {
    const few = categories[58]!;
    const lots = categories[59]!;
    const link = async (category: string, count: number) => {
      for (let n = 0; n < count; n += 1) await t.post('/api/articles', { data: { title: `d${n}`, categories: [category, categories[n]], related: [] } });
    };
    await link(few, 3);
    await link(lots, 60);
    const del = (documentId: string) => statements(() => t.del(`/api/categories/${documentId}`), 204);
    similar(await del(few), await del(lots), 'delete');
  });
});
