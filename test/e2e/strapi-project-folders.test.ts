import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadAppConfig } from '../../src/core/config/load-app-config.js';
import { bearer, createApiToken } from '../helpers/auth-fixtures.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Two Strapi 5 projects written as create-strapi-app writes them (test/fixtures/strapi-ts-app:
 * TypeScript, `.env`, `config/env/production`; strapi-js-app: CommonJS JavaScript) start and serve
 * every content-type in development and in production. Production starts only because the
 * secrets come from `.env`. The database is the test's (the helper replaces the project's).
 */

type Mode = 'development' | 'production';

interface ProjectCase {
  readonly fixture: string;
  /** The files the start names as Strapi custom code it does not run (files of factories.createCore* only are not named). */
  readonly notRun: readonly string[];
  /** Every api:: content-type, with a valid body: collection types are created by POST, single types by PUT. */
  readonly types: Readonly<Record<string, { readonly kind: 'collection' | 'single'; readonly route: string; readonly data: (app: TestApp, token: string) => Promise<Record<string, unknown>> }>>;
}

const PROJECTS: readonly ProjectCase[] = [
  {
    fixture: 'strapi-ts-app',
    notRun: [],
    types: {
      'api::category.category': { kind: 'collection', route: 'categories', data: async () => ({ name: 'Tech', slug: 'tech' }) },
      'api::article.article': {
        kind: 'collection',
        route: 'articles',
        data: async (app, token) => {
          // The category src/index.ts bootstrap created.
          const news = await app.get('/api/categories?filters[slug][$eq]=news', bearer(token));
          assert.equal(news.status, 200, news.text);
          return { title: 'Hello', description: 'First post', category: news.body.data[0].documentId, seo: { metaTitle: 'Hello', metaDescription: 'First post' } };
        },
      },
      'api::global.global': { kind: 'single', route: 'global', data: async () => ({ siteName: 'Tessera', siteDescription: 'A site', defaultSeo: { metaTitle: 'T', metaDescription: 'D' } }) },
    },
  },
  {
    fixture: 'strapi-js-app',
    notRun: [],
    types: {
      'api::restaurant.restaurant': { kind: 'collection', route: 'restaurants', data: async () => ({ name: 'Chez Tessera', stars: 4 }) },
      'api::about.about': { kind: 'single', route: 'about', data: async () => ({ title: 'About Tessera' }) },
    },
  },
];

async function started(fixture: string, mode: Mode, env: Record<string, string> = {}): Promise<{ app: TestApp; token: string; logs: string[] }> {
  const logs: string[] = [];
  const app = await startTestApp({ fixture, env: { NODE_ENV: mode, ...env }, log: (message) => logs.push(message) });
  try {
    const { token } = await createApiToken(app.app, { type: 'full-access' });
    return { app, token, logs };
  } catch (error) {
    await app.close();
    throw error;
  }
}

for (const project of PROJECTS) {
  for (const mode of ['development', 'production'] as const) {
    describe(`${project.fixture} in ${mode}`, () => {
      it('starts and serves every content-type (written, then read over REST)', async () => {
        const { app, token, logs } = await started(project.fixture, mode);
        try {
          const named = logs.filter((line) => line.startsWith('Not run:')).map((line) => /\(([^)]*)\)/.exec(line)?.[1]);
          assert.deepEqual(named, project.notRun.length === 0 ? [] : [project.notRun.join(', ')]);
          const served = app.app.registry.contentTypes.map((type) => type.uid).filter((uid) => uid.startsWith('api::'));
          assert.deepEqual(served.sort(), Object.keys(project.types).sort());
          for (const [uid, type] of Object.entries(project.types)) {
            const data = await type.data(app, token);
            const written = await app.request(type.kind === 'collection' ? 'POST' : 'PUT', `/api/${type.route}`, { body: { data }, headers: bearer(token) });
            assert.equal(written.status, type.kind === 'collection' ? 201 : 200, `${uid}: ${written.text}`);
            const read = await app.get(`/api/${type.route}`, bearer(token));
            assert.equal(read.status, 200, `${uid}: ${read.text}`);
            const documents = type.kind === 'collection' ? read.body.data : [read.body.data];
            assert.ok(documents.some((document: { documentId: string }) => document.documentId === written.body.data.documentId), `${uid}: the written document is read back`);
          }
        } finally {
          await app.close();
        }
      });
    });
  }
}

