import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { manualClock, type ManualClock } from '../helpers/manual-clock.js';
import { createApp, type App } from '../../src/server/app.js';
import type { DatabaseConfig, PermissionGrants } from '../../src/core/config/app-config.js';
import { bearer, createUser, roleRow } from '../helpers/auth-fixtures.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/test-database.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Roles and permissions in the database: the default roles, config/permissions synchronised at
 * start (the file wins for what it names), changes taking effect on this instance at once and
 * on others within the refresh interval, and instances starting together.
 */

const kind = testDatabaseKind();
const FIXTURE = fixturePath('permissions-app');
const PUBLIC_DEFAULTS = ['callback', 'connect', 'forgotPassword', 'resetPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation'].map((action) => `plugin::users-permissions.auth.${action}`);

async function actionsOf(app: App, type: string): Promise<string[]> {
  const rows = await app.database.db
    .selectFrom('up_permissions as p')
    .innerJoin('up_roles as r', 'r.id', 'p.role_id')
    .select('p.action as action')
    .where('r.type', '=', type)
    .execute();
  return rows.map((row) => String(row.action)).sort();
}

async function permissionRows(app: App): Promise<{ id: number; role_id: number; action: string }[]> {
  const rows = await app.database.db.selectFrom('up_permissions').select(['id', 'role_id', 'action']).orderBy('id').execute();
  return rows.map((row) => ({ id: Number(row.id), role_id: Number(row.role_id), action: String(row.action) }));
}

async function grant(app: App, type: string, action: string): Promise<void> {
  const now = app.database.dialect.encode('datetime', new Date().toISOString());
  await app.database.db.insertInto('up_permissions').values({ action, role_id: (await roleRow(app, type)).id, created_at: now, updated_at: now }).execute();
}

async function revoke(app: App, type: string, action: string): Promise<void> {
  await app.database.db.deleteFrom('up_permissions').where('role_id', '=', (await roleRow(app, type)).id).where('action', '=', action).execute();
}

