import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { manualClock, type ManualClock } from '../helpers/manual-clock.js';
import { createApp, type App } from '../../src/server/app.js';
import type { AppConfig, DatabaseConfig } from '../../src/core/config/app-config.js';
import { bearer, createApiToken } from '../helpers/auth-fixtures.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/test-database.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The locale service: locales seeded from config/plugins into `i18n_locale`, listed by
 * `GET /api/i18n/locales`, managed through the admin API, kept across restarts, shared by
 * instances, and checked by every content request's `locale` parameter.
 */

const kind = testDatabaseKind();
const FIXTURE = fixturePath('i18n-locales-app');
const ADMIN = { email: 'boss@example.com', password: 'Secret123' };
const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
const LIST = 'plugin::i18n.locales.listLocales';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Locale {
  id: number;
  documentId: string;
  name: string;
  code: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  isDefault: boolean;
}

/** The i18n keys of config/plugins replaced (the fixture's other keys kept). */
function withI18n(i18n: unknown): (config: AppConfig) => AppConfig {
  return (config) => ({ ...config, files: { ...config.files, plugins: { ...config.files.plugins, value: { ...config.files.plugins.value, i18n } } } });
}

async function adminToken(app: TestApp): Promise<string> {
  const response = await app.post('/admin/login', ADMIN);
  assert.equal(response.status, 200, response.text);
  return response.body.data.token as string;
}

function summary(locales: readonly Locale[]): string[] {
  return locales.map((locale) => `${locale.code}${locale.isDefault ? '*' : ''}`);
}

describe('GET /api/i18n/locales', () => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await startTestApp({ fixture: 'i18n-locales-app' });
    token = (await createApiToken(app.app, { type: 'custom', actions: [LIST] })).token;
  });
  after(() => app.close());

  it('needs plugin::i18n.locales.listLocales: 403 for Public and tokens without it', async () => {
    assert.equal((await app.get('/api/notes')).status, 200, 'Public holds another permission, so it is a 403, not a 401');
    const response = await app.get('/api/i18n/locales');
    assert.equal(response.status, 403);
    assert.equal(response.body.error.name, 'ForbiddenError');
    const readOnly = await createApiToken(app.app, { type: 'read-only' });
    assert.equal((await app.get('/api/i18n/locales', bearer(readOnly.token))).status, 403);
    const other = await createApiToken(app.app, { type: 'custom', actions: ['api::note.note.find'] });
    assert.equal((await app.get('/api/i18n/locales', bearer(other.token))).status, 403);
    assert.equal((await app.get('/api/i18n/locales', bearer('not-a-token'))).status, 401);
  });

  it('returns the configured locales as a bare array, the configured default marked', async () => {
    const response = await app.get('/api/i18n/locales', bearer(token));
    assert.equal(response.status, 200, response.text);
    assert.ok(Array.isArray(response.body), 'not wrapped in data');
    const locales = response.body as Locale[];
    assert.deepEqual(
      locales.map(({ name, code, isDefault }) => ({ name, code, isDefault })),
      [
        { name: 'English (en)', code: 'en', isDefault: false },
        { name: 'French (fr)', code: 'fr', isDefault: true },
      ],
    );
    for (const locale of locales) {
      assert.deepEqual(Object.keys(locale), ['id', 'documentId', 'name', 'code', 'createdAt', 'updatedAt', 'publishedAt', 'isDefault']);
      assert.equal(typeof locale.id, 'number');
      assert.match(locale.documentId, /^[a-z][a-z0-9]{23}$/);
      for (const stamp of [locale.createdAt, locale.updatedAt, locale.publishedAt]) assert.match(stamp, ISO);
    }
    assert.equal(app.app.locales.defaultLocale(), 'fr');
  });

  it('a granted Public role lists them too; a full-access token always may', async () => {
    const full = await createApiToken(app.app, { type: 'full-access' });
    assert.equal((await app.get('/api/i18n/locales', bearer(full.token))).status, 200);
    const role = await app.app.database.db.selectFrom('up_roles').select('id').where('type', '=', 'public').executeTakeFirstOrThrow();
    const now = app.app.database.dialect.encode('datetime', new Date().toISOString());
    await app.app.database.db.insertInto('up_permissions').values({ action: LIST, role_id: Number(role.id), created_at: now, updated_at: now }).execute();
    await app.app.auth.permissionsChanged();
    const response = await app.get('/api/i18n/locales');
    assert.equal(response.status, 200);
    assert.deepEqual(summary(response.body), ['en', 'fr*']);
  });

  it('answers 405 to other methods', async () => {
    const response = await app.request('POST', '/api/i18n/locales', { body: { code: 'de' } });
    assert.equal(response.status, 405);
  });
});

