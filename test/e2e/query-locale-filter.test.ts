import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { withGraphqlShape } from '../helpers/graphql-config.js';

/**
 * A top-level `locale` filter chooses the locale of a read, as the `locale` parameter does
 * (issue 14, item 8; docs/versions.md "A locale filter"). The fixture's locales are en
 * (default), fr and de; article A exists in all three, article B in en only.
 */

type Body = TestResponse['body'];

const flat = withGraphqlShape('flat');

describe('filters[locale] chooses the locale of a read', () => {
  let t: TestApp;
  let a: string;
  let b: string;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app', override: flat });
    const created = await t.post('/api/articles', { data: { title: 'A en' } });
    assert.equal(created.status, 201, created.text);
    a = created.body.data.documentId;
    for (const locale of ['fr', 'de']) {
      const localized = await t.put(`/api/articles/${a}?locale=${locale}`, { data: { title: `A ${locale}` } });
      assert.equal(localized.status, 200, localized.text);
    }
    const other = await t.post('/api/articles', { data: { title: 'B en' } });
    assert.equal(other.status, 201, other.text);
    b = other.body.data.documentId;
  });
  after(() => t.close());

  /** The versions a list answers, as "title/locale", sorted. */
  async function listed(query: string): Promise<string[]> {
    const response = await t.get(`/api/articles?${query}&fields[0]=title&fields[1]=locale`);
    assert.equal(response.status, 200, `${query} → ${response.text}`);
    return response.body.data.map((version: Body) => `${String(version.title)}/${String(version.locale)}`).sort();
  }

  it('filters[locale][$eq]=fr and filters[locale]=fr list the French versions only', async () => {
    assert.deepEqual(await listed('filters[locale][$eq]=fr'), ['A fr/fr']);
    assert.deepEqual(await listed('filters[locale]=fr'), ['A fr/fr']);
    assert.deepEqual(await listed('filters[locale][$eq]=en'), ['A en/en', 'B en/en']);
    const counted = await t.get('/api/articles?filters[locale][$eq]=fr');
    assert.deepEqual(counted.body.meta.pagination, { page: 1, pageSize: 25, pageCount: 1, total: 1 });
  });

  it('other operators read every locale, narrowed by the condition', async () => {
    assert.deepEqual(await listed('filters[locale][$in][0]=fr&filters[locale][$in][1]=de'), ['A de/de', 'A fr/fr']);
    assert.deepEqual(await listed('filters[locale][$ne]=en'), ['A de/de', 'A fr/fr']);
    assert.deepEqual(await listed('filters[locale][$eq]=fr&filters[title][$startsWith]=A'), ['A fr/fr']);
  });

  it('a code that is not a configured locale is a filter that matches nothing (the parameter is still checked)', async () => {
    assert.deepEqual(await listed('filters[locale][$eq]=xx'), []);
    assert.equal((await t.get('/api/articles?locale=xx&filters[locale][$eq]=fr')).status, 400);
  });

  it('with both, the filter chooses (as in Strapi); nested in $and/$or it filters within the chosen locale', async () => {
    assert.deepEqual(await listed('locale=de&filters[locale][$eq]=fr'), ['A fr/fr']);
    assert.deepEqual(await listed('filters[$and][0][locale][$eq]=fr'), []);
    assert.deepEqual(await listed('locale=fr&filters[$or][0][locale][$eq]=fr&filters[$or][1][title][$eq]=x'), ['A fr/fr']);
    assert.deepEqual(await listed('locale=*&filters[$or][0][locale][$eq]=fr&filters[$or][1][locale][$eq]=de'), ['A de/de', 'A fr/fr']);
  });

  it('findOne: filters[locale][$eq] reads that version; several locales → 400', async () => {
    const fr = await t.get(`/api/articles/${a}?filters[locale][$eq]=fr`);
    assert.equal(fr.status, 200, fr.text);
    assert.equal(fr.body.data.title, 'A fr');
    assert.equal(fr.body.data.locale, 'fr');
    assert.equal((await t.get(`/api/articles/${b}?filters[locale][$eq]=fr`)).status, 404);
    const several = await t.get(`/api/articles/${a}?filters[locale][$in][0]=fr&filters[locale][$in][1]=de`);
    assert.equal(several.status, 400, several.text);
    assert.equal(several.body.error.name, 'ValidationError');
  });

  it('writes act on the locale parameter’s version, whatever the filters say', async () => {
    const written = await t.put(`/api/articles/${b}?filters[locale][$eq]=fr`, { data: { body: 'edited' } });
    assert.equal(written.status, 200, written.text);
    assert.equal(written.body.data.locale, 'en');
    assert.deepEqual(await listed(`filters[documentId]=${b}&locale=*`), ['B en/en']);
  });

  it('GraphQL: filters: { locale: { eq: "fr" } } chooses the locale too', async () => {
    const response = await t.request('POST', '/graphql', { body: { query: '{ articles(filters: { locale: { eq: "fr" } }) { title locale } }' } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.errors, undefined, response.text);
    assert.deepEqual(response.body.data.articles, [{ title: 'A fr', locale: 'fr' }]);
    const both = await t.request('POST', '/graphql', { body: { query: '{ articles(filters: { locale: { in: ["fr", "de"] } }, sort: "title") { title locale } }' } });
    assert.deepEqual(both.body.data.articles, [{ title: 'A de', locale: 'de' }, { title: 'A fr', locale: 'fr' }], both.text);
  });
});
