import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { manualClock } from '../helpers/manual-clock.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Draft & Publish and i18n on single types (docs/versions.md; reference §11): `homepage` has
 * drafts and is localized, `setting` has neither. A single type has one document, so every
 * test starts by deleting every locale of it.
 */

type Body = TestResponse['body'];

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

/** Timestamps come from the app's clock, moved between writes that must differ (no sleeping). */
const clock = manualClock();

describe('versions: single types', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app', clock });
  });
  after(() => t.close());

  beforeEach(async () => {
    const response = await t.del('/api/homepage?locale=*');
    assert.ok([204, 404].includes(response.status), response.text);
  });

  async function put(query: string, data: Record<string, unknown>): Promise<Body> {
    const response = await t.put(`/api/homepage${query}`, { data });
    assert.equal(response.status, 200, `PUT ${query}: ${response.text}`);
    return response.body.data;
  }

  async function read(query = ''): Promise<TestResponse> {
    return t.get(`/api/homepage${query}`);
  }

  async function readData(query = ''): Promise<Body> {
    const response = await read(query);
    assert.equal(response.status, 200, `GET ${query}: ${response.text}`);
    return response.body.data;
  }

  const action = (name: 'publish' | 'unpublish' | 'discard-draft', query = '') => t.request('POST', `/api/homepage/actions/${name}${query}`);

  it('nothing yet: GET → 404 under both statuses', async () => {
    assert.deepEqual((await read()).body, NOT_FOUND);
    assert.equal((await read('?status=draft')).status, 404);
  });

  it('PUT ?status=draft → 200 with the draft; GET → 404 until published; GET ?status=draft → the draft', async () => {
    const draft = await put('?status=draft', { title: 'Draft home' });
    assert.equal(draft.publishedAt, null);
    assert.equal(draft.locale, 'en');
    assert.deepEqual((await read()).body, NOT_FOUND);
    assert.deepEqual((await read('?status=draft')).body, { data: draft, meta: {} });
  });

  it('PUT without status → 200 with the published version; the draft exists with the same values', async () => {
    const published = await put('', { title: 'Home', seo: { metaTitle: 'Home meta' } });
    assert.equal(typeof published.publishedAt, 'string');
    assert.deepEqual(Object.keys(published), ['id', 'documentId', 'title', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);
    assert.deepEqual((await read()).body, { data: published, meta: {} });
    const draft = await readData('?status=draft&populate=seo');
    assert.deepEqual([draft.documentId, draft.title, draft.publishedAt, draft.seo.metaTitle], [published.documentId, 'Home', null, 'Home meta']);
    assert.notEqual(draft.id, published.id);
  });

  it('PUT ?status=draft on a published homepage changes only the draft', async () => {
    const published = await put('', { title: 'Live' });
    const draft = await put('?status=draft', { title: 'Edited' });
    assert.equal(draft.title, 'Edited');
    assert.equal(draft.documentId, published.documentId);
    assert.deepEqual(await readData(), published);
    assert.equal((await readData('?status=draft')).title, 'Edited');
  });

  it('PUT {"data":{}} publishes the draft as it is; publishedAt moves, the published id stays', async () => {
    await put('?status=draft', { title: 'As is' });
    const first = await put('', {});
    assert.equal(first.title, 'As is');
    assert.equal(typeof first.publishedAt, 'string');
    await put('?status=draft', { title: 'As is, again' });
    clock.advance(5);
    const second = await put('', {});
    assert.equal(second.title, 'As is, again');
    assert.equal(second.id, first.id);
    assert.ok(second.publishedAt > first.publishedAt);
  });

  it('actions: publish, unpublish, discard-draft (responses and effects)', async () => {
    await put('?status=draft', { title: 'Action home' });
    const published = await action('publish');
    assert.equal(published.status, 200, published.text);
    assert.equal(published.body.data.title, 'Action home');
    assert.equal(typeof published.body.data.publishedAt, 'string');
    assert.deepEqual(await readData(), published.body.data);

    await put('?status=draft', { title: 'Discard me' });
    const discarded = await action('discard-draft');
    assert.equal(discarded.status, 200, discarded.text);
    assert.deepEqual([discarded.body.data.title, discarded.body.data.publishedAt], ['Action home', null]);
    assert.deepEqual(await readData('?status=draft'), discarded.body.data);

    const unpublished = await action('unpublish');
    assert.equal(unpublished.status, 200, unpublished.text);
    assert.deepEqual([unpublished.body.data.title, unpublished.body.data.publishedAt], ['Action home', null]);
    assert.equal((await read()).status, 404);
    assert.equal((await readData('?status=draft')).title, 'Action home');

    // Without a document at all: 404.
    assert.equal((await t.del('/api/homepage')).status, 204);
    const missing = await action('publish');
    assert.deepEqual({ status: missing.status, body: missing.body }, { status: 404, body: NOT_FOUND });
  });

  it('component items of the published version keep their ids across re-publishes', async () => {
    await put('', { title: 'Seo home', seo: { metaTitle: 'Seo 1' } });
    const before = await readData('?populate=seo');
    await put('', { title: 'Seo home 2' });
    assert.equal((await action('publish')).status, 200);
    const after = await readData('?populate=seo');
    assert.deepEqual([after.id, after.seo], [before.id, before.seo]);
  });

  it('locales: PUT ?locale=fr creates the fr localization (200); each locale reads and deletes on its own', async () => {
    const en = await put('', { title: 'Home' });
    const fr = await put('?locale=fr', { title: 'Accueil' });
    assert.equal(fr.locale, 'fr');
    assert.equal(fr.documentId, en.documentId, 'one document, two locales');
    assert.equal((await readData('?locale=fr')).title, 'Accueil');
    assert.equal((await readData()).title, 'Home');
    assert.equal((await read('?locale=de')).status, 404);

    assert.equal((await t.del('/api/homepage?locale=fr')).status, 204);
    assert.equal((await read('?locale=fr')).status, 404);
    assert.equal((await read('?locale=fr&status=draft')).status, 404);
    assert.equal((await readData()).title, 'Home');
    assert.deepEqual((await t.del('/api/homepage?locale=fr')).body, NOT_FOUND);
  });

  it('populate=localizations lists the other locales\' versions with the request\'s status', async () => {
    await put('', { title: 'Home' });
    await put('?locale=fr', { title: 'Accueil' });
    await put('?locale=de&status=draft', { title: 'Startseite' });
    const published = await readData('?populate=localizations');
    assert.deepEqual(published.localizations.map((entry: Body) => [entry.locale, entry.title]), [['fr', 'Accueil']]);
    const drafts = await readData('?status=draft&populate=localizations');
    const entries = drafts.localizations.map((entry: Body) => [entry.locale, entry.title, entry.publishedAt]);
    assert.deepEqual(entries.sort(), [['de', 'Startseite', null], ['fr', 'Accueil', null]]);
  });

  it('locales: PUT ?locale=fr with no homepage at all creates it in fr only', async () => {
    const fr = await put('?locale=fr&status=draft', { title: 'Seulement' });
    assert.equal(fr.locale, 'fr');
    assert.equal((await read('?status=draft')).status, 404);
    assert.equal((await readData('?locale=fr&status=draft')).title, 'Seulement');
    const published = await action('publish', '?locale=fr');
    assert.equal(published.status, 200, published.text);
    assert.equal((await readData('?locale=fr')).title, 'Seulement');
    const enMissing = await action('publish');
    assert.equal(enMissing.status, 404, enMissing.text);
  });

  it('DELETE removes both versions of the locale; ?locale=* every locale; then 404', async () => {
    await put('', { title: 'Gone' });
    await put('?status=draft', { title: 'Gone draft' });
    await put('?locale=de', { title: 'Weg' });
    const deleted = await t.del('/api/homepage');
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal((await read()).status, 404);
    assert.equal((await read('?status=draft')).status, 404);
    assert.equal((await readData('?locale=de')).title, 'Weg');
    assert.equal((await t.del('/api/homepage?locale=*')).status, 204);
    assert.equal((await read('?locale=de&status=draft')).status, 404);
    assert.deepEqual((await t.del('/api/homepage?locale=*')).body, NOT_FOUND);
  });

  it('a single type without Draft & Publish: publishedAt set on create, re-set on update; actions → 400', async () => {
    const created = await t.put('/api/setting', { data: { siteName: 'Site' } });
    assert.equal(created.status, 200, created.text);
    assert.equal(typeof created.body.data.publishedAt, 'string');
    clock.advance(5);
    const updated = await t.put('/api/setting', { data: { siteName: 'Site 2' } });
    assert.ok(updated.body.data.publishedAt > created.body.data.publishedAt);
    assert.deepEqual((await t.get('/api/setting?status=draft')).body.data, updated.body.data);
    for (const name of ['publish', 'unpublish', 'discard-draft']) {
      const response = await t.request('POST', `/api/setting/actions/${name}`);
      assert.equal(response.status, 400, `${name}: ${response.text}`);
      assert.equal(response.body.data, null);
      assert.equal(response.body.error.name, 'ValidationError');
    }
    assert.deepEqual((await t.get('/api/setting')).body.data, updated.body.data);
  });
});
