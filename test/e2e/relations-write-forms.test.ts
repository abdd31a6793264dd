import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectContiguousOrders, expectReads, RelationModel } from '../helpers/relation-model.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Every relation kind × every write form: shorthand, set, connect at every position,
 * disconnect, connect with disconnect, reordering, to-one replacement, clearing. After each
 * write, both sides are read back over REST and must equal the model, and every order
 * column must stay 1..n.
 */

interface TypeInfo {
  readonly plural: string;
  readonly uid: string;
  readonly data: (name: string) => Record<string, unknown>;
}

const TYPES = {
  article: { plural: 'articles', uid: 'api::article.article', data: (name: string) => ({ title: name }) },
  author: { plural: 'authors', uid: 'api::author.author', data: (name: string) => ({ name }) },
  category: { plural: 'categories', uid: 'api::category.category', data: (name: string) => ({ name }) },
  profile: { plural: 'profiles', uid: 'api::profile.profile', data: (name: string) => ({ bio: name }) },
  tag: { plural: 'tags', uid: 'api::tag.tag', data: (name: string) => ({ label: name }) },
  board: { plural: 'boards', uid: 'api::board.board', data: (name: string) => ({ name }) },
} satisfies Record<string, TypeInfo>;

interface Case {
  readonly name: string;
  readonly owner: TypeInfo;
  readonly attribute: string;
  readonly target: TypeInfo;
  /** The attribute of the target type that shows the other side, if any. */
  readonly back: string | null;
}

const TO_MANY: readonly Case[] = [
  { name: 'manyToMany, owning side (article.categories)', owner: TYPES.article, attribute: 'categories', target: TYPES.category, back: 'articles' },
  { name: 'manyToMany, inverse side (category.articles)', owner: TYPES.category, attribute: 'articles', target: TYPES.article, back: 'categories' },
  { name: 'oneToMany, inverse side of a manyToOne (author.articles)', owner: TYPES.author, attribute: 'articles', target: TYPES.article, back: 'author' },
  { name: 'oneToMany, owning side (board.pins)', owner: TYPES.board, attribute: 'pins', target: TYPES.tag, back: null },
  { name: 'manyWay, self (article.related)', owner: TYPES.article, attribute: 'related', target: TYPES.article, back: null },
  { name: 'oneToMany, self inverse side (category.children)', owner: TYPES.category, attribute: 'children', target: TYPES.category, back: 'parent' },
];

const TO_ONE: readonly Case[] = [
  { name: 'manyToOne, owning side (article.author)', owner: TYPES.article, attribute: 'author', target: TYPES.author, back: 'articles' },
  { name: 'oneToOne, owning side (author.profile)', owner: TYPES.author, attribute: 'profile', target: TYPES.profile, back: 'owner' },
  { name: 'oneToOne, inverse side (profile.owner)', owner: TYPES.profile, attribute: 'owner', target: TYPES.author, back: 'profile' },
  { name: 'oneWay (article.featured)', owner: TYPES.article, attribute: 'featured', target: TYPES.category, back: null },
  { name: 'oneToOne, self owning side (article.next)', owner: TYPES.article, attribute: 'next', target: TYPES.article, back: 'previous' },
  { name: 'oneToOne, self inverse side (article.previous)', owner: TYPES.article, attribute: 'previous', target: TYPES.article, back: 'next' },
  { name: 'manyToOne, self owning side (category.parent)', owner: TYPES.category, attribute: 'parent', target: TYPES.category, back: 'children' },
];

