import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * How versions are stored, as far as HTTP shows it (docs/versions.md, "How versions are
 * stored"): publishing updates the published row in place (same id, same component item ids),
 * copies the draft's relation order, and links point at documents, so a published version
 * shows a related document once that document is published.
 */

type Body = TestResponse['body'];

const COMPONENTS = 'populate[0]=seo&populate[1]=blocks';

describe('Draft & Publish: what publishing keeps', () => {
  let t: TestApp;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${++counter}`;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
  });
  after(() => t.close());

  async function create(plural: string, data: Record<string, unknown>, query = ''): Promise<Body> {
    const response = await t.post(`/api/${plural}${query}`, { data });
    assert.equal(response.status, 201, response.text);
    return response.body.data;
  }

  async function readData(url: string): Promise<Body> {
    const response = await t.get(url);
    assert.equal(response.status, 200, `${url}: ${response.text}`);
    return response.body.data;
  }

  async function action(documentId: string, name: 'publish' | 'unpublish' | 'discard-draft'): Promise<Body> {
    const response = await t.request('POST', `/api/articles/${documentId}/actions/${name}`);
    assert.equal(response.status, 200, response.text);
    return response.body.data;
  }

  const tagNames = (version: Body): string[] => version.tags.map((tag: Body) => tag.name);

  it('the published version keeps its id across re-publishes (PUT twice, publish twice); the draft keeps its id throughout', async () => {
    const published = await create('articles', { title: unique('Stable'), body: 'v1' });
    const draftId = (await readData(`/api/articles/${published.documentId}?status=draft`)).id;

    const put1 = await t.put(`/api/articles/${published.documentId}`, { data: { body: 'v2' } });
    assert.equal(put1.status, 200, put1.text);
    const put2 = await t.put(`/api/articles/${published.documentId}`, { data: { body: 'v3' } });
    assert.equal(put2.status, 200, put2.text);
    assert.deepEqual([put1.body.data.id, put2.body.data.id], [published.id, published.id]);
    const publish1 = await action(published.documentId, 'publish');
    const publish2 = await action(published.documentId, 'publish');
    assert.deepEqual([publish1.id, publish2.id], [published.id, published.id]);
    assert.equal((await readData(`/api/articles/${published.documentId}`)).id, published.id);

    assert.equal((await t.put(`/api/articles/${published.documentId}?status=draft`, { data: { body: 'draft edit' } })).status, 200);
    const discarded = await action(published.documentId, 'discard-draft');
    assert.equal(discarded.id, draftId, 'discard-draft updates the draft in place');
    assert.equal((await readData(`/api/articles/${published.documentId}?status=draft`)).id, draftId);
  });

  it('after unpublish and publish the document reads as before (its published id may change; the draft id does not)', async () => {
    const published = await create('articles', { title: unique('Cycle'), body: 'b' });
    const draftId = (await readData(`/api/articles/${published.documentId}?status=draft`)).id;
    const unpublished = await action(published.documentId, 'unpublish');
    assert.equal(unpublished.id, draftId);
    const republished = await action(published.documentId, 'publish');
    assert.equal(typeof republished.id, 'number');
    assert.notEqual(republished.id, draftId);
    assert.equal(republished.body, 'b');
    assert.deepEqual(await readData(`/api/articles/${published.documentId}`), republished);
    assert.equal((await readData(`/api/articles/${published.documentId}?status=draft`)).id, draftId);
  });

  it('component and dynamic-zone items of the published version keep their ids across re-publishes', async () => {
    const created = await create('articles', {
      title: unique('Components'),
      seo: { metaTitle: 'Meta 1' },
      blocks: [
        { __component: 'shared.quote', text: 'Quote 1' },
        { __component: 'shared.link', label: 'Link 1', url: 'https://example.com/1' },
      ],
    });
    const before = await readData(`/api/articles/${created.documentId}?${COMPONENTS}`);
    const draftBefore = await readData(`/api/articles/${created.documentId}?status=draft&${COMPONENTS}`);
    assert.equal(before.seo.metaTitle, 'Meta 1');
    assert.deepEqual(before.blocks.map((block: Body) => block.__component), ['shared.quote', 'shared.link']);
    assert.notEqual(before.seo.id, draftBefore.seo.id, 'each version has its own component items');

    // Re-publishing unchanged items: ids stay.
    assert.equal((await t.put(`/api/articles/${created.documentId}`, { data: { body: 'changed' } })).status, 200);
    await action(created.documentId, 'publish');
    const after = await readData(`/api/articles/${created.documentId}?${COMPONENTS}`);
    assert.deepEqual(after.seo, before.seo);
    assert.deepEqual(after.blocks, before.blocks);

    // Changing the draft's items in place, then publishing: published items matched by position keep their ids.
    const edited = await t.put(`/api/articles/${created.documentId}?status=draft&${COMPONENTS}`, {
      data: {
        seo: { id: draftBefore.seo.id, metaTitle: 'Meta 2' },
        blocks: [
          { __component: 'shared.quote', id: draftBefore.blocks[0].id, text: 'Quote 2' },
          { __component: 'shared.link', id: draftBefore.blocks[1].id, label: 'Link 2', url: 'https://example.com/2' },
        ],
      },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.data.seo.id, draftBefore.seo.id, 'the draft item is updated in place');
    const stillPublished = await readData(`/api/articles/${created.documentId}?${COMPONENTS}`);
    assert.deepEqual(stillPublished.seo, before.seo, 'a draft edit leaves the published items alone');

    await action(created.documentId, 'publish');
    const republished = await readData(`/api/articles/${created.documentId}?${COMPONENTS}`);
    assert.deepEqual(republished.seo, { ...before.seo, metaTitle: 'Meta 2' });
    assert.deepEqual(republished.blocks, [
      { ...before.blocks[0], text: 'Quote 2' },
      { ...before.blocks[1], label: 'Link 2', url: 'https://example.com/2' },
    ]);
  });

  it('the published relation order is the draft order at publish time; reordering the draft waits for the next publish', async () => {
    const tags = [];
    for (const name of ['one', 'two', 'three']) tags.push(await create('tags', { name: unique(`Tag ${name}`) }));
    const [a, b, c] = tags.map((tag) => tag.documentId);
    const names = tags.map((tag) => tag.name);
    const article = await create('articles', { title: unique('Ordered'), tags: [a, b, c] });

    const url = `/api/articles/${article.documentId}?populate=tags`;
    assert.deepEqual(tagNames(await readData(url)), names);
    assert.deepEqual(tagNames(await readData(`${url}&status=draft`)), names);

    const reordered = await t.put(`/api/articles/${article.documentId}?status=draft&populate=tags`, { data: { tags: [c, a, b] } });
    assert.equal(reordered.status, 200, reordered.text);
    const newOrder = [names[2], names[0], names[1]];
    assert.deepEqual(tagNames(reordered.body.data), newOrder);
    assert.deepEqual(tagNames(await readData(`${url}&status=draft`)), newOrder);
    assert.deepEqual(tagNames(await readData(url)), names, 'the published version keeps the old order');

    await action(article.documentId, 'publish');
    assert.deepEqual(tagNames(await readData(url)), newOrder);

    // Moving one tag with connect/position in the draft, then PUT without status: published follows.
    const moved = await t.put(`/api/articles/${article.documentId}?populate=tags`, { data: { tags: { connect: [{ documentId: b, position: { start: true } }] } } });
    assert.equal(moved.status, 200, moved.text);
    const movedOrder = [names[1], names[2], names[0]];
    assert.deepEqual(tagNames(moved.body.data), movedOrder);
    assert.deepEqual(tagNames(await readData(url)), movedOrder);
    assert.deepEqual(tagNames(await readData(`${url}&status=draft`)), movedOrder);
  });

  it('a relation to a draft-only target is absent from published reads and appears once the target is published', async () => {
    const live = await create('tags', { name: unique('Live tag') });
    const pending = await create('tags', { name: unique('Pending tag') }, '?status=draft');
    const article = await create('articles', { title: unique('Linked'), tags: [live.documentId, pending.documentId] });

    const url = `/api/articles/${article.documentId}?populate=tags`;
    assert.deepEqual(tagNames(await readData(url)), [live.name]);
    assert.deepEqual(tagNames(await readData(`${url}&status=draft`)), [live.name, pending.name]);
    // The list agrees with findOne.
    const listed = await readData(`/api/articles?filters[documentId][$eq]=${article.documentId}&populate=tags`);
    assert.deepEqual(tagNames(listed[0]), [live.name]);

    const published = await t.request('POST', `/api/tags/${pending.documentId}/actions/publish`);
    assert.equal(published.status, 200, published.text);
    const shown = await readData(url);
    assert.deepEqual(tagNames(shown), [live.name, pending.name], 'no re-link needed: the link is to the document');
    assert.ok(shown.tags.every((tag: Body) => typeof tag.publishedAt === 'string'));

    const unpublished = await t.request('POST', `/api/tags/${pending.documentId}/actions/unpublish`);
    assert.equal(unpublished.status, 200, unpublished.text);
    assert.deepEqual(tagNames(await readData(url)), [live.name]);
    assert.deepEqual(tagNames(await readData(`${url}&status=draft`)), [live.name, pending.name]);
  });
});