describe('admin API: /admin/i18n/locales', () => {
  let app: TestApp;
  let boss: string;
  let listToken: string;
  const admin = (method: string, url: string, body?: unknown, token = boss) =>
    app.request(method, `/admin/i18n/locales${url}`, { headers: bearer(token), ...(body === undefined ? {} : { body }) });
  const publicList = async (): Promise<Locale[]> => (await app.get('/api/i18n/locales', bearer(listToken))).body as Locale[];

  before(async () => {
    app = await startTestApp({ fixture: 'i18n-locales-app', env: ADMIN_ENV });
    boss = await adminToken(app);
    listToken = (await createApiToken(app.app, { type: 'custom', actions: [LIST] })).token;
  });
  after(() => app.close());

  it('needs an admin JWT (401); reading needs no more', async () => {
    assert.equal((await app.get('/admin/i18n/locales')).status, 401);
    assert.equal((await app.request('POST', '/admin/i18n/locales', { body: { code: 'de' } })).status, 401);
    assert.equal((await app.get('/admin/i18n/locales', bearer(listToken))).status, 401, 'an API token is no admin JWT');
    const response = await admin('GET', '');
    assert.equal(response.status, 200);
    assert.deepEqual(summary(response.body.data), ['en', 'fr*']);
  });

  it('creates a locale (201), named from its code unless a name is given; the content API knows it at once', async () => {
    assert.equal((await app.get('/api/notes?locale=de')).status, 400);
    const created = await admin('POST', '', { code: 'de' });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.code, 'de');
    assert.equal(created.body.data.name, 'German (de)');
    assert.equal(created.body.data.isDefault, false);
    assert.match(created.body.data.documentId, /^[a-z][a-z0-9]{23}$/);
    const named = await admin('POST', '', { code: 'fr-CA', name: 'Québécois' });
    assert.equal(named.status, 201, named.text);
    assert.equal(named.body.data.name, 'Québécois');
    assert.deepEqual(summary(await publicList()), ['en', 'fr*', 'de', 'fr-CA']);
    assert.equal(app.app.locales.has('de'), true);
    const notes = await app.get('/api/notes?locale=de');
    assert.equal(notes.status, 200, `a locale added through the admin API is accepted at once: ${notes.text}`);
  });

  it('refuses bad input with 400: invalid or missing code, duplicates, unknown keys, wrong types', async () => {
    const bodies: unknown[] = [
      {},
      { code: '' },
      { code: 'e' },
      { code: 'en_US' },
      { code: 'english-language-code' },
      { code: '12' },
      { code: 'de-' },
      { code: 42 },
      { code: ['de'] },
      { code: 'es', isDefault: 'yes' },
      { code: 'es', name: 42 },
      { code: 'es', name: '' },
      { code: 'es', id: 7 },
      { code: 'es', documentId: 'x' },
    ];
    for (const body of bodies) {
      const response = await admin('POST', '', body);
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
      assert.equal(response.body.error.name, 'ValidationError');
    }
    for (const code of ['en', 'fr']) {
      const duplicate = await admin('POST', '', { code });
      assert.equal(duplicate.status, 400);
      assert.deepEqual(duplicate.body.error, { status: 400, name: 'ApplicationError', message: 'This locale already exists', details: {} }, "Strapi's error");
    }
    const notObject = await app.request('POST', '/admin/i18n/locales', { rawBody: '["de"]', headers: { ...bearer(boss), 'content-type': 'application/json' } });
    assert.equal(notObject.status, 400);
    assert.deepEqual(summary(await publicList()), ['en', 'fr*', 'de', 'fr-CA'], 'nothing was written');
  });

  it('updates the name and the default; the code cannot change and the default cannot be unset', async () => {
    const [, , de] = await publicList();
    assert.ok(de);
    const renamed = await admin('PUT', `/${de.id}`, { name: 'Deutsch' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.body.data.name, 'Deutsch');
    assert.equal(renamed.body.data.code, 'de');

    assert.equal((await admin('PUT', `/${de.id}`, { code: 'at' })).status, 400);
    assert.equal((await admin('PUT', `/${de.id}`, { isDefault: 1 })).status, 400);
    assert.equal((await admin('PUT', '/999999', { name: 'x' })).status, 404);
    assert.equal((await admin('PUT', '/abc', { name: 'x' })).status, 404);

    const made = await admin('PUT', `/${de.id}`, { isDefault: true });
    assert.equal(made.status, 200, made.text);
    assert.equal(made.body.data.isDefault, true);
    assert.deepEqual(summary(await publicList()), ['en', 'fr', 'de*', 'fr-CA']);
    assert.equal(app.app.locales.defaultLocale(), 'de');

    const unset = await admin('PUT', `/${de.id}`, { isDefault: false });
    assert.equal(unset.status, 400);
    assert.equal(app.app.locales.defaultLocale(), 'de');
  });

  it('deletes a locale (not the default: 400; unknown: 404); the content API refuses it at once', async () => {
    const locales = await publicList();
    const de = locales.find((locale) => locale.code === 'de');
    const frCa = locales.find((locale) => locale.code === 'fr-CA');
    assert.ok(de && frCa);
    const refused = await admin('DELETE', `/${de.id}`);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.message, 'Cannot delete the default locale');

    const deleted = await admin('DELETE', `/${frCa.id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(deleted.body.data.code, 'fr-CA');
    assert.equal((await admin('DELETE', `/${frCa.id}`)).status, 404);
    assert.equal((await app.get('/api/notes?locale=fr-CA')).status, 400);
    assert.deepEqual(summary(await publicList()), ['en', 'fr', 'de*']);

    // Back to the configured default, so that fr may be deleted and en (no longer default) too.
    const fr = locales.find((locale) => locale.code === 'fr');
    assert.ok(fr);
    assert.equal((await admin('PUT', `/${fr.id}`, { isDefault: true })).status, 200);
    assert.equal((await admin('DELETE', `/${de.id}`)).status, 200);
    assert.deepEqual(summary(await publicList()), ['en', 'fr*']);
  });

  it('an editor (not super-admin) may read but not change locales (403)', async () => {
    const created = await app.request('POST', '/admin/admin-users', {
      headers: bearer(boss),
      body: { email: 'editor@example.com', password: 'Secret123', roles: ['strapi-editor'] },
    });
    assert.equal(created.status, 201, created.text);
    const login = await app.post('/admin/login', { email: 'editor@example.com', password: 'Secret123' });
    const editor = login.body.data.token as string;
    assert.equal((await admin('GET', '', undefined, editor)).status, 200);
    assert.equal((await admin('POST', '', { code: 'es' }, editor)).status, 403);
    const [en] = await publicList();
    assert.ok(en);
    assert.equal((await admin('PUT', `/${en.id}`, { name: 'x' }, editor)).status, 403);
    assert.equal((await admin('DELETE', `/${en.id}`, undefined, editor)).status, 403);
  });
});

describe('locale parameter of the content API', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ fixture: 'i18n-locales-app' });
  });
  after(() => app.close());

  it('an unknown locale is a 400; configured ones are accepted', async () => {
    const unknown = await app.get('/api/notes?locale=xx');
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error.message, /Unknown locale "xx"/);
    assert.equal((await app.get('/api/notes?locale=en')).status, 200);
    assert.equal((await app.get('/api/notes?locale=fr')).status, 200);
    assert.equal((await app.get('/api/notes')).status, 200);
  });

  it('respects rest.prefix', async () => {
    const prefixed = await startTestApp({ fixture: 'i18n-locales-app', override: (config) => ({ ...config, rest: { ...config.rest, prefix: '/v2' } }) });
    try {
      const token = await createApiToken(prefixed.app, { type: 'custom', actions: [LIST] });
      const response = await prefixed.get('/v2/i18n/locales', bearer(token.token));
      assert.equal(response.status, 200);
      assert.deepEqual(summary(response.body), ['en', 'fr*']);
      assert.equal((await prefixed.get('/api/i18n/locales', bearer(token.token))).status, 404);
    } finally {
      await prefixed.close();
    }
  });
});

describe('config/plugins i18n', () => {
  it('defaults to one locale, en', async () => {
    const app = await startTestApp({ fixture: 'i18n-locales-app', override: withI18n(undefined) });
    try {
      const token = await createApiToken(app.app, { type: 'custom', actions: [LIST] });
      const response = await app.get('/api/i18n/locales', bearer(token.token));
      assert.deepEqual(
        (response.body as Locale[]).map(({ name, code, isDefault }) => ({ name, code, isDefault })),
        [{ name: 'English (en)', code: 'en', isDefault: true }],
      );
      assert.equal((await app.get('/api/notes?locale=fr')).status, 400);
    } finally {
      await app.close();
    }
  });

  it('stops the start with a clear message on a malformed config', async () => {
    const cases: [unknown, RegExp][] = [
      [{ config: { locales: ['en', 'en_US'] } }, /i18n\.config\.locales: "en_US" is not a locale code/],
      [{ config: { locales: 'en' } }, /i18n\.config\.locales must be a non-empty list/],
      [{ config: { locales: [] } }, /i18n\.config\.locales must be a non-empty list/],
      [{ config: { locales: ['en', 'fr'], defaultLocale: 'de' } }, /i18n\.config\.defaultLocale "de" is not one of i18n\.config\.locales \(en, fr\)/],
      [{ config: { locales: ['fr', 'de'] } }, /i18n\.config\.defaultLocale \(default "en"\) "en" is not one of/],
      [{ config: { defaultLocale: 7 } }, /i18n\.config\.defaultLocale: 7 is not a locale code/],
      [{ enabled: 'yes' }, /i18n\.enabled must be true or false/],
      [{ config: [] }, /i18n\.config must be an object/],
    ];
    for (const [i18n, message] of cases) {
      await assert.rejects(startTestApp({ fixture: 'i18n-locales-app', override: withI18n(i18n) }), (error: Error) => {
        assert.match(error.message, message);
        assert.match(error.message, /config\/plugins/);
        return true;
      });
    }
  });

  it('enabled: false: no locale routes, the configured default is the only locale', async () => {
    const app = await startTestApp({ fixture: 'i18n-locales-app', override: withI18n({ enabled: false, config: { locales: ['en', 'fr'], defaultLocale: 'fr' } }) });
    try {
      const token = await createApiToken(app.app, { type: 'full-access' });
      assert.equal((await app.get('/api/i18n/locales', bearer(token.token))).status, 404);
      assert.equal((await app.get('/api/notes?locale=fr')).status, 200);
      assert.equal((await app.get('/api/notes?locale=en')).status, 400);
      assert.equal(app.app.locales.defaultLocale(), 'fr');
    } finally {
      await app.close();
    }
  });
});

/** A database several apps open in turn or together: a file for SQLite, a fresh server database otherwise. */
async function sharedDatabase(): Promise<TestDatabase> {
  if (kind !== 'sqlite') return createTestDatabase(kind);
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-i18n-'));
  return { config: { client: 'sqlite', filename: path.join(dir, 'data.db') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

function startOn(database: DatabaseConfig, i18n?: unknown, clock?: ManualClock): Promise<App> {
  return createApp({
    projectDir: FIXTURE,
    ...(clock ? { clock } : {}),
    override: (config) => {
      const base: AppConfig = { ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database };
      return i18n === undefined ? base : withI18n(i18n)(base);
    },
  });
}

async function rows(app: App): Promise<string[]> {
  const found = await app.database.db.selectFrom('i18n_locale').select(['code', 'is_default']).orderBy('id').execute();
  return found.map((row) => `${String(row.code)}${row.is_default === true || Number(row.is_default) === 1 ? '*' : ''}`);
}

describe('restarts and instances sharing a database', () => {
  let database: TestDatabase;
  before(async () => {
    database = await sharedDatabase();
  });
  after(() => database.drop());

  it('instances starting together create each configured locale once', async () => {
    const apps = await Promise.all([startOn(database.config), startOn(database.config), startOn(database.config)]);
    try {
      assert.deepEqual(await rows(apps[0]!), ['en', 'fr*']);
      for (const app of apps) assert.equal(app.locales.defaultLocale(), 'fr');
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it('a restart keeps locales and the default an admin chose; a new config default applies', async () => {
    const first = await startOn(database.config);
    try {
      await first.locales.create({ code: 'it' });
    } finally {
      await first.close();
    }
    const second = await startOn(database.config);
    try {
      assert.deepEqual(await rows(second), ['en', 'fr*', 'it'], 'the admin-added locale survives a restart with the same config');
      assert.equal(second.locales.has('it'), true);
      const en = await second.database.db.selectFrom('i18n_locale').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
      await second.locales.update(Number(en.id), { isDefault: true });
    } finally {
      await second.close();
    }
    const third = await startOn(database.config);
    try {
      assert.deepEqual(await rows(third), ['en*', 'fr', 'it'], 'the default an admin chose stands while the config default is unchanged');
    } finally {
      await third.close();
    }
    const fourth = await startOn(database.config, { config: { locales: ['en', 'fr', 'pt'], defaultLocale: 'pt' } });
    try {
      assert.deepEqual(await rows(fourth), ['en', 'fr', 'it', 'pt*'], 'a changed config default applies, missing locales are added, none deleted');
      assert.equal(fourth.locales.defaultLocale(), 'pt');
    } finally {
      await fourth.close();
    }
  });

  it('another instance sees a locale added elsewhere at its next change-feed read (one follow delay on its clock)', async () => {
    const clock = manualClock();
    const [a, b] = await Promise.all([startOn(database.config), startOn(database.config, undefined, clock)]);
    try {
      assert.equal(b.locales.has('es'), false);
      await a.locales.create({ code: 'es' });
      assert.equal(a.locales.has('es'), true, 'the writing instance knows it at once');
      clock.advance(b.feed.followDelayMs - 1);
      await b.feed.idle();
      assert.equal(b.locales.has('es'), false, 'no read before the follow delay has passed');
      clock.advance(1);
      await b.feed.idle();
      assert.equal(b.locales.has('es'), true, 'the other instance learned it from the change feed');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
