import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDocumentsApi, type DocumentsApi } from '../../src/compat/documents/create-documents-api.js';
import { ValidationError } from '../../src/core/shared/errors.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * `strapi.documents(uid)` (src/compat/documents): Strapi 5's Document Service API over the
 * document service, on versions-app (article: Draft & Publish, localized en/fr/de, a unique
 * `code`, a component `seo`, relations `tags` (manyToMany) and `author` (manyToOne); author:
 * localized without drafts; tag: drafts, not localized). Each method, its Strapi return shape,
 * its parameters, and a failing write that leaves nothing behind.
 */
describe('strapi.documents()', () => {
  let t: TestApp;
  let documents: DocumentsApi;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${++counter}`;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
    documents = createDocumentsApi({ model: t.app.model, locales: t.app.locales });
  });
  after(() => t.close());

  const articles = () => documents('api::article.article');

  it('create: a draft by default (Strapi\'s Document Service default), with its component; the REST API does not show it', async () => {
    const created = await articles().create({ data: { title: unique('Draft'), seo: { metaTitle: 'meta' } }, populate: ['seo'] });
    assert.equal(typeof created.documentId, 'string');
    assert.equal(typeof created.id, 'number');
    assert.equal(created.publishedAt, null);
    assert.equal(created.locale, 'en');
    assert.equal((created.seo as { metaTitle: string }).metaTitle, 'meta');
    assert.equal((await t.get(`/api/articles/${created.documentId}`)).status, 404);
    assert.equal((await t.get(`/api/articles/${created.documentId}?status=draft`)).status, 200);
  });

  it('create with status published: the published version, seen by REST', async () => {
    const created = await articles().create({ data: { title: unique('Published') }, status: 'published' });
    assert.notEqual(created.publishedAt, null);
    const response = await t.get(`/api/articles/${created.documentId}`);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.data.title, created.title);
  });

  it('create in a locale (locale param or data.locale) and relations by connect', async () => {
    const tag = await documents('api::tag.tag').create({ data: { name: unique('tag') }, status: 'published' });
    const author = await documents('api::author.author').create({ data: { name: unique('author') }, locale: 'fr' });
    assert.equal(author.locale, 'fr');
    const created = await articles().create({ data: { title: unique('Fr'), locale: 'fr', tags: { connect: [tag.documentId] }, author: { connect: [author.documentId] } }, populate: ['tags', 'author'] });
    assert.equal(created.locale, 'fr');
    assert.deepEqual((created.tags as { documentId: string }[]).map((item) => item.documentId), [tag.documentId]);
    assert.equal((created.author as { documentId: string }).documentId, author.documentId);
  });

  it('findOne: the draft by default, the published version with status, null when absent; fields and populate', async () => {
    const created = await articles().create({ data: { title: unique('One'), body: 'draft body', seo: { metaTitle: 'm' } }, status: 'published' });
    await articles().update({ documentId: created.documentId, data: { body: 'changed draft' } });
    const draft = await articles().findOne({ documentId: created.documentId });
    assert.equal(draft?.body, 'changed draft');
    assert.equal(draft?.publishedAt, null);
    const published = await articles().findOne({ documentId: created.documentId, status: 'published', fields: ['title'], populate: { seo: true } });
    assert.deepEqual(Object.keys(published ?? {}).sort(), ['documentId', 'id', 'seo', 'title']);
    assert.equal((published?.seo as { metaTitle: string }).metaTitle, 'm');
    assert.equal(await articles().findOne({ documentId: created.documentId, locale: 'fr' }), null);
    assert.equal(await articles().findOne({ documentId: 'nosuchdocumentid000000000' }), null);
  });

  it('findMany: filters (operators, relations), sort, start/limit and pagination, status, locale', async () => {
    const prefix = unique('List');
    const author = await documents('api::author.author').create({ data: { name: `${prefix} writer` } });
    for (const [index, views] of [3, 1, 2].entries()) {
      await articles().create({ data: { title: `${prefix} ${index}`, views, author: author.documentId }, status: index === 2 ? 'draft' : 'published' });
    }
    await articles().create({ data: { title: `${prefix} fr` }, locale: 'fr', status: 'published' });
    const drafts = await articles().findMany({ filters: { title: { $startsWith: prefix } }, sort: 'views:asc' });
    assert.deepEqual(drafts.map((item) => item.views), [1, 2, 3]);
    const published = await articles().findMany({ filters: { title: { $startsWith: prefix } }, status: 'published', sort: { views: 'desc' } });
    assert.deepEqual(published.map((item) => item.views), [3, 1]);
    const byAuthor = await articles().findMany({ filters: { author: { name: { $eq: `${prefix} writer` } } }, sort: ['views:asc'], fields: ['views'] });
    assert.deepEqual(byAuthor.map((item) => item.views), [1, 2, 3]);
    assert.deepEqual((await articles().findMany({ filters: { title: { $startsWith: prefix } }, sort: 'views:asc', start: 1, limit: 1 })).map((item) => item.views), [2]);
    assert.deepEqual((await articles().findMany({ filters: { title: { $startsWith: prefix } }, sort: 'views:asc', pagination: { page: 2, pageSize: 2 } })).map((item) => item.views), [3]);
    assert.deepEqual((await articles().findMany({ filters: { title: { $startsWith: prefix } }, locale: 'fr' })).map((item) => item.title), [`${prefix} fr`]);
    assert.equal((await articles().findMany({ filters: { title: { $startsWith: prefix } }, locale: '*' })).length, 4);
    const first = await articles().findFirst({ filters: { title: { $startsWith: prefix } }, sort: 'views:desc' });
    assert.equal(first?.views, 3);
    assert.equal(await articles().findFirst({ filters: { title: 'nothing like this' } }), null);
  });

  it('count: drafts by default, published with status, per locale', async () => {
    const prefix = unique('Count');
    await articles().create({ data: { title: `${prefix} a` }, status: 'published' });
    await articles().create({ data: { title: `${prefix} b` } });
    await articles().create({ data: { title: `${prefix} c` }, locale: 'de' });
    const filters = { title: { $startsWith: prefix } };
    assert.equal(await articles().count({ filters }), 2);
    assert.equal(await articles().count({ filters, status: 'published' }), 1);
    assert.equal(await articles().count({ filters, locale: 'de' }), 1);
  });

  it('update: the draft by default; status published publishes; a new locale is created; null for an unknown document', async () => {
    const created = await articles().create({ data: { title: unique('Upd') }, status: 'published' });
    const draft = await articles().update({ documentId: created.documentId, data: { body: 'draft only' } });
    assert.equal(draft?.publishedAt, null);
    assert.equal(draft?.body, 'draft only');
    assert.equal((await articles().findOne({ documentId: created.documentId, status: 'published' }))?.body, null);
    const published = await articles().update({ documentId: created.documentId, data: { body: 'live' }, status: 'published' });
    assert.notEqual(published?.publishedAt, null);
    assert.equal((await t.get(`/api/articles/${created.documentId}`)).body.data.body, 'live');
    const french = await articles().update({ documentId: created.documentId, locale: 'fr', data: { title: 'Titre' } });
    assert.equal(french?.locale, 'fr');
    assert.equal(french?.documentId, created.documentId);
    assert.equal(await articles().update({ documentId: 'nosuchdocumentid000000000', data: { title: 'x' } }), null);
  });

  it('update with relations: connect, disconnect and set', async () => {
    const tags = await Promise.all([1, 2, 3].map(() => documents('api::tag.tag').create({ data: { name: unique('t') }, status: 'published' })));
    const [a, b, c] = tags.map((tag) => tag.documentId) as [string, string, string];
    const created = await articles().create({ data: { title: unique('Rel'), tags: [a, b] } });
    const names = (document: Record<string, unknown> | null) => ((document?.tags ?? []) as { documentId: string }[]).map((tag) => tag.documentId);
    assert.deepEqual(names(await articles().update({ documentId: created.documentId, data: { tags: { connect: [c], disconnect: [a] } }, populate: ['tags'] })), [b, c]);
    assert.deepEqual(names(await articles().update({ documentId: created.documentId, data: { tags: { set: [a] } }, populate: ['tags'] })), [a]);
  });

  it('publish, unpublish, discardDraft: { documentId, entries } as in Strapi', async () => {
    const created = await articles().create({ data: { title: unique('Act') } });
    const published = await articles().publish({ documentId: created.documentId });
    assert.equal(published.documentId, created.documentId);
    assert.equal(published.entries.length, 1);
    assert.notEqual(published.entries[0]?.publishedAt, null);
    await articles().update({ documentId: created.documentId, data: { body: 'unsaved' } });
    const discarded = await articles().discardDraft({ documentId: created.documentId });
    assert.equal(discarded.entries.length, 1);
    assert.equal(discarded.entries[0]?.publishedAt, null);
    assert.equal((await articles().findOne({ documentId: created.documentId }))?.body, null);
    const unpublished = await articles().unpublish({ documentId: created.documentId });
    assert.equal(unpublished.entries.length, 1);
    assert.equal(await articles().findOne({ documentId: created.documentId, status: 'published' }), null);
    assert.deepEqual(await articles().unpublish({ documentId: created.documentId }), { documentId: created.documentId, entries: [] });
  });

  it('publish with locale "*": every locale that has a draft', async () => {
    const created = await articles().create({ data: { title: unique('All') } });
    await articles().update({ documentId: created.documentId, locale: 'fr', data: { title: 'fr' } });
    const published = await articles().publish({ documentId: created.documentId, locale: '*' });
    assert.deepEqual(published.entries.map((entry) => entry.locale).sort(), ['en', 'fr']);
  });

  it('delete: { documentId, entries } with every removed version of the locale; a draft alone is refused', async () => {
    const created = await articles().create({ data: { title: unique('Del') }, status: 'published' });
    await articles().update({ documentId: created.documentId, locale: 'fr', data: { title: 'fr' } });
    await assert.rejects(articles().delete({ documentId: created.documentId, status: 'draft' }), ValidationError);
    const removed = await articles().delete({ documentId: created.documentId });
    assert.equal(removed.documentId, created.documentId);
    assert.deepEqual(removed.entries.map((entry) => entry.publishedAt === null).sort(), [false, true]);
    assert.equal(await articles().findOne({ documentId: created.documentId }), null);
    assert.notEqual(await articles().findOne({ documentId: created.documentId, locale: 'fr' }), null);
    assert.deepEqual(await articles().delete({ documentId: created.documentId }), { documentId: created.documentId, entries: [] });
  });

  it('a failing write throws ValidationError and writes nothing', async () => {
    const code = unique('code');
    await articles().create({ data: { title: unique('Unique'), code } });
    const before = await articles().count({});
    await assert.rejects(articles().create({ data: { title: unique('Dup'), code } }), ValidationError);
    await assert.rejects(articles().create({ data: { title: 'x', nope: 1 } }), ValidationError);
    await assert.rejects(articles().create({ data: { title: unique('Bad'), tags: ['nosuchdocumentid000000000'] } }), (error: Error) => error.name === 'ValidationError' || error.name === 'NotFoundError');
    assert.equal(await articles().count({}), before);
    await assert.rejects(articles().findMany({ filters: { nope: 1 } }), ValidationError);
    await assert.rejects(articles().findMany({ status: 'live' as 'draft' }), ValidationError);
    assert.throws(() => documents('api::nope.nope').findMany(), /unknown content-type/);
  });
});