/** A database several apps can open in turn or together: a file for SQLite, a fresh server database otherwise. */
async function sharedDatabase(): Promise<TestDatabase> {
  if (kind !== 'sqlite') return createTestDatabase(kind);
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-perm-'));
  return { config: { client: 'sqlite', filename: path.join(dir, 'data.db') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

interface Started {
  readonly app: App;
  readonly base: string;
  readonly logs: string[];
}

async function startOn(database: DatabaseConfig, permissions?: PermissionGrants, clock?: ManualClock): Promise<Started> {
  const logs: string[] = [];
  const app = await createApp({
    projectDir: FIXTURE,
    log: (message) => logs.push(message),
    ...(clock ? { clock } : {}),
    override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database, permissions: permissions ?? config.permissions }),
  });
  return { app, base: await app.listen(), logs };
}

async function status(base: string, url: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(base + url, { headers });
  await response.arrayBuffer();
  return response.status;
}

describe('default roles and the synchronised config', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'permissions-app' });
  });
  after(() => t.close());

  it('creates Public and Authenticated with the reference default permissions, and the custom role the config names', async () => {
    const rows = await t.app.database.db.selectFrom('up_roles').select(['name', 'description', 'type']).orderBy('id').execute();
    assert.deepEqual(
      rows.map(({ name, type }) => ({ name, type })),
      [
        { name: 'Public', type: 'public' },
        { name: 'Authenticated', type: 'authenticated' },
        { name: 'editor', type: 'editor' },
      ],
    );
    assert.deepEqual(await actionsOf(t.app, 'public'), [...PUBLIC_DEFAULTS, 'api::article.article.find', 'api::article.article.findOne', 'api::homepage.homepage.find'].sort());
    assert.deepEqual(
      await actionsOf(t.app, 'authenticated'),
      [
        'plugin::users-permissions.user.me',
        'plugin::users-permissions.auth.changePassword',
        ...['find', 'findOne', 'create', 'update', 'delete'].map((action) => `api::article.article.${action}`),
        'api::category.category.find',
      ].sort(),
    );
    // A single type's "*" is its own actions: find, update, delete.
    assert.deepEqual(
      await actionsOf(t.app, 'editor'),
      [
        ...['find', 'findOne', 'create', 'update', 'delete'].map((action) => `api::category.category.${action}`),
        ...['find', 'findOne', 'update'].map((action) => `api::article.article.${action}`),
        'api::homepage.homepage.find',
        'api::homepage.homepage.update',
      ].sort(),
    );
  });

  it('a change in the table takes effect on the next request after permissionsChanged()', async () => {
    const editor = bearer((await createUser(t.app, 'editor')).jwt);
    assert.equal((await t.get('/api/categories', editor)).status, 200);
    await revoke(t.app, 'editor', 'api::category.category.find');
    await t.app.auth.permissionsChanged();
    assert.equal((await t.get('/api/categories', editor)).status, 403);
    await grant(t.app, 'editor', 'api::category.category.find');
    await t.app.auth.permissionsChanged();
    assert.equal((await t.get('/api/categories', editor)).status, 200);
    // The Public role too.
    assert.equal((await t.get('/api/categories')).status, 403);
    await grant(t.app, 'public', 'api::category.category.find');
    await t.app.auth.permissionsChanged();
    assert.equal((await t.get('/api/categories')).status, 200);
  });

  it("moving a user to another role takes effect on the user's next request", async () => {
    const user = await createUser(t.app, 'authenticated');
    assert.equal((await t.request('POST', '/api/articles', { body: { data: { title: 'mine' } }, headers: bearer(user.jwt) })).status, 201);
    const link = t.app.registry.relation(t.app.registry.get('plugin::users-permissions.user')?.attributes.get('role') as never).link.table;
    await t.app.database.db.updateTable(link).set({ target_document_id: (await roleRow(t.app, 'editor')).documentId }).where('entity_id', '=', user.id).execute();
    assert.equal((await t.request('POST', '/api/articles', { body: { data: { title: 'mine' } }, headers: bearer(user.jwt) })).status, 403);
    assert.equal((await t.get('/api/categories', bearer(user.jwt))).status, 200);
  });

  it('a Public role without any permission answers calls without credentials with 401 (reference)', async () => {
    const saved = await actionsOf(t.app, 'public');
    const publicId = (await roleRow(t.app, 'public')).id;
    await t.app.database.db.deleteFrom('up_permissions').where('role_id', '=', publicId).execute();
    await t.app.auth.permissionsChanged();
    try {
      const response = await t.get('/api/articles');
      assert.deepEqual(
        { status: response.status, body: response.body },
        { status: 401, body: { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } } },
      );
    } finally {
      for (const action of saved) await grant(t.app, 'public', action);
      await t.app.auth.permissionsChanged();
    }
    assert.equal((await t.get('/api/articles')).status, 200);
    assert.equal((await t.request('POST', '/api/articles', { body: { data: { title: 'x' } } })).status, 403);
  });
});

