import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONTENT_MANAGER_ACTIONS, IS_CREATOR_CONDITION } from '../../src/transports/admin/admin-ability.js';
import { adminAbilityOf } from '../../src/transports/admin/admin-guard.js';
import { createAdminPermissionService } from '../../src/transports/admin/admin-permission-service.js';
import { createTestAdmin } from '../helpers/admin-users.js';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';

const ARTICLE = 'api::article.article';
const NOTE = 'api::note.note';
const sorted = (set: ReadonlySet<string> | null | undefined) => (set === null || set === undefined ? set : [...set].sort());

describe('admin ability: the default roles seeded at start, read per user', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ fixture: 'admin-rbac-app' });
  });
  after(() => app.close());

  const abilityOf = async (roles: string[]) => {
    const admin = await createTestAdmin(app, roles);
    return adminAbilityOf(admin.user, { permissions: createAdminPermissionService(app.app.database), model: app.app });
  };

  it('Editor: every content-manager action on every type, all fields, the locales of the start', async () => {
    const ability = await abilityOf(['strapi-editor']);
    assert.equal(ability.isSuperAdmin, false);
    for (const action of Object.values(CONTENT_MANAGER_ACTIONS)) {
      const article = ability.grant(action, ARTICLE);
      assert.ok(article, action);
      assert.equal(article.fields, null);
      assert.deepEqual(sorted(article.locales), ['en', 'fr']);
      assert.deepEqual(article.conditions, []);
      assert.equal(ability.grant(action, NOTE)?.locales, null);
    }
    assert.ok(ability.grant('plugin::upload.read'));
    assert.ok(ability.grant('plugin::users-permissions.users.read'), 'Tessera end-user actions kept');
    assert.equal(ability.grant('admin::roles.read'), null);
  });

  it('Author: the same with admin::is-creator; upload read conditioned', async () => {
    const ability = await abilityOf(['strapi-author']);
    assert.deepEqual(ability.grant(CONTENT_MANAGER_ACTIONS.update, ARTICLE)?.conditions, [IS_CREATOR_CONDITION]);
    assert.deepEqual(ability.grant('plugin::upload.read')?.conditions, [IS_CREATOR_CONDITION]);
    assert.deepEqual(ability.grant('plugin::upload.assets.create')?.conditions, []);
    assert.equal(ability.grant('plugin::users-permissions.users.read'), null);
  });

  it('Editor + Author: merged, unconditional wins', async () => {
    const ability = await abilityOf(['strapi-author', 'strapi-editor']);
    assert.deepEqual(ability.grant(CONTENT_MANAGER_ACTIONS.read, ARTICLE)?.conditions, []);
  });

  it('Super Admin: everything; its permission list is complete (fields dotted, locales)', async () => {
    const ability = await abilityOf(['strapi-super-admin']);
    assert.equal(ability.isSuperAdmin, true);
    assert.deepEqual(ability.grant('anything'), { fields: null, locales: null, conditions: [] });
    const read = ability.permissions.find((permission) => permission.action === CONTENT_MANAGER_ACTIONS.read && permission.subject === ARTICLE);
    assert.deepEqual(read?.properties, { fields: ['title', 'slug', 'seo.metaTitle', 'seo.metaDescription'], locales: ['en', 'fr'] });
    assert.ok(ability.permissions.some((permission) => permission.action === 'admin::roles.update'));
  });

  it('a type the default roles never had (a new one) is granted once, by one of two instances starting together', async () => {
    const { db } = app.app.database;
    await db.deleteFrom('admin_permissions').where('subject', '=', NOTE).execute();
    await db.deleteFrom('admin_permission_seeds').where('subject', '=', NOTE).execute();
    const permissions = createAdminPermissionService(app.app.database);
    await Promise.all([permissions.seedDefaults(app.app), permissions.seedDefaults(app.app)]);
    const rows = await db.selectFrom('admin_permissions').select(['role_id', 'action']).where('subject', '=', NOTE).execute();
    assert.equal(rows.length, 2 * Object.keys(CONTENT_MANAGER_ACTIONS).length, 'Editor and Author, each action once');
    // An administrator's later choice stands: a removed grant is not given back at the next start.
    await db.deleteFrom('admin_permissions').where('subject', '=', NOTE).execute();
    await permissions.seedDefaults(app.app);
    assert.equal((await db.selectFrom('admin_permissions').select('id').where('subject', '=', NOTE).execute()).length, 0);
  });

  it('seeding is idempotent: a second run adds nothing', async () => {
    const count = async () => Number((await app.app.database.db.selectFrom('admin_permissions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await createAdminPermissionService(app.app.database).seedDefaults(app.app);
    assert.equal(await count(), before);
    assert.ok(before > 0);
  });
});

describe('admin ability: a content-type added at run time', () => {
  let app: TestApp;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-admin-rbac-'));
    await cp(fixturePath('admin-rbac-app'), dir, { recursive: true });
    app = await startTestApp({ fixture: dir });
  });
  after(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is granted to Editor and Author once the model change is followed', async () => {
    const boss = await createTestAdmin(app, ['strapi-super-admin']);
    const created = await app.request('POST', '/content-type-builder/content-types', {
      headers: boss.headers,
      body: { contentType: { singularName: 'gadget', pluralName: 'gadgets', displayName: 'Gadget', attributes: { name: { type: 'string' } } } },
    });
    assert.equal(created.status, 201, created.text);
    await app.app.feed.poll();
    const editor = await createTestAdmin(app, ['strapi-editor']);
    const ability = await adminAbilityOf(editor.user, { permissions: createAdminPermissionService(app.app.database), model: app.app });
    assert.deepEqual(ability.grant(CONTENT_MANAGER_ACTIONS.update, 'api::gadget.gadget'), { fields: null, locales: null, conditions: [] });
  });
});

