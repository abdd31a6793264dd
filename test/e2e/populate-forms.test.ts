import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seedPopulateData, type Doc, type PopulateData } from '../helpers/seed-populate.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Every form of `populate` (reference §12), the shapes it outputs, its nested options and its errors. */

describe('populate: forms and shapes', () => {
  let t: TestApp;
  let d: PopulateData;

  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
    d = await seedPopulateData(t);
  });
  after(() => t.close());

  async function read(plural: string, document: Doc, query: string): Promise<Record<string, unknown>> {
    const response = await t.get(`/api/${plural}/${document.documentId}?${query}`);
    assert.equal(response.status, 200, response.text);
    return response.body.data;
  }
  const article = (document: Doc, query: string) => read('articles', document, query);

  /** A document with only the given attributes, as a populated value with `fields` shows it. */
  function pick(document: Doc, ...keys: string[]): Record<string, unknown> {
    return Object.fromEntries(['id', 'documentId', ...keys].map((key) => [key, document[key]]));
  }

  const c = () => d.components;

  it('nothing is populated without populate', async () => {
    const a1 = await article(d.articles.a1, '');
    assert.deepEqual(a1, d.articles.a1);
  });

  it('* populates every relation, component and zone one level deep, flat', async () => {
    const { a1, a2, a3 } = d.articles;
    const { news, tech } = d.categories;
    const data = await article(a1, 'populate=*');
    assert.deepEqual(data, {
      ...a1,
      author: d.authors.ann,
      categories: [tech, news],
      related: [a3, a2],
      featured: news,
      next: a2,
      previous: null,
      seo: { id: c().seo, metaTitle: 'S1', metaDescription: 'About the first' },
      links: [{ id: c().l1, label: 'L1', url: '/second' }, { id: c().l2, label: 'L2', url: null }],
      blocks: [
        { id: c().quote, __component: 'shared.quote', body: 'Q' },
        { id: c().slider, __component: 'shared.slider', title: 'Sl' },
        { id: c().rich, __component: 'shared.rich-text', body: 'R' },
      ],
    });
    assert.deepEqual(Object.keys(data), [...Object.keys(a1), 'author', 'categories', 'related', 'featured', 'next', 'previous', 'seo', 'links', 'blocks']);
    assert.deepEqual(Object.keys((data.blocks as Record<string, unknown>[])[0]!), ['id', '__component', 'body']);
  });

  it('empty values: to-one null, to-many [], single component null, repeatable [], zone []', async () => {
    const data = await article(d.articles.a3, 'populate=*&fields=title');
    assert.deepEqual(data, { ...pick(d.articles.a3, 'title'), author: d.authors.bob, categories: [], related: [], featured: null, next: null, previous: null, seo: null, links: [], blocks: [] });
  });

  it('comma lists, indexed lists and populate[x]=true are the same request', async () => {
    const expected = { ...pick(d.articles.a1, 'title'), author: d.authors.ann, categories: [d.categories.tech, d.categories.news] };
    for (const query of ['populate=author,categories', 'populate[0]=author&populate[1]=categories', 'populate[author]=true&populate[categories]=true', 'populate[0]=author,categories']) {
      assert.deepEqual(await article(d.articles.a1, `${query}&fields=title`), expected, query);
    }
  });

  it('lists populate every document', async () => {
    const response = await t.get('/api/articles?populate=author&fields=title&sort=id');
    assert.equal(response.status, 200, response.text);
    const { a1, a2, a3 } = d.articles;
    const { ann, bob } = d.authors;
    assert.deepEqual(response.body.data, [
      { ...pick(a1, 'title'), author: ann },
      { ...pick(a2, 'title'), author: ann },
      { ...pick(a3, 'title'), author: bob },
    ]);
  });

  it('dotted paths populate nested levels', async () => {
    const data = await article(d.articles.a1, 'populate=author.profile,seo.tags&fields=title');
    assert.deepEqual(data.author, { ...d.authors.ann, profile: d.profiles.p1 });
    // Private attributes of populated documents are not shown.
    assert.deepEqual(data.seo, { id: c().seo, metaTitle: 'S1', metaDescription: 'About the first', tags: [d.tags.two, d.tags.one] });
    // (The deepEqual above already excludes them; a random documentId may contain any text, so the value is not searched for.)
    assert.ok(data.seo.tags.every((tag: Record<string, unknown>) => !('secret' in tag)));
  });

  it('populate[x][populate][0]=y equals x.y', async () => {
    const dotted = await article(d.articles.a1, 'populate=author.profile');
    assert.deepEqual(await article(d.articles.a1, 'populate[author][populate][0]=profile'), dotted);
    assert.deepEqual(await article(d.articles.a1, 'populate[author][populate][profile]=true'), dotted);
  });

  it('inverse sides list the owners in their stored order', async () => {
    const { a1, a2 } = d.articles;
    assert.deepEqual((await read('authors', d.authors.ann, 'populate=articles')).articles, [a1, a2]);
    assert.deepEqual((await read('authors', d.authors.bob, 'populate=articles')).articles, [d.articles.a3]);
    assert.deepEqual((await read('categories', d.categories.news, 'populate=articles')).articles, [a1, a2]);
    assert.deepEqual((await read('categories', d.categories.misc, 'populate=articles')).articles, []);
    assert.deepEqual((await read('profiles', d.profiles.p1, 'populate=owner')).owner, d.authors.ann);
  });

  it('self relations, both sides', async () => {
    const { a1, a2, a3 } = d.articles;
    assert.deepEqual(await article(a1, 'populate=next,previous,related&fields=title'), { ...pick(a1, 'title'), next: a2, previous: null, related: [a3, a2] });
    assert.deepEqual(await article(a2, 'populate=next,previous&fields=title'), { ...pick(a2, 'title'), next: null, previous: a1 });
    const { news, tech } = d.categories;
    assert.deepEqual(await read('categories', news, 'populate=parent,children&fields=name'), { ...pick(news, 'name'), parent: null, children: [tech] });
    assert.deepEqual(await read('categories', tech, 'populate=parent,children&fields=name'), { ...pick(tech, 'name'), parent: news, children: [] });
  });

  it('a populated document may populate its own relations back (cycles through the data are fine)', async () => {
    const data = await article(d.articles.a1, 'populate[author][populate][articles][populate][author][fields]=name&fields=title');
    const author = data.author as Record<string, unknown>;
    const ann = pick(d.authors.ann, 'name');
    assert.deepEqual(author.articles, [{ ...d.articles.a1, author: ann }, { ...d.articles.a2, author: ann }]);
  });

  describe('options per relation', () => {
    it('fields', async () => {
      const data = await article(d.articles.a1, 'populate[categories][fields][0]=name&populate[author][fields]=name&fields=title');
      assert.deepEqual(data.categories, [pick(d.categories.tech, 'name'), pick(d.categories.news, 'name')]);
      assert.deepEqual(data.author, pick(d.authors.ann, 'name'));
    });

    it('sort, then the stored order', async () => {
      const names = async (query: string) => ((await article(d.articles.a1, `populate[categories]${query}&fields=title`)).categories as Doc[]).map((category) => category.name);
      assert.deepEqual(await names('=true'), ['Tech', 'News']);
      assert.deepEqual(await names('[sort]=name'), ['News', 'Tech']);
      assert.deepEqual(await names('[sort][0]=name:desc'), ['Tech', 'News']);
      assert.deepEqual(await names('[sort][name]=asc'), ['News', 'Tech']);
      assert.deepEqual(await names('[sort]=id:desc'), ['Tech', 'News']);
      const views = ((await article(d.articles.a1, 'populate[related][sort]=views:desc&fields=title')).related as Doc[]).map((doc) => doc.views);
      assert.deepEqual(views, [20, 5]);
    });

    it('sort and filters through relations of the populated documents', async () => {
      const titles = async (query: string) => ((await article(d.articles.a1, `${query}&fields=title`)).related as Doc[]).map((doc) => doc.title);
      assert.deepEqual(await titles('populate[related][sort]=author.name'), ['Second', 'Third']);
      assert.deepEqual(await titles('populate[related][sort][0]=author.name:desc'), ['Third', 'Second']);
      assert.deepEqual(await titles('populate[related][filters][author][name][$eq]=Bob'), ['Third']);
      const names = async (query: string) => ((await article(d.articles.a1, `${query}&fields=title`)).categories as Doc[]).map((category) => category.name);
      assert.deepEqual(await names('populate[categories][filters][articles][title][$eq]=Second'), ['News']);
      assert.deepEqual(await names('populate[categories][filters][parent][name][$eq]=News'), ['Tech']);
    });

    it('filters', async () => {
      const data = await article(d.articles.a1, 'populate[categories][filters][name][$eq]=News&populate[author][filters][name][$eq]=Nobody&fields=title');
      assert.deepEqual(data.categories, [d.categories.news]);
      assert.equal(data.author, null);
      const owners = await read('categories', d.categories.news, 'populate[articles][filters][views][$gt]=15&fields=name');
      assert.deepEqual(owners.articles, [d.articles.a2]);
    });

    it('count, on both sides, filtered, and on zones', async () => {
      assert.deepEqual(await article(d.articles.a1, 'populate[categories][count]=true&populate[related][count]=true&populate[blocks][count]=true&fields=title'), {
        ...pick(d.articles.a1, 'title'),
        categories: { count: 2 },
        related: { count: 2 },
        blocks: { count: 3 },
      });
      assert.deepEqual((await article(d.articles.a3, 'populate[categories][count]=true&fields=title')).categories, { count: 0 });
      assert.deepEqual((await article(d.articles.a1, 'populate[categories][count]=true&populate[categories][filters][name][$startsWith]=T')).categories, { count: 1 });
      const response = await t.get('/api/authors?populate[articles][count]=true&fields=name&sort=id');
      assert.deepEqual(response.body.data.map((author: Doc) => author.articles), [{ count: 2 }, { count: 1 }]);
    });

    it('count=false populates the items', async () => {
      assert.deepEqual((await article(d.articles.a1, 'populate[featured][count]=false')).featured, d.categories.news);
    });
  });

  describe('components', () => {
    it('fields and populate', async () => {
      const data = await article(d.articles.a1, 'populate[seo][fields][0]=metaTitle&populate[seo][populate][tags][fields]=label&populate[links][fields]=label&fields=title');
      assert.deepEqual(data.seo, { id: c().seo, metaTitle: 'S1', tags: [pick(d.tags.two, 'label'), pick(d.tags.one, 'label')] });
      assert.deepEqual(data.links, [{ id: c().l1, label: 'L1' }, { id: c().l2, label: 'L2' }]);
    });

    it('relations inside repeatable components', async () => {
      const data = await article(d.articles.a1, 'populate[links][populate][target][fields]=title&fields=title');
      assert.deepEqual(data.links, [
        { id: c().l1, label: 'L1', url: '/second', target: pick(d.articles.a2, 'title') },
        { id: c().l2, label: 'L2', url: null, target: null },
      ]);
    });
  });

  describe('errors', () => {
    async function expectError(query: string, message: string, key: string, path: string | null): Promise<void> {
      const response = await t.get(`/api/articles?${query}`);
      assert.equal(response.status, 400, response.text);
      assert.deepEqual(response.body, { data: null, error: { status: 400, name: 'ValidationError', message, details: { key, path, source: 'query', param: 'populate' } } });
    }

    it('unknown, scalar and private names', async () => {
      await expectError('populate=nope', 'Invalid key nope', 'nope', null);
      await expectError('populate[title]=true', 'Invalid key title', 'title', null);
      await expectError('populate=author.name', 'Invalid key name at author.name', 'name', 'author.name');
      await expectError('populate=seo.tags.secret', 'Invalid key secret at seo.tags.secret', 'secret', 'seo.tags.secret');
      await expectError('populate[seo][populate][tags][fields]=secret', 'Invalid key secret at seo.tags.fields.secret', 'secret', 'seo.tags.fields.secret');
    });

    it('nested pagination and other unknown nested keys', async () => {
      await expectError('populate[categories][pagination][page]=1', 'Invalid key pagination at categories.pagination', 'pagination', 'categories.pagination');
      await expectError('populate[categories][limit]=1', 'Invalid key limit at categories.limit', 'limit', 'categories.limit');
      await expectError('populate[categories][count]=maybe', 'Invalid key count at categories.count', 'count', 'categories.count');
    });

    it('dynamic zones and fragments', async () => {
      await expectError(
        'populate[blocks][fields][0]=title',
        'Invalid nested populate for article.blocks (api::article.article). Expected a fragment ("on") or "count" but found {"fields":["title"]}',
        'fields',
        'blocks.fields',
      );
      await expectError('populate[author][on][shared.quote]=true', 'Using fragments is not permitted to populate "author" in "api::article.article"', 'on', 'author.on');
      await expectError('populate[blocks][on][shared.nope]=true', 'Invalid key shared.nope at blocks.on.shared.nope', 'shared.nope', 'blocks.on.shared.nope');
      const response = await t.get('/api/articles?populate[blocks][populate][slides]=true');
      assert.equal(response.status, 400, response.text);
      assert.match(response.body.error.message, /^Invalid nested population query detected/);
    });

    it('a tree past the bounds is refused', async () => {
      const response = await t.get(`/api/articles?populate=${Array.from({ length: 25 }, () => 'related').join('.')}`);
      assert.equal(response.status, 400, response.text);
      assert.match(response.body.error.message, /too deep/);
    });
  });
});
