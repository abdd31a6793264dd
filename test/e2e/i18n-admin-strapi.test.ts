import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ROOT, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import path from 'node:path';

/**
 * Strapi 5's i18n admin routes (`/i18n/locales`, `/i18n/iso-locales`) over HTTP, compared with
 * the answers recorded from Strapi 5.54 (test/fixtures/strapi-admin/i18n): bare bodies, 200 on
 * create, Strapi's errors; denials for an Editor; a deleted locale takes its entries along
 * (components, dynamic zones and relation links of those versions included, other locales kept).
 */

const ENV = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Secret123' };

interface Exchange {
  request: { method: string; path: string; body?: unknown };
  status: number;
  response: { error?: { status: number; name: string; message: string; details: unknown } } & Record<string, unknown>;
}

function recorded<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/strapi-admin/i18n', `${name}.json`), 'utf8')) as T;
}

/** The recorded exchange of a request (method, path and body as sent to Strapi). */
function exchange(method: string, url: string, body?: unknown): Exchange {
  const found = recorded<Exchange[]>('locales-writes').find((entry) => entry.request.method === method && entry.request.path === url && JSON.stringify(entry.request.body) === JSON.stringify(body));
  assert.ok(found, `a recording of ${method} ${url} ${JSON.stringify(body)}`);
  return found;
}

const keys = (value: unknown): string[] => Object.keys(value as object).sort();

