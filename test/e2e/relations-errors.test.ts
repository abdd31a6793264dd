import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { snapshotLinks } from '../helpers/relation-model.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Bad relation values: each is a 400 ValidationError, and nothing at all is written. */
describe('relation writes: bad input', () => {
  let t: TestApp;
  let article: string;
  let author: string;
  let profile: string;
  let c: [string, string, string];

  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
    const create = async (plural: string, data: Record<string, unknown>): Promise<string> => {
      const response = await t.post(`/api/${plural}`, { data });
      assert.equal(response.status, 201, response.text);
      return response.body.data.documentId;
    };
    c = [await create('categories', { name: 'c1' }), await create('categories', { name: 'c2' }), await create('categories', { name: 'c3' })];
    author = await create('authors', { name: 'a' });
    profile = await create('profiles', { bio: 'p' });
    article = await create('articles', { title: 'kept', categories: [c[0], c[1]], author });
  });
  after(() => t.close());

  /** Rows of every table: documents, components and links. */
  async function snapshot(): Promise<unknown> {
    const tables: Record<string, unknown> = await snapshotLinks(t.app);
    for (const model of [...t.app.registry.contentTypes, ...t.app.registry.components]) {
      tables[model.collectionName] = await t.app.database.db.selectFrom(model.collectionName).selectAll().orderBy('id').execute();
    }
    return tables;
  }

  async function rejects(method: 'POST' | 'PUT', url: string, data: Record<string, unknown>, message: string | RegExp): Promise<void> {
    const before = await snapshot();
    const response = await t.request(method, url, { body: { data } });
    assert.equal(response.status, 400, `${JSON.stringify(data)} → ${response.text}`);
    assert.equal(response.body.error.name, 'ValidationError');
    if (typeof message === 'string') assert.equal(response.body.error.message, message);
    else assert.match(response.body.error.message, message);
    assert.deepEqual(await snapshot(), before, `${JSON.stringify(data)} wrote something`);
  }

  const put = (data: Record<string, unknown>, message: string | RegExp) => rejects('PUT', `/api/articles/${article}`, { title: 'changed', ...data }, message);
  const post = (data: Record<string, unknown>, message: string | RegExp) => rejects('POST', '/api/articles', { title: 'new', ...data }, message);

  it('wrong types', async () => {
    for (const value of [true, 12.5, -3, 0, '', { connect: 'x' }, [['x']], [{}], { connect: [{ documentId: 5.5 }] }, { connect: [{ documentId: { $ne: null } }] }]) {
      await put({ categories: value }, /^categories: /);
    }
    await put({ author: [true] }, /^author: /);
    await post({ categories: { connect: [null] } }, /^categories: /);
  });

  it('unknown keys in the relation object, its items, positions and options', async () => {
    await put({ categories: { connect: [], add: [c[2]] } }, /Invalid key add/);
    await put({ categories: { connect: [{ documentId: c[2], extra: true }] } }, /Invalid key extra/);
    await put({ categories: { connect: [{ documentId: c[2], position: { middle: true } }] } }, /Invalid key middle/);
    await put({ categories: { set: [{ documentId: c[2], position: { start: true } }] } }, /position is only allowed in connect/);
    await put({ categories: { connect: [c[2]], options: { strict: false, other: 1 } } }, /Invalid key other/);
  });

  it('set combined with connect or disconnect', async () => {
    await put({ categories: { set: [c[2]], connect: [c[0]] } }, /set cannot be combined with connect or disconnect/);
    await post({ categories: { set: [], disconnect: [c[0]] } }, /set cannot be combined with connect or disconnect/);
  });

  it('positions with two keys, no key, or a start that is not true', async () => {
    await put({ categories: { connect: [{ documentId: c[2], position: { before: c[0], after: c[1] } }] } }, /exactly one of before, after, start, end/);
    await put({ categories: { connect: [{ documentId: c[2], position: { start: true, end: true } }] } }, /exactly one of/);
    await put({ categories: { connect: [{ documentId: c[2], position: {} }] } }, /exactly one of/);
    await put({ categories: { connect: [{ documentId: c[2], position: { end: 'yes' } }] } }, /end must be true/);
  });

  it('huge arrays', async () => {
    const many = Array.from({ length: 1001 }, (_, index) => `doc${String(index).padStart(21, '0')}`);
    await put({ categories: many }, /at most 1000/);
    await put({ categories: { connect: many } }, /at most 1000/);
    await put({ categories: { disconnect: many } }, /at most 1000/);
  });

  it('circular before/after chains', async () => {
    const circular = 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it';
    await put({ categories: { connect: [{ documentId: c[2], position: { before: c[2] } }] } }, circular);
    await put({ categories: { disconnect: [c[0], c[1]], connect: [{ documentId: c[0], position: { before: c[1] } }, { documentId: c[1], position: { after: c[0] } }] } }, circular);
    await post({ categories: { connect: [{ documentId: c[0], position: { after: c[2] } }, { documentId: c[1], position: { after: c[0] } }, { documentId: c[2], position: { after: c[1] } }] } }, circular);
  });

  it('the same document connected twice', async () => {
    await put({ categories: { connect: [c[2], { documentId: c[2], position: { start: true } }] } }, `The relation with id ${c[2]} is already connected. You cannot connect the same relation twice.`);
    await put({ categories: { set: [c[2], { documentId: c[2] }] } }, `The relation with id ${c[2]} is already connected. You cannot connect the same relation twice.`);
    const row = await t.get(`/api/categories/${c[2]}`);
    // The same document by documentId and by row id is still the same document.
    await put({ categories: { connect: [c[2], row.body.data.id] } }, `The relation with id ${c[2]} is already connected. You cannot connect the same relation twice.`);
  });

  it('an anchor that is neither connected nor connected in the same request', async () => {
    await put(
      { categories: { connect: [{ documentId: c[0], position: { before: c[2] } }] } },
      `There was a problem connecting relation with id ${c[0]} at position {"before":"${c[2]}"}. The relation with id ${c[2]} needs to be connected first.`,
    );
    await put(
      { categories: { disconnect: [c[1]], connect: [{ documentId: c[2], position: { after: c[1] } }] } },
      `There was a problem connecting relation with id ${c[2]} at position {"after":"${c[1]}"}. The relation with id ${c[1]} needs to be connected first.`,
    );
    // Always strict on create, as in the reference: nothing is connected yet.
    await post({ categories: { connect: [{ documentId: c[0], position: { after: c[1] } }] } }, /needs to be connected first/);
    await post({ categories: { connect: [{ documentId: c[0], position: { after: c[1] } }], options: { strict: false } } }, /needs to be connected first/);
  });

  it('unknown documentIds anywhere in the value, on every side and kind', async () => {
    const missing = 'zzzzzzzzzzzzzzzzzzzzzzzz';
    const notFound = `Document with id "${missing}", locale "null" not found`;
    await put({ categories: [c[0], missing] }, notFound);
    await put({ categories: missing }, notFound);
    await put({ categories: { set: [{ documentId: missing }] } }, notFound);
    await put({ categories: { connect: [missing] } }, notFound);
    await put({ categories: { disconnect: [missing] } }, notFound);
    await put({ categories: { connect: [{ documentId: c[2], position: { before: missing } }] } }, notFound);
    await put({ author: missing }, notFound);
    await put({ next: { connect: [missing] } }, notFound);
    await put({ previous: missing }, notFound);
    await post({ author, categories: [c[0]], related: [missing] }, notFound);
    await rejects('PUT', `/api/authors/${author}`, { articles: { connect: [article, missing] } }, notFound);
    await rejects('PUT', `/api/profiles/${profile}`, { owner: missing }, notFound);
    await rejects('PUT', `/api/categories/${c[0]}`, { articles: [missing] }, notFound);
    // A documentId of another type is unknown to this relation.
    await put({ categories: [author] }, `Document with id "${author}", locale "null" not found`);
    await put({ categories: [987654] }, /relation\(s\) of type api::category\.category .* do not exist/);
  });

  it('errors in a relation inside a component, and in several attributes at once', async () => {
    await put({ seo: { metaTitle: 'x', tags: ['zzzzzzzzzzzzzzzzzzzzzzzz'] } }, 'Document with id "zzzzzzzzzzzzzzzzzzzzzzzz", locale "null" not found');
    const response = await t.put(`/api/articles/${article}`, { data: { categories: { foo: 1 }, author: { connect: 'x' } } });
    assert.equal(response.status, 400);
    assert.deepEqual(
      response.body.error.details.errors.map((error: { path: string[] }) => error.path),
      [['author'], ['categories']],
    );
  });

  it('the document is unchanged after all of this', async () => {
    const response = await t.get(`/api/articles/${article}?populate[0]=categories&populate[1]=author`);
    assert.equal(response.body.data.title, 'kept');
    assert.deepEqual(
      response.body.data.categories.map((category: { documentId: string }) => category.documentId),
      [c[0], c[1]],
    );
    assert.equal(response.body.data.author.documentId, author);
  });
});
