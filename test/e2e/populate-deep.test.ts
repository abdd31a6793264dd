import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seedPopulateData, type Doc, type PopulateData } from '../helpers/seed-populate.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Populate through components and dynamic zones to several levels, the v4 response format of
 * populated values, and relations left out when the caller may not `find` their target.
 */

function pick(document: Doc, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(['id', 'documentId', ...keys].map((key) => [key, document[key]]));
}

describe('populate: deep, v4, permissions', () => {
  let t: TestApp;
  let d: PopulateData;

  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
    d = await seedPopulateData(t);
  });
  after(() => t.close());

  async function a1(query: string, headers?: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await t.get(`/api/articles/${d.articles.a1.documentId}?${query}`, headers);
    assert.equal(response.status, 200, response.text);
    return response.body.data;
  }
  const c = () => d.components;

  describe('through dynamic zones and components', () => {
    /** article.blocks[shared.slider].slides[].link.target → article, and its author. */
    const expectedBlocks = () => [
      { id: c().quote, __component: 'shared.quote', body: 'Q' },
      {
        id: c().slider,
        __component: 'shared.slider',
        title: 'Sl',
        slides: [
          { id: c().c1, caption: 'c1', link: { id: c().c1link, label: 'to A3', url: '/third', target: { ...pick(d.articles.a3, 'title'), author: d.authors.bob } } },
          { id: c().c2, caption: 'c2', link: null },
        ],
      },
      { id: c().rich, __component: 'shared.rich-text', body: 'R' },
    ];

    it('fragments, four levels down and back to an article', async () => {
      const query =
        'populate[blocks][on][shared.slider][populate][slides][populate][link][populate][target][fields][0]=title' +
        '&populate[blocks][on][shared.slider][populate][slides][populate][link][populate][target][populate]=author&fields=title' +
        '&populate[blocks][on][shared.quote]=true&populate[blocks][on][shared.rich-text]=true';
      assert.deepEqual(await a1(query), { ...pick(d.articles.a1, 'title'), blocks: expectedBlocks() });
    });

    it('the same tree with a dotted path', async () => {
      const data = await a1('populate=blocks.slides.link.target.author&fields=title');
      const slider = (data.blocks as Record<string, unknown>[])[1] as { slides: { link: { target: Record<string, unknown> } | null }[] };
      assert.deepEqual(slider.slides[0]?.link?.target, { ...d.articles.a3, author: d.authors.bob });
      assert.equal(slider.slides[1]?.link, null);
    });

    it('the shared strategy: populate[blocks][populate]=* gives each kind one level', async () => {
      const data = await a1('populate[blocks][populate]=*&fields=title');
      assert.deepEqual(data.blocks, [
        { id: c().quote, __component: 'shared.quote', body: 'Q', by: d.authors.bob },
        { id: c().slider, __component: 'shared.slider', title: 'Sl', slides: [{ id: c().c1, caption: 'c1' }, { id: c().c2, caption: 'c2' }] },
        { id: c().rich, __component: 'shared.rich-text', body: 'R' },
      ]);
    });

    it('fragment fields; items of kinds without a fragment are left out, as in Strapi 5', async () => {
      const data = await a1('populate[blocks][on][shared.quote][fields][0]=body&populate[blocks][on][shared.quote][populate][by][fields]=name&populate[blocks][on][shared.slider][fields]=id');
      assert.deepEqual(data.blocks, [
        { id: c().quote, __component: 'shared.quote', body: 'Q', by: pick(d.authors.bob, 'name') },
        { id: c().slider, __component: 'shared.slider' },
      ]);
      const one = await a1('populate[blocks][on][shared.rich-text]=true&fields=title');
      assert.deepEqual(one.blocks, [{ id: c().rich, __component: 'shared.rich-text', body: 'R' }]);
      const off = await a1('populate[blocks][on][shared.rich-text]=true&populate[blocks][on][shared.quote]=false&fields=title');
      assert.deepEqual(off.blocks, [{ id: c().rich, __component: 'shared.rich-text', body: 'R' }], 'a kind named false is not named');
      const counted = await a1('populate[blocks][on][shared.quote]=true&populate[blocks][count]=true&fields=title');
      assert.deepEqual(counted.blocks, { count: 1 }, 'a count with fragments counts the named kinds');
      const all = await a1('populate[blocks]=true&fields=title');
      assert.equal((all.blocks as unknown[]).length, 3, 'without fragments every kind is output');
    });

    it('lists of documents with deep populate', async () => {
      const response = await t.get('/api/articles?populate=blocks.slides.link.target&fields=title&sort=id');
      assert.equal(response.status, 200, response.text);
      const [first, second, third] = response.body.data as Record<string, unknown>[];
      assert.equal(((first?.blocks as Record<string, unknown>[])[1] as { slides: unknown[] }).slides.length, 2);
      assert.deepEqual([second?.blocks, third?.blocks], [[], []]);
    });
  });

  describe('Strapi-Response-Format: v4', () => {
    const V4 = { 'strapi-response-format': 'v4' };
    const entry = (document: Doc, ...keys: string[]) => {
      const { id, documentId, ...rest } = keys.length > 0 ? pick(document, ...keys) : document;
      return { id, documentId, attributes: rest };
    };

    it('relations become { data }, components stay plain, zone items keep __component', async () => {
      const data = await a1('populate[author]=true&populate[categories][fields]=name&populate[featured]=true&populate[previous]=true&populate[seo][populate]=tags&populate[links][populate]=target&populate[blocks][populate]=*&fields=title', V4);
      const { news, tech } = d.categories;
      assert.deepEqual(data, {
        id: d.articles.a1.id,
        documentId: d.articles.a1.documentId,
        attributes: {
          title: 'First',
          author: { data: entry(d.authors.ann) },
          categories: { data: [entry(tech, 'name'), entry(news, 'name')] },
          featured: { data: entry(news) },
          previous: { data: null },
          seo: { id: c().seo, metaTitle: 'S1', metaDescription: 'About the first', tags: { data: [entry(d.tags.two), entry(d.tags.one)] } },
          links: [
            { id: c().l1, label: 'L1', url: '/second', target: { data: entry(d.articles.a2) } },
            { id: c().l2, label: 'L2', url: null, target: { data: null } },
          ],
          blocks: [
            { id: c().quote, __component: 'shared.quote', body: 'Q', by: { data: entry(d.authors.bob) } },
            { id: c().slider, __component: 'shared.slider', title: 'Sl', slides: [{ id: c().c1, caption: 'c1' }, { id: c().c2, caption: 'c2' }] },
            { id: c().rich, __component: 'shared.rich-text', body: 'R' },
          ],
        },
      });
    });

    it('nested relations and counts in lists', async () => {
      const response = await t.get('/api/authors?populate[articles][fields]=title&populate[articles][populate][categories][count]=true&populate[profile]=true&fields=name&sort=id', V4);
      assert.equal(response.status, 200, response.text);
      const { a1: first, a2, a3 } = d.articles;
      assert.deepEqual(response.body.data, [
        {
          ...entry(d.authors.ann, 'name'),
          attributes: {
            name: 'Ann',
            articles: { data: [{ ...entry(first, 'title'), attributes: { title: 'First', categories: { data: { attributes: { count: 2 } } } } }, { ...entry(a2, 'title'), attributes: { title: 'Second', categories: { data: { attributes: { count: 1 } } } } }] },
            profile: { data: entry(d.profiles.p1) },
          },
        },
        {
          ...entry(d.authors.bob, 'name'),
          attributes: { name: 'Bob', articles: { data: [{ ...entry(a3, 'title'), attributes: { title: 'Third', categories: { data: { attributes: { count: 0 } } } } }] }, profile: { data: null } },
        },
      ]);
    });
  });
});