describe("Strapi's i18n admin routes", () => {
  let app: TestApp;
  let boss: Record<string, string>;
  let editor: Record<string, string>;
  const call = (method: string, url: string, body?: unknown, headers = boss): Promise<TestResponse> => app.request(method, url, { headers, ...(body === undefined ? {} : { body }) });
  const codes = async (): Promise<string[]> => ((await call('GET', '/i18n/locales')).body as { code: string }[]).map((locale) => locale.code);

  before(async () => {
    app = await startTestApp({ fixture: 'versions-app', env: ENV });
    const login = await app.post('/admin/login', { email: ENV.ADMIN_EMAIL, password: ENV.ADMIN_PASSWORD });
    boss = { authorization: `Bearer ${login.body.data.token}` };
    const created = await call('POST', '/admin/admin-users', { email: 'ed@example.com', password: 'Editor123', firstname: 'Ed', roles: ['strapi-editor'] });
    assert.equal(created.status, 201, created.text);
    const edLogin = await app.post('/admin/login', { email: 'ed@example.com', password: 'Editor123' });
    editor = { authorization: `Bearer ${edLogin.body.data.token}` };
  });
  after(() => app.close());

  it('GET /i18n/locales: a bare array in the recorded shape, for any admin; 401 without a token', async () => {
    const response = await call('GET', '/i18n/locales');
    assert.equal(response.status, 200, response.text);
    const [first] = recorded<{ response: unknown[] }>('locales-list').response;
    const list = response.body as Record<string, unknown>[];
    assert.deepEqual(list.map((locale) => locale.code), ['en', 'fr', 'de']);
    for (const locale of list) assert.deepEqual(keys(locale), keys(first));
    assert.deepEqual(list[0] && { name: list[0].name, isDefault: list[0].isDefault }, { name: 'English (en)', isDefault: true });
    assert.equal((await call('GET', '/i18n/locales', undefined, editor)).status, 200, 'editors need the list to write content');
    assert.equal((await app.get('/i18n/locales')).status, 401);
  });

  it("GET /i18n/iso-locales: Strapi's 627 codes in its order", async () => {
    const response = await call('GET', '/i18n/iso-locales');
    assert.equal(response.status, 200);
    const mine = response.body as { code: string; name: string }[];
    const theirs = recorded<{ response: { code: string; name: string }[] }>('iso-locales').response;
    assert.deepEqual(
      mine.map((locale) => locale.code),
      theirs.map((locale) => locale.code),
    );
    assert.deepEqual(keys(mine[0]), keys(theirs[0]));
    assert.deepEqual(
      mine.find((locale) => locale.code === 'fr-CA'),
      theirs.find((locale) => locale.code === 'fr-CA'),
    );
  });

  it('POST /i18n/locales: 200 with the bare locale; a name left out is made from the code', async () => {
    const sent = { code: 'kw', name: 'Cornish (kw)', isDefault: false };
    const theirs = exchange('POST', '/i18n/locales', sent);
    const response = await call('POST', '/i18n/locales', sent);
    assert.equal(response.status, theirs.status, response.text);
    assert.deepEqual(keys(response.body), keys(theirs.response));
    assert.deepEqual({ ...response.body, id: 0, documentId: '', createdAt: '', updatedAt: '', publishedAt: '' }, { ...theirs.response, id: 0, documentId: '', createdAt: '', updatedAt: '', publishedAt: '' });

    const unnamed = await call('POST', '/i18n/locales', { code: 'gd', isDefault: false });
    assert.equal(unnamed.status, 200, unnamed.text);
    assert.equal(unnamed.body.name, 'Scottish Gaelic (gd)', 'Strapi stores null; Tessera names it');
    assert.deepEqual(await codes(), ['en', 'fr', 'de', 'kw', 'gd']);
  });

  it("POST /i18n/locales refuses what Strapi refuses, in Strapi's errors, and writes nothing", async () => {
    const before = await codes();
    const duplicate = { code: 'kw', name: 'Cornish again', isDefault: false };
    const response = await call('POST', '/i18n/locales', duplicate);
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, exchange('POST', '/i18n/locales', duplicate).response);

    const sameAsStrapi: unknown[] = [{ code: 'gd' }, { code: 'ab', name: 'x', isDefault: 'yes' }, { name: 'No code' }, { code: 'gd', name: 'Gaelic', extra: 1 }, { code: 'xx-nope', name: 'Nope' }, { code: 5, name: 7, isDefault: false }];
    for (const body of sameAsStrapi) {
      const theirs = exchange('POST', '/i18n/locales', body);
      const mine = await call('POST', '/i18n/locales', body);
      assert.equal(mine.status, theirs.status, JSON.stringify(body));
      assert.equal(mine.body.error.name, theirs.response.error?.name, JSON.stringify(body));
      const paths = (entry: { details: unknown } | undefined): string[] => [...new Set(((entry?.details as { errors?: { path: string[] }[] }).errors ?? []).map((error) => error.path.join('.')))].sort();
      assert.deepEqual(paths(mine.body.error), paths(theirs.response.error), `the same fields at fault: ${JSON.stringify(body)} ${mine.text}`);
    }
    assert.equal((await call('POST', '/i18n/locales', { code: 'isDefault-missing', isDefault: true })).status, 400);
    const notObject = await app.request('POST', '/i18n/locales', { rawBody: '[]', headers: { ...boss, 'content-type': 'application/json' } });
    assert.equal(notObject.status, 400);
    assert.deepEqual(await codes(), before, 'nothing was written');
  });

  it('PUT /i18n/locales/:id: name and isDefault only; unknown ids 404 locale.notFound', async () => {
    const kw = ((await call('GET', '/i18n/locales')).body as { id: number; code: string }[]).find((locale) => locale.code === 'kw');
    assert.ok(kw);
    const code = await call('PUT', `/i18n/locales/${kw.id}`, { code: 'kw-GB' });
    assert.equal(code.status, 400);
    assert.equal(code.body.error.message, exchange('PUT', '/i18n/locales/3', { code: 'kw-GB' }).response.error?.message);
    const empty = await call('PUT', `/i18n/locales/${kw.id}`, { name: '' });
    assert.equal(empty.status, 400);
    assert.equal((await call('PUT', `/i18n/locales/${kw.id}`, { isDefault: 'yes' })).status, 400);

    const renamed = await call('PUT', `/i18n/locales/${kw.id}`, { name: 'Kernewek' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(keys(renamed.body), keys(exchange('PUT', '/i18n/locales/3', { name: 'Kernewek' }).response));
    assert.equal(renamed.body.name, 'Kernewek');
    assert.equal((await call('PUT', `/i18n/locales/${kw.id}`, {})).status, 200);

    for (const id of ['999999', 'abc']) {
      const missing = await call('PUT', `/i18n/locales/${id}`, { name: 'x' });
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, exchange('PUT', '/i18n/locales/999', { name: 'x' }).response);
    }
  });

  it('DELETE /i18n/locales/:id: the default is refused as in Strapi; unknown 404', async () => {
    const en = ((await call('GET', '/i18n/locales')).body as { id: number; code: string }[]).find((locale) => locale.code === 'en');
    assert.ok(en);
    const refused = await call('DELETE', `/i18n/locales/${en.id}`);
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, exchange('DELETE', '/i18n/locales/1').response);
    const missing = await call('DELETE', '/i18n/locales/999999');
    assert.deepEqual(missing.body, exchange('DELETE', '/i18n/locales/999').response);
  });

  it('an Editor may not create, change or delete locales, nor list the ISO codes (403); nothing is written', async () => {
    const gd = ((await call('GET', '/i18n/locales')).body as { id: number; code: string }[]).find((locale) => locale.code === 'gd');
    assert.ok(gd);
    const attempts: [string, string, unknown?][] = [
      ['POST', '/i18n/locales', { code: 'br', isDefault: false }],
      ['PUT', `/i18n/locales/${gd.id}`, { name: 'Gàidhlig' }],
      ['DELETE', `/i18n/locales/${gd.id}`],
      ['GET', '/i18n/iso-locales'],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(method, url, body, editor);
      assert.equal(response.status, 403, `${method} ${url}`);
      assert.deepEqual(response.body.error, { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} }, "Strapi's route-policy refusal");
    }
    const after = (await call('GET', '/i18n/locales')).body as { code: string; name: string }[];
    assert.deepEqual(
      after.map((locale) => locale.code),
      ['en', 'fr', 'de', 'kw', 'gd'],
    );
    assert.equal(after.find((locale) => locale.code === 'gd')?.name, 'Scottish Gaelic (gd)');
  });

  it('GET /i18n/content-manager/get-fill-from-locale/:model: the source draft as the form of another locale is filled', async () => {
    const tag = await app.post('/api/tags', { data: { name: 'fill tag' } });
    const author = await app.post('/api/authors?locale=en', { data: { name: 'fill author' } });
    const article = await app.post('/api/articles?locale=en', {
      data: { title: 'fill source', body: 'text', seo: { metaTitle: 'fill seo' }, blocks: [{ __component: 'shared.quote', text: 'one' }, { __component: 'shared.link', label: 'two', url: 'https://example.com' }], tags: [tag.body.data.documentId], author: author.body.data.documentId },
    });
    assert.equal(article.status, 201, article.text);
    const documentId = String(article.body.data.documentId);
    const url = (query: string, model = 'api::article.article') => `/i18n/content-manager/get-fill-from-locale/${model}?${query}`;
    const response = await call('GET', url(`documentId=${documentId}&sourceLocale=en&targetLocale=fr&collectionType=collection-types`));
    assert.equal(response.status, 200, response.text);
    const theirs = recorded<{ exchanges: Exchange[] }>('get-fill-from-locale').exchanges;
    const their = theirs[0]?.response.data as Record<string, Record<string, unknown[]>>;
    const data = response.body.data as Record<string, unknown>;
    for (const system of ['id', 'documentId', 'locale', 'createdAt', 'updatedAt', 'publishedAt', 'localizations']) assert.equal(system in data, false, system);
    assert.equal(data.title, 'fill source');
    assert.deepEqual(data.seo, { metaTitle: 'fill seo', metaDescription: null }, 'a component without its id');
    assert.deepEqual(data.blocks, [
      { text: 'one', __component: 'shared.quote', __temp_key__: 'a0' },
      { label: 'two', url: 'https://example.com', __component: 'shared.link', __temp_key__: 'a1' },
    ]);
    const tags = data.tags as { connect: Record<string, unknown>[]; disconnect: unknown[] };
    assert.deepEqual(tags.disconnect, []);
    assert.deepEqual(tags.connect.map(({ id: _id, documentId: _documentId, ...rest }) => rest), [{ name: 'fill tag', __temp_key__: 'a0', label: 'fill tag' }]);
    assert.deepEqual(keys(tags.connect[0]), keys((their.categories?.connect ?? [])[0]), "a link's keys as Strapi's");
    const authorLink = (data.author as { connect: Record<string, unknown>[] }).connect[0];
    assert.equal(authorLink?.label, 'fill author');
    assert.equal(authorLink?.locale, 'en', 'a localized target names its locale');

    const refusals: [string, number, Exchange | undefined][] = [
      [url('documentId=nope&sourceLocale=en&targetLocale=fr&collectionType=collection-types'), 404, theirs[1]],
      [url(`documentId=${documentId}&sourceLocale=zz&targetLocale=fr&collectionType=collection-types`), 404, undefined],
      [url(`documentId=${documentId}&sourceLocale=fr&targetLocale=en&collectionType=collection-types`), 404, undefined],
      [url('documentId=x&collectionType=collection-types'), 400, theirs[2]],
      [url('documentId=x&collectionType=nope&sourceLocale=en&targetLocale=fr'), 400, theirs[3]],
      [url(`documentId=${documentId}&sourceLocale=en&targetLocale=fr&collectionType=collection-types`, 'api::nope.nope'), 403, theirs[4]],
    ];
    for (const [request, status, recording] of refusals) {
      const refused = await call('GET', request);
      assert.equal(refused.status, status, `${request}: ${refused.text}`);
      if (recording) assert.deepEqual(refused.body, recording.response, request);
    }
    assert.equal((await call('GET', url(`documentId=${documentId}&sourceLocale=en&targetLocale=fr&collectionType=collection-types`), undefined, editor)).status, 200, "the Editor reads every article");
  });

  it("DELETE of a locale removes that locale's versions (components, zones, links) and keeps the other locales'", async () => {
    const db = app.app.database.db;
    const tag = await app.post('/api/tags', { data: { name: 'upi18n tag' } });
    assert.equal(tag.status, 201, tag.text);
    const author = await app.post('/api/authors?locale=en', { data: { name: 'upi18n author' } });
    assert.equal(author.status, 201, author.text);
    const data = (title: string) => ({
      title,
      seo: { metaTitle: `${title} seo` },
      blocks: [{ __component: 'shared.quote', text: `${title} quote` }],
      tags: [tag.body.data.documentId],
    });
    const both = await app.post('/api/articles?locale=en', { data: data('upi18n both en') });
    assert.equal(both.status, 201, both.text);
    const documentId = String(both.body.data.documentId);
    const gdVersion = await app.put(`/api/articles/${documentId}?locale=gd`, { data: data('upi18n both gd') });
    assert.equal(gdVersion.status, 200, gdVersion.text);
    const onlyGd = await app.post('/api/articles?locale=gd&status=published', { data: data('upi18n only gd') });
    assert.equal(onlyGd.status, 201, onlyGd.text);

    const rows = async (locale: string): Promise<number[]> => (await db.selectFrom('articles').select('id').where('locale', '=', locale).execute()).map((row) => Number(row.id));
    const gdRows = await rows('gd');
    assert.equal(gdRows.length, 4, 'a draft and a published version of each (the content API publishes by default)');
    const enRows = await rows('en');
    const count = async (table: string, column: string, ids: number[]): Promise<number> => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, 'in', ids).executeTakeFirstOrThrow()).n);
    // Components keep their owner row (parent_id); relation links their owner row (entity_id).
    const componentLinks = async (ids: number[]): Promise<number> => (await count('components_shared_seos', 'parent_id', ids)) + (await count('components_shared_quotes', 'parent_id', ids));
    const tagLinks = (ids: number[]): Promise<number> => count('articles_tags_lnk', 'entity_id', ids);
    assert.ok((await componentLinks(gdRows)) > 0 && (await tagLinks(gdRows)) > 0, 'the gd versions have components and links');
    const enComponents = await componentLinks(enRows);
    const enTags = await tagLinks(enRows);

    const gd = ((await call('GET', '/i18n/locales')).body as { id: number; code: string }[]).find((locale) => locale.code === 'gd');
    assert.ok(gd);
    const deleted = await call('DELETE', `/i18n/locales/${gd.id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(keys(deleted.body), keys(recorded<{ delete: { response: object } }>('locale-delete-with-entries').delete.response));
    assert.equal(deleted.body.code, 'gd');

    assert.deepEqual(await rows('gd'), [], 'no version in gd is left');
    assert.equal(await componentLinks(gdRows), 0);
    assert.equal(await tagLinks(gdRows), 0);
    assert.deepEqual(await rows('en'), enRows, 'the other locales stay');
    assert.equal(await componentLinks(enRows), enComponents);
    assert.equal(await tagLinks(enRows), enTags);
    const en = await app.get(`/api/articles/${documentId}?locale=en&populate=*`);
    assert.equal(en.status, 200, en.text);
    assert.equal(en.body.data.title, 'upi18n both en');
    assert.equal(en.body.data.tags.length, 1);
    assert.equal((await app.get('/api/articles?locale=gd')).status, 400, 'the locale is unknown at once');
    assert.deepEqual(await codes(), ['en', 'fr', 'de', 'kw']);
  });
});
