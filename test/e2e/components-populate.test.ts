import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Component and dynamic-zone writes read back over the API, as clients see them: GET with
 * populate shows what POST and PUT stored, in order, with stable ids for items updated in place.
 */

// Fragments name every kind: with `on`, items of kinds not named are left out.
const NESTED =
  'populate[seo]=true&populate[links]=true&populate[blocks][on][shared.slider][populate][slides][populate][link]=true' +
  '&populate[blocks][on][shared.rich-text]=true&populate[blocks][on][shared.quote]=true';

describe('component writes read back with populate', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
  });
  after(() => t.close());

  async function read(documentId: string, query: string): Promise<Record<string, unknown>> {
    const response = await t.get(`/api/articles/${documentId}?${query}`);
    assert.equal(response.status, 200, response.text);
    return response.body.data;
  }

  const ids = (items: unknown): number[] => (items as { id: number }[]).map((item) => item.id);

  it('single, repeatable, zone with mixed kinds, nested three levels deep', async () => {
    const created = await t.post('/api/articles', {
      data: {
        title: 'Populated',
        seo: { metaTitle: 'Meta' },
        links: [{ label: 'a', url: '/a' }, { label: 'b' }],
        blocks: [
          { __component: 'shared.rich-text', body: 'intro' },
          { __component: 'shared.slider', title: 'S', slides: [{ caption: 'one', link: { label: 'l1', url: '/1' } }, { caption: 'two' }] },
          { __component: 'shared.quote', body: 'q' },
        ],
      },
    });
    assert.equal(created.status, 201, created.text);
    const data = await read(created.body.data.documentId, NESTED);
    const seo = data.seo as Record<string, unknown>;
    assert.deepEqual(seo, { id: seo.id, metaTitle: 'Meta', metaDescription: null });
    const links = data.links as Record<string, unknown>[];
    assert.deepEqual(links, [
      { id: links[0]?.id, label: 'a', url: '/a' },
      { id: links[1]?.id, label: 'b', url: null },
    ]);
    const blocks = data.blocks as Record<string, unknown>[];
    assert.deepEqual(
      blocks.map((block) => block.__component),
      ['shared.rich-text', 'shared.slider', 'shared.quote'],
    );
    assert.deepEqual(blocks[0], { id: blocks[0]?.id, __component: 'shared.rich-text', body: 'intro' });
    assert.deepEqual(blocks[2], { id: blocks[2]?.id, __component: 'shared.quote', body: 'q' });
    const slides = blocks[1]?.slides as Record<string, unknown>[];
    assert.deepEqual(blocks[1], { id: blocks[1]?.id, __component: 'shared.slider', title: 'S', slides });
    const link = slides[0]?.link as Record<string, unknown>;
    assert.deepEqual(slides, [
      { id: slides[0]?.id, caption: 'one', link: { id: link.id, label: 'l1', url: '/1' } },
      { id: slides[1]?.id, caption: 'two', link: null },
    ]);
  });

  it('a PUT updates in place (same ids), reorders, adds and removes; GET shows the result', async () => {
    const created = await t.post('/api/articles', {
      data: {
        title: 'Edited',
        links: [{ label: 'a' }, { label: 'b' }, { label: 'c' }],
        blocks: [{ __component: 'shared.slider', slides: [{ caption: 'one', link: { label: 'l1' } }, { caption: 'two' }] }, { __component: 'shared.quote', body: 'q' }],
      },
    });
    assert.equal(created.status, 201, created.text);
    const documentId: string = created.body.data.documentId;
    const before = await read(documentId, NESTED);
    const [a, , c] = ids(before.links);
    const slider = (before.blocks as Record<string, unknown>[])[0] as { id: number; slides: { id: number; link: { id: number } | null }[] };

    const updated = await t.put(`/api/articles/${documentId}?${NESTED}`, {
      data: {
        links: [{ id: c, url: '/c' }, { label: 'new' }, { id: a }],
        blocks: [{ __component: 'shared.rich-text', body: 'first' }, { __component: 'shared.slider', id: slider.id, slides: [{ id: slider.slides[0]?.id, link: { id: slider.slides[0]?.link?.id, url: '/l1' } }] }],
      },
    });
    assert.equal(updated.status, 200, updated.text);
    const after = await read(documentId, NESTED);
    assert.deepEqual(updated.body.data, after);
    const links = after.links as Record<string, unknown>[];
    assert.deepEqual(
      links.map((link) => [link.label, link.url]),
      [
        ['c', '/c'],
        ['new', null],
        ['a', null],
      ],
    );
    assert.equal(links[0]?.id, c);
    assert.equal(links[2]?.id, a);
    const blocks = after.blocks as Record<string, unknown>[];
    assert.deepEqual(
      blocks.map((block) => block.__component),
      ['shared.rich-text', 'shared.slider'],
    );
    assert.deepEqual(blocks[1], {
      id: slider.id,
      __component: 'shared.slider',
      title: null,
      slides: [{ id: slider.slides[0]?.id, caption: 'one', link: { id: slider.slides[0]?.link?.id, label: 'l1', url: '/l1' } }],
    });
  });

  it('populate[blocks][populate]=* shows every item with its first level', async () => {
    const created = await t.post('/api/articles', {
      data: { title: 'Star', blocks: [{ __component: 'shared.slider', title: 'S', slides: [{ caption: 'one', link: { label: 'l' } }] }] },
    });
    assert.equal(created.status, 201, created.text);
    const data = await read(created.body.data.documentId, 'populate[blocks][populate]=*');
    const [slider] = data.blocks as { id: number; __component: string; title: string; slides: { id: number; caption: string }[] }[];
    assert.ok(slider);
    assert.equal(slider.__component, 'shared.slider');
    assert.deepEqual(
      slider.slides.map((slide) => slide.caption),
      ['one'],
    );
  });
});