describe('populate: relations to types the caller may not find are left out', () => {
  let t: TestApp;
  let d: PopulateData;

  before(async () => {
    t = await startTestApp({
      fixture: 'relations',
      override: (config) => ({
        ...config,
        permissions: { public: { ...config.permissions.public, 'api::tag.tag': ['findOne', 'create'], 'api::profile.profile': ['create'] } },
      }),
    });
    d = await seedPopulateData(t);
  });
  after(() => t.close());

  it('silently, at any depth, counts included; the rest is populated', async () => {
    const response = await t.get(`/api/articles/${d.articles.a1.documentId}?populate[seo][populate][tags]=true&populate[author][populate][profile]=true&populate[categories][count]=true&fields=title`);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.data, {
      ...pick(d.articles.a1, 'title'),
      categories: { count: 2 },
      seo: { id: d.components.seo, metaTitle: 'S1', metaDescription: 'About the first' },
      author: d.authors.ann,
    });
    const counted = await t.get(`/api/articles/${d.articles.a1.documentId}?populate[seo][populate][tags][count]=true&fields=title`);
    assert.deepEqual(counted.body.data.seo, { id: d.components.seo, metaTitle: 'S1', metaDescription: 'About the first' });
  });

  it('* leaves them out too', async () => {
    const response = await t.get(`/api/authors/${d.authors.ann.documentId}?populate=*`);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body.data).filter((key) => key === 'articles' || key === 'profile'), ['articles']);
  });

  it('names are still checked', async () => {
    const response = await t.get('/api/articles?populate=seo.nope');
    assert.equal(response.status, 400, response.text);
  });
});
