import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Internationalization (docs/versions.md, "Internationalization"): every row of the locale
 * table, shared attributes, per-locale uniqueness, `localizations`, the locales endpoint.
 * The fixture's locales are en (default), fr and de.
 */

type Body = TestResponse['body'];

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

const byLocale = (versions: Body[]) => [...versions].sort((a, b) => String(a.locale).localeCompare(String(b.locale)));

describe('i18n: locales of a document', () => {
  let t: TestApp;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${++counter}`;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
  });
  after(() => t.close());

  async function createArticle(data: Record<string, unknown> = {}, query = ''): Promise<Body> {
    const response = await t.post(`/api/articles${query}`, { data: { title: unique('Article'), ...data } });
    assert.equal(response.status, 201, response.text);
    return response.body.data;
  }

  /** PUT that must succeed; answers the version written. */
  async function put(documentId: string, query: string, data: Record<string, unknown>): Promise<Body> {
    const response = await t.put(`/api/articles/${documentId}${query}`, { data });
    assert.equal(response.status, 200, response.text);
    return response.body.data;
  }

  async function version(documentId: string, query = ''): Promise<Body> {
    const response = await t.get(`/api/articles/${documentId}${query}`);
    assert.equal(response.status, 200, `${documentId}${query}: ${response.text}`);
    return response.body.data;
  }

  const status = async (url: string) => (await t.get(url)).status;

  /** Every listed version of these documents (`locale` and `status` in `query`). */
  async function listed(documentIds: string[], query = ''): Promise<Body[]> {
    const filter = documentIds.map((id, index) => `filters[documentId][$in][${index}]=${id}`).join('&');
    const response = await t.get(`/api/articles?${filter}${query}`);
    assert.equal(response.status, 200, response.text);
    return response.body.data;
  }

  describe('the locale table', () => {
    it('without locale: the default locale; ?locale=en is the same', async () => {
      const created = await createArticle();
      assert.equal(created.locale, 'en');
      assert.deepEqual(await version(created.documentId, '?locale=en'), await version(created.documentId));
      assert.equal((await version(created.documentId, '?status=draft')).locale, 'en');
    });

    it('?locale=fr reads the fr version; a locale the document lacks → 404', async () => {
      const created = await createArticle({ body: 'english' });
      const fr = await put(created.documentId, '?locale=fr', { title: unique('Article fr'), body: 'français' });
      assert.equal(fr.locale, 'fr');
      assert.equal(fr.documentId, created.documentId);
      assert.notEqual(fr.id, created.id);
      assert.deepEqual(await version(created.documentId, '?locale=fr'), fr);
      assert.equal((await version(created.documentId)).body, 'english');
      assert.equal((await version(created.documentId, '?locale=fr&status=draft')).body, 'français');
      assert.deepEqual((await t.get(`/api/articles/${created.documentId}?locale=de`)).body, NOT_FOUND);
    });

    it('GET /api/articles?locale=* lists every locale\'s versions, each with its locale; ?locale=fr only fr', async () => {
      const first = await createArticle();
      await put(first.documentId, '?locale=fr', { title: unique('First fr') });
      const second = await createArticle({}, '?locale=de');
      const ids = [first.documentId, second.documentId];

      const all = await listed(ids, '&locale=*');
      assert.deepEqual(
        byLocale(all).map((entry) => [entry.documentId, entry.locale]),
        [[second.documentId, 'de'], [first.documentId, 'en'], [first.documentId, 'fr']],
      );
      assert.deepEqual((await listed(ids)).map((entry) => [entry.documentId, entry.locale]), [[first.documentId, 'en']]);
      assert.deepEqual((await listed(ids, '&locale=fr')).map((entry) => [entry.documentId, entry.locale]), [[first.documentId, 'fr']]);
      assert.equal((await listed(ids, '&locale=*&status=draft')).length, 3);
      const counted = await t.get(`/api/articles?filters[documentId][$in][0]=${first.documentId}&filters[documentId][$in][1]=${second.documentId}&locale=*`);
      assert.equal(counted.body.meta.pagination.total, 3);
    });

    it('POST ?locale=fr creates a new document in fr (201)', async () => {
      const created = await createArticle({ body: 'créé' }, '?locale=fr');
      assert.equal(created.locale, 'fr');
      assert.equal(typeof created.publishedAt, 'string');
      assert.equal(await status(`/api/articles/${created.documentId}`), 404, 'no en version');
      assert.deepEqual(await version(created.documentId, '?locale=fr'), created);
      assert.equal((await version(created.documentId, '?locale=fr&status=draft')).publishedAt, null);

      const draft = await createArticle({}, '?locale=fr&status=draft');
      assert.equal(draft.locale, 'fr');
      assert.equal(draft.publishedAt, null);
      assert.equal(await status(`/api/articles/${draft.documentId}?locale=fr`), 404);
    });

    it('POST with data.locale and no locale parameter creates the document in that locale (DECISIONS 3)', async () => {
      const response = await t.post('/api/articles', { data: { title: unique('Body locale'), locale: 'fr' } });
      assert.equal(response.status, 201, response.text);
      assert.equal(response.body.data.locale, 'fr');
      assert.equal(await status(`/api/articles/${response.body.data.documentId}?locale=fr`), 200);
      assert.equal(await status(`/api/articles/${response.body.data.documentId}`), 404);
    });

    it('PUT ?locale=fr on a document without fr creates the localization (200), copying the shared attribute views', async () => {
      const created = await createArticle({ views: 7, body: 'en body', code: unique('loc') });
      const response = await t.put(`/api/articles/${created.documentId}?locale=fr`, { data: { title: unique('Titre') } });
      assert.equal(response.status, 200, response.text);
      const fr = response.body.data;
      assert.equal(fr.locale, 'fr');
      assert.equal(fr.views, 7, 'shared attribute copied');
      assert.equal(fr.body, null, 'localized attributes are not copied');
      assert.equal(typeof fr.publishedAt, 'string', 'without status the new localization is published');
      assert.equal((await version(created.documentId, '?locale=fr&status=draft')).views, 7);
      assert.deepEqual(await version(created.documentId), created, 'the en version is untouched');

      // With status=draft only the draft of the new locale exists.
      const de = await put(created.documentId, '?locale=de&status=draft', { title: unique('Titel') });
      assert.equal(de.publishedAt, null);
      assert.equal(de.views, 7);
      assert.equal(await status(`/api/articles/${created.documentId}?locale=de`), 404);
    });

    it('DELETE ?locale=fr removes only fr; without locale only en; ?locale=* every locale', async () => {
      const create3 = async () => {
        const created = await createArticle();
        await put(created.documentId, '?locale=fr', { title: unique('fr') });
        await put(created.documentId, '?locale=de&status=draft', { title: unique('de') });
        return created.documentId;
      };

      const onlyFr = await create3();
      assert.equal((await t.del(`/api/articles/${onlyFr}?locale=fr`)).status, 204);
      assert.equal(await status(`/api/articles/${onlyFr}?locale=fr`), 404);
      assert.equal(await status(`/api/articles/${onlyFr}?locale=fr&status=draft`), 404);
      assert.equal(await status(`/api/articles/${onlyFr}`), 200);
      assert.equal(await status(`/api/articles/${onlyFr}?locale=de&status=draft`), 200);
      assert.deepEqual((await t.del(`/api/articles/${onlyFr}?locale=fr`)).body, NOT_FOUND, 'nothing left in fr');

      const onlyEn = await create3();
      assert.equal((await t.del(`/api/articles/${onlyEn}`)).status, 204);
      assert.equal(await status(`/api/articles/${onlyEn}`), 404);
      assert.equal(await status(`/api/articles/${onlyEn}?status=draft`), 404);
      assert.equal(await status(`/api/articles/${onlyEn}?locale=fr`), 200);

      const all = await create3();
      assert.equal((await t.del(`/api/articles/${all}?locale=*`)).status, 204);
      assert.deepEqual(await listed([all], '&locale=*&status=draft'), []);
      assert.deepEqual(await listed([all], '&locale=*'), []);
      assert.equal((await t.del(`/api/articles/${all}?locale=*`)).status, 404);
    });

    it('locale on a type that is not localized: accepted, the same document', async () => {
      const tag = await t.post('/api/tags', { data: { name: unique('Tag') } });
      assert.equal(tag.status, 201, tag.text);
      assert.equal('locale' in tag.body.data, false);
      const read = await t.get(`/api/tags/${tag.body.data.documentId}?locale=fr`);
      assert.equal(read.status, 200, read.text);
      assert.deepEqual(read.body.data, tag.body.data);
      const list = await t.get(`/api/tags?filters[documentId][$eq]=${tag.body.data.documentId}&locale=de`);
      assert.deepEqual(list.body.data, [tag.body.data]);
      const viaPost = await t.post('/api/tags?locale=fr', { data: { name: unique('Tag fr') } });
      assert.equal(viaPost.status, 201, viaPost.text);
      assert.equal((await t.get(`/api/tags/${viaPost.body.data.documentId}`)).status, 200);
    });
  });

  describe('shared attributes', () => {
    it('a draft write in fr sets every locale\'s draft; publishing fr sets every locale\'s published version', async () => {
      const created = await createArticle({ views: 1 });
      await put(created.documentId, '?locale=fr', { title: unique('fr') });
      await put(created.documentId, '?locale=de&status=draft', { title: unique('de') });

      await put(created.documentId, '?locale=fr&status=draft', { views: 5 });
      const views = async (query: string) => (await version(created.documentId, query)).views;
      assert.deepEqual(
        [await views('?status=draft'), await views('?locale=fr&status=draft'), await views('?locale=de&status=draft')],
        [5, 5, 5],
        'every draft',
      );
      assert.deepEqual([await views(''), await views('?locale=fr')], [1, 1], 'published versions unchanged');

      const published = await t.request('POST', `/api/articles/${created.documentId}/actions/publish?locale=fr`);
      assert.equal(published.status, 200, published.text);
      assert.equal(published.body.data.views, 5);
      assert.deepEqual([await views(''), await views('?locale=fr')], [5, 5], 'every published version');
      assert.equal(await status(`/api/articles/${created.documentId}?locale=de`), 404, 'publishing fr publishes no other locale');
      assert.equal((await version(created.documentId)).title, created.title, 'localized attributes stay per locale');

      // A PUT without status in en reaches all five versions.
      await put(created.documentId, '', { views: 9 });
      assert.deepEqual(
        [await views(''), await views('?status=draft'), await views('?locale=fr'), await views('?locale=fr&status=draft'), await views('?locale=de&status=draft')],
        [9, 9, 9, 9, 9],
      );
    });

    it('a shared attribute written while creating a locale reaches the other locales', async () => {
      const created = await createArticle({ views: 2 });
      const fr = await put(created.documentId, '?locale=fr', { title: unique('fr'), views: 3 });
      assert.equal(fr.views, 3);
      assert.equal((await version(created.documentId)).views, 3);
      assert.equal((await version(created.documentId, '?status=draft')).views, 3);
    });
  });

  describe('uniqueness per locale', () => {
    const invalid = (value: string) => ({
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'This attribute must be unique',
        details: { errors: [{ path: ['code'], message: 'This attribute must be unique', name: 'ValidationError', value }] },
      },
    });

    it('the same code twice in en → 400 and nothing written; in en and fr of different documents → fine', async () => {
      const code = unique('CODE');
      const first = await createArticle({ code });
      const title = unique('Duplicate');
      const duplicate = await t.post('/api/articles', { data: { title, code } });
      assert.deepEqual({ status: duplicate.status, body: duplicate.body }, { status: 400, body: invalid(code) });
      const sameTitle = await t.get(`/api/articles?filters[title][$eq]=${encodeURIComponent(title)}&status=draft&locale=*`);
      assert.deepEqual(sameTitle.body.data, [], 'no version of the refused document');

      const inFr = await t.post('/api/articles?locale=fr', { data: { title: unique('Autre'), code } });
      assert.equal(inFr.status, 201, inFr.text);
      // The same document may carry its code in several locales.
      await put(first.documentId, '?locale=de', { title: unique('de'), code });

      const other = await createArticle({ code: unique('OTHER') });
      const update = await t.put(`/api/articles/${other.documentId}`, { data: { code } });
      assert.deepEqual({ status: update.status, body: update.body }, { status: 400, body: invalid(code) });
      assert.equal((await version(other.documentId, '?status=draft')).code, other.code, 'the draft was not written');
    });

    it('a draft counts: a code held only by another document\'s draft is taken', async () => {
      const code = unique('DRAFTCODE');
      await createArticle({ code }, '?status=draft');
      const response = await t.post('/api/articles?status=draft', { data: { title: unique('Second'), code } });
      assert.deepEqual({ status: response.status, body: response.body }, { status: 400, body: invalid(code) });
    });

    it('a code the published version still holds is taken, even after the draft changed it', async () => {
      const code = unique('OLDCODE');
      const holder = await createArticle({ code });
      await put(holder.documentId, '?status=draft', { code: unique('NEWCODE') });
      const response = await t.post('/api/articles', { data: { title: unique('Taker'), code } });
      assert.equal(response.status, 400, response.text);
    });
  });

  describe('localizations', () => {
    async function threeLocales(): Promise<Body> {
      const created = await createArticle({ body: 'en' });
      await put(created.documentId, '?locale=fr', { title: unique('fr'), body: 'fr' });
      await put(created.documentId, '?locale=de&status=draft', { title: unique('de'), body: 'de' });
      return created;
    }

    it('output only when populated; lists the other locales\' versions with the request\'s status', async () => {
      const created = await threeLocales();
      assert.equal('localizations' in (await version(created.documentId)), false);

      const published = await version(created.documentId, '?populate=localizations');
      assert.equal(published.locale, 'en');
      assert.deepEqual(published.localizations.map((entry: Body) => [entry.documentId, entry.locale, entry.body]), [[created.documentId, 'fr', 'fr']]);
      assert.equal(typeof published.localizations[0].publishedAt, 'string');

      const drafts = await version(created.documentId, '?status=draft&populate=localizations');
      assert.deepEqual(byLocale(drafts.localizations).map((entry: Body) => [entry.locale, entry.body, entry.publishedAt]), [['de', 'de', null], ['fr', 'fr', null]]);

      const fromFr = await version(created.documentId, '?locale=fr&populate=localizations');
      assert.deepEqual(fromFr.localizations.map((entry: Body) => entry.locale), ['en']);
    });

    it('populate=* includes localizations; so does a populated list', async () => {
      const created = await threeLocales();
      const star = await version(created.documentId, '?populate=*');
      assert.deepEqual(star.localizations.map((entry: Body) => entry.locale), ['fr']);
      const list = await listed([created.documentId], '&locale=*&status=draft&populate=localizations');
      assert.deepEqual(
        byLocale(list).map((entry) => [entry.locale, byLocale(entry.localizations).map((other: Body) => other.locale)]),
        [['de', ['en', 'fr']], ['en', ['de', 'fr']], ['fr', ['de', 'en']]],
      );
    });

    it('the v4 response format nests localizations like a relation', async () => {
      const created = await threeLocales();
      const response = await t.get(`/api/articles/${created.documentId}?populate=localizations`, { 'strapi-response-format': 'v4' });
      assert.equal(response.status, 200, response.text);
      const [entry] = response.body.data.attributes.localizations.data;
      assert.deepEqual([entry.documentId, entry.attributes.locale, entry.attributes.body], [created.documentId, 'fr', 'fr']);
    });
  });

  describe('GET /api/i18n/locales', () => {
    it('a bare array of the configured locales, en the default', async () => {
      const response = await t.get('/api/i18n/locales');
      assert.equal(response.status, 200, response.text);
      assert.ok(Array.isArray(response.body));
      const locales = [...response.body].sort((a: Body, b: Body) => String(a.code).localeCompare(String(b.code)));
      assert.deepEqual(locales.map((locale: Body) => [locale.code, locale.isDefault]), [['de', false], ['en', true], ['fr', false]]);
      const en = locales.find((locale: Body) => locale.code === 'en');
      assert.deepEqual(Object.keys(en), ['id', 'documentId', 'name', 'code', 'createdAt', 'updatedAt', 'publishedAt', 'isDefault']);
      assert.equal(en.name, 'English (en)');
      assert.match(locales[0].name, /\(de\)$/);
      assert.match(locales[2].name, /\(fr\)$/);
      for (const locale of locales) {
        assert.equal(typeof locale.id, 'number');
        assert.equal(typeof locale.documentId, 'string');
        assert.equal(typeof locale.publishedAt, 'string');
      }
    });
  });
});
