import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createApp, type App } from '../../src/server/app.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';

/**
 * A database written before its types had Draft & Publish or locales (an older Tessera, or a
 * schema.json edited by hand) is brought up to the model at the next start: rows and links
 * get the default locale, and every published version gets its draft, with its relations.
 */

const projects = createTempProjects('tessera-versions-upgrade-');
after(() => projects.remove());

function project(versioned: boolean): string {
  const options = versioned ? { options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } } } : {};
  return projects.write({
    [schemaPath('article')]: {
      kind: 'collectionType',
      info: { singularName: 'article', pluralName: 'articles' },
      ...options,
      attributes: { title: { type: 'string' }, tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' } },
    },
    [schemaPath('tag')]: {
      kind: 'collectionType',
      info: { singularName: 'tag', pluralName: 'tags' },
      ...(versioned ? { pluginOptions: { i18n: { localized: true } } } : {}),
      attributes: { name: { type: 'string' } },
    },
    'config/permissions.json': { public: { 'api::article.article': '*', 'api::tag.tag': '*' } },
  });
}

interface Item {
  readonly id: number;
  readonly documentId: string;
  readonly title: string;
  readonly name: string;
  readonly locale: string;
  readonly publishedAt: string | null;
  readonly tags: readonly Item[];
}

interface Reply {
  readonly status: number;
  readonly body: { readonly data: Item & Item[] };
}

async function start(projectDir: string, filename: string): Promise<{ app: App; call: (method: string, url: string, body?: unknown) => Promise<Reply> }> {
  const app = await createApp({ projectDir, override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: { client: 'sqlite', filename } }) });
  const base = await app.listen();
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(base + url, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Reply['body']) : { data: null as unknown as Reply['body']['data'] } };
  };
  return { app, call };
}

describe('versions: a database from before Draft & Publish and locales', () => {
  it('gets the default locale and a draft per published version, with its relations', async () => {
    const filename = path.join(projects.root, 'upgrade.db');
    const before = await start(project(false), filename);
    const tag = (await before.call('POST', '/api/tags', { data: { name: 'news' } })).body.data;
    const first = (await before.call('POST', '/api/articles', { data: { title: 'First', tags: [tag.documentId] } })).body.data;
    await before.call('POST', '/api/articles', { data: { title: 'Second' } });
    await before.app.close();

    const versioned = project(true);
    const upgraded = await start(versioned, filename);
    try {
      const published = await upgraded.call('GET', '/api/articles?populate=tags&sort=title');
      assert.equal(published.status, 200);
      assert.deepEqual(
        published.body.data.map((article) => [article.title, article.locale, article.id, article.tags.map((t) => [t.name, t.locale])]),
        [
          ['First', 'en', first.id, [['news', 'en']]],
          ['Second', 'en', published.body.data[1]?.id, []],
        ],
        'published versions keep their ids, and are in the default locale with their links',
      );
      const drafts = await upgraded.call('GET', '/api/articles?status=draft&populate=tags&sort=title');
      assert.deepEqual(
        drafts.body.data.map((article) => [article.title, article.publishedAt, article.tags.map((t) => t.name)]),
        [
          ['First', null, ['news']],
          ['Second', null, []],
        ],
      );
      // The draft is a version of its own now: editing it leaves the published one alone.
      assert.equal((await upgraded.call('PUT', `/api/articles/${first.documentId}?status=draft`, { data: { title: 'First, edited' } })).status, 200);
      assert.equal((await upgraded.call('GET', `/api/articles/${first.documentId}`)).body.data.title, 'First');
    } finally {
      await upgraded.app.close();
    }

    const again = await start(versioned, filename);
    try {
      const rows = await again.app.database.db.selectFrom('articles').select('id').execute();
      assert.equal(rows.length, 4, 'a later start creates no more drafts');
    } finally {
      await again.app.close();
    }
  });
});
