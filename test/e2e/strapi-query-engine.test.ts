import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDocumentsApi, type DocumentsApi } from '../../src/compat/documents/create-documents-api.js';
import { createQueryEngine, type QueryEngine } from '../../src/compat/query-engine/create-query-engine.js';
import { ApplicationError, ValidationError } from '../../src/core/shared/errors.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * `strapi.db.query(uid)` (src/compat/query-engine): Strapi's Query Engine at row level — one
 * row per version (locale × status) — on versions-app (article: Draft & Publish, localized,
 * unique `code`, component `seo`, relations `tags`/`author`; category: neither option; author:
 * localized without drafts). Every method, its Strapi return shape, where/select/populate/
 * orderBy/limit/offset, the row-level writes Tessera maps and those it refuses by name.
 */
describe('strapi.db.query()', () => {
  let t: TestApp;
  let query: QueryEngine;
  let documents: DocumentsApi;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${++counter}`;

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
    query = createQueryEngine({ model: t.app.model, locales: t.app.locales });
    documents = createDocumentsApi({ model: t.app.model, locales: t.app.locales });
  });
  after(() => t.close());

  const articles = () => query('api::article.article');
  const categories = () => query('api::category.category');

  it('findMany: every row — draft and published versions, every locale — in orderBy order', async () => {
    const prefix = unique('Rows');
    const a = await documents('api::article.article').create({ data: { title: `${prefix} a`, views: 2 }, status: 'published' });
    await documents('api::article.article').create({ data: { title: `${prefix} b`, views: 1 } });
    await documents('api::article.article').update({ documentId: a.documentId, locale: 'fr', data: { title: `${prefix} a fr` } });
    const rows = await articles().findMany({ where: { title: { $startsWith: prefix } }, orderBy: [{ title: 'asc' }, { publishedAt: 'desc' }] });
    assert.deepEqual(rows.map((row) => [row.title, row.locale, row.publishedAt === null ? 'draft' : 'published']), [
      [`${prefix} a`, 'en', 'published'],
      [`${prefix} a`, 'en', 'draft'],
      [`${prefix} a fr`, 'fr', 'draft'],
      [`${prefix} b`, 'en', 'draft'],
    ]);
    assert.equal(new Set(rows.map((row) => row.id)).size, 4);
    // limit/offset cut the merged list; where.publishedAt chooses one status.
    assert.deepEqual((await articles().findMany({ where: { title: { $startsWith: prefix } }, orderBy: { views: 'desc' }, offset: 1, limit: 2 })).map((row) => row.views), [2, 2]);
    assert.deepEqual((await articles().findMany({ where: { title: { $startsWith: prefix }, publishedAt: { $notNull: true } } })).map((row) => row.title), [`${prefix} a`]);
    assert.deepEqual((await articles().findMany({ where: { title: { $startsWith: prefix }, publishedAt: null }, orderBy: 'title' })).map((row) => row.title), [`${prefix} a`, `${prefix} a fr`, `${prefix} b`]);
    assert.deepEqual((await articles().findMany({ where: { title: { $startsWith: prefix }, locale: 'fr' } })).map((row) => row.title), [`${prefix} a fr`]);
  });

  it('where: Strapi operators, $and/$or/$not, nested relations, id', async () => {
    const prefix = unique('Where');
    const names = ['alpha', 'Beta', 'gamma', 'delta'];
    const made = [];
    for (const name of names) made.push(await categories().create({ data: { name: `${prefix} ${name}` } }));
    const find = async (where: Record<string, unknown>) => (await categories().findMany({ where: { $and: [{ name: { $startsWith: prefix } }, where] }, orderBy: { id: 'asc' } })).map((row) => String(row.name).slice(prefix.length + 1));
    assert.deepEqual(await find({ name: { $eq: `${prefix} alpha` } }), ['alpha']);
    assert.deepEqual(await find({ name: { $ne: `${prefix} alpha` } }), ['Beta', 'gamma', 'delta']);
    assert.deepEqual(await find({ name: { $in: [`${prefix} alpha`, `${prefix} gamma`] } }), ['alpha', 'gamma']);
    assert.deepEqual(await find({ name: { $notIn: [`${prefix} alpha`, `${prefix} gamma`] } }), ['Beta', 'delta']);
    assert.deepEqual(await find({ name: { $contains: 'amm' } }), ['gamma']);
    assert.deepEqual(await find({ name: { $notContains: 'a' } }), []);
    assert.deepEqual(await find({ name: { $containsi: 'BETA' } }), ['Beta']);
    assert.deepEqual(await find({ name: { $endsWith: 'lta' } }), ['delta']);
    assert.deepEqual(await find({ $or: [{ name: { $endsWith: 'pha' } }, { name: { $endsWith: 'mma' } }] }), ['alpha', 'gamma']);
    assert.deepEqual(await find({ $not: { name: { $endsWith: 'a' } } }), []);
    const ids = made.map((row) => row.id);
    assert.deepEqual(await find({ id: { $gt: ids[0], $lte: ids[2] } }), ['Beta', 'gamma']);
    assert.deepEqual(await find({ id: { $lt: ids[1] } }), ['alpha']);
    assert.deepEqual(await find({ id: { $gte: ids[3] } }), ['delta']);
    assert.deepEqual(await find({ id: { $between: [ids[1], ids[2]] } }), ['Beta', 'gamma']);
    assert.deepEqual(await find({ name: { $null: true } }), []);
    assert.deepEqual(await find({ name: { $notNull: true } }), names);
    // Through a relation: categories featuring an article of a given title.
    const article = await documents('api::article.article').create({ data: { title: unique('Featured') }, status: 'published' });
    await categories().update({ where: { id: ids[0] }, data: { featured: [article.documentId] } });
    assert.deepEqual(await find({ featured: { title: article.title } }), ['alpha']);
  });

  it('select, populate (Query Engine words: select/where/orderBy inside), findOne', async () => {
    const tags = [];
    for (const name of ['b', 'a']) tags.push(await documents('api::tag.tag').create({ data: { name: unique(name) }, status: 'published' }));
    const created = await documents('api::article.article').create({ data: { title: unique('Pop'), seo: { metaTitle: 'm' }, tags: tags.map((tag) => tag.documentId) } });
    const row = await articles().findOne({ where: { documentId: created.documentId }, select: ['title'], populate: { seo: true, tags: { select: ['name'], orderBy: { name: 'asc' } } } });
    assert.deepEqual(Object.keys(row ?? {}).sort(), ['documentId', 'id', 'seo', 'tags', 'title']);
    assert.equal((row?.seo as { metaTitle: string }).metaTitle, 'm');
    const names = (row?.tags as { name: string }[]).map((tag) => tag.name);
    assert.deepEqual(names, [...names].sort());
    assert.equal(names.length, 2);
    assert.equal(await articles().findOne({ where: { documentId: 'nosuchdocumentid000000000' } }), null);
  });

  it('count, findWithCount, findPage: Strapi shapes, rows of both statuses counted', async () => {
    const prefix = unique('Page');
    for (const index of [1, 2, 3]) await documents('api::article.article').create({ data: { title: `${prefix} ${index}` }, status: index === 1 ? 'published' : 'draft' });
    const where = { title: { $startsWith: prefix } };
    assert.equal(await articles().count({ where }), 4);
    const [rows, total] = await articles().findWithCount({ where, limit: 2 });
    assert.equal(rows.length, 2);
    assert.equal(total, 4);
    const page = await articles().findPage({ where, page: 2, pageSize: 3, orderBy: 'title' });
    assert.deepEqual(page.pagination, { page: 2, pageSize: 3, pageCount: 2, total: 4 });
    assert.equal(page.results.length, 1);
    assert.deepEqual((await articles().findPage({ where })).pagination, { page: 1, pageSize: 10, pageCount: 1, total: 4 });
  });

  it('create: a row — a draft unless data.publishedAt is set; data.locale; relations by row id', async () => {
    const author = await query('api::author.author').create({ data: { name: unique('Writer') } });
    assert.equal(author.locale, 'en');
    const draft = await articles().create({ data: { title: unique('Row'), author: { connect: [{ id: author.id }] } }, populate: ['author'] });
    assert.equal(draft.publishedAt, null);
    assert.equal((draft.author as { id: number }).id, author.id);
    const french = await query('api::author.author').create({ data: { name: unique('Auteur'), locale: 'fr' } });
    assert.equal(french.locale, 'fr');
    const published = await articles().create({ data: { title: unique('Live'), publishedAt: new Date().toISOString(), locale: 'fr', author: french.id }, populate: { author: { select: ['name'] } } });
    assert.notEqual(published.publishedAt, null);
    assert.equal(published.locale, 'fr');
    assert.equal((published.author as { name: string }).name, french.name);
    assert.equal((await t.get(`/api/articles/${published.documentId}?locale=fr`)).status, 200);
    // A relation links the target's version in the row's locale (as in REST): a French row id from an English row is not found.
    await assert.rejects(articles().create({ data: { title: unique('Mixed'), author: french.id } }), ValidationError);
  });

  it('createMany: { count, ids } in one transaction — a failing item writes nothing', async () => {
    const prefix = unique('Many');
    const result = await categories().createMany({ data: [{ name: `${prefix} 1` }, { name: `${prefix} 2` }] });
    assert.equal(result.count, 2);
    assert.equal(result.ids.length, 2);
    assert.deepEqual((await categories().findMany({ where: { id: { $in: result.ids } }, orderBy: 'id' })).map((row) => row.name), [`${prefix} 1`, `${prefix} 2`]);
    const code = unique('code');
    await assert.rejects(articles().createMany({ data: [{ title: `${prefix} a`, code }, { title: `${prefix} b`, code }] }), ValidationError);
    assert.equal(await articles().count({ where: { title: { $startsWith: prefix } } }), 0);
  });

  it('update and updateMany: a draft row or a row of a type without drafts; a published row is refused by name', async () => {
    const prefix = unique('Upd');
    const doc = await documents('api::article.article').create({ data: { title: `${prefix} x` }, status: 'published' });
    const updated = await articles().update({ where: { documentId: doc.documentId, publishedAt: null }, data: { body: 'row body' } });
    assert.equal(updated?.body, 'row body');
    assert.equal(updated?.publishedAt, null);
    assert.equal((await t.get(`/api/articles/${doc.documentId}`)).body.data.body, null, 'the published row is unchanged');
    await assert.rejects(articles().update({ where: { documentId: doc.documentId, publishedAt: { $notNull: true } }, data: { body: 'x' } }), (error: Error) => error instanceof ApplicationError && /published version/.test(error.message));
    await assert.rejects(articles().updateMany({ where: { documentId: doc.documentId }, data: { body: 'x' } }), ApplicationError);
    assert.equal((await articles().findOne({ where: { documentId: doc.documentId, publishedAt: null } }))?.body, 'row body', 'a refused updateMany wrote nothing');
    assert.equal(await articles().update({ where: { title: 'nothing like it' }, data: { body: 'x' } }), null);
    await categories().createMany({ data: [{ name: `${prefix} c1` }, { name: `${prefix} c2` }, { name: 'other' }] });
    assert.deepEqual(await categories().updateMany({ where: { name: { $startsWith: prefix } }, data: { name: `${prefix} renamed` } }), { count: 2 });
    assert.equal(await categories().count({ where: { name: `${prefix} renamed` } }), 2);
    await assert.rejects(articles().update({ where: { documentId: doc.documentId, publishedAt: null }, data: { publishedAt: new Date().toISOString() } }), /data\.publishedAt/);
    await assert.rejects(articles().update({ where: { documentId: doc.documentId, publishedAt: null }, data: { nope: 1 } }), ValidationError);
  });

  it('delete and deleteMany: the row deleted (or { count }); a published row alone is unpublished; a draft alone with its published row is refused', async () => {
    const prefix = unique('Del');
    const doc = await documents('api::article.article').create({ data: { title: `${prefix} a` }, status: 'published' });
    await assert.rejects(articles().delete({ where: { documentId: doc.documentId, publishedAt: null } }), (error: Error) => error instanceof ApplicationError && /draft/.test(error.message));
    const removed = await articles().delete({ where: { documentId: doc.documentId, publishedAt: { $notNull: true } }, select: ['title'] });
    assert.equal(removed?.title, `${prefix} a`);
    assert.equal((await t.get(`/api/articles/${doc.documentId}`)).status, 404);
    assert.equal(await articles().count({ where: { documentId: doc.documentId } }), 1, 'the draft row stays');
    const draftOnly = await articles().delete({ where: { documentId: doc.documentId } });
    assert.equal(draftOnly?.documentId, doc.documentId);
    assert.equal(await articles().count({ where: { documentId: doc.documentId } }), 0);
    assert.equal(await articles().delete({ where: { documentId: doc.documentId } }), null);
    const other = await documents('api::article.article').create({ data: { title: `${prefix} b` }, status: 'published' });
    await documents('api::article.article').update({ documentId: other.documentId, locale: 'fr', data: { title: `${prefix} b fr` } });
    assert.deepEqual(await articles().deleteMany({ where: { title: { $startsWith: prefix } } }), { count: 3 });
    assert.equal(await articles().count({ where: { title: { $startsWith: prefix } } }), 0);
  });

  it('unsupported options are refused by name; bad where is a ValidationError', async () => {
    await assert.rejects(articles().findMany({ filters: { title: 'x' } }), (error: Error) => error instanceof ApplicationError && /"filters"/.test(error.message));
    await assert.rejects(articles().findMany({ where: { title: 'x' }, populate: { tags: { limit: 1 } } }), /populate\.tags\.limit/);
    await assert.rejects(articles().findMany({ orderBy: { author: { name: 'asc' } } }), /orderBy/);
    assert.equal((await articles().findMany({ where: { publishedAt: { $notNull: true } }, orderBy: { author: { name: 'asc' } }, limit: 1 })).length <= 1, true);
    await assert.rejects(articles().findMany({ where: { nope: 1 } }), ValidationError);
    await assert.rejects(articles().findMany({ limit: -1 }), ValidationError);
    await assert.rejects(articles().create({ data: { title: 'x', documentId: 'abc' } }), /data\.documentId/);
    assert.throws(() => query('api::nope.nope'), /unknown content-type/);
  });
});