describe('relation writes: every kind and form', () => {
  let t: TestApp;
  let model: RelationModel;
  let counter = 0;

  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
    model = new RelationModel(t.app);
  });
  after(() => t.close());

  async function create(type: TypeInfo, data: Record<string, unknown> = {}): Promise<string> {
    counter += 1;
    const response = await t.post(`/api/${type.plural}`, { data: { ...type.data(`${type.plural}-${counter}`), ...data } });
    assert.equal(response.status, 201, response.text);
    return response.body.data.documentId;
  }

  /** Owner and targets read back on both sides, and orders contiguous. */
  async function check(test: Case, owners: readonly string[], targets: readonly string[]): Promise<void> {
    await expectReads(t, model, test.owner.plural, test.owner.uid, [test.attribute], owners);
    if (test.back !== null) await expectReads(t, model, test.target.plural, test.target.uid, [test.back], targets);
    await expectContiguousOrders(t.app);
  }

  function stepper(test: Case, owner: string, targets: readonly string[]) {
    return async (body: unknown, expected: readonly string[], others: readonly string[] = []): Promise<void> => {
      const response = await t.put(`/api/${test.owner.plural}/${owner}`, { data: { [test.attribute]: body } });
      assert.equal(response.status, 200, `${JSON.stringify(body)}: ${response.text}`);
      model.set(test.owner.uid, test.attribute, owner, expected);
      assert.deepEqual(model.read(test.owner.uid, test.attribute, owner), expected);
      await check(test, [owner, ...others], targets);
    };
  }

  for (const test of TO_MANY) {
    it(test.name, async () => {
      const T = await Promise.all([1, 2, 3, 4, 5, 6].map(() => create(test.target)));
      const [t1, t2, t3, t4, t5, t6] = T as [string, string, string, string, string, string];
      const owner = await create(test.owner, { [test.attribute]: [t1, t2] });
      model.set(test.owner.uid, test.attribute, owner, [t1, t2]);
      await check(test, [owner], T);
      const step = stepper(test, owner, T);

      await step({ set: [t3, t1] }, [t3, t1]);
      await step({ connect: [t2] }, [t3, t1, t2]);
      await step({ connect: [{ documentId: t4, position: { start: true } }] }, [t4, t3, t1, t2]);
      await step({ connect: [{ documentId: t5, position: { before: t1 } }] }, [t4, t3, t5, t1, t2]);
      await step({ connect: [{ documentId: t6, position: { after: t4 } }] }, [t4, t6, t3, t5, t1, t2]);
      await step({ connect: [{ documentId: t1, position: { end: true } }] }, [t4, t6, t3, t5, t2, t1]);
      await step({ disconnect: [t3, { documentId: t6 }] }, [t4, t5, t2, t1]);
      await step({ connect: [{ documentId: t3, position: { after: t5 } }], disconnect: [t4] }, [t5, t3, t2, t1]);
      // Reordering: connected items move; an anchor may be an item connected later in the array.
      await step({ connect: [{ documentId: t1, position: { before: t5 } }, { documentId: t2, position: { start: true } }] }, [t2, t1, t5, t3]);
      await step({ connect: [{ documentId: t6, position: { before: t4 } }, { documentId: t4, position: { after: t3 } }] }, [t2, t1, t5, t3, t6, t4]);
      // Not strict: an anchor that is not connected puts the item last instead of failing.
      await step({ connect: [{ documentId: t1, position: { after: t6 } }], disconnect: [t6], options: { strict: false } }, [t2, t5, t3, t4, t1]);
      await step({ set: [t6, t5, t4, t3, t2, t1] }, [t6, t5, t4, t3, t2, t1]);
      await step(t3, [t3]);
      await step([], []);
      await step([t1, t2], [t1, t2]);
      await step(null, []);
      await step({ connect: [t5, t4] }, [t5, t4]);
      await step({ set: [] }, []);

      // A second owner linking the same targets: to-one owning sides (author.articles,
      // category.children) move the target away; a one-sided oneToMany (board.pins) shares it.
      await step([t1, t2, t3], [t1, t2, t3]);
      const second = await create(test.owner, { [test.attribute]: [t2] });
      model.set(test.owner.uid, test.attribute, second, [t2]);
      await check(test, [owner, second], T);
      const secondStep = stepper(test, second, T);
      await secondStep({ connect: [{ documentId: t3, position: { start: true } }] }, [t3, t2], [owner]);
      await secondStep({ disconnect: [t2] }, [t3], [owner]);
    });
  }

  for (const test of TO_ONE) {
    it(test.name, async () => {
      const T = await Promise.all([1, 2, 3, 4].map(() => create(test.target)));
      const [t1, t2, t3, t4] = T as [string, string, string, string];
      const owner = await create(test.owner, { [test.attribute]: t1 });
      model.set(test.owner.uid, test.attribute, owner, [t1]);
      await check(test, [owner], T);
      const step = stepper(test, owner, T);

      await step([t2, t3], [t3]);
      await step({ set: [t1] }, [t1]);
      await step({ connect: [t2] }, [t2]);
      await step({ connect: [{ documentId: t3, position: { start: true } }, t4] }, [t4]);
      await step({ disconnect: [t1] }, [t4]);
      await step({ disconnect: [t4] }, []);
      await step({ connect: [t1], disconnect: [t1] }, [t1]);
      await step({ set: [{ documentId: t2 }] }, [t2]);

      // Another owner takes t2: oneToOne sides move it, manyToOne and oneWay share it.
      const second = await create(test.owner, { [test.attribute]: { connect: [t2] } });
      model.set(test.owner.uid, test.attribute, second, [t2]);
      await check(test, [owner, second], T);
      await step(t3, [t3], [second]);
      await step(null, [], [second]);
      await step([], [], [second]);
      await step({ connect: [t1] }, [t1], [second]);
      await step({ set: [] }, [], [second]);
    });
  }

  it('connect items may name each other as anchors when the reference accepts it (issue 14, FC_SEED=-1767520386)', async () => {
    const test = TO_MANY[0]!;
    const [c1, c2, c3, c4] = (await Promise.all([1, 2, 3, 4].map(() => create(TYPES.category)))) as [string, string, string, string];
    const owner = await create(TYPES.article, { categories: [c1, c2] });
    model.set(test.owner.uid, test.attribute, owner, [c1, c2]);
    const step = stepper(test, owner, [c1, c2, c3, c4]);
    // Both connected: each anchor is in place, the items are placed in array order.
    await step({ connect: [{ documentId: c1, position: { after: c2 } }, { documentId: c2, position: { after: c1 } }] }, [c1, c2]);
    await step({ connect: [{ documentId: c2, position: { before: c1 } }, { documentId: c1, position: { after: c2 } }] }, [c2, c1]);
    // c3 is new and anchored to connected c1; c1 is then anchored to c3, placed just before.
    await step({ connect: [{ documentId: c3, position: { after: c1 } }, { documentId: c1, position: { after: c3 } }] }, [c2, c3, c1]);
    // With an item without anchor the reference sorts the array, follows c4's chain and finds the loop.
    const circular = await t.put(`/api/articles/${owner}`, { data: { categories: { connect: [{ documentId: c4, position: { after: c1 } }, { documentId: c1, position: { after: c4 } }, c2] } } });
    assert.equal(circular.status, 400, circular.text);
    assert.match(circular.body.error.message, /^A circular reference was found in the connect array/);
    await check(test, [owner], [c1, c2, c3, c4]);
  });

  it('a self relation may link a document to itself', async () => {
    const test = TO_MANY.find((candidate) => candidate.attribute === 'related')!;
    const a = await create(TYPES.article);
    const b = await create(TYPES.article);
    await stepper(test, a, [a, b])([a, b], [a, b]);
    await stepper(TO_ONE.find((candidate) => candidate.attribute === 'next')!, a, [a, b])(a, [a]);
  });

  it('the write response shows the relations as a later read does', async () => {
    const c1 = await create(TYPES.category);
    const c2 = await create(TYPES.category);
    const author = await create(TYPES.author);
    const created = await t.post('/api/articles?populate[0]=categories&populate[1]=author', { data: { title: 'x', categories: [c2, c1], author } });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(
      created.body.data.categories.map((category: { documentId: string }) => category.documentId),
      [c2, c1],
    );
    assert.equal(created.body.data.author.documentId, author);
    const updated = await t.put(`/api/articles/${created.body.data.documentId}?populate=categories`, { data: { categories: { connect: [{ documentId: c1, position: { start: true } }] } } });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(
      updated.body.data.categories.map((category: { documentId: string }) => category.documentId),
      [c1, c2],
    );
  });

  it('numeric values name row ids, resolved to their documents', async () => {
    const tag = await t.post('/api/tags', { data: { label: 'numeric' } });
    const board = await t.post('/api/boards?populate=pins', { data: { name: 'numeric', pins: [tag.body.data.id] } });
    assert.equal(board.status, 201, board.text);
    assert.deepEqual(
      board.body.data.pins.map((pin: { documentId: string }) => pin.documentId),
      [tag.body.data.documentId],
    );
    const again = await t.put(`/api/boards/${board.body.data.documentId}?populate=pins`, { data: { pins: { disconnect: [String(tag.body.data.id)] } } });
    assert.deepEqual(again.body.data.pins, []);
  });

  it('relations of component rows take every form too (their owner rows have no documentId)', async () => {
    const T = await Promise.all([1, 2, 3].map(() => create(TYPES.tag)));
    const [t1, t2, t3] = T as [string, string, string];
    const tagsOf = (body: { data: { seo: { tags: { documentId: string }[] } } }) => body.data.seo.tags.map((tag) => tag.documentId);
    const created = await t.post('/api/articles?populate[seo][populate]=tags', { data: { title: 'seo', seo: { metaTitle: 'm', tags: [t1, t2] } } });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(tagsOf(created.body), [t1, t2]);
    const seoId = created.body.data.seo.id;
    const url = `/api/articles/${created.body.data.documentId}?populate[seo][populate]=tags`;
    const connected = await t.put(url, { data: { seo: { id: seoId, metaTitle: 'm', tags: { connect: [{ documentId: t3, position: { before: t2 } }] } } } });
    assert.equal(connected.status, 200, connected.text);
    assert.deepEqual(tagsOf(connected.body), [t1, t3, t2]);
    const disconnected = await t.put(url, { data: { seo: { id: seoId, metaTitle: 'm', tags: { disconnect: [t1] } } } });
    assert.deepEqual(tagsOf(disconnected.body), [t3, t2]);
    await expectContiguousOrders(t.app);
  });

  it('a single type writes its relations too', async () => {
    const article = await create(TYPES.article);
    const response = await t.put('/api/homepage?populate=featured', { data: { title: 'home', featured: article, hero: { heading: 'hi' } } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.data.featured.documentId, article);
  });
});
