import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { readResponseCacheConfig } from '../../src/core/config/response-cache-config.js';
import { seededRandom } from '../helpers/random.js';
import { createDocumentsApi } from '../../src/compat/documents/create-documents-api.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKind } from '../helpers/test-database.js';
import { waitUntil } from '../helpers/wait-until.js';

const REDIS_URL = process.env.TESSERA_TEST_REDIS ?? 'redis://127.0.0.1:6379';
const PREFIX = `tessera-test:cache:${process.pid}:${Date.now()}:`;
const CACHE = readResponseCacheConfig({ store: 'redis', redis: { url: REDIS_URL, prefix: PREFIX } }, 'config/api');
// The second project: a prefix of its own, as two deployments sharing a Redis must have.
const VERSIONS_CACHE = readResponseCacheConfig({ store: 'redis', redis: { url: REDIS_URL, prefix: `${PREFIX}v:` } }, 'config/api');
const SHARED = testDatabaseKind() !== 'sqlite';
/** The interleavings' seed (TESSERA_PROPERTY_SEED replays another) and their length. */
const SEED = Number(process.env.TESSERA_PROPERTY_SEED ?? 23);
const STEPS = Number(process.env.TESSERA_CACHE_STEPS ?? 60);

/**
 * Two instances sharing Redis and one database, random (seeded) interleavings of writes through
 * either instance (REST, GraphQL, project code, a relation set from its inverse side, deletes)
 * and cached reads through either, some of them running while a write does. Every read made once
 * the writes settled is compared with an uncached server on the same database: never a stale
 * answer, on either instance. Needs a database server (TESSERA_TEST_DB=postgres or mysql).
 */