describe('config/permissions at every start: the file wins for what it names, the rest is kept', () => {
  let database: TestDatabase;
  before(async () => {
    database = await sharedDatabase();
  });
  after(() => database.drop());

  it('restores what the file names, keeps grants on subjects it does not name, and changes nothing when nothing changed', async () => {
    const first = await startOn(database.config);
    try {
      // As an admin would: a grant on a subject the file does not name for this role…
      await grant(first.app, 'authenticated', 'api::homepage.homepage.find');
      // …and edits of subjects it names.
      await grant(first.app, 'authenticated', 'api::category.category.create');
      await revoke(first.app, 'authenticated', 'api::article.article.delete');
    } finally {
      await first.app.close();
    }

    const second = await startOn(database.config);
    let rows: Awaited<ReturnType<typeof permissionRows>>;
    try {
      const actions = await actionsOf(second.app, 'authenticated');
      assert.ok(actions.includes('api::homepage.homepage.find'), 'the grant on an unnamed subject survives');
      assert.ok(!actions.includes('api::category.category.create'), 'a named subject is exactly the file again');
      assert.ok(actions.includes('api::article.article.delete'), 'a named subject is exactly the file again');
      assert.ok(actions.includes('plugin::users-permissions.user.me'), 'the default permissions stay');
      rows = await permissionRows(second.app);
    } finally {
      await second.app.close();
    }

    const third = await startOn(database.config);
    try {
      assert.deepEqual(await permissionRows(third.app), rows, 'an unchanged start rewrites nothing');
      assert.deepEqual(third.logs, []);
    } finally {
      await third.app.close();
    }

    // The file changes: authenticated may now only find articles, editor is no longer named, a new role appears.
    const changed: PermissionGrants = {
      public: { 'api::article.article': ['find', 'findOne'], 'api::homepage.homepage': ['find'] },
      authenticated: { 'api::article.article': ['find'], 'api::category.category': ['find'] },
      reviewer: { '*': ['find'] },
    };
    const fourth = await startOn(database.config, changed);
    try {
      const authenticated = await actionsOf(fourth.app, 'authenticated');
      assert.deepEqual(authenticated.filter((action) => action.startsWith('api::article.')), ['api::article.article.find']);
      assert.ok(authenticated.includes('api::homepage.homepage.find'));
      assert.ok((await actionsOf(fourth.app, 'editor')).includes('api::category.category.delete'), 'a role the file no longer names keeps its permissions');
      assert.deepEqual(await actionsOf(fourth.app, 'reviewer'), ['api::article.article.find', 'api::category.category.find', 'api::homepage.homepage.find']);
      const reviewer = await roleRow(fourth.app, 'reviewer');
      assert.ok(reviewer.id > 0);
      const user = await createUser(fourth.app, 'authenticated');
      assert.equal(await status(fourth.base, '/api/articles', bearer(user.jwt)), 200);
      assert.equal(await status(fourth.base, `/api/articles/${'a'.repeat(24)}`, bearer(user.jwt)), 403);
    } finally {
      await fourth.app.close();
    }
  });
});

describe('several instances on one database', () => {
  let database: TestDatabase;
  before(async () => {
    database = await sharedDatabase();
  });
  after(() => database.drop());

  it(
    'instances starting together create each role and permission once',
    { skip: kind === 'sqlite' && 'one process cannot wait for a second SQLite writer (separate processes: the cluster tests)' },
    async () => {
      const started = await Promise.all([startOn(database.config), startOn(database.config), startOn(database.config)]);
      try {
        const { app } = started[0] as Started;
        const roles = await app.database.db.selectFrom('up_roles').select('type').execute();
        assert.deepEqual(roles.map((row) => String(row.type)).sort(), ['authenticated', 'editor', 'public']);
        const rows = await permissionRows(app);
        assert.equal(new Set(rows.map((row) => `${row.role_id}:${row.action}`)).size, rows.length);
        assert.equal(rows.length, 7 + 3 + 2 + 5 + 1 + 10);
      } finally {
        await Promise.all(started.map(({ app }) => app.close()));
      }
    },
  );

  it('a change made on one instance reaches another at its next change-feed read (one follow delay on its clock)', async () => {
    const clock = manualClock();
    const a = await startOn(database.config);
    const b = await startOn(database.config, undefined, clock);
    try {
      assert.equal(await status(b.base, '/api/categories'), 403);
      await grant(a.app, 'public', 'api::category.category.find');
      await a.app.auth.permissionsChanged();
      assert.equal(await status(a.base, '/api/categories'), 200);
      clock.advance(b.app.feed.followDelayMs - 1);
      await b.app.feed.idle();
      assert.equal(await status(b.base, '/api/categories'), 403, 'no read before the follow delay has passed');
      clock.advance(1);
      await b.app.feed.idle();
      assert.equal(await status(b.base, '/api/categories'), 200, 'the other instance reloaded its permissions');
    } finally {
      await revoke(a.app, 'public', 'api::category.category.find');
      await a.app.close();
      await b.app.close();
    }
  });
});