describe('strapi-ts-app: .env and config/env/production', () => {
  it('development: api.ts reads REST_DEFAULT_LIMIT from .env; production/api.ts does not apply', async () => {
    const { app, token } = await started('strapi-ts-app', 'development');
    try {
      const list = await app.get('/api/categories', bearer(token));
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(list.body.meta.pagination, { page: 1, pageSize: 3, pageCount: 1, total: 1 });
      assert.equal(app.app.config.server.proxy, false);
    } finally {
      await app.close();
    }
  });

  it('a variable set in the environment wins over .env', async () => {
    const { app, token } = await started('strapi-ts-app', 'development', { REST_DEFAULT_LIMIT: '4' });
    try {
      const list = await app.get('/api/categories', bearer(token));
      assert.equal(list.body.meta.pagination.pageSize, 4, list.text);
    } finally {
      await app.close();
    }
  });

  it('production: config/env/production/api.ts is merged over config/api.ts (defaultLimit replaced, withCount kept), server.ts too', async () => {
    const { app, token } = await started('strapi-ts-app', 'production');
    try {
      const list = await app.get('/api/categories', bearer(token));
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(list.body.meta.pagination, { page: 1, pageSize: 2, pageCount: 1, total: 1 });
      assert.equal(app.app.config.server.proxy, true, 'config/env/production/server.ts: proxy: { koa: true }');
    } finally {
      await app.close();
    }
  });

  it('production secrets come from .env: the start needs no variable set in the environment', async () => {
    const { app } = await started('strapi-ts-app', 'production');
    try {
      assert.equal(app.app.config.production, true);
      assert.equal(app.app.config.env.JWT_SECRET, 'and0Rm9yVGhlVHNGaXh0dXJl');
    } finally {
      await app.close();
    }
  });
});

describe('strapi-js-app: CommonJS project code', () => {
  it('production/api.js turns the count off; development keeps it', async () => {
    for (const [mode, total] of [['development', true], ['production', false]] as const) {
      const { app, token } = await started('strapi-js-app', mode);
      try {
        const list = await app.get('/api/restaurants', bearer(token));
        assert.equal(list.status, 200, list.text);
        assert.equal('total' in list.body.meta.pagination, total, `${mode}: ${list.text}`);
      } finally {
        await app.close();
      }
    }
  });

  it('runs src/index.js bootstrap (module.exports); in-process, .env reaches env() but not process.env', async () => {
    const { app, token, logs } = await started('strapi-js-app', 'development');
    try {
      const about = await app.get('/api/about', bearer(token));
      assert.equal(about.status, 200, about.text);
      // `tessera start` copies .env into process.env (strapi-project-cli.test.ts); createApp never writes it.
      assert.equal(about.body.data.title, 'About us');
      assert.deepEqual(logs.filter((line) => line.startsWith('Not run:')), [], 'its custom controller runs (src/compat): nothing is said not to');
      const restaurants = await app.get('/api/restaurants', bearer(token));
      assert.equal(restaurants.status, 200, restaurants.text);
      assert.equal(restaurants.body.meta.servedBy, 'custom controller', 'the overridden find, calling super.find, answers');
    } finally {
      await app.close();
    }
  });
});

describe('config/database of create-strapi-app', () => {
  it('puts the SQLite file in <project>/.tmp/data.db: TypeScript evaluated as Strapi runs it from dist/config', async () => {
    const dir = fixturePath('strapi-ts-app');
    const config = await loadAppConfig({ projectDir: dir, env: {} });
    assert.deepEqual(config.database, { client: 'sqlite', filename: path.join(dir, '.tmp', 'data.db') });
  });

  it('puts it there too for a JavaScript project, run where it lies', async () => {
    const dir = fixturePath('strapi-js-app');
    const config = await loadAppConfig({ projectDir: dir, env: {} });
    assert.deepEqual(config.database, { client: 'sqlite', filename: path.join(dir, '.tmp', 'data.db') });
  });

  it('production: config/env/production/database.ts (PostgreSQL from DATABASE_URL) is merged over it', async () => {
    const config = await loadAppConfig({ projectDir: fixturePath('strapi-ts-app'), env: { NODE_ENV: 'production', DATABASE_URL: 'postgres://cms:secret@db.internal:6543/content' } });
    assert.equal(config.database.client, 'postgres');
    assert.ok(config.database.client === 'postgres');
    assert.deepEqual(config.database.connection, { host: 'db.internal', port: 6543, user: 'cms', password: 'secret', database: 'content', ssl: false });
  });
});