describe('response cache across two instances (Redis)', { skip: SHARED ? false : 'needs TESSERA_TEST_DB=postgres or mysql (one database for three servers)' }, () => {
  let a: TestApp;
  let b: TestApp;
  let plain: TestApp;
  let redis: Redis;

  before(async () => {
    a = await startTestApp({ fixture: 'relations', override: (config) => ({ ...config, rest: { ...config.rest, ...(CACHE ? { cache: CACHE } : {}) } }) });
    const database = a.app.config.database;
    b = await startTestApp({ fixture: 'relations', override: (config) => ({ ...config, database, rest: { ...config.rest, ...(CACHE ? { cache: CACHE } : {}) } }) });
    plain = await startTestApp({ fixture: 'relations', override: (config) => ({ ...config, database }) });
    redis = new Redis(REDIS_URL);
  });
  after(async () => {
    await b?.close();
    await plain?.close();
    await a?.close();
    // Only this run's keys.
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
    redis.disconnect();
  });

  const READS = [
    '/api/articles?sort=title&populate[author][fields][0]=name',
    '/api/authors?sort=name&populate[articles][fields][0]=title&populate[articles][sort][0]=title',
    '/api/articles?sort=title&fields[0]=title&filters[author][name][$startsWith]=p',
    '/api/authors?sort=name&fields[0]=name',
  ];
  const GRAPHQL = { query: '{ authors(sort: "name", pagination: { limit: 100 }) { data { attributes { name articles(sort: "title") { data { attributes { title } } } } } } }' };

  async function read(app: TestApp, index: number): Promise<string> {
    if (index === READS.length) {
      const response = await app.post('/graphql', GRAPHQL);
      assert.equal(response.status, 200, response.text);
      return response.text;
    }
    const response = await app.get(READS[index] ?? '');
    assert.equal(response.status, 200, response.text);
    return response.text;
  }

  it('every read equals the uncached answer once the writes it raced with committed', async () => {
    const random = seededRandom(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const articles: string[] = [];
    const authors: string[] = [];
    let serial = 0;
    const name = () => `${pick(['p', 'q'])}${String(serial++).padStart(3, '0')}`;

    const write = async (app: TestApp): Promise<void> => {
      const kind = pick(['article', 'author', 'inverse', 'owner', 'graphql', 'code', 'rename', 'delete'] as const);
      if (kind === 'article' || articles.length === 0) {
        const response = await app.post('/api/articles', { data: { title: name() } });
        assert.equal(response.status, 201, response.text);
        articles.push(response.body.data.documentId);
      } else if (kind === 'author' || authors.length === 0) {
        const response = await app.post('/api/authors', { data: { name: name() } });
        assert.equal(response.status, 201, response.text);
        authors.push(response.body.data.documentId);
      } else if (kind === 'inverse') {
        const response = await app.put(`/api/authors/${pick(authors)}`, { data: { articles: [pick(articles)] } });
        assert.equal(response.status, 200, response.text);
      } else if (kind === 'owner') {
        const response = await app.put(`/api/articles/${pick(articles)}`, { data: { author: pick(authors) } });
        assert.equal(response.status, 200, response.text);
      } else if (kind === 'graphql') {
        const response = await app.post('/graphql', { query: `mutation { updateAuthor(id: "${pick(authors)}", data: { name: "${name()}" }) { data { id } } }` });
        assert.equal(response.status, 200, response.text);
      } else if (kind === 'code') {
        await createDocumentsApi({ model: app.app.model, locales: app.app.locales })('api::article.article').update({ documentId: pick(articles), data: { title: name() } });
      } else if (kind === 'rename') {
        const response = await app.put(`/api/articles/${pick(articles)}`, { data: { title: name() } });
        assert.equal(response.status, 200, response.text);
      } else {
        const documentId = articles.splice(Math.floor(random() * articles.length), 1)[0];
        const response = await app.del(`/api/articles/${documentId}`);
        assert.equal(response.status, 204, response.text);
      }
    };

    for (let step = 0; step < STEPS; step += 1) {
      // A write through one instance racing reads through both, then every read checked on both.
      const writer = pick([a, b]);
      const racing = Array.from({ length: 3 }, () => read(pick([a, b]), Math.floor(random() * (READS.length + 1))));
      await Promise.all([write(writer), ...racing]);
      for (let index = 0; index <= READS.length; index += 1) {
        const expected = await read(plain, index);
        for (const [label, app] of [['a', a], ['b', b]] as const) {
          assert.equal(await read(app, index), expected, `seed ${SEED}, step ${step}: instance ${label}, read ${index} is stale`);
        }
      }
    }
    // The answers were shared: one instance keeps, the other serves (once the suspension each start
    // sets — two follow delays — is over: waited for, not timed).
    const url = READS[0] ?? '';
    await waitUntil('an answer kept by A served by B', async () => {
      await a.get(url);
      return (await b.get(url)).headers.get('x-tessera-cache') === 'hit';
    });
  });

  describe('Draft & Publish and locales', () => {
    let va: TestApp;
    let vb: TestApp;
    let vplain: TestApp;
    before(async () => {
      va = await startTestApp({ fixture: 'versions-app', override: (config) => ({ ...config, rest: { ...config.rest, ...(VERSIONS_CACHE ? { cache: VERSIONS_CACHE } : {}) } }) });
      const database = va.app.config.database;
      vb = await startTestApp({ fixture: 'versions-app', override: (config) => ({ ...config, database, rest: { ...config.rest, ...(VERSIONS_CACHE ? { cache: VERSIONS_CACHE } : {}) } }) });
      vplain = await startTestApp({ fixture: 'versions-app', override: (config) => ({ ...config, database }) });
    });
    after(async () => {
      await vb?.close();
      await vplain?.close();
      await va?.close();
    });

    const VERSION_READS = [
      '/api/articles?sort=title&fields[0]=title&populate[tags][fields][0]=name&populate[tags][sort][0]=name',
      '/api/articles?locale=fr&sort=title&fields[0]=title',
      '/api/articles?status=draft&sort=title&fields[0]=title',
      '/api/tags?sort=name&fields[0]=name&populate[articles][fields][0]=title&populate[articles][sort][0]=title',
      '/api/authors?sort=name&fields[0]=name&populate[articles][fields][0]=title&populate[articles][sort][0]=title',
    ];
    const VERSION_GRAPHQL = { query: '{ articles(sort: "title", pagination: { limit: 100 }) { data { attributes { title tags(sort: "name") { data { attributes { name } } } } } } }' };

    async function readVersion(app: TestApp, index: number): Promise<string> {
      const response = index === VERSION_READS.length ? await app.post('/graphql', VERSION_GRAPHQL) : await app.get(VERSION_READS[index] ?? '');
      assert.equal(response.status, 200, response.text);
      return response.text;
    }

    it('publish, unpublish, locale writes and relations set from the inverse side, through either instance', async () => {
      const random = seededRandom(SEED * 101);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
      const articles: string[] = [];
      const tags: string[] = [];
      const authors: string[] = [];
      let serial = 0;
      const name = (stem: string) => `${stem}${String(serial++).padStart(3, '0')}`;
      const ok = (response: { status: number; text: string }, status = 200) => assert.equal(response.status, status, response.text);

      const write = async (app: TestApp): Promise<void> => {
        const kinds = ['article', 'draft', 'tag', 'author', 'publish', 'unpublish', 'locale', 'inverse-tag', 'inverse-author', 'code-publish', 'graphql', 'delete-locale'] as const;
        const kind = articles.length === 0 ? 'article' : tags.length === 0 ? 'tag' : authors.length === 0 ? 'author' : pick(kinds);
        if (kind === 'article' || kind === 'draft') {
          const response = await app.post(`/api/articles${kind === 'draft' ? '?status=draft' : ''}`, { data: { title: name('a') } });
          ok(response, 201);
          articles.push(response.body.data.documentId);
        } else if (kind === 'tag') {
          const response = await app.post('/api/tags', { data: { name: name('t') } });
          ok(response, 201);
          tags.push(response.body.data.documentId);
        } else if (kind === 'author') {
          const response = await app.post('/api/authors', { data: { name: name('w') } });
          ok(response, 201);
          authors.push(response.body.data.documentId);
        } else if (kind === 'publish' || kind === 'unpublish') {
          const response = await app.post(`/api/articles/${pick(articles)}/actions/${kind}`, {});
          assert.ok(response.status === 200 || response.status === 404 || response.status === 400, response.text);
        } else if (kind === 'locale') {
          ok(await app.put(`/api/articles/${pick(articles)}?locale=fr`, { data: { title: name('f') } }));
        } else if (kind === 'inverse-tag') {
          ok(await app.put(`/api/tags/${pick(tags)}`, { data: { articles: [pick(articles)] } }));
        } else if (kind === 'inverse-author') {
          ok(await app.put(`/api/authors/${pick(authors)}`, { data: { articles: [pick(articles)] } }));
        } else if (kind === 'code-publish') {
          await createDocumentsApi({ model: app.app.model, locales: app.app.locales })('api::article.article').publish({ documentId: pick(articles) });
        } else if (kind === 'graphql') {
          const response = await app.post('/graphql', { query: `mutation { updateTag(id: "${pick(tags)}", data: { name: "${name('g')}" }) { data { id } } }` });
          ok(response);
          assert.ok(!response.text.includes('"errors"'), response.text);
        } else {
          const response = await app.del(`/api/articles/${pick(articles)}?locale=fr`);
          assert.ok(response.status === 204 || response.status === 404, response.text);
        }
      };

      for (let step = 0; step < STEPS; step += 1) {
        const racing = Array.from({ length: 3 }, () => readVersion(pick([va, vb]), Math.floor(random() * (VERSION_READS.length + 1))));
        await Promise.all([write(pick([va, vb])), ...racing]);
        for (let index = 0; index <= VERSION_READS.length; index += 1) {
          const expected = await readVersion(vplain, index);
          for (const [label, app] of [['a', va], ['b', vb]] as const) assert.equal(await readVersion(app, index), expected, `seed ${SEED}, step ${step}: instance ${label}, read ${index} is stale`);
        }
      }
    });
  });
});
