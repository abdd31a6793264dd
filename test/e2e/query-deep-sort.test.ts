import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { listedNames, seedDeepData, type DeepData } from '../helpers/deep-query-data.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Sort through relations and components (data in test/helpers/deep-query-data.ts). A to-many
 * path sorts by the smallest linked value ascending and the largest descending; a document
 * with no linked value sorts as a null (first ascending, last descending, on every database);
 * ties keep id order; no document is repeated.
 */

describe('sort through relations and components', () => {
  let t: TestApp;
  let data: DeepData;

  before(async () => {
    t = await startTestApp({ fixture: 'relations' });
    data = await seedDeepData(t);
  });
  after(() => t.close());

  /** Names of the documents a list returns, in its order (by id: creation order). */
  const found = (url: string) => listedNames(t, data, url);
  const articles = (query: string) => found(`/api/articles?${query}`);

  it('sorts through a to-one relation, with nulls where the dialect puts them and id ties', async () => {
    assert.deepEqual(await articles('sort=author.name:asc'), ['A4', 'A1', 'A3', 'A2']);
    assert.deepEqual(await articles('sort=author.name:desc'), ['A2', 'A1', 'A3', 'A4']);
    assert.deepEqual(await articles('sort[author][name]=desc'), ['A2', 'A1', 'A3', 'A4']);
    assert.deepEqual(await articles('sort[0]=author.name:asc&sort[1]=views:desc'), ['A4', 'A1', 'A3', 'A2']);
    assert.deepEqual(await articles('sort[0]=author.name:asc&sort[1]=views:asc'), ['A4', 'A3', 'A1', 'A2']);
  });

  it('sorts through a to-many relation by its smallest (asc) or largest (desc) value, once per document', async () => {
    // A1: News, Tech; A2: News; A3: none; A4: Misc.
    assert.deepEqual(await articles('sort[0]=categories.name:desc'), ['A1', 'A2', 'A4', 'A3']);
    assert.deepEqual(await articles('sort=categories.name'), ['A3', 'A4', 'A1', 'A2']);
    const page = await t.get('/api/articles?sort[0][categories][name]=asc&pagination[pageSize]=2&pagination[page]=2');
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(
      page.body.data.map((document: { documentId: string }) => data.names.get(document.documentId)),
      ['A1', 'A2'],
    );
    assert.equal(page.body.meta.pagination.total, 4);
  });

  it('sorts through inverse sides and several levels', async () => {
    assert.deepEqual(await found('/api/authors?sort=articles.views:desc'), ['Bob', 'Ann', 'Cid']);
    assert.deepEqual(await found('/api/authors?sort=articles.views:asc'), ['Cid', 'Ann', 'Bob']);
    assert.deepEqual(await found('/api/categories?sort=parent.name:desc'), ['Tech', 'News', 'Misc']);
    assert.deepEqual(await articles('sort=author.profile.bio:desc'), ['A1', 'A3', 'A2', 'A4']);
    assert.deepEqual(await articles('sort=previous.title:desc'), ['A2', 'A1', 'A3', 'A4']);
  });

  it('sorts through components, relations inside them and nested components', async () => {
    assert.deepEqual(await articles('sort=seo.metaTitle'), ['A3', 'A4', 'A2', 'A1']);
    assert.deepEqual(await articles('sort=seo.metaTitle:desc'), ['A1', 'A2', 'A3', 'A4']);
    assert.deepEqual(await articles('sort=links.target.title:desc'), ['A2', 'A1', 'A3', 'A4']);
    assert.deepEqual(await articles('sort=links.label:asc'), ['A3', 'A4', 'A1', 'A2']);
    assert.deepEqual(await articles('sort=seo.tags.label:desc,title'), ['A1', 'A3', 'A2', 'A4']);
    assert.deepEqual(await found('/api/galleries?sort=slides.caption:desc'), ['G2', 'G1', 'G3']);
    assert.deepEqual(await found('/api/galleries?sort=slides.caption:asc'), ['G3', 'G1', 'G2']);
    assert.deepEqual(await found('/api/galleries?sort=slides.link.target.title:desc'), ['G1', 'G2', 'G3']);
  });

  it('combines sorts through relations with filters through them', async () => {
    assert.deepEqual(await articles('filters[categories][slug][$in][0]=news&filters[categories][slug][$in][1]=misc&sort=categories.name:asc'), ['A4', 'A1', 'A2']);
  });

  it('answers 400 Invalid key for a relation without a field, dynamic zones, unknown and private keys', async () => {
    const invalid = async (query: string, key: string, path: string | null) => {
      const response = await t.get(`/api/articles?${query}`);
      assert.equal(response.status, 400, response.text);
      assert.deepEqual(response.body, {
        data: null,
        error: { status: 400, name: 'ValidationError', message: path ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`, details: { key, path, source: 'query', param: 'sort' } },
      });
    };
    await invalid('sort=author', 'author', null);
    await invalid('sort[seo]=asc', 'seo', null);
    await invalid('sort=blocks.body', 'blocks', null);
    await invalid('sort=author.foo:desc', 'foo', 'author.foo');
    await invalid('sort[0][author][profile]=asc', 'profile', 'author.profile');
    await invalid('sort=seo.tags.secret', 'secret', 'seo.tags.secret');
  });
});
