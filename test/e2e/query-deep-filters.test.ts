import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { listedNames, seedDeepData, type DeepData } from '../helpers/deep-query-data.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Filters through relations (every kind, both sides, self relations), components (nested,
 * with relations inside) and logical operators at any level. The data is described in
 * test/helpers/deep-query-data.ts. A relation filter means "some linked item matches"; a
 * document with nothing linked is filtered as if linked to one empty item (the reference's
 * LEFT JOIN semantics), so `[id][$null]=true` finds documents with nothing linked.
 */

describe('filters through relations and components', () => {
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
  const id = (name: string) => data.ids.get(name) ?? assert.fail(name);
  const row = (name: string) => data.rows.get(name) ?? assert.fail(name);

  it('filters through an owner to-one relation', async () => {
    assert.deepEqual(await articles('filters[author][name][$eq]=Ann'), ['A1', 'A3']);
    assert.deepEqual(await articles('filters[author][name]=Bob'), ['A2']);
    assert.deepEqual(await articles('filters[author][name][$eqi]=ann&filters[views][$gt]=5'), ['A1']);
    assert.deepEqual(await articles(`filters[author][documentId]=${id('Bob')}`), ['A2']);
    assert.deepEqual(await articles('filters[featured][slug]=tech'), ['A1']);
  });

  it('filters through an owner to-many relation without repeating documents', async () => {
    assert.deepEqual(await articles('filters[categories][slug][$in][0]=tech'), ['A1']);
    assert.deepEqual(await articles('filters[categories][slug][$in][0]=news&filters[categories][slug][$in][1]=tech&filters[categories][slug][$in][2]=misc'), ['A1', 'A2', 'A4']);
    assert.deepEqual(await articles('filters[categories][name][$contains]=e'), ['A1', 'A2']);
  });

  it('filters through inverse sides', async () => {
    assert.deepEqual(await found('/api/authors?filters[articles][title][$contains]=SQL'), ['Ann']);
    assert.deepEqual(await found('/api/authors?filters[articles][views][$gte]=5'), ['Ann', 'Bob']);
    assert.deepEqual(await found('/api/categories?filters[articles][title][$eq]=Deep dive'), ['News']);
    assert.deepEqual(await found('/api/profiles?filters[owner][name]=Bob'), ['P2']);
  });

  it('filters through self relations, both sides', async () => {
    assert.deepEqual(await articles('filters[next][title]=Deep dive'), ['A1']);
    assert.deepEqual(await articles('filters[previous][title]=Intro to SQL'), ['A2']);
    assert.deepEqual(await articles('filters[related][views][$gt]=15'), ['A1']);
    assert.deepEqual(await found('/api/categories?filters[parent][slug]=news'), ['Tech']);
    assert.deepEqual(await found('/api/categories?filters[children][slug]=tech'), ['News']);
  });

  it('filters at any depth', async () => {
    assert.deepEqual(await articles('filters[author][profile][bio][$contains]=SQL'), ['A1', 'A3']);
    // Bob's profile has no bio; A4 has no author at all, which a LEFT JOIN also reads as a null bio.
    assert.deepEqual(await articles('filters[author][profile][bio][$null]=true'), ['A2', 'A4']);
    assert.deepEqual(await articles('filters[author][profile][bio][$notNull]=true'), ['A1', 'A3']);
    assert.deepEqual(await found('/api/profiles?filters[owner][articles][categories][slug]=news'), ['P1', 'P2']);
    assert.deepEqual(await found('/api/categories?filters[articles][author][profile][owner][name]=Bob'), ['News']);
  });

  it('finds documents with nothing linked, and compares linked ids given a bare value or operators', async () => {
    assert.deepEqual(await articles('filters[author][id][$null]=true'), ['A4']);
    assert.deepEqual(await articles('filters[categories][id][$null]=true'), ['A3']);
    assert.deepEqual(await articles('filters[author][$null]=true'), ['A4']);
    assert.deepEqual(await articles('filters[author][$notNull]=true'), ['A1', 'A2', 'A3']);
    assert.deepEqual(await articles(`filters[author]=${row('Ann')}`), ['A1', 'A3']);
    assert.deepEqual(await articles(`filters[author][$eq]=${row('Bob')}`), ['A2']);
    assert.deepEqual(await articles(`filters[categories][$in][0]=${row('Misc')}&filters[categories][$in][1]=${row('Tech')}`), ['A1', 'A4']);
    assert.deepEqual(await articles('filters[seo][$null]=true'), ['A3', 'A4']);
    assert.deepEqual(await found('/api/authors?filters[articles][id][$null]=true'), ['Cid']);
  });

  it('filters through components, repeatable ones, relations inside them and nested components', async () => {
    assert.deepEqual(await articles('filters[seo][metaTitle][$eq]=Intro'), ['A1']);
    assert.deepEqual(await articles('filters[seo][metaTitle][$in][0]=Intro&filters[seo][metaTitle][$in][1]=Deep'), ['A1', 'A2']);
    assert.deepEqual(await articles('filters[links][label]=y'), ['A2']);
    assert.deepEqual(await articles('filters[links][label][$in][0]=x&filters[links][label][$in][1]=y&filters[links][label][$in][2]=L1'), ['A1', 'A2']);
    assert.deepEqual(await articles('filters[links][target][title]=Cooking'), ['A1']);
    assert.deepEqual(await articles('filters[links][target][author][name]=Ann'), ['A1', 'A2']);
    assert.deepEqual(await articles('filters[seo][tags][label]=alpha'), ['A1']);
    assert.deepEqual(await found('/api/galleries?filters[slides][caption]=second'), ['G1']);
    assert.deepEqual(await found('/api/galleries?filters[slides][link][label]=to'), ['G1']);
    assert.deepEqual(await found('/api/galleries?filters[slides][link][target][title]=Deep dive'), ['G1']);
    assert.deepEqual(await found('/api/galleries?filters[slides][link][target][author][name]=Bob'), ['G1']);
    assert.deepEqual(await found('/api/galleries?filters[slides][id][$null]=true'), ['G3']);
  });

  it('combines logical operators at the root and inside relation paths', async () => {
    assert.deepEqual(await articles('filters[author][$or][0][name]=Bob&filters[author][$or][1][name]=Cid'), ['A2']);
    assert.deepEqual(await articles('filters[$or][0][author][name]=Bob&filters[$or][1][seo][metaTitle]=Intro'), ['A1', 'A2']);
    assert.deepEqual(await articles('filters[$and][0][categories][slug]=news&filters[$and][1][categories][slug]=tech'), ['A1']);
    assert.deepEqual(await articles('filters[categories][$and][0][slug]=news&filters[categories][$and][1][slug]=tech'), []);
    assert.deepEqual(await articles('filters[author][name]=Ann&filters[author][profile][bio][$containsi]=sql&filters[views][$lt]=8'), ['A3']);
  });

  it('negates with NOT EXISTS, so that documents with nothing linked match a negation', async () => {
    assert.deepEqual(await articles('filters[$not][categories][slug]=news'), ['A3', 'A4']);
    assert.deepEqual(await articles('filters[$not][author][name]=Ann'), ['A2', 'A4']);
    assert.deepEqual(await articles('filters[$not][seo][metaTitle][$null]=false'), ['A3', 'A4']);
    // "Some category whose slug is not news": A1 has Tech, A4 Misc; A3 has none, read as one with no slug.
    assert.deepEqual(await articles('filters[categories][$not][slug]=news'), ['A1', 'A3', 'A4']);
    assert.deepEqual(await articles('filters[categories][slug][$ne]=news'), ['A1', 'A3', 'A4']);
    assert.deepEqual(await articles('filters[author][name][$not][$eq]=Ann'), ['A2', 'A4']);
  });

  it('answers 400 Invalid key for dynamic zones, unknown and private keys', async () => {
    const invalid = async (query: string, key: string, path: string | null) => {
      const response = await t.get(`/api/articles?${query}`);
      assert.equal(response.status, 400, response.text);
      assert.deepEqual(response.body, {
        data: null,
        error: { status: 400, name: 'ValidationError', message: path ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`, details: { key, path, source: 'query', param: 'filters' } },
      });
    };
    await invalid('filters[blocks][body]=x', 'blocks', null);
    await invalid('filters[blocks][$null]=true', 'blocks', null);
    await invalid('filters[author][foo]=x', 'foo', 'author.foo');
    await invalid('filters[seo][tags][secret]=s', 'secret', 'seo.tags.secret');
    await invalid('filters[author][$foo]=1', '$foo', 'author.$foo');
    await invalid('filters[$or][0][links][nope][$eq]=1', 'nope', '$or.0.links.nope');
    const badValue = await t.get('/api/articles?filters[author][articles][views]=many');
    assert.equal(badValue.status, 400);
    assert.deepEqual(badValue.body.error.details, { key: 'views', path: 'author.articles.views', source: 'query', param: 'filters' });
  });
});
