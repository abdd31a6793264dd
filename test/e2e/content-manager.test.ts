import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

const BOSS = { email: 'boss@example.com', password: 'Secret123' };
const ENV = { ADMIN_EMAIL: BOSS.email, ADMIN_PASSWORD: BOSS.password };
const ARTICLES = '/content-manager/collection-types/api::article.article';


async function login(app: TestApp, email: string, password: string): Promise<string> {
  const response = await app.post('/admin/login', { email, password });
  assert.equal(response.status, 200, response.text);
  return response.body.data.token as string;
}

describe('content manager: schemas, configuration, documents (Super Admin)', () => {
  let app: TestApp;
  let token: string;
  const call = (method: string, url: string, body?: unknown): Promise<TestResponse> => app.request(method, url, { headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) });
  before(async () => {
    app = await startTestApp({ fixture: 'content-manager-app', env: ENV });
    token = await login(app, BOSS.email, BOSS.password);
  });
  after(() => app.close());

  it('GET /init: field sizes, components and content types as DTOs', async () => {
    const response = await call('GET', '/content-manager/init');
    assert.equal(response.status, 200, response.text);
    const { fieldSizes, components, contentTypes } = response.body.data;
    assert.deepEqual(fieldSizes.string, { default: 6, isResizable: true });
    const article = contentTypes.find((type: { uid: string }) => type.uid === 'api::article.article');
    assert.equal(article.isDisplayed, true);
    assert.equal(article.apiID, 'article');
    assert.deepEqual(Object.keys(article.attributes).slice(0, 2), ['id', 'title']);
    assert.equal(article.attributes.createdBy.target, 'admin::user');
    assert.equal(article.attributes.author.targetModel, 'api::author.author');
    assert.ok(!('publishedAt' in article.attributes));
    assert.ok(components.some((component: { uid: string }) => component.uid === 'shared.seo'));
  });

  it('creates, reads, updates, publishes and lists an article', async () => {
    const author = await call('POST', '/content-manager/collection-types/api::author.author', { name: 'Ann', email: 'ann@example.com' });
    assert.equal(author.status, 201, author.text);
    const created = await call('POST', `${ARTICLES}?locale=en`, { title: 'First', slug: 'first', views: 3, author: { connect: [{ id: author.body.data.id }] }, seo: { metaTitle: 'Hi' } });
    assert.equal(created.status, 201, created.text);
    const { data, meta } = created.body;
    assert.equal(data.status, 'draft');
    assert.deepEqual(data.author, { count: 1 });
    assert.equal(data.createdBy.email, BOSS.email);
    assert.deepEqual(meta, { availableLocales: [], availableStatus: [] });

    const published = await call('POST', `${ARTICLES}/${data.documentId}/actions/publish?locale=en`, {});
    assert.equal(published.status, 200, published.text);
    assert.equal(published.body.data.status, 'published');
    assert.equal(published.body.meta.availableStatus.length, 1);

    const updated = await call('PUT', `${ARTICLES}/${data.documentId}?locale=en`, { title: 'First edited' });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.data.status, 'modified');

    const list = await call('GET', `${ARTICLES}?page=1&pageSize=10&sort=title:ASC&_q=edited&locale=en`);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.results.length, 1);
    assert.equal(list.body.results[0].author.name, 'Ann');
    assert.deepEqual(list.body.pagination, { page: 1, pageSize: 10, pageCount: 1, total: 1 });

    const fr = await call('PUT', `${ARTICLES}/${data.documentId}?locale=fr`, { title: 'Premier' });
    assert.equal(fr.status, 200, fr.text);
    const one = await call('GET', `${ARTICLES}/${data.documentId}?locale=en`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.data.localizations.map((item: { locale: string }) => item.locale), ['fr']);
    const missing = await call('GET', `${ARTICLES}/${data.documentId}?locale=en&status=published`);
    assert.equal(missing.status, 200);
  });
});
